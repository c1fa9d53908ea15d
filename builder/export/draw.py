"""Drawing helpers shared by every card and token: text that always fits its box, the card
frame and header, and the vector artwork (roses, stars, boxes).

Sizes of type are in points; positions and lengths in millimetres (the sheet engine scales the
canvas to millimetres, see :data:`builder.export.sheet.PT`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from builder.export import fonts
from builder.export.sheet import PT, Box, Cell

RGB = tuple[float, float, float]


def hex_rgb(code: str) -> RGB:
    code = code.lstrip("#")
    r, g, b = (int(code[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return (r, g, b)


INK = hex_rgb("#2b1d0e")
PARCHMENT = hex_rgb("#f7f0de")
PARCHMENT_DARK = hex_rgb("#e8dcc0")
PAPER_WHITE = hex_rgb("#fffdf7")
GOLD = hex_rgb("#c9a23a")
LEAF = hex_rgb("#3f6b2e")
ROSE_RED = hex_rgb("#c0262d")
ROSE_WHITE = hex_rgb("#fbf8f0")
#: Accent colours of the sides and of the neutral decks and tokens.
ACCENT = {
    "york": hex_rgb("#24457a"),
    "lancaster": hex_rgb("#8e1b1f"),
    "neutral": hex_rgb("#5b4a1c"),
    "bonus": hex_rgb("#35562b"),
    "event": hex_rgb("#4d2c63"),
    "disarray": hex_rgb("#9a6212"),
    "daunted": hex_rgb("#4a4f5c"),
    "arrows": hex_rgb("#35562b"),
}
SIDE_NAMES = {"york": "York", "lancaster": "Lancaster"}


def accent(side: str | None) -> RGB:
    return ACCENT.get(side or "neutral", ACCENT["neutral"])


# --- Text ------------------------------------------------------------------------------------

LEADING = 1.18


def width_mm(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size) * PT


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap to ``width`` mm; a word longer than a line is broken between letters."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if width_mm(trial, font, size) <= width:
            current = trial
            continue
        if current:
            lines.append(current)
        while width_mm(word, font, size) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and width_mm(word[:cut], font, size) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    if current:
        lines.append(current)
    return lines


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


def fit(text: str, font: str, width: float, height: float, size: float,
        min_size: float | None = None, max_lines: int | None = None) -> Fitted:
    """Set ``text`` in ``width`` x ``height`` mm: at ``size`` if it fits on one line, else
    shrunk down to ``min_size`` on one line, else wrapped (shrinking until the lines fit).
    The result never overflows the box."""
    text = " ".join(text.split())
    font = fonts.best(font, text)
    text = fonts.printable(font, text)
    if not text:
        return Fitted(font, size, ())
    min_size = size * 0.75 if min_size is None else min_size
    one = pdfmetrics.stringWidth(text, font, 1) * PT
    single = min(size, width / one, height / PT)
    if single >= min_size:
        return Fitted(font, single, (text,))
    s = size
    while s > 2.5:
        lines = wrap(text, font, s, width)
        fits = Fitted(font, s, tuple(lines))
        if fits.height <= height and (max_lines is None or len(lines) <= max_lines):
            return fits
        s *= 0.95
    lines = wrap(text, font, s, width)
    need = (1 + (len(lines) - 1) * LEADING) * PT
    return Fitted(font, min(s, height / need), tuple(lines))


def draw_fitted(c: Canvas, fitted: Fitted, box: Box, align: str = "center",
                valign: str = "top", colour: RGB = INK) -> float:
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


def text_in(c: Canvas, text: str, font: str, box: Box, size: float,
            min_size: float | None = None, align: str = "center", valign: str = "top",
            colour: RGB = INK, max_lines: int | None = None) -> float:
    """Fit and draw ``text`` in ``box``; returns the y of the bottom of the text."""
    return draw_fitted(c, fit(text, font, box.w, box.h, size, min_size, max_lines), box,
                       align, valign, colour)


def line_text(c: Canvas, text: str, font: str, x: float, y: float, size: float,
              width: float, align: str = "left", colour: RGB = INK,
              spacing: float = 0.0) -> None:
    """One line at baseline ``y``, shrunk if needed so it is never wider than ``width``."""
    font = fonts.best(font, text)
    text = fonts.printable(font, text)
    natural = width_mm(text, font, size) + spacing * max(len(text) - 1, 0)
    if natural > width:
        size *= width / natural
        spacing *= width / natural
    c.setFillColorRGB(*colour)
    c.setFont(font, size * PT)
    drawn = width_mm(text, font, size) + spacing * max(len(text) - 1, 0)
    if align == "center":
        x -= drawn / 2
    elif align == "right":
        x -= drawn
    c.drawString(x, y, text, charSpace=spacing)


# --- Frames ----------------------------------------------------------------------------------


def card_frame(c: Canvas, cell: Cell, colour: RGB, fill: RGB = PARCHMENT) -> Box:
    """Background over the bleed box and a double rule inside the trim; returns the inner
    box that content goes in."""
    s = cell.scale
    c.setFillColorRGB(*fill)
    b = cell.bleed
    c.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
    outer = cell.trim.inset(2.4 * s)
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(1.1 * PT)
    c.roundRect(outer.x, outer.y, outer.w, outer.h, 1.6 * s, stroke=1, fill=0)
    inner = outer.inset(0.8 * s)
    c.setLineWidth(0.35 * PT)
    c.roundRect(inner.x, inner.y, inner.w, inner.h, 1.0 * s, stroke=1, fill=0)
    return inner.inset(1.4 * s)


def header(c: Canvas, cell: Cell, inner: Box, label: str, colour: RGB,
           side: str | None = None, height: float = 8.0) -> Box:
    """The coloured band at the top of a card with its kind ``label`` (and a side badge at the
    right); returns the box below the band."""
    s = cell.scale
    h = height * s
    band = Box(inner.x - 1.4 * s + 0.8 * s, inner.top - h + 1.4 * s - 0.8 * s,
               inner.w + 1.2 * s, h)
    c.setFillColorRGB(*colour)
    c.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
    badge_r = h * 0.62 if side in SIDE_NAMES else 0.0
    room = band.w - 4 * s - (2 * badge_r + 2 * s if badge_r else 0)
    line_text(c, label, fonts.CAPS, band.x + 2.5 * s, band.y + h * 0.32, 11 * s, room,
              colour=PAPER_WHITE, spacing=0.5 * s)
    if side in SIDE_NAMES:
        badge(c, band.right - badge_r - 1.5 * s, band.y + h / 2, badge_r, side)
    return Box(inner.x, inner.y, inner.w, band.y - inner.y - 1.5 * s)


def rule(c: Canvas, x1: float, x2: float, y: float, colour: RGB = INK,
         width_pt: float = 0.4) -> None:
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


def rose(c: Canvas, cx: float, cy: float, r: float, side: str) -> None:
    """A heraldic rose as vectors: white for York, red for Lancaster.

    The same rose recurs on most cards and tokens of a sheet, so each side and size is drawn
    once per PDF as a form (an XObject) and placed wherever it recurs: a tenth of the card
    sheets' drawing and writing time went on repeating its curves.
    """
    name = f"rose-{side}-{r:.4f}"
    if not c.hasForm(name):
        # The form's own space is the page's (millimetres), centred on the rose; its box holds
        # the outermost petals and barbs with their strokes.
        c.beginForm(name, -1.5 * r, -1.5 * r, 1.5 * r, 1.5 * r)
        _rose_vectors(c, 0.0, 0.0, r, side)
        c.endForm()
    c.saveState()
    c.translate(cx, cy)
    c.doForm(name)
    c.restoreState()


def _rose_vectors(c: Canvas, cx: float, cy: float, r: float, side: str) -> None:
    petal = ROSE_WHITE if side == "york" else ROSE_RED
    c.saveState()
    c.setLineWidth(max(0.25, r * 0.06 / PT) * PT)
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
    for ring, (dist, size, turn) in enumerate(((0.45, 0.42, 90), (0.2, 0.27, 126))):
        for i in range(5):
            a = math.radians(turn + 72 * i)
            c.circle(cx + dist * r * math.cos(a), cy + dist * r * math.sin(a), size * r,
                     stroke=1, fill=1)
        if ring == 0:
            # Cover the inner strokes of the outer ring so the petals read as one flower.
            c.circle(cx, cy, 0.42 * r, stroke=0, fill=1)
    c.setFillColorRGB(*GOLD)
    c.circle(cx, cy, 0.14 * r, stroke=1, fill=1)
    c.restoreState()


def badge(c: Canvas, cx: float, cy: float, r: float, side: str) -> None:
    """A side's rose on a parchment roundel with a gold ring."""
    c.setFillColorRGB(*PARCHMENT)
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(max(0.3, r * 0.08 / PT) * PT)
    c.circle(cx, cy, r, stroke=1, fill=1)
    rose(c, cx, cy, r * 0.86, side)


