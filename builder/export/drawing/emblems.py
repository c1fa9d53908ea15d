"""The emblems of the art registry (docs/architecture.md#from-an-army-file-to-a-printed-card):
named devices in a roundel that card headers, faces, backs and tokens ask for (``EMBLEMS``):
roses, an illuminated initial, and each system's own for its backs (a crowned shield, a great
helm, a boss shield). Names say what is drawn; a new system adds its own here under new names.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from builder.export.drawing import devices, fonts
from builder.export.drawing.canvas import PT
from builder.export.drawing.draw import (
    GOLD,
    PARCHMENT,
    RGB,
    ROSE_RED,
    ROSE_WHITE,
    badge,
    rose,
)

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


EMBLEMS: dict[str, Emblem] = {
    "rose-white": _rose(ROSE_WHITE),
    "rose-red": _rose(ROSE_RED),
    "initial": _initial,
    # The systems' own, on their decks' backs.
    "crowned-shield": _system(devices.crowned_shield),
    "great-helm": _system(devices.great_helm),
    "boss-shield": _system(devices.boss_shield),
    # On a card face: an army's banner.
    "raven-banner": _system(devices.raven_banner),
}


def emblem(name: str) -> Emblem:
    """The emblem called ``name``; KeyError naming the registry for an unknown one."""
    try:
        return EMBLEMS[name]
    except KeyError:
        raise KeyError(f"no emblem {name!r} in the art registry: {', '.join(EMBLEMS)}") from None
