"""The one layout engine for sheets of equal items (cards, tokens): where each item, crop mark
and the calibration ruler goes, and the loop that draws fronts and mirrored backs.

All geometry is in millimetres with the origin at the bottom left of the page (PDF's own
orientation); drawing code gets a canvas already scaled to millimetres (see :data:`PT`).

Layout rules (STYLE.md "Card sheets"):
- the grid is centred on the paper; without ``gutter`` items are butted edge to edge (neighbours
  share a cut line) and bleed surrounds only the outside of the block; with ``gutter`` every item
  has its own bleed and a gap separates neighbours (fewer per sheet);
- crop marks sit at every cut line in the outer margin, starting just outside the bleed and
  stopping :data:`EDGE_CLEAR` short of the page edge (a mark touching the edge makes PDF readers
  shrink the page when printing);
- a 50 mm calibration ruler with end ticks sits in the widest margin, beyond the marks;
- backs are mirrored for long-edge flip: the back of front slot (row, col) is at
  (row, cols - 1 - col), so back N lands behind front N.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from builder.export import fonts
from builder.export.base import ExportError

#: Points per millimetre; ``x * PT`` turns a size in points into millimetres for drawing.
MM = 72 / 25.4
PT = 1 / MM

MARK_OFFSET = 0.5  # gap between the bleed edge and the start of a crop mark
MARK_MAX = 5.0
MARK_MIN = 1.5
EDGE_CLEAR = 1.0  # nothing is drawn nearer the page edge than this
RULER_MM = 50.0
RULER_GAP = 1.0  # between the end of the crop marks and the ruler band
RULER_BAND = 3.5  # the ruler's ticks and its text
GUTTER_GAP = 2.0  # between neighbouring items' bleed with --gutter
MARK_WIDTH_PT = 0.3


@dataclass(frozen=True)
class Box:
    """A rectangle in millimetres; (x, y) is its bottom-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def inset(self, d: float) -> Box:
        return Box(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)


@dataclass(frozen=True)
class Cell:
    """Where one item goes: its trim box (the cut) and the box its background fills (the trim
    box grown by the bleed on every side that is cut on its own line)."""

    trim: Box
    bleed: Box

    @property
    def scale(self) -> float:
        """How big this item is against a poker card (1.0), for sizing text and art."""
        return min(self.trim.w / 63.5, self.trim.h / 88.9)


@dataclass(frozen=True)
class Ruler:
    """The calibration ruler: a 50 mm line from (x, y), along x or (vertical) along y."""

    x: float
    y: float
    vertical: bool
    #: Room along the ruler's direction for the ruler, its "50 mm" and the sheet caption.
    room: float


@dataclass(frozen=True)
class SheetLayout:
    paper: tuple[float, float]
    item: tuple[float, float]
    bleed: float
    gutter: bool
    cols: int
    rows: int
    #: Left trim edge of column 0 and top trim edge of row 0.
    x0: float
    top: float
    #: Distance between neighbouring items' trim boxes.
    pitch_x: float
    pitch_y: float
    #: Crop mark lengths in the top/bottom margins (marks for the vertical cut lines) and in
    #: the left/right margins.
    mark_y: float
    mark_x: float
    ruler: Ruler

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def block(self) -> Box:
        """The printed block including its outer bleed."""
        w, h = self.item
        width = (self.cols - 1) * self.pitch_x + w + 2 * self.bleed
        height = (self.rows - 1) * self.pitch_y + h + 2 * self.bleed
        return Box(self.x0 - self.bleed, self.top + self.bleed - height, width, height)

    def cell(self, slot: int, back: bool = False) -> Cell:
        """The cell of ``slot`` (0 is the top left, reading order); a back is mirrored."""
        row, col = divmod(slot, self.cols)
        if back:
            col = self.cols - 1 - col
        w, h = self.item
        trim = Box(self.x0 + col * self.pitch_x, self.top - h - row * self.pitch_y, w, h)
        b = self.bleed
        if self.gutter:
            return Cell(trim, trim.inset(-b))
        left = b if col == 0 else 0.0
        right = b if col == self.cols - 1 else 0.0
        bottom = b if row == self.rows - 1 else 0.0
        top = b if row == 0 else 0.0
        return Cell(trim, Box(trim.x - left, trim.y - bottom, w + left + right,
                              h + top + bottom))

    def cut_xs(self) -> list[float]:
        w = self.item[0]
        if not self.gutter:
            return [self.x0 + i * self.pitch_x for i in range(self.cols + 1)]
        return sorted({self.x0 + i * self.pitch_x + d for i in range(self.cols) for d in (0, w)})

    def cut_ys(self) -> list[float]:
        h = self.item[1]
        if not self.gutter:
            return [self.top - i * self.pitch_y for i in range(self.rows + 1)]
        return sorted({self.top - i * self.pitch_y - d for i in range(self.rows) for d in (0, h)})

    def crop_marks(self) -> list[tuple[float, float, float, float]]:
        """Every crop mark as a line (x1, y1, x2, y2), all in the outer margin."""
        block = self.block
        marks = []
        for x in self.cut_xs():
            lo = block.y - MARK_OFFSET
            hi = block.top + MARK_OFFSET
            marks.append((x, lo - self.mark_y, x, lo))
            marks.append((x, hi, x, hi + self.mark_y))
        for y in self.cut_ys():
            lo = block.x - MARK_OFFSET
            hi = block.right + MARK_OFFSET
            marks.append((lo - self.mark_x, y, lo, y))
            marks.append((hi, y, hi + self.mark_x, y))
        return marks


