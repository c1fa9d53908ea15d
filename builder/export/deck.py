"""What every sheet-based PDF of the pack shares: the layout for the job's options, deck backs,
illuminated initials, and writing groups of items into one PDF with its manifest entry."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from builder.export import fonts
from builder.export.base import CARD_MM, PAPER_MM, ExportJob, Written
from builder.export.draw import (
    GOLD,
    INK,
    PARCHMENT,
    PARCHMENT_DARK,
    RGB,
    badge,
    line_text,
    text_in,
)
from builder.export.sheet import (
    EDGE_CLEAR,
    PT,
    Box,
    Cell,
    DrawFn,
    Page,
    Run,
    SheetLayout,
    draw_pages,
    edge_to_edge,
    new_canvas,
    paginate,
    plan,
)


@dataclass(frozen=True)
class Item:
    """One card or token: the kind label it prints (for the manifest) and how to draw it."""

    label: str
    draw: DrawFn


@dataclass(frozen=True)
class Group:
    """Equal items laid out together; each group starts on a new sheet unless ``share`` lets
    it begin in the empty rows of the previous group's last sheet (both single-sided)."""

    name: str
    layout: SheetLayout
    items: Sequence[Item]
    back: DrawFn | None
    caption: str
    share: bool = False


def card_layout(job: ExportJob) -> SheetLayout:
    return item_layout(job, CARD_MM[job.options.card_size])


def item_layout(job: ExportJob, size: tuple[float, float]) -> SheetLayout:
    opts = job.options
    return plan(PAPER_MM[opts.paper], size, opts.bleed, opts.gutter)


def armies_title(job: ExportJob) -> str:
    return " & ".join(a.army.name for a in job.armies)


def _layout_entry(job: ExportJob, group: Group, run: Run,
                  pages: Sequence[Page]) -> dict[str, object]:
    lay = group.layout
    sheets = [len(fronts) for page in pages for r, _, fronts in page.bands if r is run]
    entry: dict[str, object] = {
        "items": group.name,
        "item_mm": list(lay.item),
        "grid": [lay.cols, lay.rows],
        "per_sheet": lay.per_sheet,
        "duplex": group.back is not None,
        "sheets": sheets,
    }
    if group.share:
        entry["shares_first_sheet"] = any(
            len(page.bands) > 1 and page.bands[-1][0] is run for page in pages)
    opts = job.options
    without = edge_to_edge(PAPER_MM[opts.paper], lay.item, opts.bleed, opts.gutter)
    if without > lay.per_sheet:
        # Say what the margin (with the crop marks and the ruler in it) costs.
        entry["fewer_for_margins"] = (f"{lay.per_sheet} a sheet, not {without}: nothing is "
                                      f"printed within {EDGE_CLEAR:g} mm of the edge, and the "
                                      "crop marks and ruler need room")
    return entry


def write_groups(job: ExportJob, path: Path, title: str, groups: Sequence[Group]) -> Written:
    """Write every group into one PDF at ``path`` and describe it for the manifest."""
    canvas = new_canvas(str(path), PAPER_MM[job.options.paper],
                        f"{title}: {armies_title(job)}",
                        f"Never Mind the Billhooks print pack ({job.options.paper}, "
                        f"{job.options.card_size} cards)",
                        duplex=any(g.back is not None for g in groups),
                        ink_saver=job.options.ink_saver)
    runs = [Run(g.caption, g.layout, [i.draw for i in g.items], g.back, g.share)
            for g in groups]
    pages = paginate(runs)
    count = draw_pages(canvas, pages)
    counts: Counter[str] = Counter()
    for group in groups:
        counts.update(i.label for i in group.items)
    canvas.save()
    layouts = [_layout_entry(job, g, r, pages) for g, r in zip(groups, runs, strict=True)]
    return Written(path.name, count, dict(counts), {"layout": layouts})


# --- Shared artwork ----------------------------------------------------------------------------


