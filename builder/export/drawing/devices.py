"""Devices: the bold drawings at the heart of a marker (blood drops for a wound, a bear's paw
for a berserker, locked shields for a tight shield wall) and the rule systems' own emblems on
their card backs (a crowned shield, a knight's great helm, a round shield with its boss), all
as ReportLab paths. The art registry (:mod:`builder.export.drawing.tokenart`) names them.

A marker's device is drawn into a square ``2 s`` mm a side centred on (cx, cy): white shapes
on the token's ground, outlined and lined in the ground's own colour, so that with
``--ink-saver`` (where every fill turns to a pale wash and only lines keep their ink) each
shape still shows by its outline; bare lines (shafts, shake marks) are white, which the ink
saver turns dark. An emblem is drawn in a roundel of radius ``r`` in its own colours.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from builder.export.drawing.draw import (
    GOLD,
    INK,
    PAPER_WHITE,
    PARCHMENT,
    RGB,
    ROSE_RED,
    ROSE_WHITE,
    SAVER_LINE,
    saving_ink,
)

#: ``(c, cx, cy, s, ground)``: a device in the square of half-side ``s`` on ``ground``.
Device = Callable[[Canvas, float, float, float, RGB], None]

#: Outline and inner lines as a share of ``s``.
OUTLINE = 0.06
DETAIL = 0.045


def _shape(c: Canvas, ground: RGB, s: float, width: float = OUTLINE) -> None:
    """Pen for a white shape outlined in the ground's colour."""
    c.setFillColorRGB(*PAPER_WHITE)
    c.setStrokeColorRGB(*ground)
    c.setLineWidth(s * width)
    c.setLineJoin(1)


def _bare(c: Canvas, s: float, width: float) -> None:
    """Pen for a bare white line (dark with the ink saver)."""
    c.setStrokeColorRGB(*PAPER_WHITE)
    c.setLineWidth(s * width)
    c.setLineCap(1)


def _polygon(c: Canvas, points: list[tuple[float, float]], fill: bool = True) -> None:
    path = c.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    c.drawPath(path, stroke=1, fill=1 if fill else 0)


# --- Marker devices --------------------------------------------------------------------------


def _drop(c: Canvas, x: float, y: float, h: float) -> None:
    """A drop ``h`` tall centred on (x, y): a point at the top, round below."""
    rr, yc = 0.32 * h, y - 0.18 * h
    k = 0.552 * rr
    path = c.beginPath()
    path.moveTo(x, y + 0.5 * h)
    path.curveTo(x + 0.08 * h, y + 0.3 * h, x + rr, y + 0.08 * h, x + rr, yc)
    path.curveTo(x + rr, yc - k, x + k, yc - rr, x, yc - rr)
    path.curveTo(x - k, yc - rr, x - rr, yc - k, x - rr, yc)
    path.curveTo(x - rr, y + 0.08 * h, x - 0.08 * h, y + 0.3 * h, x, y + 0.5 * h)
    path.close()
    c.drawPath(path, stroke=1, fill=1)


def blood_drops(c: Canvas, cx: float, cy: float, s: float, ground: RGB) -> None:
    """A wound: a big drop of blood and two small ones beside it."""
    _shape(c, ground, s)
    _drop(c, cx - 0.22 * s, cy + 0.02 * s, 1.8 * s)
    _drop(c, cx + 0.62 * s, cy + 0.42 * s, 0.72 * s)
    _drop(c, cx + 0.58 * s, cy - 0.5 * s, 0.52 * s)
    # A highlight on the big drop.
    c.setLineWidth(s * DETAIL * 1.4)
    c.setLineCap(1)
    c.arc(cx - 0.7 * s, cy - 0.7 * s, cx + 0.0 * s, cy + 0.1 * s, 190, 60)


def _stand(c: Canvas, x: float, y: float, w: float, h: float, s: float) -> None:
    """A stand seen from above: a base with two shields along its front."""
    c.setFillColorRGB(*PAPER_WHITE)
    c.setLineWidth(s * OUTLINE)
    c.rect(x - w / 2, y - h / 2, w, h, stroke=1, fill=1)
    c.setLineWidth(s * DETAIL)
    for i in (-1, 1):
        c.circle(x + i * w * 0.24, y, h * 0.3, stroke=1, fill=0)


