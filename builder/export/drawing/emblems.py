"""The emblems of the art registry (docs/architecture.md#from-an-army-file-to-a-printed-card):
named devices in a roundel that card headers, faces, backs and tokens ask for (``EMBLEMS``):
roses, an illuminated initial, and each system's own for its backs (a crowned shield, a
knight's great helm, a round shield with its boss, a raven banner), each drawn in a roundel of
radius ``r`` in its own colours. Names say what is drawn; a new system adds its own here under
new names.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from builder.export.drawing import fonts
from builder.export.drawing.artwork import SAVER_LINE, badge, rose, saving_ink
from builder.export.drawing.canvas import PT
from builder.export.drawing.devices import heater, polygon
from builder.export.drawing.palette import GOLD, INK, PARCHMENT, RGB, ROSE_RED, ROSE_WHITE

#: ``(c, cx, cy, r, accent, letter, framed)``: an emblem in a roundel of radius ``r``; framed:
#: on its parchment roundel (a badge), else bare.
Emblem = Callable[[Canvas, float, float, float, RGB, str, bool], None]


def _rose(petal: RGB) -> Emblem:
    def draw(
        c: Canvas, cx: float, cy: float, r: float, accent: RGB, letter: str, framed: bool
    ) -> None:
        if framed:
            badge(c, cx, cy, r, petal)
        else:
            rose(c, cx, cy, r, petal)

    return draw


def illuminated(c: Canvas, cx: float, cy: float, size: float, letter: str, colour: RGB) -> None:
    """A square illuminated initial: coloured ground, gold frame, parchment letter."""
    half = size / 2
    c.setFillColorRGB(*colour)
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(max(0.6, size * 0.04 / PT) * PT)
    c.rect(cx - half, cy - half, size, size, stroke=1, fill=1)
    inset = size * 0.08
    c.setLineWidth(0.35 * PT)
    c.rect(
        cx - half + inset, cy - half + inset, size - 2 * inset, size - 2 * inset, stroke=1, fill=0
    )
    c.setFillColorRGB(*GOLD)
    for dx in (-1, 1):
        for dy in (-1, 1):
            c.circle(
                cx + dx * (half - inset), cy + dy * (half - inset), size * 0.035, stroke=0, fill=1
            )
    font = fonts.display(letter)
    fsize = size * 0.78 / PT
    c.setFillColorRGB(*PARCHMENT)
    c.setFont(font, fsize * PT)
    c.drawCentredString(cx, cy - size * 0.27, letter)


def _initial(
    c: Canvas, cx: float, cy: float, r: float, accent: RGB, letter: str, framed: bool
) -> None:
    """An illuminated initial as big as a rose badge of radius ``r`` would sit (a little
    smaller: its corners reach further)."""
    illuminated(c, cx, cy, r * 0.78 / 0.45, letter or "?", accent)


def _system(draw: Callable[[Canvas, float, float, float, RGB, bool], None]) -> Emblem:
    def emblem(
        c: Canvas, cx: float, cy: float, r: float, accent: RGB, letter: str, framed: bool
    ) -> None:
        draw(c, cx, cy, r, accent, framed)

    return emblem


def _roundel(c: Canvas, cx: float, cy: float, r: float, framed: bool) -> None:
    if framed:
        c.setFillColorRGB(*PARCHMENT)
        c.setStrokeColorRGB(*GOLD)
        c.setLineWidth(max(0.3, r * 0.08 * (SAVER_LINE if saving_ink(c) else 1)))
        c.circle(cx, cy, r, stroke=1, fill=1)


def crowned_shield(c: Canvas, cx: float, cy: float, r: float, accent: RGB, framed: bool) -> None:
    """A shield parted red and white (the two roses' colours) under a gold crown."""
    _roundel(c, cx, cy, r, framed)
    c.setLineJoin(1)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(r * 0.04)
    sy = cy - 0.14 * r
    a, top, tip = 0.42 * r, 0.36 * r, 0.6 * r
    c.saveState()
    path = c.beginPath()
    path.moveTo(cx - a, sy + top)
    path.lineTo(cx + a, sy + top)
    path.lineTo(cx + a, sy + 0.1 * tip)
    path.curveTo(cx + a, sy - 0.5 * tip, cx + 0.4 * a, sy - 0.8 * tip, cx, sy - tip)
    path.curveTo(cx - 0.4 * a, sy - 0.8 * tip, cx - a, sy - 0.5 * tip, cx - a, sy + 0.1 * tip)
    path.close()
    c.clipPath(path, stroke=0, fill=0)
    # With the ink saver the red half is hatched (heraldry's red), not a pale pink.
    hatched = saving_ink(c)
    c.setFillColorRGB(*(ROSE_WHITE if hatched else ROSE_RED))
    c.rect(cx - a, sy - tip, a, top + tip, stroke=0, fill=1)
    c.setFillColorRGB(*ROSE_WHITE)
    c.rect(cx, sy - tip, a, top + tip, stroke=0, fill=1)
    if hatched:
        c.setLineWidth(r * 0.025)
        for i in range(1, 6):
            x = cx - a * i / 6
            c.line(x, sy - tip, x, sy + top)
    c.restoreState()
    heater(c, cx, sy, a, top, tip, fill=False)
    c.line(cx, sy + top, cx, sy - tip)
    # The crown over it.
    c.setFillColorRGB(*GOLD)
    base, w = sy + top + 0.06 * r, 0.4 * r
    polygon(
        c,
        [
            (cx - w, base),
            (cx - w * 1.1, base + 0.3 * r),
            (cx - w * 0.5, base + 0.14 * r),
            (cx, base + 0.38 * r),
            (cx + w * 0.5, base + 0.14 * r),
            (cx + w * 1.1, base + 0.3 * r),
            (cx + w, base),
        ],
    )
    for x, y in ((-1.1 * w, 0.3 * r), (0.0, 0.38 * r), (1.1 * w, 0.3 * r)):
        c.circle(cx + x, base + y, 0.05 * r, stroke=1, fill=1)


def great_helm(c: Canvas, cx: float, cy: float, r: float, accent: RGB, framed: bool) -> None:
    """A knight's flat-topped great helm, its eye slit and breaths, a cross on the face."""
    _roundel(c, cx, cy, r, framed)
    c.setLineJoin(1)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(r * 0.04)
    c.setFillColorRGB(0.72, 0.74, 0.76)
    w, top, bottom = 0.44 * r, cy + 0.5 * r, cy - 0.6 * r
    path = c.beginPath()
    path.moveTo(cx - w, bottom)
    path.lineTo(cx - w, top - 0.12 * r)
    path.curveTo(cx - w, top, cx - w * 0.6, top, cx, top + 0.02 * r)
    path.curveTo(cx + w * 0.6, top, cx + w, top, cx + w, top - 0.12 * r)
    path.lineTo(cx + w, bottom)
    path.curveTo(cx + w * 0.4, bottom - 0.08 * r, cx - w * 0.4, bottom - 0.08 * r, cx - w, bottom)
    path.close()
    c.drawPath(path, stroke=1, fill=1)
    # The eye slit either side of the nasal, the cross of the face, the breaths.
    c.setFillColorRGB(*INK)
    for side in (-1, 1):
        x0 = cx + side * 0.06 * r
        x1 = cx + side * (w - 0.06 * r)
        c.rect(min(x0, x1), cy + 0.1 * r, abs(x1 - x0), 0.09 * r, stroke=0, fill=1)
    c.setFillColorRGB(*accent)
    c.rect(cx - 0.05 * r, bottom + 0.06 * r, 0.1 * r, 0.72 * r, stroke=1, fill=1)
    c.rect(cx - 0.3 * r, cy + 0.0 * r, 0.6 * r, 0.08 * r, stroke=1, fill=1)
    c.setFillColorRGB(*INK)
    for side in (-1, 1):
        for k in range(3):
            c.circle(cx + side * 0.24 * r, cy - (0.2 + 0.12 * k) * r, 0.03 * r, stroke=0, fill=1)


def boss_shield(c: Canvas, cx: float, cy: float, r: float, accent: RGB, framed: bool) -> None:
    """A round shield of boards painted in quarters, an iron rim and a domed boss."""
    _roundel(c, cx, cy, r, framed)
    c.setStrokeColorRGB(*INK)
    rr = 0.74 * r
    for i in range(4):
        c.setFillColorRGB(*(accent if i % 2 == 0 else PARCHMENT))
        c.wedge(cx - rr, cy - rr, cx + rr, cy + rr, 45 + 90 * i, 90, stroke=0, fill=1)
    c.setLineWidth(r * 0.02)
    for k in (-2, -1, 1, 2):
        # The boards, faint.
        x = cx + k * rr * 0.36
        half = math.sqrt(max(rr * rr - (x - cx) ** 2, 0.0))
        c.line(x, cy - half, x, cy + half)
    c.setLineWidth(r * 0.07)
    c.circle(cx, cy, rr, stroke=1, fill=0)
    c.setLineWidth(r * 0.035)
    c.setFillColorRGB(0.62, 0.64, 0.66)
    c.circle(cx, cy, 0.24 * r, stroke=1, fill=1)
    c.setFillColorRGB(0.86, 0.87, 0.88)
    c.circle(cx - 0.06 * r, cy + 0.06 * r, 0.09 * r, stroke=0, fill=1)


def raven_banner(c: Canvas, cx: float, cy: float, r: float, accent: RGB, framed: bool) -> None:
    """A war banner of the north: a pole topped with a spearhead, and a flag of a quarter
    circle in the accent, fringed along its curve, a black raven with spread wings on it
    (an army's banner card)."""
    _roundel(c, cx, cy, r, framed)
    c.setLineJoin(1)
    c.setStrokeColorRGB(*INK)
    pole, top, foot = cx - 0.4 * r, cy + 0.5 * r, cy - 0.66 * r
    # The flag, a quarter of a circle about the pole's head, and its fringe of tabs.
    side = 0.84 * r
    c.setFillColorRGB(*accent)
    c.setLineWidth(r * 0.025)
    for k in range(9):
        a = math.radians(-90 + 90 * (k + 0.5) / 9)
        da = math.radians(3.2)
        polygon(
            c,
            [
                (pole + side * math.cos(a - da), top + side * math.sin(a - da)),
                (pole + (side + 0.1 * r) * math.cos(a), top + (side + 0.1 * r) * math.sin(a)),
                (pole + side * math.cos(a + da), top + side * math.sin(a + da)),
            ],
        )
    c.setLineWidth(r * 0.03)
    c.wedge(pole - side, top - side, pole + side, top + side, -90, 90, stroke=1, fill=1)
    # The pole over the flag's edge, and its spearhead.
    c.setLineWidth(r * 0.07)
    c.line(pole, foot, pole, top + 0.04 * r)
    c.setLineWidth(r * 0.025)
    c.setFillColorRGB(0.62, 0.64, 0.66)
    polygon(
        c,
        [
            (pole - 0.08 * r, top + 0.04 * r),
            (pole, top + 0.26 * r),
            (pole + 0.08 * r, top + 0.04 * r),
        ],
    )
    # The raven about the flag's middle: wings raised, head and beak to the fly, a tail.
    c.setFillColorRGB(*INK)
    bx, by = pole + 0.4 * side, top - 0.4 * side
    c.ellipse(bx - 0.15 * r, by - 0.06 * r, bx + 0.13 * r, by + 0.06 * r, stroke=0, fill=1)
    c.circle(bx + 0.15 * r, by + 0.06 * r, 0.055 * r, stroke=0, fill=1)
    polygon(
        c,
        [
            (bx + 0.19 * r, by + 0.08 * r),
            (bx + 0.29 * r, by + 0.045 * r),
            (bx + 0.19 * r, by + 0.03 * r),
        ],
    )
    polygon(
        c,
        [
            (bx - 0.1 * r, by + 0.02 * r),
            (bx - 0.2 * r, by + 0.26 * r),
            (bx - 0.02 * r, by + 0.16 * r),
            (bx + 0.06 * r, by + 0.03 * r),
        ],
    )
    polygon(
        c,
        [
            (bx - 0.02 * r, by + 0.04 * r),
            (bx + 0.04 * r, by + 0.27 * r),
            (bx + 0.1 * r, by + 0.05 * r),
        ],
    )
    polygon(
        c,
        [
            (bx - 0.13 * r, by),
            (bx - 0.3 * r, by - 0.04 * r),
            (bx - 0.28 * r, by - 0.1 * r),
            (bx - 0.12 * r, by - 0.04 * r),
        ],
    )


EMBLEMS: dict[str, Emblem] = {
    "rose-white": _rose(ROSE_WHITE),
    "rose-red": _rose(ROSE_RED),
    "initial": _initial,
    # The systems' own, on their decks' backs.
    "crowned-shield": _system(crowned_shield),
    "great-helm": _system(great_helm),
    "boss-shield": _system(boss_shield),
    # On a card face: an army's banner.
    "raven-banner": _system(raven_banner),
}


def emblem(name: str) -> Emblem:
    """The emblem called ``name``; KeyError naming the registry for an unknown one."""
    try:
        return EMBLEMS[name]
    except KeyError:
        raise KeyError(f"no emblem {name!r} in the art registry: {', '.join(EMBLEMS)}") from None
