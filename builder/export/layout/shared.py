"""Shared sheets: every single-sided item of a pack (tokens, markers, trackers, labels) packed
together onto the fewest sheets, kind after kind.

Each group of equal items is laid out in *blocks*: grids of its items, butted (or with
gutters) exactly as on a sheet of their own (a :class:`~builder.export.layout.sheet.SheetLayout`
gives the cells, bleed and cut lines), each block with its own crop marks and its name.

A block keeps two bands free round it: one to its left for the marks of its horizontal cut
lines and one above for those of its vertical ones, with the group's name printed between
its first two marks. Blocks never overlap each other's bands, so no mark of one block lies
over or across another, and every block's bands are inside the 5 mm clear edge. Placement is
guillotine: each block takes the top left of a free rectangle, which splits into the room to
its right and the room below it, so a sheet is cut apart along straight lines, block from
block, before each block is cut on its own marks. A block whose last row is short leaves
the room beside that row free as well: the row then gets marks of its own below it, since
cutting the full rows away takes the top marks with them.

Sheets are filled one after another: on each, the groups in pack order each take what room
there is (a later, smaller group may fill the room an earlier one left); the ruler goes in
the bottom margin, or the left one when that holds more. A sheet is done when nothing left
fits on it, so only a pack's last shared sheet can be part empty.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from reportlab.pdfgen.canvas import Canvas

from builder.export.drawing import fonts
from builder.export.drawing.canvas import MIN_TEXT_PT, PT, Box, DrawFn, begin_page, end_page
from builder.export.job import ExportError
from builder.export.layout.sheet import (
    EDGE_CLEAR,
    GUTTER_GAP,
    MARK_LEAST,
    MARK_MAX,
    MARK_OFFSET,
    RULER_BAND,
    RULER_GAP,
    Ruler,
    SheetLayout,
    captions,
    draw_marks,
    draw_ruler,
    extent,
    fit_count,
)

#: A block's name: its type size (shrinking to MIN_TEXT_PT, then cut short) and the height
#: of the band it takes above the block, which its top crop marks share.
LABEL_PT = 6.5
LABEL_MM = 2.4
#: Between a band's marks and the next block's bleed.
CLEAR = 0.3
#: The bands a block keeps free: to its left, above it, and below a short last row.
SIDE_BAND = MARK_OFFSET + MARK_LEAST + CLEAR
TOP_BAND = MARK_OFFSET + LABEL_MM + CLEAR
BOTTOM_BAND = SIDE_BAND
#: The name sits this far inside the first item's cut lines.
LABEL_INSET = 0.6

Line = tuple[float, float, float, float]


@dataclass(frozen=True)
class Rect:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0

    def overlaps(self, other: Rect) -> bool:
        eps = 1e-9
        return (
            self.x0 < other.x1 - eps
            and other.x0 < self.x1 - eps
            and self.y0 < other.y1 - eps
            and other.y0 < self.y1 - eps
        )


def _rect(box: Box) -> Rect:
    return Rect(box.x, box.y, box.right, box.top)


@dataclass(frozen=True, eq=False)
class Lot:
    """Equal single-sided items to print: one group of a token sheet (compared by identity:
    the blocks of one lot)."""

    kind: str
    #: The group's name (the manifest's ``items``).
    name: str
    #: Printed above each of its blocks (the group's caption).
    label: str
    item: tuple[float, float]
    fronts: Sequence[DrawFn]


@dataclass(frozen=True)
class Block:
    """Some of a lot's items on a sheet: ``grid`` places them (slot 0 top left)."""

    lot: Lot
    grid: SheetLayout
    fronts: Sequence[DrawFn]
    #: The last row is short and has its own marks below it (the room beside it is free).
    short_row: bool = False

    @property
    def count(self) -> int:
        return len(self.fronts)

    def extents(self) -> list[Rect]:
        """What the block prints (bleed included): its full rows and its short last row."""
        whole = _rect(self.grid.block(self.count))
        if not self.short_row:
            return [whole]
        g = self.grid
        full = _rect(g.block(g.cols * (g.rows - 1)))
        last = self.count - g.cols * (g.rows - 1)
        # Butted, the short row begins at the full rows' last cut line.
        row = Rect(
            whole.x0,
            whole.y0,
            whole.x0 + extent(last, g.item[0], g.bleed, g.gutter),
            full.y0 + (0.0 if g.gutter else g.bleed),
        )
        return [full, row]


