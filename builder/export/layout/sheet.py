"""The one layout engine for sheets of items (cards, tokens): where each item, crop mark and
the calibration ruler goes, and the loop that draws fronts and mirrored backs.

All geometry is in millimetres with the origin at the bottom left of the page (PDF's own
orientation); drawing code gets a canvas already scaled to millimetres (see
:mod:`builder.export.drawing.canvas`).

Layout rules (issue 10 of the second pass; docs/contracts.md#the-print-pack):
- nothing is drawn within :data:`EDGE_CLEAR` (5 mm) of the page edge, where home printers
  cannot print: items, bleed, crop marks, ruler and caption; a layout that would need that room
  holds fewer items a sheet (the manifest says so);
- the grid is centred on the paper; without ``gutter`` items are butted edge to edge
  (neighbours share a cut line, so a neighbour's background is the bleed there) and every side
  with no item beside it has its own bleed: the outside of the block and the sides facing the
  empty slots of a part-filled sheet; with ``gutter`` every item has its own bleed all round and
  a gap separates neighbours (fewer per sheet);
- crop marks sit at every cut line of the items on the sheet, in the margin beside them (none
  beside empty rows);
- single-sided items of several sizes (tokens, trackers, labels) share sheets: see
  :mod:`builder.export.layout.shared`, which lays each block out with this module's grid;
- a 50 mm calibration ruler with end ticks sits in the widest margin, beyond the marks, with a
  caption never under :data:`MIN_TEXT_PT`;
- backs are mirrored for long-edge flip: the back of front slot (row, col) is at
  (row, cols - 1 - col), so back N lands behind front N;
- a gutter-fold sheet (``fold``, for single-sided printers) has one vertical fold line down
  the middle of the page: the fronts to its left, each back to the right of the fold at the
  mirror place of its front, drawn upright (a sheet folded along the line shows the back upright
  when the card is turned over). Both faces run to the fold (no bleed across it); the sheet is
  portrait or landscape, whichever holds more; fronts read left to right and a part-filled row
  keeps its cards at the fold.
  The fold line is dashed in the top and bottom margins and marked "fold".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from builder.export.drawing import fonts
from builder.export.drawing.canvas import MIN_TEXT_PT, PT, Box, Cell, DrawFn, begin_page, end_page
from builder.export.job import ExportError

MARK_OFFSET = 0.3  # gap between the bleed edge and the start of a crop mark
MARK_MAX = 5.0
MARK_MIN = 1.0
#: The shortest crop mark drawn: a margin that leaves less gives its room to the opposite one
#: (see :func:`_ends`).
MARK_LEAST = 2.0
#: Nothing is drawn nearer the page edge than this: home printers cannot print there, and a
#: mark touching the edge makes PDF readers shrink the page when printing.
EDGE_CLEAR = 5.0
RULER_MM = 50.0
RULER_GAP = 1.0  # between the end of the crop marks and the ruler band
RULER_BAND = 3.5  # the ruler's ticks and its text
GUTTER_GAP = 2.0  # between neighbouring items' bleed with --gutter
FOLD_DASH = (1.2, 0.8)  # a dash of the fold line and the gap after it
FOLD_LABEL_PT = 7.0
#: Room above the top marks' start for the word "fold" (its 7 pt box, with air).
FOLD_LABEL_MM = 3.2
MARK_WIDTH_PT = 0.3


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
    """A grid of equal items. ``filled`` arguments say how many slots (in reading order) hold
    an item, so that bleed and crop marks follow what is really on the sheet.

    With ``fold`` the grid is of front|back pairs: ``cols`` fronts a row left of the fold line
    at ``x0`` (in reading order, left to right, the row's last card next to the fold), their
    backs mirrored to its right; ``paper`` is then the page as printed (maybe landscape)."""

    paper: tuple[float, float]
    item: tuple[float, float]
    bleed: float
    gutter: bool
    cols: int
    rows: int
    #: Left trim edge of column 0 (with ``fold``: the fold line) and top trim edge of row 0.
    x0: float
    top: float
    #: Distance between neighbouring items' trim boxes.
    pitch_x: float
    pitch_y: float
    #: Crop mark lengths in the bottom margin (marks for the vertical cut lines) and in the
    #: left one (for the horizontal cut lines).
    mark_y: float
    mark_x: float
    ruler: Ruler
    fold: bool = False
    #: ... and in the top and right margins; 0: that margin has no marks (:func:`_ends`).
    mark_top: float = 0.0
    mark_right: float = 0.0

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def _filled(self, filled: int | None) -> int:
        return self.per_sheet if filled is None else max(0, min(filled, self.per_sheet))

    def used(self, filled: int | None = None) -> tuple[int, int]:
        """Columns and rows that hold at least one of ``filled`` items."""
        n = self._filled(filled)
        return min(n, self.cols), math.ceil(n / self.cols)

    def block(self, filled: int | None = None) -> Box:
        """The printed block of ``filled`` items (default: a full sheet), outer bleed included."""
        w, h = self.item
        cols, rows = self.used(filled)
        height = extent(rows, h, self.bleed, self.gutter)
        if self.fold:
            width = extent(2 * cols, w, self.bleed, False)
            return Box(self.x0 - width / 2, self.top + self.bleed - height, width, height)
        width = extent(cols, w, self.bleed, self.gutter)
        return Box(self.x0 - self.bleed, self.top + self.bleed - height, width, height)

    def cell(self, slot: int, back: bool = False, filled: int | None = None) -> Cell:
        """The cell of ``slot`` (0 is the top left, reading order); a back is mirrored.

        Bleed goes on every side that has no item next to it: all four with ``gutter``; when
        butted, every side but those shared with a neighbour, which covers the cut there
        (so the outside of the block, and the sides facing empty slots of a part-filled
        sheet, all get bleed). On a fold sheet the back is the front's mirror image about the
        fold line, and neither has bleed on its side at the fold.
        """
        n = self._filled(filled)
        row, col = divmod(slot, self.cols)
        w, h = self.item
        b = self.bleed
        if self.gutter:
            left = right = top = bottom = b
        else:
            left = 0.0 if col > 0 else b
            right = 0.0 if col + 1 < self.cols and slot + 1 < n else b
            top = 0.0 if row > 0 else b
            bottom = 0.0 if slot + self.cols < n else b
        y = self.top - h - row * self.pitch_y
        if self.fold:
            # Fronts read left to right, and a part-filled row keeps its cards at the fold:
            # ``out`` is how many cards from the fold the slot sits; the bleed goes on the
            # side away from the fold when no card lies further out, and below when the next
            # row has no card in this place.
            here = min(self.cols, n - row * self.cols)
            out = here - 1 - col
            below = min(self.cols, n - (row + 1) * self.cols)
            far = 0.0 if out + 1 < here else b
            bottom = 0.0 if out < below else b
            x = self.x0 + out * w if back else self.x0 - (out + 1) * w
            left, right = (0.0, far) if back else (far, 0.0)
        else:
            x = self.x0 + col * self.pitch_x
            if back:
                # Mirrored about the page's centre line, as the marks are (the block may sit
                # off centre: _ends).
                x = self.paper[0] - x - w
                left, right = right, left
        trim = Box(x, y, w, h)
        return Cell(trim, Box(trim.x - left, trim.y - bottom, w + left + right, h + top + bottom))

    def cut_xs(self, filled: int | None = None) -> list[float]:
        w = self.item[0]
        cols = self.used(filled)[0]
        if self.fold:
            # The fold itself is not cut.
            return sorted(self.x0 + d * i * w for i in range(1, cols + 1) for d in (-1, 1))
        if not self.gutter:
            return [self.x0 + i * self.pitch_x for i in range(cols + 1)] if cols else []
        return sorted({self.x0 + i * self.pitch_x + d for i in range(cols) for d in (0, w)})

    def cut_ys(self, filled: int | None = None) -> list[float]:
        h = self.item[1]
        rows = self.used(filled)[1]
        if not self.gutter:
            return [self.top - i * self.pitch_y for i in range(rows + 1)] if rows else []
        return sorted({self.top - i * self.pitch_y - d for i in range(rows) for d in (0, h)})

    def fold_dashes(self, filled: int | None = None) -> list[tuple[float, float, float, float]]:
        """The dashes of the fold line (x1, y1, x2, y2): in the top margin from the marks' start
        to the page's clear edge, in the bottom one down to the ruler's band (or the clear
        edge when the ruler is at the side); none off a fold sheet."""
        if not self.fold:
            return []
        block = self.block(filled)
        bottom = EDGE_CLEAR if self.ruler.vertical else block.y - MARK_OFFSET - self.mark_y
        spans = [
            (block.top + MARK_OFFSET, self.paper[1] - EDGE_CLEAR),
            (bottom, block.y - MARK_OFFSET),
        ]
        dash, gap = FOLD_DASH
        dashes = []
        for start, end in spans:
            ys = [start + i * (dash + gap) for i in range(int((end - start + gap) // (dash + gap)))]
            # A span shorter than a dash still gets one, its length.
            dashes += [(self.x0, y, self.x0, min(y + dash, end)) for y in ys or [start]]
        return dashes

    def crop_marks(self, filled: int | None = None) -> list[tuple[float, float, float, float]]:
        """Every crop mark of a sheet holding ``filled`` items, as lines (x1, y1, x2, y2), all
        in the margin round the items (no marks beside empty rows)."""
        n = self._filled(filled)
        if n <= 0:
            return []
        block = self.block(n)
        left, right = block.x - MARK_OFFSET, block.right + MARK_OFFSET
        top, bottom = block.top + MARK_OFFSET, block.y - MARK_OFFSET
        marks = []
        for y in self.cut_ys(n):
            if self.mark_x:
                marks.append((left - self.mark_x, y, left, y))
            if self.mark_right:
                marks.append((right, y, right + self.mark_right, y))
        for x in self.cut_xs(n) if self.mark_top else ():
            marks.append((x, top, x, top + self.mark_top))
        for x in self.cut_xs(n) if self.mark_y else ():
            marks.append((x, bottom - self.mark_y, x, bottom))
        return marks + self._inner_marks(n, block)

    def _inner_marks(self, n: int, block: Box) -> list[tuple[float, float, float, float]]:
        """Where a margin has no room for marks (nine poker cards on Letter: the block at the
        5 mm clearance), each cut line is marked on itself, from the block's edge MARK_LEAST
        inwards: in the bleed or a card's plain border, and cut away with the cut. So every
        cut line is marked at both ends, for a knife and a straight edge as well as a
        guillotine."""
        if self.fold:
            return []
        marks = []
        for x in self.cut_xs(n):
            if self.mark_y and not self.mark_top:
                marks.append((x, block.top - MARK_LEAST, x, block.top))
            if self.mark_top and not self.mark_y:
                marks.append((x, block.y, x, block.y + MARK_LEAST))
        for y in self.cut_ys(n):
            if self.mark_x and not self.mark_right:
                marks.append((block.right - MARK_LEAST, y, block.right, y))
            if self.mark_right and not self.mark_x:
                marks.append((block.x, y, block.x + MARK_LEAST, y))
        return marks


def _ends(margin: float, low: float, high: float, move: bool = True) -> tuple[float, float, float]:
    """Crop marks along one axis of a block centred with ``margin`` mm each side, ``low`` and
    ``high`` mm of each margin kept for something else (the ruler): how far the block moves
    towards the high end and the marks' lengths at the low and high ends (0: none).

    A mark under MARK_LEAST is a stub a guillotine operator cannot line a blade up on (nine
    poker cards on Letter leave 6.35 mm top and bottom, 5 mm of which stays clear: 1.05 mm
    marks), and a cut line marked at one end is enough for a stack squared against the
    fence. So: both ends get marks of one length if that is at least MARK_LEAST; else only
    the end with room for one; else the block moves to EDGE_CLEAR from the high end, which
    gets no marks, and the low end takes its room (at least 2.3 mm: :func:`_fit` leaves
    6.3 mm a side), unless not ``move``."""
    at_low = min(MARK_MAX, margin - MARK_OFFSET - EDGE_CLEAR - low)
    at_high = min(MARK_MAX, margin - MARK_OFFSET - EDGE_CLEAR - high)
    if min(at_low, at_high) >= MARK_LEAST:
        both = min(at_low, at_high)
        return 0.0, both, both
    if max(at_low, at_high) >= MARK_LEAST:
        return (0.0, at_low, 0.0) if at_low >= MARK_LEAST else (0.0, 0.0, at_high)
    one = min(MARK_MAX, 2 * margin - 2 * EDGE_CLEAR - MARK_OFFSET - low)
    if one < MARK_LEAST or not move:
        return 0.0, at_low, at_high
    return margin - EDGE_CLEAR, one, 0.0


def extent(n: int, size: float, bleed: float, gutter: bool) -> float:
    """The length of ``n`` items side by side, their bleed included."""
    if n <= 0:
        return 0.0
    if gutter:
        return n * (size + 2 * bleed) + (n - 1) * GUTTER_GAP
    return n * size + 2 * bleed


def fit_count(room: float, size: float, bleed: float, gutter: bool) -> int:
    """How many items fit side by side in ``room`` mm."""
    n = 0
    while extent(n + 1, size, bleed, gutter) <= room + 1e-9:
        n += 1
    return n


def _fit(page: float, size: float, bleed: float, gutter: bool) -> int:
    return fit_count(page - 2 * (MARK_OFFSET + MARK_MIN + EDGE_CLEAR), size, bleed, gutter)


_RULER_NEEDS = MARK_OFFSET + MARK_MIN + RULER_GAP + RULER_BAND + EDGE_CLEAR
_FOLD_LABEL_NEEDS = MARK_OFFSET + FOLD_LABEL_MM + EDGE_CLEAR


def plan(
    paper: tuple[float, float],
    item: tuple[float, float],
    bleed: float = 0.0,
    gutter: bool = False,
    fold: bool = False,
) -> SheetLayout:
    """Lay out as many ``item``-sized items (mm) as fit on ``paper`` (mm), with room for crop
    marks and the ruler; an :class:`ExportError` if not one fits. With ``fold``, front|back
    pairs about a fold line, on the paper portrait or landscape, whichever holds more
    (portrait when equal); not with ``gutter`` (the pairs meet at the fold; the export
    refuses both)."""
    if not fold:
        return _plan(paper, item, bleed, gutter, False)
    if gutter:
        raise ValueError("a fold sheet has no gutters")
    layouts = []
    for page in (paper, (paper[1], paper[0])):
        try:
            layouts.append(_plan(page, item, bleed, False, True))
        except ExportError as exc:
            problem = exc
    if not layouts:
        raise problem
    return max(layouts, key=lambda lay: lay.per_sheet)


def _plan(
    paper: tuple[float, float], item: tuple[float, float], bleed: float, gutter: bool, fold: bool
) -> SheetLayout:
    pw, ph = paper
    w, h = item

    def width(n: int) -> float:
        return extent(2 * n if fold else n, w, bleed, gutter)

    cols, rows = _fit(pw, w, bleed, gutter), _fit(ph, h, bleed, gutter)
    if fold:
        cols //= 2  # pairs
    pitch_x = w + 2 * bleed + GUTTER_GAP if gutter else w
    pitch_y = h + 2 * bleed + GUTTER_GAP if gutter else h
    while cols > 0 and rows > 0:
        margin_x = (pw - width(cols)) / 2
        margin_y = (ph - extent(rows, h, bleed, gutter)) / 2
        # The ruler goes in the bottom margin if it has room, else the left one; a fold
        # sheet's top margin holds the word "fold".
        horizontal = margin_y >= _RULER_NEEDS
        labelled = not fold or margin_y >= _FOLD_LABEL_NEEDS
        if labelled and (horizontal or margin_x >= _RULER_NEEDS):
            break
        if labelled and margin_y >= margin_x:
            cols -= 1
        else:
            rows -= 1
    if cols <= 0 or rows <= 0:
        what = "front and back side by side" if fold else "item"
        raise ExportError(
            f"a {w:g} x {h:g} mm {what} with {bleed:g} mm bleed does not fit on "
            f"{pw:g} x {ph:g} mm paper with room for crop marks"
        )
    ruler_room = RULER_GAP + RULER_BAND
    if fold:
        # Centred on the fold, the top margin holding its label: marks at both ends.
        both_y = min(
            MARK_MAX, margin_y - MARK_OFFSET - EDGE_CLEAR - (ruler_room if horizontal else 0)
        )
        both_x = min(
            MARK_MAX, margin_x - MARK_OFFSET - EDGE_CLEAR - (0 if horizontal else ruler_room)
        )
        up, mark_y, mark_top = 0.0, both_y, both_y
        right, mark_x, mark_right = 0.0, both_x, both_x
    else:
        up, mark_y, mark_top = _ends(margin_y, ruler_room if horizontal else 0.0, 0.0)
        # Not sideways past a ruler at the side: it is drawn unmirrored on the backs, whose
        # block would then move onto it.
        right, mark_x, mark_right = _ends(
            margin_x, 0.0 if horizontal else ruler_room, 0.0, move=horizontal
        )
    left_margin, bottom_margin = margin_x + right, margin_y + up
    x0 = pw / 2 if fold else left_margin + bleed
    top = ph - margin_y + up - bleed
    if horizontal:
        # The band's centre line, just outside the bottom marks.
        y = bottom_margin - MARK_OFFSET - mark_y - RULER_GAP - RULER_BAND / 2
        ruler = Ruler(left_margin, y, False, pw - left_margin - EDGE_CLEAR)
    else:
        x = left_margin - MARK_OFFSET - mark_x - RULER_GAP - RULER_BAND / 2
        ruler = Ruler(x, bottom_margin, True, ph - bottom_margin - EDGE_CLEAR)
    return SheetLayout(
        paper,
        item,
        bleed,
        gutter,
        cols,
        rows,
        x0,
        top,
        pitch_x,
        pitch_y,
        mark_y,
        mark_x,
        ruler,
        fold,
        mark_top,
        mark_right,
    )


def edge_to_edge(
    paper: tuple[float, float],
    item: tuple[float, float],
    bleed: float = 0.0,
    gutter: bool = False,
    fold: bool = False,
) -> int:
    """How many items would fit with no margin at all: the manifest compares a layout with it
    to say what the 5 mm margins cost. With ``fold``, pairs, the paper either way round."""
    if not fold:
        return fit_count(paper[0], item[0], bleed, gutter) * fit_count(
            paper[1], item[1], bleed, gutter
        )
    return max(
        fit_count(pw, item[0], bleed, False) // 2 * fit_count(ph, item[1], bleed, False)
        for pw, ph in (paper, (paper[1], paper[0]))
    )


# --- Drawing ---------------------------------------------------------------------------------


def draw_marks(c: Canvas, marks: Sequence[tuple[float, float, float, float]]) -> None:
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(MARK_WIDTH_PT * PT)
    for x1, y1, x2, y2 in marks:
        c.line(x1, y1, x2, y2)


def draw_ruler(c: Canvas, r: Ruler, captions: Sequence[str]) -> None:
    """The 50 mm calibration line with end ticks, "50 mm" beside it, then the first of
    ``captions`` (longest first) that fits at 6 pt or more; the last is cut short if none
    does."""
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
    texts = [fonts.printable(fonts.ITALIC, text) for text in captions]
    text = texts[-1]
    for candidate in texts:
        if c.stringWidth(candidate, fonts.ITALIC, MIN_TEXT_PT * PT) <= room:
            text = candidate
            break
    csize = min(size, room / max(c.stringWidth(text, fonts.ITALIC, 1), 1e-9))
    if csize < MIN_TEXT_PT * PT:
        csize = MIN_TEXT_PT * PT
        while text and c.stringWidth(text + "\u2026", fonts.ITALIC, csize) > room:
            text = text[:-1]
        text += "\u2026"
    c.setFont(fonts.ITALIC, csize)
    c.drawString(start, -csize * 0.33, text)
    c.restoreState()


def draw_fold(c: Canvas, layout: SheetLayout, filled: int) -> None:
    """The fold line's dashes and the word "fold" beside them in the top margin."""
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(MARK_WIDTH_PT * PT)
    for x1, y1, x2, y2 in layout.fold_dashes(filled):
        c.line(x1, y1, x2, y2)
    size = FOLD_LABEL_PT * PT
    c.setFillColorRGB(0, 0, 0)
    c.setFont(fonts.ITALIC, size)
    # The baseline sits above the letters' descent, so the word starts at the marks.
    baseline = layout.block(filled).top + MARK_OFFSET + 0.3 * size
    c.drawString(layout.x0 + 0.8, baseline, "fold")


@dataclass(frozen=True)
class Run:
    """Items of one size to print with one back (None: single-sided)."""

    name: str
    layout: SheetLayout
    fronts: Sequence[DrawFn]
    back: DrawFn | None


@dataclass(frozen=True)
class Page:
    """One sheet of a run's fronts."""

    run: Run
    fronts: Sequence[DrawFn]

    @property
    def main(self) -> SheetLayout:
        return self.run.layout

    @property
    def back(self) -> DrawFn | None:
        return self.run.back


def paginate(runs: Sequence[Run]) -> list[Page]:
    """Share the runs out over sheets, each run on sheets of its own (single-sided items of
    several sizes share sheets in :mod:`builder.export.layout.shared` instead)."""
    pages: list[Page] = []
    for run in runs:
        per = run.layout.per_sheet
        todo = list(run.fronts)
        chunks = [todo[i : i + per] for i in range(0, len(todo), per)] or [[]]
        pages += [Page(run, chunk) for chunk in chunks]
    return pages


def captions(names: str, side: str, n: int, total: int) -> list[str]:
    """The ruler's caption, longest first, for :func:`draw_ruler` to choose from."""
    return [
        f"{names}: {side}, sheet {n} of {total}. Print at 100% (actual size); this line "
        "should measure 50 mm.",
        f"{names}: {side}, sheet {n} of {total}. Print at 100%: this line is 50 mm.",
        f"{side}, sheet {n}/{total}. At 100% this line is 50 mm.",
    ]


def draw_pages(c: Canvas, pages: Sequence[Page]) -> int:
    """Draw every sheet of fronts, each followed by its sheet of backs (with every back behind
    its own front), or, on a fold sheet, with each back beside its front; returns the number
    of pages written."""
    written = 0
    for n, page in enumerate(pages, 1):
        run, fronts = page.run, page.fronts
        fold = page.main.fold and page.back is not None
        sides: list[tuple[str, bool]] = [
            ("fronts; print double-sided, flip on the long edge", False),
            ("backs, mirrored for long-edge duplex", True),
        ]
        if fold:
            sides = [("fronts and backs; print single-sided, fold on the dashed line", False)]
        elif page.back is None:
            sides = [("print single-sided", False)]
        for side, is_back in sides:
            begin_page(c)
            for slot, draw in enumerate(fronts):
                fn = run.back if is_back and run.back is not None else draw
                fn(c, page.main.cell(slot, is_back, len(fronts)))
                if fold and run.back is not None:
                    run.back(c, page.main.cell(slot, True, len(fronts)))
            marks = page.main.crop_marks(len(fronts))
            if is_back:
                # Mirrored about the page's vertical centre line, like the cells.
                pw = page.main.paper[0]
                marks = [(pw - x1, y1, pw - x2, y2) for x1, y1, x2, y2 in marks]
            draw_marks(c, marks)
            if fold:
                draw_fold(c, page.main, len(fronts))
            draw_ruler(c, page.main.ruler, captions(run.name, side, n, len(pages)))
            end_page(c)
            written += 1
    return written
