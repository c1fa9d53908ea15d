"""With ``--ink-saver`` a deck's back takes less ink than its faces (issue 42.5): an outline on
white, no ground, no lattice; and the two roses, red and white, differ by line (the red one
hatched, as heraldry draws red), not by a tint that turns pale pink.

Ink is measured as a printer spends it: each card rasterised as the sheets draw it, in
greyscale at 50 dpi, its mean darkness (0 white paper, 1 solid black). A deck's faces are
every card it prints (its blank ones too), the back the one every card shares."""

from __future__ import annotations

import pytest
from packs import RULESETS, sheet_items
from PIL import Image, ImageChops
from reportlab.pdfgen.canvas import Canvas

from builder.core.printables import Deck
from builder.export.drawing.backs import back_drawer
from builder.export.drawing.canvas import Cell
from builder.export.drawing.emblems import emblem
from builder.export.drawing.palette import ROSE_RED, ROSE_WHITE
from builder.export.images.raster import at_dpi, rasterise
from builder.export.job import CARD_MM
from builder.export.layout.decks import deck_items

DPI = 50
CARD = CARD_MM["poker"]


def ink(image: Image.Image) -> float:
    """Mean darkness of an image: 0 for white paper, 1 for solid black."""
    grey = image.convert("L")
    histogram = grey.histogram()
    return 1 - sum(i * n for i, n in enumerate(histogram)) / 255 / sum(histogram)


def backed_decks(ruleset: str) -> list[Deck]:
    return [d for d in sheet_items(ruleset) if isinstance(d, Deck) and d.back is not None]


def deck_ink(deck: Deck, ink_saver: bool) -> tuple[float, float]:
    """The mean ink of the deck's printed faces, and of its back."""
    assert deck.back is not None
    items = deck_items(deck, CARD, {})
    pictures = [at_dpi(i.draw, CARD, 0.0, DPI) for i in items]
    images = rasterise(
        [*pictures, at_dpi(back_drawer(deck.back), CARD, 0.0, DPI)], "ink", ink_saver
    )
    faces = [ink(i) for i in images[:-1]]
    return sum(faces) / len(faces), ink(images[-1])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_backs_take_less_ink_than_faces(ruleset: str) -> None:
    decks = backed_decks(ruleset)
    assert decks, f"{ruleset} prints no deck with a back"
    for deck in decks:
        faces, back = deck_ink(deck, ink_saver=True)
        assert back < faces, f"{ruleset} {deck.title}: back {back:.3f} against faces {faces:.3f}"
        # ... and far less than the back printed in colour (its ground and lattice gone).
        assert back < deck_ink(deck, ink_saver=False)[1] / 3


def rose_image(petal: tuple[float, float, float], ink_saver: bool) -> Image.Image:
    """A rose badge alone, 20 mm across, in greyscale at 300 dpi."""
    room = (20.0, 20.0)

    def draw(c: Canvas, cell: Cell) -> None:
        t = cell.trim
        name = "rose-red" if petal == ROSE_RED else "rose-white"
        emblem(name)(c, t.x + 10, t.y + 10, 9.5, petal, "", True)

    return rasterise([at_dpi(draw, room, 0.0, 300)], "rose", ink_saver)[0].convert("L")


def test_the_roses_differ_by_line_in_greyscale() -> None:
    red, white = rose_image(ROSE_RED, True), rose_image(ROSE_WHITE, True)
    # Where either is dark ink (lines, not tints): the hatching is the difference.
    dark = [ImageChops.invert(i).point(lambda v: 255 if v > 128 else 0) for i in (red, white)]
    differ = ImageChops.difference(*dark).histogram()[255]
    union = ImageChops.lighter(*dark).histogram()[255]
    assert differ / union > 0.2
    # No pale tint tells them apart: where neither has a line, the red rose's paper is as
    # white as the white one's (a pink tint of the petals made 7 levels of 255 of difference).
    light = [(r, w) for r, w in zip(red.tobytes(), white.tobytes(), strict=True) if min(r, w) > 128]
    assert sum(w - r for r, w in light) / len(light) < 3