@dataclass
class Sheet:
    """One shared sheet: its ruler, its blocks in the order they were placed, and the free
    rectangles left between them."""

    ruler: Ruler
    blocks: list[Block] = field(default_factory=list)
    free: list[Rect] = field(default_factory=list)

    def lots(self) -> list[Lot]:
        return list(dict.fromkeys(b.lot for b in self.blocks))


@dataclass(frozen=True)
class Geometry:
    paper: tuple[float, float]
    bleed: float
    gutter: bool

    def area(self, side_ruler: bool) -> Rect:
        """The room blocks (bands included) may take: inside the clear edge, less the ruler's
        strip at the bottom or the left."""
        pw, ph = self.paper
        strip = RULER_BAND + RULER_GAP
        return Rect(
            EDGE_CLEAR + (strip if side_ruler else 0.0),
            EDGE_CLEAR + (0.0 if side_ruler else strip),
            pw - EDGE_CLEAR,
            ph - EDGE_CLEAR,
        )

    def ruler(self, side_ruler: bool) -> Ruler:
        pw, ph = self.paper
        if side_ruler:
            return Ruler(EDGE_CLEAR + RULER_BAND / 2, EDGE_CLEAR, True, ph - 2 * EDGE_CLEAR)
        return Ruler(EDGE_CLEAR, EDGE_CLEAR + RULER_BAND / 2, False, pw - 2 * EDGE_CLEAR)

    def grid(
        self, item: tuple[float, float], cols: int, rows: int, left: float, top: float, ruler: Ruler
    ) -> SheetLayout:
        """A block's grid, its bleed box's top left at (left, top)."""
        w, h = item
        b, gap = self.bleed, GUTTER_GAP if self.gutter else 0.0
        pitch_x = w + 2 * b + gap if self.gutter else w
        pitch_y = h + 2 * b + gap if self.gutter else h
        return SheetLayout(
            self.paper,
            item,
            b,
            self.gutter,
            cols,
            rows,
            left + b,
            top - b,
            pitch_x,
            pitch_y,
            0.0,
            0.0,
            ruler,
        )


# --- Packing ---------------------------------------------------------------------------------


def _fit(geo: Geometry, room: Rect, item: tuple[float, float]) -> tuple[int, int]:
    """Columns and rows of ``item`` a free rectangle holds, with the block's bands."""
    return (
        fit_count(room.w - SIDE_BAND, item[0], geo.bleed, geo.gutter),
        fit_count(room.h - TOP_BAND, item[1], geo.bleed, geo.gutter),
    )


def _place(
    geo: Geometry, free: list[Rect], lot: Lot, start: int, ruler: Ruler, whole: bool = False
) -> Block | None:
    """Put as many of ``lot``'s items from ``start`` as fit into the first free rectangle
    (top first, then left) holding one (``whole``: holding all of them), and split it; None
    if none does."""
    n = len(lot.fronts) - start
    w, h = lot.item
    b, gutter = geo.bleed, geo.gutter
    for room in sorted(free, key=lambda r: (-r.y1, r.x0)):
        cols, rows = _fit(geo, room, lot.item)
        if cols < 1 or rows < 1 or whole and cols * rows < n:
            continue
        if n <= cols:
            cols, rows = n, 1
        else:
            rows = min(rows, math.ceil(n / cols))
        k = min(n, cols * rows)
        left, top = room.x0 + SIDE_BAND, room.y1 - TOP_BAND
        grid = geo.grid(lot.item, cols, rows, left, top, ruler)
        height = extent(rows, h, b, gutter)
        last = k - cols * (rows - 1)
        # A short last row frees the room beside it if there is room below it for its marks.
        short = rows > 1 and last < cols and top - height - BOTTOM_BAND >= room.y0 - 1e-9
        block = Block(lot, grid, lot.fronts[start : start + k], short)
        right = left + extent(cols, w, b, gutter)
        free.remove(room)
        if short:
            full_bottom = top - extent(rows - 1, h, b, gutter)
            # The full rows are cut from the short one on their shared line (with gutters,
            # in the gap): the room to the right ends there, the room beside the row just
            # under the bleed above it.
            split = full_bottom + (0.0 if gutter else b)
            row_right = left + extent(last, w, b, gutter)
            parts = [
                Rect(right, split, room.x1, room.y1),
                Rect(row_right, room.y0, room.x1, full_bottom),
                Rect(room.x0, room.y0, row_right, top - height - BOTTOM_BAND),
            ]
        else:
            parts = [
                Rect(right, top - height, room.x1, room.y1),
                Rect(room.x0, room.y0, room.x1, top - height),
            ]
        free += [p for p in parts if p.w > 1e-6 and p.h > 1e-6]
        return block
    return None


