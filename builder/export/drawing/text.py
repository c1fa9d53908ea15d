"""Text that always fits its box, for every card and token: widths in a bundled face, lines
wrapped, shortened or shrunk to fit (never under :data:`~builder.export.drawing.canvas.
MIN_TEXT_PT`), drawn in a box, on a line, or as paragraphs.

Sizes of type are in points; positions and lengths in millimetres (the sheet engine scales the
canvas to millimetres, see :data:`builder.export.drawing.canvas.PT`).
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from builder.export.drawing import fonts
from builder.export.drawing.canvas import MIN_TEXT_PT, PT, Box
from builder.export.drawing.palette import INK, RGB

#: A box height no text outgrows: text set whole, wrapped to as many lines as it takes.
UNBOUNDED = 1e6
LEADING = 1.18
ELLIPSIS = "\u2026"


def width_mm(text: str, font: str, size: float) -> float:
    return float(pdfmetrics.stringWidth(text, font, size)) * PT


def _advances(text: str, font: str, size: float) -> list[float]:
    """Running widths (mm) of ``text``'s prefixes: entry i is the width of ``text[:i]``.
    ReportLab sets TrueType text without kerning, so a prefix is the sum of its glyphs."""
    face = pdfmetrics.getFont(font)
    out = [0.0]
    for ch in text:
        out.append(out[-1] + face.stringWidth(ch, size) * PT)
    return out


def _prefix_fitting(advances: list[float], width: float, start: int = 0) -> int:
    """The largest end such that text[start:end] is at most ``width`` mm (at least one
    character past ``start``), by bisection over the running widths."""
    lo, hi = start + 1, len(advances) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if advances[mid] - advances[start] <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap to ``width`` mm; a word longer than a line is broken between letters
    (in time linear in its length: one pass for its running widths, a bisection a piece)."""
    lines: list[str] = []
    current = ""
    current_w = 0.0
    space = width_mm(" ", font, size)
    for word in text.split():
        word_w = width_mm(word, font, size)
        if current and current_w + space + word_w <= width:
            current, current_w = f"{current} {word}", current_w + space + word_w
            continue
        if not current and word_w <= width:
            current, current_w = word, word_w
            continue
        if current:
            lines.append(current)
        if word_w > width and len(word) > 1:
            adv = _advances(word, font, size)
            start = 0
            while adv[-1] - adv[start] > width and len(word) - start > 1:
                end = _prefix_fitting(adv, width, start)
                lines.append(word[start:end])
                start = end
            word, word_w = word[start:], adv[-1] - adv[start]
        current, current_w = word, word_w
    if current:
        lines.append(current)
    return lines


def shorten(text: str, font: str, size: float, width: float, more: bool = False) -> str:
    """``text`` cut short with an ellipsis so that it is at most ``width`` mm wide (``more``:
    an ellipsis even if it fits, because text after it was left out)."""
    if not more and width_mm(text, font, size) <= width + 1e-6:
        return text
    # EB Garamond Bold has no ellipsis character: three full stops instead.
    mark = ELLIPSIS if fonts.covers(font, ELLIPSIS) else "..."
    room = width - width_mm(mark, font, size)
    if room <= 0:
        return mark
    adv = _advances(text, font, size)
    end = _prefix_fitting(adv, room) if adv[1] <= room else 0
    return text[:end].rstrip() + mark


@dataclass(frozen=True)
class Fitted:
    """Text set to fit a box: its size in points and its lines."""

    font: str
    size: float
    lines: tuple[str, ...]

    @property
    def height(self) -> float:
        """Millimetres from the top of the first line to the bottom of the last."""
        if not self.lines:
            return 0.0
        return (self.size + (len(self.lines) - 1) * self.size * LEADING) * PT


