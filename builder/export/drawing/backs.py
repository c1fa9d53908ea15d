"""Card backs (:class:`builder.core.printables.Back`): one drawing shared by every card of a
deck, so no card is told from another face down: a lattice panel on the deck's colour, its
emblems side by side, a title plate and a note; with the ink saver an outline on white.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from builder.core.printables import (
    Back,
)
from builder.export.drawing import fonts
from builder.export.drawing.artwork import CARD_SAFE, saving_ink
from builder.export.drawing.canvas import MIN_TEXT_PT, PT, Box, Cell, DrawFn
from builder.export.drawing.emblems import emblem
from builder.export.drawing.palette import GOLD, INK, PARCHMENT, PARCHMENT_DARK, RGB, hex_rgb
from builder.export.drawing.text import draw_fitted, fit, line_text, text_in, width_mm


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
        for seg in (
            _clip(box, box.x + k, box.y, span, span),
            _clip(box, box.x + k, box.top, span, -span),
        ):
            if seg is not None:
                c.line(*seg)
        k += step


def back_drawer(back: Back) -> DrawFn:
    """The back shared by every card of a deck: a lattice panel, the deck's emblems side by
    side, a title plate and a note."""
    colour = hex_rgb(back.accent)
    title, note = back.title, back.note

    def draw(c: Canvas, cell: Cell) -> None:
        s = cell.scale
        # With the ink saver a back is an outline on white: no ground, no lattice, so that it
        # takes less ink than the faces it hides (issue 42.5).
        plain = saving_ink(c)
        c.setFillColorRGB(*colour)
        b = cell.bleed
        if not plain:
            c.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
        # Its gold rule's outer edge CARD_SAFE inside the trim at least.
        panel = cell.trim.inset(max(3.2 * s, CARD_SAFE + 0.6 * PT))
        c.setFillColorRGB(*PARCHMENT_DARK)
        c.setStrokeColorRGB(*GOLD)
        c.setLineWidth((0.6 if plain else 1.2) * PT)
        c.roundRect(panel.x, panel.y, panel.w, panel.h, 2 * s, stroke=1, fill=0 if plain else 1)
        if not plain:
            lattice(c, panel.inset(1.2 * s), PARCHMENT, 6 * s)
        c.setStrokeColorRGB(*GOLD)
        c.setLineWidth(0.5 * PT)
        inner = panel.inset(1.2 * s)
        c.rect(inner.x, inner.y, inner.w, inner.h, stroke=1, fill=0)
        cx = panel.x + panel.w / 2
        cy = panel.y + panel.h * 0.56
        # A lone emblem (a system's own) is drawn larger than a pair side by side.
        lone = len(back.emblems) == 1
        r = min(panel.w * (0.27 if lone else 0.2), panel.h * (0.19 if lone else 0.14))
        for i, name in enumerate(back.emblems):
            x = cx + (i - (len(back.emblems) - 1) / 2) * 2.1 * r
            emblem(name)(c, x, cy, r, colour, "", True)
        # Title plate.
        plate = Box(panel.x + 3 * s, cy - r - 17 * s, panel.w - 6 * s, 13 * s)
        c.setFillColorRGB(*PARCHMENT)
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(0.8 * PT)
        c.rect(plate.x, plate.y, plate.w, plate.h, stroke=1, fill=1)
        font = fonts.display(title)
        text_in(
            c,
            title,
            font,
            plate.inset(1.2 * s),
            17 * s,
            9 * s,
            valign="middle",
            colour=colour,
            max_lines=2,
        )
        note_w, baseline = panel.w - 6 * s, panel.y + 5 * s
        if width_mm(fonts.printable(fonts.ITALIC, note), fonts.ITALIC, MIN_TEXT_PT) <= note_w:
            line_text(
                c, note, fonts.ITALIC, cx, baseline, 7 * s, note_w, align="center", colour=INK
            )
        else:
            # Too long for one line at the floor (a mini card): wrapped upwards from the same
            # baseline into the room under the plate, never cut short.
            fitted = fit(
                note, fonts.ITALIC, note_w, plate.y - 1.5 * s - baseline, 7 * s, MIN_TEXT_PT
            )
            bottom = baseline - 0.29 * fitted.size * PT
            draw_fitted(
                c, fitted, Box(panel.x + 3 * s, bottom, note_w, fitted.height), valign="bottom"
            )

    return draw