def _fill(
    geo: Geometry, lots: Sequence[Lot], done: Sequence[int], side_ruler: bool, wait: bool
) -> tuple[Sheet, list[int]]:
    """One sheet filled from the items not yet ``done`` of each lot, lot after lot; returns
    it and how many of each lot are done after it. A lot goes in one block where one room
    holds it all; with ``wait``, a lot one sheet holds but this one does not (in one block)
    waits for the next."""
    ruler = geo.ruler(side_ruler)
    sheet, done = Sheet(ruler, free=[geo.area(side_ruler)]), list(done)
    for i, lot in enumerate(lots):
        while done[i] < len(lot.fronts):
            # One grid a lot where it fits one: in one room of this sheet, else whole on the
            # next (a lot larger than a sheet fills what room there is).
            block = _place(geo, sheet.free, lot, done[i], ruler, whole=True)
            if (
                block is None
                and wait
                and sheet.blocks
                and len(lot.fronts) - done[i] <= math.prod(capacity(geo, lot.item))
            ):
                break
            block = block or _place(geo, sheet.free, lot, done[i], ruler)
            if block is None:
                break
            sheet.blocks.append(block)
            done[i] += block.count
    return sheet, done


def has_room(geo: Geometry, sheet: Sheet, item: tuple[float, float]) -> bool:
    """Whether the sheet's free room holds one more ``item``-sized item, with its bands."""
    return any(min(_fit(geo, room, item)) >= 1 for room in sheet.free)


def _placed(lots: Sequence[Lot], before: Sequence[int], after: Sequence[int]) -> float:
    return sum(
        (a - b) * lot.item[0] * lot.item[1] for lot, b, a in zip(lots, before, after, strict=True)
    )


def _best_fill(
    geo: Geometry, lots: Sequence[Lot], done: Sequence[int], wait: bool
) -> tuple[Sheet, list[int]]:
    """The sheet that places more (by area), ruler at the bottom or at the side; the
    bottom when both place as much."""
    bottom = _fill(geo, lots, done, False, wait)
    side = _fill(geo, lots, done, True, wait)
    if _placed(lots, done, side[1]) > _placed(lots, done, bottom[1]) + 1e-6:
        return side
    return bottom


def pack(geo: Geometry, lots: Sequence[Lot]) -> list[Sheet]:
    """Every item of ``lots`` on shared sheets, in order (see the module's docstring); an
    :class:`ExportError` if an item does not fit a sheet at all.

    Each sheet is filled until no item left of any lot fits its free room, so only the last
    sheet can be part empty; or, where that takes no more sheets, a lot a sheet can hold
    whole is printed whole, in one grid under one name, the room it leaves on an earlier
    sheet left to later lots (a game's markers are then one grid to cut, not three
    pieces)."""
    for lot in lots:
        if lot.fronts and min(capacity(geo, lot.item)) < 1:
            w, h = lot.item
            pw, ph = geo.paper
            raise ExportError(
                f"a {w:g} x {h:g} mm item with {geo.bleed:g} mm bleed does not "
                f"fit on {pw:g} x {ph:g} mm paper with room for crop marks"
            )
    whole, filled = (_packed(geo, lots, wait) for wait in (True, False))
    return whole if len(whole) <= len(filled) else filled


def _packed(geo: Geometry, lots: Sequence[Lot], wait: bool) -> list[Sheet]:
    sheets: list[Sheet] = []
    done = [0] * len(lots)
    while any(d < len(lot.fronts) for d, lot in zip(done, lots, strict=True)):
        sheet, done = _best_fill(geo, lots, done, wait)
        sheets.append(_centred(geo, sheet))
    return sheets