def _extent(n: int, size: float, bleed: float, gutter: bool) -> float:
    if gutter:
        return n * (size + 2 * bleed) + (n - 1) * GUTTER_GAP
    return n * size + 2 * bleed


def _fit(page: float, size: float, bleed: float, gutter: bool) -> int:
    room = page - 2 * (MARK_OFFSET + MARK_MIN + EDGE_CLEAR)
    n = 0
    while _extent(n + 1, size, bleed, gutter) <= room + 1e-9:
        n += 1
    return n


_RULER_NEEDS = MARK_OFFSET + MARK_MIN + RULER_GAP + RULER_BAND + EDGE_CLEAR


def plan(paper: tuple[float, float], item: tuple[float, float], bleed: float = 0.0,
         gutter: bool = False) -> SheetLayout:
    """Lay out as many ``item``-sized items (mm) as fit on ``paper`` (mm), with room for crop
    marks and the ruler; an :class:`ExportError` if not one fits."""
    pw, ph = paper
    w, h = item
    cols, rows = _fit(pw, w, bleed, gutter), _fit(ph, h, bleed, gutter)
    pitch_x = w + 2 * bleed + GUTTER_GAP if gutter else w
    pitch_y = h + 2 * bleed + GUTTER_GAP if gutter else h
    while cols > 0 and rows > 0:
        margin_x = (pw - _extent(cols, w, bleed, gutter)) / 2
        margin_y = (ph - _extent(rows, h, bleed, gutter)) / 2
        # The ruler goes in the bottom margin if it has room, else the left one.
        horizontal = margin_y >= _RULER_NEEDS
        if horizontal or margin_x >= _RULER_NEEDS:
            break
        if margin_y >= margin_x:
            cols -= 1
        else:
            rows -= 1
    if cols <= 0 or rows <= 0:
        raise ExportError(f"a {w:g} x {h:g} mm item with {bleed:g} mm bleed does not fit on "
                          f"{pw:g} x {ph:g} mm paper with room for crop marks")
    x0 = margin_x + bleed
    top = ph - margin_y - bleed
    ruler_room = RULER_GAP + RULER_BAND
    mark_y = min(MARK_MAX, margin_y - MARK_OFFSET - EDGE_CLEAR - (ruler_room if horizontal
                                                                   else 0))
    mark_x = min(MARK_MAX, margin_x - MARK_OFFSET - EDGE_CLEAR - (0 if horizontal
                                                                  else ruler_room))
    if horizontal:
        # The band's centre line, just outside the bottom marks.
        y = margin_y - MARK_OFFSET - mark_y - RULER_GAP - RULER_BAND / 2
        ruler = Ruler(margin_x, y, False, pw - margin_x - EDGE_CLEAR)
    else:
        x = margin_x - MARK_OFFSET - mark_x - RULER_GAP - RULER_BAND / 2
        ruler = Ruler(x, margin_y, True, ph - margin_y - EDGE_CLEAR)
    return SheetLayout(paper, item, bleed, gutter, cols, rows, x0, top, pitch_x, pitch_y,
                       mark_y, mark_x, ruler)


