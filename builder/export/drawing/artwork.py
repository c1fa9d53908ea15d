"""The card frame and header band, rules, and the vector artwork shared by every card and
token (roses, badges, stars, tick boxes, roundels, the ink saver's hatching).

Sizes of type are in points; positions and lengths in millimetres (the sheet engine scales the
canvas to millimetres, see :data:`builder.export.drawing.canvas.PT`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from builder.export.drawing import fonts
from builder.export.drawing.canvas import MIN_TEXT_PT, PT, TRIM_SAFE, Box, Cell, InkSaverCanvas
from builder.export.drawing.palette import GOLD, INK, LEAF, PAPER_WHITE, PARCHMENT, RGB, ROSE_WHITE
from builder.export.drawing.text import line_text, width_mm

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