def _centred(geo: Geometry, sheet: Sheet) -> Sheet:
    """The sheet's blocks moved as one: sideways to the middle of the room they have (the
    room to their right then takes their right-hand marks), and down to give the top marks
    their full length where the room below allows."""
    area = geo.area(sheet.ruler.vertical)
    bands = [r for b in sheet.blocks for r in (*b.extents(), *_kept_bands(b))]
    if not bands:
        return sheet
    dx = (area.x0 + area.x1 - min(r.x0 for r in bands) - max(r.x1 for r in bands)) / 2
    # Down a little too, where there is room below, so the top marks are full length.
    dy = min(MARK_MAX + MARK_OFFSET - TOP_BAND, (min(r.y0 for r in bands) - area.y0) / 2)
    return Sheet(
        sheet.ruler,
        [
            replace(b, grid=replace(b.grid, x0=b.grid.x0 + dx, top=b.grid.top - dy))
            for b in sheet.blocks
        ],
        [Rect(r.x0 + dx, r.y0 - dy, r.x1 + dx, r.y1 - dy) for r in sheet.free],
    )


def capacity(geo: Geometry, item: tuple[float, float]) -> tuple[int, int]:
    """The grid of a sheet holding nothing but ``item``-sized items (columns, rows)."""
    best = (0, 0)
    for side in (False, True):
        cols, rows = _fit(geo, geo.area(side), item)
        if cols * rows > best[0] * best[1]:
            best = (cols, rows)
    return best


# --- Marks and names -------------------------------------------------------------------------


def _room(geo: Geometry, sheet: Sheet, band: Rect, toward: str, obstacles: Sequence[Rect]) -> float:
    """How long a mark may be in ``band`` (the strip beside a block its marks would take,
    reaching MARK_MAX out ``toward`` a side, starting MARK_OFFSET from the bleed) before it
    comes within CLEAR of one of ``obstacles``, the clear edge or the ruler's strip."""
    area = geo.area(sheet.ruler.vertical)
    page = Rect(EDGE_CLEAR, EDGE_CLEAR, geo.paper[0] - EDGE_CLEAR, geo.paper[1] - EDGE_CLEAR)
    limit = {
        "left": band.x1 - max(page.x0, area.x0),
        "right": page.x1 - band.x0,
        "up": page.y1 - band.y0,
        "down": band.y1 - max(page.y0, area.y0),
    }[toward]
    for other in obstacles:
        if not other.overlaps(band):
            continue
        gap = {
            "left": band.x1 - other.x1,
            "right": other.x0 - band.x0,
            "up": other.y0 - band.y0,
            "down": band.y1 - other.y1,
        }[toward]
        limit = min(limit, gap - CLEAR)
    return min(MARK_MAX, limit)


def sheet_marks(geo: Geometry, sheet: Sheet) -> list[Line]:
    """Every crop mark of a sheet: each block's horizontal cut lines marked to its left and
    its vertical ones above it, in the bands it keeps free, and again to its right and below
    it where that room is free (a short last row: below it always)."""
    taken: list[Rect] = [r for b in sheet.blocks for r in b.extents()]
    taken += [band for b in sheet.blocks for band in _kept_bands(b)]
    marks: list[Line] = []
    later: list[tuple[Block, str]] = []
    for block in sheet.blocks:
        later += [(block, "right"), (block, "down")]
        marks += _side_marks(geo, sheet, block, "left", taken)
        marks += _side_marks(geo, sheet, block, "up", taken)
        if block.short_row:
            marks += _side_marks(geo, sheet, block, "row", taken)
    for block, toward in later:
        marks += _side_marks(geo, sheet, block, toward, taken)
    return marks


def _kept_bands(block: Block) -> list[Rect]:
    """The bands a block keeps free for its marks and name (see the module's docstring)."""
    ext = block.extents()
    whole = Rect(
        min(r.x0 for r in ext),
        min(r.y0 for r in ext),
        max(r.x1 for r in ext),
        max(r.y1 for r in ext),
    )
    bands = [
        Rect(whole.x0 - SIDE_BAND, whole.y0, whole.x0, whole.y1 + TOP_BAND),
        Rect(whole.x0 - SIDE_BAND, whole.y1, whole.x1, whole.y1 + TOP_BAND),
    ]
    if block.short_row:
        row = ext[1]
        bands.append(Rect(row.x0 - SIDE_BAND, row.y0 - BOTTOM_BAND, row.x1, row.y0))
    return bands