def wedge_of_stands(c: Canvas, cx: float, cy: float, s: float, ground: RGB) -> None:
    """A wedge: an arrowhead pointing the way, one stand at its point and two behind."""
    _bare(c, s, 0.13)
    c.setLineJoin(1)
    _polygon(
        c,
        [(cx, cy + 0.98 * s), (cx + 0.96 * s, cy - 0.82 * s), (cx - 0.96 * s, cy - 0.82 * s)],
        fill=False,
    )
    _shape(c, ground, s)
    w, h = 0.62 * s, 0.4 * s
    _stand(c, cx, cy + 0.02 * s, w, h, s)
    _stand(c, cx - 0.35 * s, cy - 0.48 * s, w, h, s)
    _stand(c, cx + 0.35 * s, cy - 0.48 * s, w, h, s)


def bear_paw(c: Canvas, cx: float, cy: float, s: float, ground: RGB) -> None:
    """A berserker's bear-shirt: a bear's paw, its pad, four toes and their claws."""
    _shape(c, ground, s)
    px, py = cx, cy - 0.38 * s
    toes = [(-0.66, 0.12), (-0.24, 0.46), (0.24, 0.46), (0.66, 0.12)]
    for tx, ty in toes:
        x, y = cx + tx * s, cy + ty * s
        dx, dy = x - px, y - py
        d = math.hypot(dx, dy)
        ux, uy = dx / d, dy / d
        base = 0.2 * s
        tip = (x + ux * 0.5 * s, y + uy * 0.5 * s)
        _polygon(
            c,
            [
                (x + uy * base * 0.5, y - ux * base * 0.5),
                tip,
                (x - uy * base * 0.5, y + ux * base * 0.5),
            ],
        )
        c.ellipse(x - 0.19 * s, y - 0.24 * s, x + 0.19 * s, y + 0.24 * s, stroke=1, fill=1)
    # The pad: three lobes below, a rounded top.
    path = c.beginPath()
    path.moveTo(px - 0.55 * s, py - 0.05 * s)
    path.curveTo(
        px - 0.55 * s, py + 0.45 * s, px + 0.55 * s, py + 0.45 * s, px + 0.55 * s, py - 0.05 * s
    )
    path.curveTo(px + 0.6 * s, py - 0.45 * s, px + 0.25 * s, py - 0.6 * s, px, py - 0.42 * s)
    path.curveTo(
        px - 0.25 * s, py - 0.6 * s, px - 0.6 * s, py - 0.45 * s, px - 0.55 * s, py - 0.05 * s
    )
    path.close()
    c.drawPath(path, stroke=1, fill=1)


def _round_shield(c: Canvas, x: float, y: float, r: float, ground: RGB, s: float) -> None:
    """A round shield: white face, its rim and its boss in the ground's colour."""
    c.setFillColorRGB(*PAPER_WHITE)
    c.setLineWidth(s * OUTLINE)
    c.circle(x, y, r, stroke=1, fill=1)
    c.setLineWidth(s * DETAIL)
    c.circle(x, y, r * 0.78, stroke=1, fill=0)
    c.setFillColorRGB(*ground)
    c.circle(x, y, r * 0.26, stroke=1, fill=1)


def overlapping_shields(c: Canvas, cx: float, cy: float, s: float, ground: RGB) -> None:
    """A loose shield wall: three round shields in a row, each just over the next."""
    _shape(c, ground, s)
    r = 0.4 * s
    for i in (-1, 0, 1):
        _round_shield(c, cx + i * 0.7 * s, cy, r, ground, s)


def _spear(c: Canvas, x: float, y0: float, y1: float, s: float, ground: RGB) -> None:
    _bare(c, s, 0.07)
    c.line(x, y0, x, y1 - 0.2 * s)
    _shape(c, ground, s, DETAIL)
    _polygon(
        c, [(x, y1), (x + 0.1 * s, y1 - 0.22 * s), (x, y1 - 0.32 * s), (x - 0.1 * s, y1 - 0.22 * s)]
    )