def fit(
    text: str,
    font: str,
    width: float,
    height: float,
    size: float,
    min_size: float | None = None,
    max_lines: int | None = None,
) -> Fitted:
    """Set ``text`` in ``width`` x ``height`` mm: at ``size`` if it fits on one line, else
    shrunk down to ``min_size`` on one line, else wrapped (shrinking until the lines fit).
    Never below :data:`MIN_TEXT_PT`: what still does not fit there is cut short with an
    ellipsis. The result never overflows the box (a box lower than one 6 pt line holds one)."""
    text = " ".join(text.split())
    font = fonts.best(font, text)
    text = fonts.printable(font, text)
    if not text:
        return Fitted(font, size, ())
    size = max(size, MIN_TEXT_PT)
    min_size = size * 0.75 if min_size is None else min_size
    min_size = min(max(min_size, MIN_TEXT_PT), size)
    one = pdfmetrics.stringWidth(text, font, 1) * PT
    if one <= 0:
        # Only zero-width characters (joiners, combining marks): nothing shows, nothing fails.
        return Fitted(font, size, (text,))
    single = min(size, width / one, height / PT)
    if single >= min_size:
        return Fitted(font, single, (text,))
    s = size
    while True:
        lines = wrap(text, font, s, width)
        fits = Fitted(font, s, tuple(lines))
        if fits.height <= height and (max_lines is None or len(lines) <= max_lines):
            return fits
        if s <= MIN_TEXT_PT:
            return _cut(lines, font, s, height, width, max_lines)
        s = max(s * 0.95, MIN_TEXT_PT)


def _cut(
    lines: list[str], font: str, size: float, height: float, width: float, max_lines: int | None
) -> Fitted:
    """As many of the wrapped ``lines`` as the box holds, the last ending in an ellipsis."""
    room = 1 + max(0, int((height / PT / size - 1) / LEADING + 1e-9))
    if max_lines is not None:
        room = min(room, max_lines)
    kept = lines[:room]
    if len(lines) > room:
        kept[-1] = shorten(kept[-1], font, size, width, more=True)
    return Fitted(font, size, tuple(kept))


def draw_fitted(
    c: Canvas,
    fitted: Fitted,
    box: Box,
    align: str = "center",
    valign: str = "top",
    colour: RGB = INK,
) -> float:
    """Draw ``fitted`` inside ``box``; returns the y of the bottom of the text block."""
    if not fitted.lines:
        return box.top
    asc = 0.71
    size_mm = fitted.size * PT
    if valign == "middle":
        top = box.y + (box.h + fitted.height) / 2
    elif valign == "bottom":
        top = box.y + fitted.height
    else:
        top = box.top
    c.setFillColorRGB(*colour)
    c.setFont(fitted.font, fitted.size * PT)
    y = top - asc * size_mm
    for line in fitted.lines:
        if align == "center":
            c.drawCentredString(box.x + box.w / 2, y, line)
        elif align == "right":
            c.drawRightString(box.right, y, line)
        else:
            c.drawString(box.x, y, line)
        y -= size_mm * LEADING
    return top - fitted.height


def text_in(
    c: Canvas,
    text: str,
    font: str,
    box: Box,
    size: float,
    min_size: float | None = None,
    align: str = "center",
    valign: str = "top",
    colour: RGB = INK,
    max_lines: int | None = None,
) -> float:
    """Fit and draw ``text`` in ``box``; returns the y of the bottom of the text."""
    return draw_fitted(
        c, fit(text, font, box.w, box.h, size, min_size, max_lines), box, align, valign, colour
    )


