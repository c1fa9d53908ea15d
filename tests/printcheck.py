"""Reading a printed PDF back: how near anything comes to a page edge, the smallest text, and
the viewer preferences. Shared by the all-layouts sweep and ``benchmarks/print_margins.py``.

Run as a script (``python -m tests.printcheck FOLDER``) it prints one line per PDF.
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfplumber
import pdfread
from pdfminer.pdftypes import resolve1

from builder.export.documents import ticks
from builder.export.drawing.canvas import Cell
from builder.export.drawing.palette import PARCHMENT_DARK
from builder.export.job import PAPER_MM
from builder.export.layout import shared
from builder.export.layout.sheet import Run, paginate, plan

MM = 72 / 25.4


@dataclass(frozen=True)
class PageFigures:
    #: The smallest distance in mm from anything drawn (text, line, fill, image) to an edge.
    edge_mm: float
    #: What came nearest, for the message of a failing test.
    nearest: str
    #: The smallest text size on the page in points (inf without text).
    min_pt: float
    smallest: str


def page_figures(page: Any) -> PageFigures:
    """A page's figures: a pdfplumber page or a :class:`pdfread.Page`."""
    w, h = float(page.width), float(page.height)
    best = (float("inf"), "")
    objs = [("char " + repr(o.get("text")), o) for o in page.chars]
    objs += [
        (kind, o) for kind in ("line", "rect", "curve", "image") for o in page.objects.get(kind, [])
    ]
    for what, o in objs:
        x0, x1, top, bottom = (float(o[k]) for k in ("x0", "x1", "top", "bottom"))
        if kind_is_blank(o):
            continue
        d = min(x0, top, w - x1, h - bottom) / MM
        if d < best[0]:
            best = (d, f"{what} at ({x0 / MM:.1f}, {top / MM:.1f}) mm")
    small = (float("inf"), "")
    for ch in page.chars:
        if ch["text"].strip() and text_size(ch) < small[0]:
            small = (text_size(ch), repr(ch["text"]))
    return PageFigures(best[0], best[1], small[0], small[1])


def text_size(ch: dict[str, object]) -> float:
    """A character's type size in points. pdfminer's box of a glyph is one font size tall
    and one advance wide; for text turned a quarter turn (the vertical ruler's caption) its
    "size" is the advance, so the size is the box's width instead."""
    return float(ch["size"] if ch["upright"] else ch["width"])  # type: ignore[arg-type]


def kind_is_blank(o: dict[str, object]) -> bool:
    """A zero-size object or whitespace draws nothing."""
    if o.get("object_type") == "char":
        return not str(o.get("text", "")).strip()
    return float(o["x1"]) - float(o["x0"]) <= 0 and float(o["bottom"]) - float(o["top"]) <= 0  # type: ignore[arg-type]


@dataclass(frozen=True)
class Strip:
    """A strip of tick boxes found in an image: where it is on the page (points) and the boxes
    it draws, run by run."""

    x0: float
    x1: float
    middle: float
    runs: tuple[int, ...]


def strips_in(image: dict[str, Any]) -> list[Strip]:
    """Every strip of tick boxes an image draws, read from its pixels (ink on a transparent
    ground: the soft mask). A strip's top and bottom lines are long runs of ink along a row;
    along the row between them, ink lines a box apart bound a box, nearer ones the gap between
    two runs, farther ones two strips. An opaque image (the share code) draws none."""
    width, height = (int(v) for v in image["srcsize"])
    if "SMask" not in image["stream"].attrs:
        return []
    mask = resolve1(image["stream"].attrs["SMask"]).get_data()
    rows = [mask[y * width : (y + 1) * width] for y in range(height)]
    box = round(ticks.BOX_MM * ticks.PX_PER_MM)
    ruled = [longest_ink(row) > 0.8 * box for row in rows]
    edges = [y for y in range(height) if ruled[y] and (y == 0 or not ruled[y - 1])]
    scale_x, scale_y = float(image["width"]) / width, float(image["height"]) / height
    found = []
    for top, bottom in zip(edges[::2], edges[1::2], strict=True):
        y = (top + bottom) // 2
        lines = [x for x in range(width) if rows[y][x] > 127 and (x == 0 or rows[y][x - 1] <= 127)]
        strip_start, runs, boxes = lines[0], [], 0
        for left, right in zip(lines, [*lines[1:], None], strict=True):
            if right is not None and right - left < 0.6 * box:
                runs.append(boxes)
                boxes = 0
            elif right is not None and right - left < 1.5 * box:
                boxes += 1
            else:
                found.append(
                    Strip(
                        float(image["x0"]) + strip_start * scale_x,
                        float(image["x0"]) + (left + ticks.LINE_PX) * scale_x,
                        float(image["top"]) + y * scale_y,
                        (*runs, boxes),
                    )
                )
                strip_start, runs, boxes = right or 0, [], 0
    return found


def longest_ink(row: bytes) -> int:
    """The longest run of ink along a row of a soft mask."""
    return max((len(run) for run in bytes(a > 127 for a in row).split(b"\0")), default=0)