def locked_shields(c: Canvas, cx: float, cy: float, s: float, ground: RGB) -> None:
    """A tight shield wall: two ranks of round shields locked rim over rim, spears raised
    between them."""
    _shape(c, ground, s)
    for i in (-1.5, -0.5, 0.5, 1.5):
        _round_shield(c, cx + i * 0.44 * s, cy + 0.3 * s, 0.3 * s, ground, s)
    for i in (-1, 0, 1):
        _spear(c, cx + i * 0.44 * s, cy + 0.2 * s, cy + 0.98 * s, s, ground)
    _shape(c, ground, s)
    for i in (-1.5, -0.5, 0.5, 1.5):
        _round_shield(c, cx + i * 0.44 * s, cy - 0.35 * s, 0.34 * s, ground, s)


def _kite(c: Canvas, a: float, top: float, tip: float) -> None:
    """A kite shield about the origin: ``a`` its half-width, ``top`` its top, ``tip`` its
    point (below)."""
    path = c.beginPath()
    path.moveTo(-a, top * 0.8)
    path.curveTo(-a * 0.4, top, a * 0.4, top, a, top * 0.8)
    path.curveTo(a, 0.0, a * 0.6, tip * 0.55, 0.0, tip)
    path.curveTo(-a * 0.6, tip * 0.55, -a, 0.0, -a, top * 0.8)
    path.close()
    c.drawPath(path, stroke=1, fill=1)


def tilted_shield(c: Canvas, cx: float, cy: float, s: float, ground: RGB) -> None:
    """Unsteady: a kite shield leaning over, shake marks either side."""
    c.saveState()
    c.translate(cx - 0.05 * s, cy + 0.02 * s)
    c.rotate(-22)
    _shape(c, ground, s)
    _kite(c, 0.52 * s, 0.86 * s, -0.98 * s)
    c.setLineWidth(s * DETAIL)
    c.line(0, 0.7 * s, 0, -0.75 * s)
    c.line(-0.42 * s, 0.3 * s, 0.42 * s, 0.3 * s)
    c.restoreState()
    _bare(c, s, 0.11)
    for side in (-1, 1):
        for k, reach in enumerate((0.72, 0.94)):
            x = cx + side * reach * s
            h = (0.42 - 0.1 * k) * s
            c.arc(x - 0.25 * s, cy - h, x + 0.25 * s, cy + h, -50 if side > 0 else 130, 100)


def chevrons(c: Canvas, cx: float, cy: float, s: float, ground: RGB) -> None:
    """Pursuit: three chevrons running on, one after another."""
    _shape(c, ground, s)
    t, d, half = 0.26 * s, 0.46 * s, 0.62 * s
    for x0 in (-0.95, -0.4, 0.15):
        x = cx + x0 * s
        _polygon(
            c,
            [
                (x, cy + half),
                (x + t, cy + half),
                (x + t + d, cy),
                (x + t, cy - half),
                (x, cy - half),
                (x + d, cy),
            ],
        )


def crown(c: Canvas, cx: float, cy: float, s: float, ground: RGB) -> None:
    """A command point: a crown, three pearled points and a jewelled band."""
    _shape(c, ground, s)
    _polygon(
        c,
        [
            (cx - 0.78 * s, cy - 0.3 * s),
            (cx - 0.88 * s, cy + 0.48 * s),
            (cx - 0.42 * s, cy + 0.06 * s),
            (cx, cy + 0.66 * s),
            (cx + 0.42 * s, cy + 0.06 * s),
            (cx + 0.88 * s, cy + 0.48 * s),
            (cx + 0.78 * s, cy - 0.3 * s),
        ],
    )
    for x, y in ((-0.88, 0.48), (0.0, 0.66), (0.88, 0.48)):
        c.circle(cx + x * s, cy + y * s, 0.13 * s, stroke=1, fill=1)
    c.rect(cx - 0.84 * s, cy - 0.72 * s, 1.68 * s, 0.42 * s, stroke=1, fill=1)
    c.setLineWidth(s * DETAIL)
    for x in (-0.5, 0.0, 0.5):
        _polygon(
            c,
            [
                (cx + x * s, cy - 0.38 * s),
                (cx + (x + 0.1) * s, cy - 0.51 * s),
                (cx + x * s, cy - 0.64 * s),
                (cx + (x - 0.1) * s, cy - 0.51 * s),
            ],
            fill=False,
        )


def heater_shield(c: Canvas, cx: float, cy: float, s: float, ground: RGB) -> None:
    """A ward: a heater shield, a white border round a gold field (where the art registry
    sets the side's rose: a white or a red one shows on gold)."""
    _shape(c, ground, s)
    _heater(c, cx, cy, 0.72 * s, 0.86 * s, 0.95 * s)
    c.setLineWidth(s * DETAIL)
    c.setFillColorRGB(*GOLD)
    _heater(c, cx, cy, 0.6 * s, 0.74 * s, 0.8 * s)