def star(c: Canvas, cx: float, cy: float, r: float, fill: RGB = GOLD,
         stroke: RGB = INK) -> None:
    """A five-pointed star (a leader's command class)."""
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


def paragraphs_in(c: Canvas, paras: list[str], font: str, box: Box, size: float,
                  min_size: float, bullet: str = "\u2022", colour: RGB = INK) -> None:
    """Bulleted paragraphs filling ``box`` from the top, shrunk until all of them fit."""
    font = fonts.best(font, " ".join(paras))
    paras = [fonts.printable(font, " ".join(p.split())) for p in paras if p.strip()]
    if not paras or box.h <= 0:
        return
    indent = width_mm(bullet + " ", font, size)
    s = size
    while True:
        indent = width_mm(bullet + " ", font, s)
        wrapped = [wrap(p, font, s, box.w - indent) for p in paras]
        lines = sum(len(w) for w in wrapped)
        gap = s * 0.3 * PT
        height = (s + (lines - 1) * s * LEADING) * PT + gap * (len(paras) - 1)
        if height <= box.h or s <= 2.0:
            break
        s *= 0.95 if s > min_size else 0.9
    c.setFillColorRGB(*colour)
    c.setFont(font, s * PT)
    y = box.top - 0.71 * s * PT
    for lines_of in wrapped:
        c.drawString(box.x, y, bullet)
        for line in lines_of:
            c.drawString(box.x + indent, y, line)
            y -= s * LEADING * PT
        y -= gap