def tick_strips(page: pdfplumber.page.Page, label: str) -> list[tuple[int, ...]]:
    """The runs of the tick-box strip printed after each ``label`` on the page, top to bottom:
    the nearest strip right of the word on its line, clear of it, and no strip over the word."""
    strips = [strip for image in page.images for strip in strips_in(image)]
    found = []
    for word in page.extract_words():
        if word["text"] != label:
            continue
        middle = (float(word["top"]) + float(word["bottom"])) / 2
        line = [s for s in strips if abs(s.middle - middle) < 2 * MM]
        assert not [s for s in line if s.x0 < word["x1"] and s.x1 > word["x0"]], (
            f"tick boxes over {label!r} at {word['top'] / MM:.1f} mm"
        )
        beside = [s for s in line if s.x0 >= word["x1"] + 0.3 * MM]
        assert beside, f"no tick boxes after {label!r} at {word['top'] / MM:.1f} mm"
        found.append(min(beside, key=lambda s: s.x0).runs)
    return found


def pdf_figures(path: Path) -> tuple[float, float, str]:
    """(smallest edge distance mm, smallest text pt, what was nearest) over every page."""
    edge, pt, nearest = float("inf"), float("inf"), ""
    with pdfread.pages(path) as pages:  # PDFium: pdfplumber gives the same figures, slower
        for n, page in enumerate(pages, 1):
            f = page_figures(page)
            if f.edge_mm < edge:
                edge, nearest = f.edge_mm, f"page {n}: {f.nearest}"
            pt = min(pt, f.min_pt)
    return edge, pt, nearest


def main(folders: list[str]) -> None:
    for folder in folders:
        for pdf in sorted(Path(folder).glob("*.pdf")):
            edge, pt, nearest = pdf_figures(pdf)
            print(f"{folder} {pdf.name}: edge {edge:.2f} mm ({nearest}), smallest text {pt:.2f} pt")


if __name__ == "__main__":
    main(sys.argv[1:])


def oldstyle_ones(page: Any) -> int:
    """How many "1"s on the page are EB Garamond's old-style one (289 units wide against the
    lining one's 362; the bold face's borrowed lining one is wider still). Italic is left out:
    its two ones are the same width."""
    found = 0
    for ch in page.chars:
        name = str(ch["fontname"])
        if ch["text"] == "1" and "Garamond" in name and "Italic" not in name:
            if float(ch["width"]) / float(ch["size"]) < 0.33:
                found += 1
    return found


# --- Overlaps (issue 24 item 5) ----------------------------------------------------------


def runs(page: Any) -> list[list[dict[str, Any]]]:
    """The page's letters grouped into the strings they were drawn in: one font and size,
    one baseline, going right."""
    out: list[list[dict[str, Any]]] = []
    for ch in page.chars:
        if not ch["text"].strip():
            continue
        last = out[-1][-1] if out else None
        if (
            last is not None
            and last["fontname"] == ch["fontname"]
            and abs(last["size"] - ch["size"]) < 0.01
            and abs(last["y0"] - ch["y0"]) < 0.05
            and ch["x0"] >= last["x0"] - 0.01
        ):
            out[-1].append(ch)
        else:
            out.append([ch])
    return out


def box(ch: dict[str, Any]) -> tuple[float, float, float, float]:
    """A letter's box, its em height less the leading's share (lines of one paragraph are
    set 1.18 em apart, so the em boxes of two lines just clear)."""
    trim = 0.1 * ch["size"]
    return (ch["x0"] + 0.1, ch["top"] + trim, ch["x1"] - 0.1, ch["bottom"] - trim)