def _heater(
    c: Canvas, cx: float, cy: float, a: float, top: float, tip: float, fill: bool = True
) -> None:
    """A heater shield centred on (cx, cy): half-width ``a``, ``top`` above, ``tip`` below."""
    path = c.beginPath()
    path.moveTo(cx - a, cy + top)
    path.lineTo(cx + a, cy + top)
    path.lineTo(cx + a, cy + 0.1 * tip)
    path.curveTo(cx + a, cy - 0.5 * tip, cx + 0.4 * a, cy - 0.8 * tip, cx, cy - tip)
    path.curveTo(cx - 0.4 * a, cy - 0.8 * tip, cx - a, cy - 0.5 * tip, cx - a, cy + 0.1 * tip)
    path.close()
    c.drawPath(path, stroke=1, fill=1 if fill else 0)


def hourglass(c: Canvas, cx: float, cy: float, s: float, ground: RGB) -> None:
    """Lethargy: an hourglass, most of its sand run down."""
    _bare(c, s, 0.09)
    for x in (-0.62, 0.62):
        c.line(cx + x * s, cy - 0.75 * s, cx + x * s, cy + 0.75 * s)
    _shape(c, ground, s)
    path = c.beginPath()
    path.moveTo(cx - 0.5 * s, cy + 0.74 * s)
    path.curveTo(cx - 0.5 * s, cy + 0.3 * s, cx - 0.1 * s, cy + 0.12 * s, cx - 0.08 * s, cy)
    path.curveTo(
        cx - 0.1 * s, cy - 0.12 * s, cx - 0.5 * s, cy - 0.3 * s, cx - 0.5 * s, cy - 0.74 * s
    )
    path.lineTo(cx + 0.5 * s, cy - 0.74 * s)
    path.curveTo(cx + 0.5 * s, cy - 0.3 * s, cx + 0.1 * s, cy - 0.12 * s, cx + 0.08 * s, cy)
    path.curveTo(
        cx + 0.1 * s, cy + 0.12 * s, cx + 0.5 * s, cy + 0.3 * s, cx + 0.5 * s, cy + 0.74 * s
    )
    path.close()
    c.drawPath(path, stroke=1, fill=1)
    for y in (0.74, -0.92):
        c.roundRect(cx - 0.78 * s, cy + y * s, 1.56 * s, 0.18 * s, 0.06 * s, stroke=1, fill=1)
    # The sand: a little left above, a heap below and the thread between.
    c.setFillColorRGB(*ground)
    c.setLineWidth(s * DETAIL)
    _polygon(c, [(cx - 0.2 * s, cy + 0.3 * s), (cx + 0.2 * s, cy + 0.3 * s), (cx, cy + 0.08 * s)])
    _polygon(
        c, [(cx - 0.44 * s, cy - 0.72 * s), (cx + 0.44 * s, cy - 0.72 * s), (cx, cy - 0.34 * s)]
    )
    c.line(cx, cy + 0.08 * s, cx, cy - 0.34 * s)


def dagger(c: Canvas, cx: float, cy: float, s: float, ground: RGB) -> None:
    """Treachery: a dagger held point down, as for a blow in the back."""
    c.saveState()
    c.translate(cx, cy)
    c.rotate(35)
    c.scale(1.18, 1.18)
    _shape(c, ground, s)
    blade = 0.22 * s
    _polygon(
        c,
        [(-blade, 0.2 * s), (-blade, -0.6 * s), (0, -1.0 * s), (blade, -0.6 * s), (blade, 0.2 * s)],
    )
    c.roundRect(-0.15 * s, 0.34 * s, 0.3 * s, 0.42 * s, 0.05 * s, stroke=1, fill=1)
    c.roundRect(-0.62 * s, 0.18 * s, 1.24 * s, 0.2 * s, 0.08 * s, stroke=1, fill=1)
    c.circle(0, 0.86 * s, 0.16 * s, stroke=1, fill=1)
    c.setLineWidth(s * DETAIL)
    c.line(0, 0.1 * s, 0, -0.72 * s)
    for y in (0.46, 0.56, 0.66):
        c.line(-0.15 * s, y * s, 0.15 * s, y * s)
    c.restoreState()