def line_text(
    c: Canvas,
    text: str,
    font: str,
    x: float,
    y: float,
    size: float,
    width: float,
    align: str = "left",
    colour: RGB = INK,
    spacing: float = 0.0,
) -> None:
    """One line at baseline ``y``, shrunk if needed so it is never wider than ``width``;
    never below :data:`MIN_TEXT_PT` (then cut short with an ellipsis)."""
    font = fonts.best(font, text)
    text = fonts.printable(font, text)
    size = max(size, MIN_TEXT_PT)
    gaps = max(len(text) - 1, 0)
    if width_mm(text, font, size) + spacing * gaps > width:
        # Close up the letter spacing first, then shrink, then cut short.
        spacing = max(0.0, (width - width_mm(text, font, size)) / gaps) if gaps else 0.0
        natural = width_mm(text, font, size)
        if natural > width:
            size = max(size * width / natural, MIN_TEXT_PT)
            text = shorten(text, font, size, width)
    c.setFillColorRGB(*colour)
    c.setFont(font, size * PT)
    drawn = width_mm(text, font, size) + spacing * max(len(text) - 1, 0)
    if align == "center":
        x -= drawn / 2
    elif align == "right":
        x -= drawn
    c.drawString(x, y, text, charSpace=spacing)


@dataclass(frozen=True)
class SetParagraphs:
    """Paragraphs wrapped at one size: each one's lines, the bullet's indent and the gap
    between paragraphs (mm)."""

    size: float
    lines: tuple[tuple[str, ...], ...]
    indent: float
    gap: float

    @property
    def height(self) -> float:
        """Millimetres from the top of the first line to the bottom of the last."""
        n = sum(len(p) for p in self.lines)
        if not n:
            return 0.0
        return (self.size + (n - 1) * self.size * LEADING) * PT + self.gap * (len(self.lines) - 1)


def set_paragraphs(
    paras: list[str],
    font: str,
    width: float,
    height: float,
    size: float,
    min_size: float,
    bullet: str = "\u2022",
) -> SetParagraphs:
    """``paras`` wrapped to ``width`` mm at ``size``, shrunk until they are at most ``height``
    mm high; at :data:`MIN_TEXT_PT` they are returned whether they fit or not."""
    s = max(size, MIN_TEXT_PT)
    floor = max(min_size, MIN_TEXT_PT)
    while True:
        indent = width_mm(bullet + " ", font, s)
        wrapped = tuple(tuple(wrap(p, font, s, width - indent)) for p in paras)
        laid = SetParagraphs(s, wrapped, indent, s * 0.3 * PT)
        if laid.height <= height or s <= MIN_TEXT_PT:
            return laid
        s = max(s * (0.95 if s > floor else 0.9), MIN_TEXT_PT)


def paragraphs_in(
    c: Canvas,
    paras: list[str],
    font: str,
    box: Box,
    size: float,
    min_size: float,
    bullet: str = "\u2022",
    colour: RGB = INK,
    continued: bool = False,
) -> None:
    """Bulleted paragraphs filling ``box`` from the top, shrunk until all of them fit
    (``continued``: the first goes on from a card before, without its bullet); at
    :data:`MIN_TEXT_PT` what does not fit is left out, the last line shown ending in an
    ellipsis (the print engine moves such words to a continuation card first)."""
    font = fonts.best(font, " ".join(paras))
    paras = [fonts.printable(font, " ".join(p.split())) for p in paras if p.strip()]
    if not paras or box.h <= 0:
        return
    laid = set_paragraphs(paras, font, box.w, box.h, size, min_size, bullet)
    s, indent, gap, wrapped = laid.size, laid.indent, laid.gap, laid.lines
    c.setFillColorRGB(*colour)
    c.setFont(font, s * PT)
    y = box.top - 0.71 * s * PT
    lowest = box.y + 0.29 * s * PT  # the last baseline that keeps descenders in the box
    for n, lines_of in enumerate(wrapped):
        if n or not continued:
            c.drawString(box.x, y, bullet)
        for i, line in enumerate(lines_of):
            last_of_para = i + 1 == len(lines_of)
            next_y = y - s * LEADING * PT - (gap if last_of_para else 0.0)
            more = not last_of_para or n + 1 < len(wrapped)
            if more and next_y < lowest - 1e-9:
                c.drawString(box.x + indent, y, shorten(line, font, s, box.w - indent, more=True))
                return
            c.drawString(box.x + indent, y, line)
            y = next_y