# --- Drawing ---------------------------------------------------------------------------------

#: Draws one item in its cell on a canvas scaled to millimetres.
DrawFn = Callable[[Canvas, Cell], None]


def new_canvas(path: str, paper: tuple[float, float], title: str, subject: str) -> Canvas:
    """A canvas for one PDF of the pack: bundled fonts only, metadata set, deterministic."""
    fonts.register()
    c = Canvas(path, pagesize=(paper[0] * MM, paper[1] * MM), invariant=1,
               initialFontName=fonts.BODY, initialFontSize=9, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("billhooks")
    c.setSubject(subject)
    c.setCreator("billhooks print pack")
    return c


def _begin_page(c: Canvas) -> None:
    c.saveState()
    c.scale(MM, MM)


def _end_page(c: Canvas) -> None:
    c.restoreState()
    c.showPage()


def draw_marks(c: Canvas, layout: SheetLayout) -> None:
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(MARK_WIDTH_PT * PT)
    for x1, y1, x2, y2 in layout.crop_marks():
        c.line(x1, y1, x2, y2)


def draw_ruler(c: Canvas, layout: SheetLayout, caption: str) -> None:
    """The 50 mm calibration line with end ticks, "50 mm" beside it, then the caption."""
    r = layout.ruler
    c.saveState()
    c.translate(r.x, r.y)
    if r.vertical:
        c.rotate(90)
    tick = RULER_BAND / 2 - 0.3
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.4 * PT)
    c.line(0, 0, RULER_MM, 0)
    c.line(0, -tick, 0, tick)
    c.line(RULER_MM, -tick, RULER_MM, tick)
    c.line(RULER_MM / 2, -tick / 2, RULER_MM / 2, tick / 2)
    c.setFillColorRGB(0, 0, 0)
    size = 7 * PT
    c.setFont(fonts.BODY, size)
    c.drawString(RULER_MM + 1.5, -size * 0.33, "50 mm")
    start = RULER_MM + 1.5 + c.stringWidth("50 mm", fonts.BODY, size) + 3
    room = r.room - start
    text = fonts.printable(fonts.ITALIC, caption)
    csize = size
    while csize > 3 * PT and c.stringWidth(text, fonts.ITALIC, csize) > room:
        csize *= 0.95
    c.setFont(fonts.ITALIC, csize)
    c.drawString(start, -csize * 0.33, text)
    c.restoreState()


@dataclass
class SheetRun:
    """What a run of sheets holds: pages written and items on each sheet of fronts."""

    pages: int
    sheets: list[int]


def draw_sheets(c: Canvas, layout: SheetLayout, fronts: Sequence[DrawFn],
                back: DrawFn | None, caption: str) -> SheetRun:
    """Draw ``fronts`` onto as many sheets as they need, each sheet of fronts followed by its
    sheet of backs (when ``back`` is given) with every back behind its own front."""
    per = layout.per_sheet
    total = max(1, math.ceil(len(fronts) / per))
    sheets: list[int] = []
    pages = 0
    for n in range(total):
        chunk = fronts[n * per:(n + 1) * per]
        sheets.append(len(chunk))
        sides: list[tuple[str, bool]] = [("fronts", False)]
        if back is not None:
            sides.append(("backs, mirrored for long-edge duplex", True))
        for side_name, is_back in sides:
            _begin_page(c)
            for slot, draw in enumerate(chunk):
                (back if is_back and back is not None else draw)(c, layout.cell(slot, is_back))
            draw_marks(c, layout)
            note = f"{caption}: {side_name}, sheet {n + 1} of {total}. " \
                   "Print at 100% (actual size); this line should measure 50 mm."
            draw_ruler(c, layout, note)
            _end_page(c)
            pages += 1
    return SheetRun(pages, sheets)
