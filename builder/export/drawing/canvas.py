"""The canvas every item is drawn on, and the units and boxes drawing code works in.

All geometry is in millimetres with the origin at the bottom left (PDF's own orientation);
:func:`begin_page` scales a page's canvas to millimetres, so ``x * PT`` turns a size in points
into millimetres. A sheet (:mod:`builder.export.layout.sheet`) places each item's
:class:`Cell`; a drawer (:data:`DrawFn`) fills it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from builder.export.drawing import fonts

#: Points per millimetre; ``x * PT`` turns a size in points into millimetres for drawing.
MM = 72 / 25.4
PT = 1 / MM

#: A card's frame and every letter on it stay this far inside its trim, so a cut 1 mm off
#: still leaves even borders.
TRIM_SAFE = 3.0
#: The smallest type printed anywhere (points).
MIN_TEXT_PT = 6.0


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
    box grown by the bleed on every side with no item beside it)."""

    trim: Box
    bleed: Box

    @property
    def scale(self) -> float:
        """How big this item is against a poker card (1.0), for sizing text and art."""
        return min(self.trim.w / 63.5, self.trim.h / 88.9)


#: Draws one item in its cell on a canvas scaled to millimetres.
DrawFn = Callable[[Canvas, Cell], None]


#: With --ink-saver a fill keeps this share of its colour's ink (against white paper).
INK_SAVER_SHARE = 0.16
#: ... and a light line (white on a dark ground) is drawn in this dark brown instead.
INK_SAVER_LINE = (0.17, 0.11, 0.05)


class InkSaverCanvas(Canvas):  # type: ignore[misc]  # ReportLab ships no types
    """A canvas for home printers (``--ink-saver``): every filled shape is drawn in a pale
    tint of the colour asked for (dark grounds, bands and backs become light washes), all text
    in black, light strokes (drawn to show on a dark ground) in dark ink, other strokes and
    images unchanged. The drawing code stays the same for both looks: the canvas holds back
    each fill colour and sets the tint (or black) just before the shape (or text) it is for."""

    _wanted: object = (0.0, 0.0, 0.0)

    def setFillColor(self, aColor: object, alpha: float | None = None) -> None:  # noqa: N802
        self._wanted = aColor

    def setStrokeColorRGB(
        self,
        r: float,
        g: float,
        b: float,  # noqa: N802
        alpha: float | None = None,
    ) -> None:
        if 0.3 * r + 0.59 * g + 0.11 * b > 0.75:
            r, g, b = INK_SAVER_LINE
        super().setStrokeColorRGB(r, g, b, alpha)

    def _tint(self) -> None:
        wanted = self._wanted
        if isinstance(wanted, tuple) and len(wanted) == 3:
            wanted = tuple(1 - (1 - v) * INK_SAVER_SHARE for v in wanted)
        super().setFillColor(wanted)

    def rect(self, *args: object, **kw: object) -> None:
        self._tint()
        super().rect(*args, **kw)

    def ellipse(self, *args: object, **kw: object) -> None:
        self._tint()
        super().ellipse(*args, **kw)

    def wedge(self, *args: object, **kw: object) -> None:
        self._tint()
        super().wedge(*args, **kw)

    def roundRect(self, *args: object, **kw: object) -> None:  # noqa: N802
        self._tint()
        super().roundRect(*args, **kw)

    def drawPath(self, *args: object, **kw: object) -> None:  # noqa: N802
        self._tint()
        super().drawPath(*args, **kw)

    def drawText(self, *args: object, **kw: object) -> None:  # noqa: N802
        super().setFillColor((0.0, 0.0, 0.0))
        super().drawText(*args, **kw)


def new_canvas(
    path: str | BinaryIO,
    paper: tuple[float, float],
    title: str,
    subject: str,
    duplex: bool = False,
    ink_saver: bool = False,
) -> Canvas:
    """A canvas for one PDF of the pack: bundled fonts only, metadata set, deterministic; it
    asks viewers to print at actual size (and, for a file of fronts and backs, long-edge
    duplex)."""
    fonts.register()
    kind = InkSaverCanvas if ink_saver else Canvas
    c = kind(
        path,
        pagesize=(paper[0] * MM, paper[1] * MM),
        invariant=1,
        initialFontName=fonts.BODY,
        initialFontSize=9,
        pageCompression=1,
    )
    c.setTitle(title)
    c.setAuthor("billhooks")
    c.setSubject(subject)
    c.setCreator("billhooks print pack")
    c.setViewerPreference("PrintScaling", "None")
    if duplex:
        c.setViewerPreference("Duplex", "DuplexFlipLongEdge")
    return c


def begin_page(c: Canvas) -> None:
    c.saveState()
    c.scale(MM, MM)


def end_page(c: Canvas) -> None:
    c.restoreState()
    c.showPage()