def fallen_pikes(c: Canvas, cx: float, cy: float, s: float, ground: RGB) -> None:
    """Three pikes fallen across each other, heads every which way (outlined in
    white, shafts and heads alike, so that with --ink-saver they still show)."""
    k = s / 5.0
    c.setStrokeColorRGB(*PAPER_WHITE)
    c.setFillColorRGB(*PAPER_WHITE)
    c.setLineWidth(0.068 * s)
    half = 4.07 * k
    for angle, dx, dy in ((35, -0.36, -1.09), (150, 0.64, -0.09), (100, 1.84, -0.89)):
        a = math.radians(angle)
        ux, uy = math.cos(a), math.sin(a)
        x0, y0 = cx + dx * k, cy + dy * k
        c.line(x0 - half * ux, y0 - half * uy, x0 + half * ux, y0 + half * uy)
        # A leaf-shaped head at one end.
        hx, hy = x0 + half * ux, y0 + half * uy
        _polygon(
            c,
            [
                (hx + 1.8 * k * ux, hy + 1.8 * k * uy),
                (hx - 0.5 * k * uy, hy + 0.5 * k * ux),
                (hx + 0.5 * k * uy, hy - 0.5 * k * ux),
            ],
        )


def limp_banner(c: Canvas, cx: float, cy: float, s: float, ground: RGB) -> None:
    """A banner hanging limp from its pole (outlined in white, as the
    pikes are)."""
    k = s / 4.6
    c.setStrokeColorRGB(*PAPER_WHITE)
    c.setFillColorRGB(*PAPER_WHITE)
    c.setLineWidth(0.068 * s)
    pole = cx - 2.6 * k

    def at(dx: float, dy: float) -> tuple[float, float]:
        return pole + dx * k, cy + dy * k

    c.line(*at(0, -4.4), *at(0, 4.4))
    path = c.beginPath()
    path.moveTo(*at(0, 4.2))
    path.curveTo(*at(2.5, 3.4), *at(4.5, 1.3), *at(5.2, -2.8))
    path.lineTo(*at(3.6, -1.4))
    path.lineTo(*at(2.6, -3.6))
    path.curveTo(*at(2.0, -0.8), *at(1.2, 0.8), *at(0, 1.0))
    path.close()
    c.drawPath(path, stroke=1, fill=1)


DEVICES: dict[str, Device] = {
    "blood-drops": blood_drops,
    "wedge-of-stands": wedge_of_stands,
    "bear-paw": bear_paw,
    "overlapping-shields": overlapping_shields,
    "locked-shields": locked_shields,
    "tilted-shield": tilted_shield,
    "chevrons": chevrons,
    "crown": crown,
    "heater-shield": heater_shield,
    "hourglass": hourglass,
    "dagger": dagger,
    "fallen-pikes": fallen_pikes,
    "limp-banner": limp_banner,
}


# --- The systems' emblems (card backs) -----------------------------------------------------


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
    _heater(c, cx, sy, a, top, tip, fill=False)
    c.line(cx, sy + top, cx, sy - tip)
    # The crown over it.
    c.setFillColorRGB(*GOLD)
    base, w = sy + top + 0.06 * r, 0.4 * r
    _polygon(
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
        _polygon(
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
    _polygon(
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
    _polygon(
        c,
        [
            (bx + 0.19 * r, by + 0.08 * r),
            (bx + 0.29 * r, by + 0.045 * r),
            (bx + 0.19 * r, by + 0.03 * r),
        ],
    )
    _polygon(
        c,
        [
            (bx - 0.1 * r, by + 0.02 * r),
            (bx - 0.2 * r, by + 0.26 * r),
            (bx - 0.02 * r, by + 0.16 * r),
            (bx + 0.06 * r, by + 0.03 * r),
        ],
    )
    _polygon(
        c,
        [
            (bx - 0.02 * r, by + 0.04 * r),
            (bx + 0.04 * r, by + 0.27 * r),
            (bx + 0.1 * r, by + 0.05 * r),
        ],
    )
    _polygon(
        c,
        [
            (bx - 0.13 * r, by),
            (bx - 0.3 * r, by - 0.04 * r),
            (bx - 0.28 * r, by - 0.1 * r),
            (bx - 0.12 * r, by - 0.04 * r),
        ],
    )
