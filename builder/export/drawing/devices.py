"""Devices: the bold drawings at the heart of a marker (blood drops for a wound, a bear's paw
for a berserker, locked shields for a tight shield wall), as ReportLab paths. The token art
(:mod:`builder.export.drawing.tokenart`) names them; the systems' emblems on their card backs
(:mod:`builder.export.drawing.emblems`) share their shapes.

A marker's device is drawn into a square ``2 s`` mm a side centred on (cx, cy): white shapes
on the token's ground, outlined and lined in the ground's own colour, so that with
``--ink-saver`` (where every fill turns to a pale wash and only lines keep their ink) each
shape still shows by its outline; bare lines (shafts, shake marks) are white, which the ink
saver turns dark.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from builder.export.drawing.palette import GOLD, PAPER_WHITE, RGB

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


def polygon(c: Canvas, points: list[tuple[float, float]], fill: bool = True) -> None:
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
    polygon(
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
        polygon(
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
    polygon(
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
        polygon(
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
    polygon(
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
        polygon(
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
    heater(c, cx, cy, 0.72 * s, 0.86 * s, 0.95 * s)
    c.setLineWidth(s * DETAIL)
    c.setFillColorRGB(*GOLD)
    heater(c, cx, cy, 0.6 * s, 0.74 * s, 0.8 * s)


def heater(
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
    polygon(c, [(cx - 0.2 * s, cy + 0.3 * s), (cx + 0.2 * s, cy + 0.3 * s), (cx, cy + 0.08 * s)])
    polygon(
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
    polygon(
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
        polygon(
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