def _side_marks(
    geo: Geometry, sheet: Sheet, block: Block, toward: str, taken: list[Rect]
) -> list[Line]:
    """The marks on one side of a block (``row``: below its short last row), as long as the
    room there allows; none where that is under MARK_LEAST. The band they take is added to
    ``taken``."""
    g, n = block.grid, block.count
    ext = block.extents()
    full = ext[0]
    whole = Rect(full.x0, min(r.y0 for r in ext), full.x1, full.y1)
    own = [*ext, *_kept_bands(block)]
    others = [r for r in taken if r not in own]
    if toward in ("left", "right"):
        # With a short last row, the right side marks the full rows only: the line under the
        # short row runs through the room beside it.
        rows = whole if toward == "left" else full
        ys = [y for y in g.cut_ys(n) if rows.y0 - 1e-6 <= y <= rows.y1 + 1e-6]
        x = rows.x0 - MARK_OFFSET if toward == "left" else rows.x1 + MARK_OFFSET
        band = (
            Rect(x - MARK_MAX, rows.y0, x, rows.y1)
            if toward == "left"
            else Rect(x, rows.y0, x + MARK_MAX, rows.y1)
        )
        length = _room(geo, sheet, band, toward, others)
        if length < MARK_LEAST - 1e-9 or not ys:
            return []
        sign = -1 if toward == "left" else 1
        taken.append(
            Rect(
                min(x, x + sign * (length + CLEAR)),
                rows.y0,
                max(x, x + sign * (length + CLEAR)),
                rows.y1,
            )
        )
        return [(x, y, x + sign * length, y) for y in ys]
    if toward == "up":
        xs, y, span, sign = g.cut_xs(n), full.y1 + MARK_OFFSET, full, 1
    elif toward == "down" and not block.short_row:
        xs, y, span, sign = g.cut_xs(n), whole.y0 - MARK_OFFSET, whole, -1
    elif toward == "row":
        row = ext[1]
        last = n - g.cols * (g.rows - 1)
        xs, y, span, sign = g.cut_xs(last), row.y0 - MARK_OFFSET, row, -1
        toward = "down"
    else:
        return []
    band = (
        Rect(span.x0, y, span.x1, y + MARK_MAX)
        if sign > 0
        else Rect(span.x0, y - MARK_MAX, span.x1, y)
    )
    length = _room(geo, sheet, band, toward, others)
    if length < MARK_LEAST - 1e-9 or not xs:
        return []
    taken.append(
        Rect(
            span.x0,
            min(y, y + sign * (length + CLEAR)),
            span.x1,
            max(y, y + sign * (length + CLEAR)),
        )
    )
    return [(x, y, x, y + sign * length) for x in xs]


def draw_label(c: Canvas, block: Block) -> None:
    """The block's name in its top band, between the marks of its first item's cut lines:
    LABEL_PT, shrinking to 6 pt, then cut short with an ellipsis."""
    g = block.grid
    room = g.item[0] - 2 * LABEL_INSET
    text = fonts.printable(fonts.ITALIC, block.lot.label)
    size = LABEL_PT * PT
    width = c.stringWidth(text, fonts.ITALIC, 1)
    size = max(MIN_TEXT_PT * PT, min(size, room / max(width, 1e-9)))
    if c.stringWidth(text, fonts.ITALIC, size) > room:
        while text and c.stringWidth(text + "\u2026", fonts.ITALIC, size) > room:
            text = text[:-1]
        text = text.rstrip() + "\u2026"
    top = block.extents()[0].y1
    c.setFillColorRGB(0, 0, 0)
    c.setFont(fonts.ITALIC, size)
    # The baseline clears the letters' descent above the band's start.
    c.drawString(g.x0 + LABEL_INSET, top + MARK_OFFSET + 0.25 * size, text)


def series(names: Sequence[str]) -> str:
    """Names as a list reads: "A", "A and B", "A, B, and C" (the last comma keeps a name that
    has an "and" of its own, such as "Chits and markers", in one piece)."""
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + ", and " + names[-1]


def draw_sheets(c: Canvas, geo: Geometry, sheets: Sequence[Sheet]) -> int:
    """Draw every shared sheet: its items, each block's marks and name, the ruler with the
    names of what the sheet holds; returns the number of pages."""
    for n, sheet in enumerate(sheets, 1):
        begin_page(c)
        for block in sheet.blocks:
            for slot, draw in enumerate(block.fronts):
                draw(c, block.grid.cell(slot, False, block.count))
        draw_marks(c, sheet_marks(geo, sheet))
        for block in sheet.blocks:
            draw_label(c, block)
        names = series([lot.label for lot in sheet.lots()])
        draw_ruler(c, sheet.ruler, captions(names, "print single-sided", n, len(sheets)))
        end_page(c)
    return len(sheets)