def _clip(box: Box, x: float, y: float, dx: float, dy: float) -> tuple[float, ...] | None:
    """The part of the segment from (x, y) to (x + dx, y + dy) inside ``box`` (Liang-Barsky),
    so the PDF holds only what shows: no line runs off the page under a clipping path."""
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x - box.x), (dx, box.right - x), (-dy, y - box.y), (dy, box.top - y)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
    if lo >= hi:
        return None
    return (x + lo * dx, y + lo * dy, x + hi * dx, y + hi * dy)


def lattice(c: Canvas, box: Box, colour: RGB, step: float) -> None:
    """A diamond lattice (like a quarry-glazed window) inside ``box``."""
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(0.35 * PT)
    span = box.w + box.h
    k = -box.h
    while k < box.w + box.h:
        for seg in (_clip(box, box.x + k, box.y, span, span),
                    _clip(box, box.x + k, box.top, span, -span)):
            if seg is not None:
                c.line(*seg)
        k += step


def illuminated(c: Canvas, cx: float, cy: float, size: float, letter: str,
                colour: RGB) -> None:
    """A square illuminated initial: coloured ground, gold frame, parchment letter."""
    half = size / 2
    c.setFillColorRGB(*colour)
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(max(0.6, size * 0.04 / PT) * PT)
    c.rect(cx - half, cy - half, size, size, stroke=1, fill=1)
    inset = size * 0.08
    c.setLineWidth(0.35 * PT)
    c.rect(cx - half + inset, cy - half + inset, size - 2 * inset, size - 2 * inset,
           stroke=1, fill=0)
    c.setFillColorRGB(*GOLD)
    for dx in (-1, 1):
        for dy in (-1, 1):
            c.circle(cx + dx * (half - inset), cy + dy * (half - inset), size * 0.035,
                     stroke=0, fill=1)
    font = fonts.BLACKLETTER if fonts.covers(fonts.BLACKLETTER, letter) else fonts.BOLD
    fsize = size * 0.78 / PT
    c.setFillColorRGB(*PARCHMENT)
    c.setFont(font, fsize * PT)
    c.drawCentredString(cx, cy - size * 0.27, letter)


def deck_back(title: str, note: str, colour: RGB) -> DrawFn:
    """The back shared by every card of a deck: the same for all, so a face-down card tells
    nothing; both roses because the deck serves both sides."""

    def draw(c: Canvas, cell: Cell) -> None:
        s = cell.scale
        c.setFillColorRGB(*colour)
        b = cell.bleed
        c.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
        panel = cell.trim.inset(3.2 * s)
        c.setFillColorRGB(*PARCHMENT_DARK)
        c.setStrokeColorRGB(*GOLD)
        c.setLineWidth(1.2 * PT)
        c.roundRect(panel.x, panel.y, panel.w, panel.h, 2 * s, stroke=1, fill=1)
        lattice(c, panel.inset(1.2 * s), PARCHMENT, 6 * s)
        c.setStrokeColorRGB(*GOLD)
        c.setLineWidth(0.5 * PT)
        inner = panel.inset(1.2 * s)
        c.rect(inner.x, inner.y, inner.w, inner.h, stroke=1, fill=0)
        cx = panel.x + panel.w / 2
        cy = panel.y + panel.h * 0.56
        r = min(panel.w * 0.2, panel.h * 0.14)
        badge(c, cx - r * 1.05, cy, r, "york")
        badge(c, cx + r * 1.05, cy, r, "lancaster")
        # Title plate.
        plate = Box(panel.x + 3 * s, cy - r - 17 * s, panel.w - 6 * s, 13 * s)
        c.setFillColorRGB(*PARCHMENT)
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(0.8 * PT)
        c.rect(plate.x, plate.y, plate.w, plate.h, stroke=1, fill=1)
        font = fonts.BLACKLETTER if fonts.covers(fonts.BLACKLETTER, title) else fonts.BOLD
        text_in(c, title, font, plate.inset(1.2 * s), 17 * s, 9 * s, valign="middle",
                colour=colour, max_lines=2)
        line_text(c, note, fonts.ITALIC, cx, panel.y + 5 * s, 7 * s, panel.w - 6 * s,
                  align="center", colour=INK)

    return draw
