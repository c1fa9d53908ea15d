"""Drawing helpers shared by every card and token: text that always fits its box, the card
frame and header, and the vector artwork (roses, stars, boxes).

Sizes of type are in points; positions and lengths in millimetres (the sheet engine scales the
canvas to millimetres, see :data:`builder.export.drawing.canvas.PT`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from builder.export.drawing import fonts
from builder.export.drawing.canvas import MIN_TEXT_PT, PT, TRIM_SAFE, Box, Cell, InkSaverCanvas

RGB = tuple[float, float, float]


def hex_rgb(code: str) -> RGB:
    code = code.lstrip("#")
    r, g, b = (int(code[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return (r, g, b)


INK = hex_rgb("#2b1d0e")
PARCHMENT = hex_rgb("#f7f0de")
PARCHMENT_DARK = hex_rgb("#e8dcc0")
PAPER_WHITE = hex_rgb("#fffdf7")
GOLD = hex_rgb("#c9a23a")
LEAF = hex_rgb("#3f6b2e")
ROSE_RED = hex_rgb("#c0262d")
ROSE_WHITE = hex_rgb("#fbf8f0")

# --- Text ------------------------------------------------------------------------------------

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


# --- Frames ----------------------------------------------------------------------------------


#: The frame's outer rule (pt).
FRAME_RULE_PT = 1.1
#: A card's frame (and so every word inside it) keeps this far inside the trim: the print
#: shops' 1/8 in (3.175 mm) safe zone and a pixel's smoothing at 300 dpi, more than the
#: sheets' TRIM_SAFE.
CARD_SAFE = max(TRIM_SAFE, 3.3)


def card_frame(
    c: Canvas, cell: Cell, colour: RGB, fill: RGB = PARCHMENT, scale: float | None = None
) -> Box:
    """Background over the bleed box and a double rule inside the trim (its outer edge
    CARD_SAFE inside, or more on a big card); returns the inner box that content goes in.
    ``scale``: the face's, if not the cell's."""
    s = cell.scale if scale is None else scale
    c.setFillColorRGB(*fill)
    b = cell.bleed
    c.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
    outer = cell.trim.inset(max(2.4 * s, CARD_SAFE + FRAME_RULE_PT * PT / 2))
    # The words keep the room they had with the frame TRIM_SAFE inside: moving the frame in
    # for the shops' safe zone closes the gap inside it, not the room for the words.
    content = cell.trim.inset(max(2.4 * s, TRIM_SAFE + FRAME_RULE_PT * PT / 2) + 2.2 * s)
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(FRAME_RULE_PT * PT)
    c.roundRect(outer.x, outer.y, outer.w, outer.h, 1.6 * s, stroke=1, fill=0)
    inner = outer.inset(0.8 * s)
    c.setLineWidth(0.35 * PT)
    c.roundRect(inner.x, inner.y, inner.w, inner.h, 1.0 * s, stroke=1, fill=0)
    return content


#: Draws an emblem in a roundel of radius r centred at (x, y): ``(c, x, y, r)``.
EmblemFn = Callable[[Canvas, float, float, float], None]


def header(
    c: Canvas,
    cell: Cell,
    inner: Box,
    label: str,
    colour: RGB,
    emblem: EmblemFn | None = None,
    height: float = 8.0,
    scale: float | None = None,
    part: str = "",
) -> Box:
    """The coloured band at the top of a card with its kind ``label`` (and an emblem at the
    right, and ``part``, "1/2", before it); returns the box below the band."""
    s = cell.scale if scale is None else scale
    h = height * s
    band = Box(inner.x - 1.4 * s + 0.8 * s, inner.top - h + 1.4 * s - 0.8 * s, inner.w + 1.2 * s, h)
    c.setFillColorRGB(*colour)
    c.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
    badge_r = h * 0.62 if emblem is not None else 0.0
    right = band.right - 1.5 * s - (2 * badge_r + 2 * s if badge_r else 0)
    room = right - band.x - 2.5 * s
    if part:
        part_size = max(9 * s, MIN_TEXT_PT)
        part_w = width_mm(part, fonts.BOLD, part_size)
        line_text(
            c,
            part,
            fonts.BOLD,
            right,
            band.y + h * 0.32,
            part_size,
            part_w,
            align="right",
            colour=PAPER_WHITE,
        )
        room -= part_w + 2 * s
    line_text(
        c,
        label,
        fonts.CAPS,
        band.x + 2.5 * s,
        band.y + h * 0.32,
        11 * s,
        room,
        colour=PAPER_WHITE,
        spacing=0.5 * s,
    )
    if emblem is not None:
        emblem(c, band.right - badge_r - 1.5 * s, band.y + h / 2, badge_r)
    return Box(inner.x, inner.y, inner.w, band.y - inner.y - 1.5 * s)


def rule(
    c: Canvas, x1: float, x2: float, y: float, colour: RGB = INK, width_pt: float = 0.4
) -> None:
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(width_pt * PT)
    c.line(x1, y, x2, y)


def ornament_rule(c: Canvas, x1: float, x2: float, y: float, colour: RGB, s: float) -> None:
    """A rule with a small lozenge in the middle."""
    mid = (x1 + x2) / 2
    d = 1.0 * s
    rule(c, x1, mid - 2 * d, y, colour, 0.5)
    rule(c, mid + 2 * d, x2, y, colour, 0.5)
    c.setFillColorRGB(*colour)
    path = c.beginPath()
    path.moveTo(mid - d * 1.4, y)
    path.lineTo(mid, y + d * 0.8)
    path.lineTo(mid + d * 1.4, y)
    path.lineTo(mid, y - d * 0.8)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


# --- Artwork ---------------------------------------------------------------------------------


def rose(c: Canvas, cx: float, cy: float, r: float, petal: RGB) -> None:
    """A heraldic rose as vectors, its petals ``petal`` (white or red).

    The same rose recurs on most cards and tokens of a sheet, so each side and size is drawn
    once per PDF as a form (an XObject) and placed wherever it recurs: a tenth of the card
    sheets' drawing and writing time went on repeating its curves.
    """
    name = "rose-" + "".join(f"{v:.3f}" for v in petal) + f"-{r:.4f}"
    if not c.hasForm(name):
        # The form's own space is the page's (millimetres), centred on the rose; its box holds
        # the outermost petals and barbs with their strokes.
        c.beginForm(name, -1.5 * r, -1.5 * r, 1.5 * r, 1.5 * r)
        _rose_vectors(c, 0.0, 0.0, r, petal)
        c.endForm()
    c.saveState()
    c.translate(cx, cy)
    c.doForm(name)
    c.restoreState()


def saving_ink(c: Canvas) -> bool:
    """Whether ``c`` prints for a home printer (``--ink-saver``), where fills turn pale and a
    drawing must tell its colours apart by line instead."""
    return isinstance(c, InkSaverCanvas)


#: A rose whose petals are darker than this (the red one) is hatched with the ink saver.
HATCHED_BELOW = 0.6


def hatch(c: Canvas, circles: list[tuple[float, float, float]], step: float) -> None:
    """Vertical lines ``step`` apart across the union of ``circles`` (x, y, r): heraldry's
    hatching for red (gules), so a red rose printed as an outline still differs from a white
    one in line, not in a tint that a home printer or a colour-blind eye may lose."""
    path = c.beginPath()
    for x, y, r in circles:
        path.circle(x, y, r)
    left = min(x - r for x, _, r in circles)
    right = max(x + r for x, _, r in circles)
    low = min(y - r for _, y, r in circles)
    high = max(y + r for _, y, r in circles)
    c.saveState()
    c.clipPath(path, stroke=0, fill=0, fillMode=FILL_NON_ZERO)
    x = left + step / 2
    while x < right:
        c.line(x, low, x, high)
        x += step
    c.restoreState()


#: How much thinner a drawing's outlines are with the ink saver (they carry the drawing there,
#: but the back of a card must take less ink than its face).
SAVER_LINE = 0.6


def _rose_vectors(c: Canvas, cx: float, cy: float, r: float, petal: RGB) -> None:
    saver = saving_ink(c)
    hatched = saver and 0.3 * petal[0] + 0.59 * petal[1] + 0.11 * petal[2] < HATCHED_BELOW
    if hatched:
        petal = ROSE_WHITE  # told from the white rose by its hatching alone
    c.saveState()
    c.setLineWidth(max(0.25, r * 0.06 / PT * (SAVER_LINE if saver else 1)) * PT)
    c.setStrokeColorRGB(*INK)
    # Barbs (green sepals) between the outer petals.
    c.setFillColorRGB(*LEAF)
    for i in range(5):
        a = math.radians(90 + 36 + 72 * i)
        tip = (cx + r * math.cos(a), cy + r * math.sin(a))
        left = (cx + 0.55 * r * math.cos(a - 0.38), cy + 0.55 * r * math.sin(a - 0.38))
        right = (cx + 0.55 * r * math.cos(a + 0.38), cy + 0.55 * r * math.sin(a + 0.38))
        path = c.beginPath()
        path.moveTo(*left)
        path.lineTo(*tip)
        path.lineTo(*right)
        path.close()
        c.drawPath(path, stroke=1, fill=1)
    c.setFillColorRGB(*petal)
    petals: list[tuple[float, float, float]] = []
    for ring, (dist, size, turn) in enumerate(((0.45, 0.42, 90), (0.2, 0.27, 126))):
        for i in range(5):
            a = math.radians(turn + 72 * i)
            petals.append((cx + dist * r * math.cos(a), cy + dist * r * math.sin(a), size * r))
            c.circle(*petals[-1], stroke=1, fill=1)
        if ring == 0:
            # Cover the inner strokes of the outer ring so the petals read as one flower.
            c.circle(cx, cy, 0.42 * r, stroke=0, fill=1)
    if hatched:
        c.setLineWidth(max(0.2, r * 0.035 / PT) * PT)
        hatch(c, petals, r * 0.16)
    c.setFillColorRGB(*GOLD)
    c.circle(cx, cy, 0.14 * r, stroke=1, fill=1)
    c.restoreState()


def badge(c: Canvas, cx: float, cy: float, r: float, petal: RGB) -> None:
    """A rose on a parchment roundel with a gold ring."""
    c.setFillColorRGB(*PARCHMENT)
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(max(0.3, r * 0.08 / PT * (SAVER_LINE if saving_ink(c) else 1)) * PT)
    c.circle(cx, cy, r, stroke=1, fill=1)
    rose(c, cx, cy, r * 0.86, petal)


def star(c: Canvas, cx: float, cy: float, r: float, fill: RGB = GOLD, stroke: RGB = INK) -> None:
    """A five-pointed star (a leader's rating)."""
    path = c.beginPath()
    for i in range(10):
        a = math.radians(90 + 36 * i)
        rr = r if i % 2 == 0 else r * 0.42
        x, y = cx + rr * math.cos(a), cy + rr * math.sin(a)
        if i == 0:
            path.moveTo(x, y)
        else:
            path.lineTo(x, y)
    path.close()
    c.setFillColorRGB(*fill)
    c.setStrokeColorRGB(*stroke)
    c.setLineWidth(max(0.3, r * 0.06 / PT) * PT)
    c.drawPath(path, stroke=1, fill=1)


def tick_box(c: Canvas, x: float, y: float, size: float, colour: RGB = INK) -> None:
    """An empty square to cross off (bottom-left at x, y)."""
    c.setStrokeColorRGB(*colour)
    c.setFillColorRGB(*PAPER_WHITE)
    c.setLineWidth(0.6 * PT)
    c.rect(x, y, size, size, stroke=1, fill=1)


def roundel(c: Canvas, cx: float, cy: float, r: float, fill: RGB, ring: RGB = GOLD) -> None:
    c.setFillColorRGB(*fill)
    c.setStrokeColorRGB(*ring)
    c.setLineWidth(max(0.4, r * 0.05 / PT) * PT)
    c.circle(cx, cy, r, stroke=1, fill=1)


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