def crosses(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return b[0] <= a[0] and a[2] <= b[2] and b[1] <= a[1] and a[3] <= b[3]


def overlaps(page: Any) -> list[str]:
    """Every pair of letters of two strings whose boxes cross; every letter that is partly
    in a tick box; every tick box that reaches into a shaded band (the footer)."""
    found = []
    letters = [(i, ch, box(ch)) for i, run in enumerate(runs(page)) for ch in run]
    letters.sort(key=lambda t: t[2][1])
    for n, (i, ch, b) in enumerate(letters):
        for j, other, ob in letters[n + 1 :]:
            if ob[1] >= b[3]:
                break
            if i != j and crosses(b, ob):
                found.append(
                    f"{ch['text']!r} at {ch['x0']:.1f},{ch['top']:.1f} crosses {other['text']!r}"
                )
    ticks = [
        (r["x0"], r["top"], r["x1"], r["bottom"])
        for r in page.rects
        if r["stroke"] and 1.5 * MM < r["width"] < 6 * MM and abs(r["width"] - r["height"]) < 0.1
    ]
    shade = [
        (r["x0"], r["top"], r["x1"], r["bottom"])
        for r in page.rects
        if r["fill"]
        and not r["stroke"]
        and r["non_stroking_color"] is not None
        and all(
            abs(a - b) < 0.01 for a, b in zip(r["non_stroking_color"], PARCHMENT_DARK, strict=False)
        )
    ]
    for t in ticks:
        for _, ch, b in letters:
            if crosses(b, t) and not inside(b, t):
                found.append(f"{ch['text']!r} at {ch['x0']:.1f},{ch['top']:.1f} half in a box")
        found += [
            f"a tick box at {t[0]:.1f},{t[1]:.1f} in a shaded band" for s in shade if crosses(t, s)
        ]
    return found


def collisions(chars: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Pairs of glyphs whose boxes overlap by more than a sliver (text drawn over text)."""
    grid: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    hits = []
    for ch in chars:
        if not ch["text"].strip():
            continue
        key = (int(ch["x0"] // 6), int(ch["top"] // 6))
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for other in grid[(key[0] + dx, key[1] + dy)]:
                    w = min(ch["x1"], other["x1"]) - max(ch["x0"], other["x0"])
                    h = min(ch["bottom"], other["bottom"]) - max(ch["top"], other["top"])
                    if w > 0.6 and h > 0.35 * min(ch["size"], other["size"]):
                        hits.append((ch["text"], other["text"]))
        grid[key].append(ch)
    return hits


def chars_inside(pdf_path: Path, needle: str, w_mm: float, h_mm: float) -> int:
    """Check every character of the text line holding ``needle`` lies inside the card it is
    on; return how many characters were checked."""
    checked = 0
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            cards = [
                (x * MM, t * MM, (x + w_mm) * MM, (t + h_mm) * MM)
                for x, t in card_rects(page, w_mm, h_mm)
            ]
            ruler = [
                c
                for line in page.extract_text_lines()
                if line["text"].startswith("50 mm")
                for c in line["chars"]
            ]
            for ch in page.chars:
                if ch in ruler or not ch["text"].strip():
                    continue
                box = next(
                    (
                        c
                        for c in cards
                        if c[0] <= (ch["x0"] + ch["x1"]) / 2 <= c[2]
                        and c[1] <= (ch["top"] + ch["bottom"]) / 2 <= c[3]
                    ),
                    None,
                )
                assert box is not None, ch["text"]
                inset = 2.4 * MM  # inside the card's ruled frame
                assert box[0] + inset <= ch["x0"] and ch["x1"] <= box[2] - inset, ch
                assert box[1] + inset <= ch["top"] and ch["bottom"] <= box[3] - inset, ch
                checked += 1
    assert checked
    return checked


def labels_on(pdf_path: Path, fronts_only: bool = True) -> Counter[str]:
    """Count the kind labels printed on the pages (fronts only: backs carry the deck name)."""
    found: Counter[str] = Counter()
    with pdfread.pages(pdf_path) as pages:
        for page in pages:
            text = page.text
            if fronts_only and "backs, mirrored" in text:
                continue
            for label in LABELS:
                found[label] += len(re.findall(rf"(?<![\w-]){re.escape(label)}(?![\w-])", text))
    return found


def cells_by_page(
    paper: str, bleed: float, gutter: bool, layouts: list[dict[str, Any]]
) -> list[list[Cell]]:
    """Where each item of each page lies, from the manifest's layouts (items on each sheet)
    and the layout engine's own grid, fronts and backs in page order (on one page when
    folded); shared single-sided sheets (layouts with ``pages``) packed again the same way."""

    def noop(*_: object) -> None:
        return None

    if all("pages" in e for e in layouts):
        geo = shared.Geometry(PAPER_MM[paper], bleed, gutter)
        lots = [
            shared.Lot(
                e["kind"],
                e["items"],
                e["items"],
                (e["item_mm"][0], e["item_mm"][1]),
                [noop] * sum(e["sheets"]),
            )
            for e in layouts
        ]
        return [
            [b.grid.cell(slot, False, b.count) for b in sheet.blocks for slot in range(b.count)]
            for sheet in shared.pack(geo, lots)
        ]
    runs = [
        Run(
            e["items"],
            plan(PAPER_MM[paper], tuple(e["item_mm"]), bleed, gutter, bool(e.get("fold"))),
            [noop] * sum(e["sheets"]),
            noop if e["duplex"] else None,
        )
        for e in layouts
    ]
    pages = []
    for page in paginate(runs):
        n = len(page.fronts)
        if page.main.fold:
            pages.append(
                [page.main.cell(slot, is_back, n) for slot in range(n) for is_back in (False, True)]
            )
            continue
        for is_back in (False, True) if page.back is not None else (False,):
            pages.append([page.main.cell(slot, is_back, n) for slot in range(n)])
    return pages


LABELS = (
    "LEADER",
    "BONUS",
    "SKIRMISH",
    "PERK",
    "FORFEIT",
    "RE-ROLL",
    "SPECIAL EVENT",
    "DUMMY",
    "ORDER",
    "DISARRAY",
    "DAUNTED",
    "ARMY MORALE",
    "ARROWS",
    "UNIT",
)


def card_rects(page: Any, w_mm: float, h_mm: float) -> list[tuple[float, float]]:
    """(left, top) in mm of every filled rectangle of a card's size on the page."""
    found = []
    for r in page.rects:
        if abs(r["width"] - w_mm * MM) < 0.3 and abs(r["height"] - h_mm * MM) < 0.3:
            found.append((r["x0"] / MM, r["top"] / MM))
    return sorted(set(found), key=lambda p: (round(p[1]), p[0]))
