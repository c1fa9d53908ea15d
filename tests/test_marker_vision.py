"""Markers anyone can tell apart (issue 42.7): every two kinds of marker on a token sheet differ
by their drawing, not only by colour, in greyscale and to a deuteranope and a protanope
(tests/vision.py: Pillow's luma; Machado et al. 2009 at full severity).

Each kind's first token is drawn alone (as the sheets draw it, in colour and with
``--ink-saver``), its emblem area cropped and seen through each vision, and reduced to a
figure mask: the pixels whose seen colour differs from the seen ground inside the trim's
corner by more than :data:`THRESHOLD`. Two kinds differ by the share of their masks' union
that only one of them covers (XOR over union).

Threshold: :data:`LEAST` = 0.15. The same device on two grounds (the old look: a gold dot on
each kind's colour) measures under 0.05 in every vision, the noise of anti-aliasing and
resampling; 0.15 is three times that, and every two different devices measure 0.3 and more.
A pixel is figure where its seen channels differ from the ground's by more than 36 of 765 in
all (about 5% of the range, so a pale ink-saver wash still counts and JPEG-like edge noise
does not)."""

from __future__ import annotations

import itertools

import pytest
from packs import RULESETS, sheet_items
from PIL import Image
from vision import VISIONS, dichromat, seen

from builder.core.printables import Token, TokenSheet
from builder.export.drawing.canvas import Box, Cell
from builder.export.drawing.tokenart import emblem_room
from builder.export.images.raster import at_dpi, rasterise
from builder.export.layout.decks import token_drawer

DPI = 150
THRESHOLD = 36
SIDE = 64
LEAST = 0.15
#: Art with no emblem area: the tracker (boxes and words) and the four-way order marker,
#: each unlike any round marker in its whole layout.
NO_EMBLEM = ("tracker", "four-way")

Mask = list[bool]


def kinds(sheet: TokenSheet, whole: bool = False) -> dict[str, tuple[Token, tuple[float, float]]]:
    """Each kind (label) on the sheet: its first token and the token's size (only the kinds
    with an emblem, unless ``whole``)."""
    out: dict[str, tuple[Token, tuple[float, float]]] = {}
    for group in sheet.groups:
        for token in group.tokens:
            if whole or token.art not in NO_EMBLEM:
                out.setdefault(token.label, (token, group.size_mm))
    return out


def masks(
    tokens: list[tuple[Token, tuple[float, float]]], ink_saver: bool, whole: bool = False
) -> dict[str, list[Mask]]:
    """Each token's emblem mask (its whole face's if ``whole``), per vision (in the order of
    ``tokens``)."""
    pictures = [at_dpi(token_drawer(t), size, 0.0, DPI) for t, size in tokens]
    images = rasterise(pictures, "markers", ink_saver)
    out: dict[str, list[Mask]] = {v: [] for v in VISIONS}
    k = DPI / 25.4
    for image, (token, (w, h)) in zip(images, tokens, strict=True):
        page_h = image.height / k
        trim = Box((image.width / k - w) / 2, (page_h - h) / 2, w, h)
        room = trim if whole else emblem_room(Cell(trim, trim), token)
        corner = (round((trim.x + 0.6) * k), round((page_h - trim.y - 0.6) * k))
        crop = image.crop(
            (
                round(room.x * k),
                round((page_h - room.top) * k),
                round(room.right * k),
                round((page_h - room.y) * k),
            )
        ).resize((SIDE, SIDE), Image.Resampling.BILINEAR)
        for vision in VISIONS:
            ground = seen(image.crop((*corner, corner[0] + 1, corner[1] + 1)), vision).tobytes()
            data = seen(crop, vision).tobytes()
            out[vision].append(
                [
                    sum(abs(data[i + j] - ground[j]) for j in range(3)) > THRESHOLD
                    for i in range(0, len(data), 3)
                ]
            )
    return out


def difference(a: Mask, b: Mask) -> float:
    union = sum(1 for x, y in zip(a, b, strict=True) if x or y)
    xor = sum(1 for x, y in zip(a, b, strict=True) if x != y)
    return xor / union if union else 0.0


def least_difference(
    sheet: TokenSheet, ink_saver: bool, whole: bool = False
) -> dict[str, tuple[float, str, str]]:
    """Per vision, the least difference between two kinds of the sheet, and which two."""
    found = kinds(sheet, whole)
    labels = list(found)
    seen_masks = masks(list(found.values()), ink_saver, whole)
    out: dict[str, tuple[float, str, str]] = {}
    for vision, ms in seen_masks.items():
        for label, m in zip(labels, ms, strict=True):
            # Each emblem shows at all in this vision: a good share of its area.
            assert sum(m) / SIDE**2 > 0.08, (vision, label, sum(m) / SIDE**2)
        out[vision] = min(
            (difference(ms[i], ms[j]), labels[i], labels[j])
            for i, j in itertools.combinations(range(len(labels)), 2)
        )
    return out


CASES = [
    (r, s.kind, ink, whole)
    for r in RULESETS
    for s in sheet_items(r)
    for whole in (False, True)
    if isinstance(s, TokenSheet) and len(kinds(s, whole)) > 1
    for ink in (False, True)
]


@pytest.mark.parametrize(
    ("ruleset", "kind", "ink_saver", "whole"),
    CASES,
    ids=[f"{r}-{k}-{'ink' if i else 'colour'}-{'face' if w else 'emblem'}" for r, k, i, w in CASES],
)
def test_every_two_marker_kinds_differ_to_every_eye(
    ruleset: str, kind: str, ink_saver: bool, whole: bool
) -> None:
    """By their emblems, and by their whole faces (the tracker and the four-way marker, which
    have no emblem, among them)."""
    sheet = next(s for s in sheet_items(ruleset) if isinstance(s, TokenSheet) and s.kind == kind)
    for vision, (least, a, b) in least_difference(sheet, ink_saver, whole).items():
        assert least > LEAST, (vision, a, b, round(least, 3))


def test_the_measure_fails_markers_told_apart_by_colour_alone() -> None:
    """The same device in two colours is one marker to every vision (so the test above can
    fail), and two different devices are two."""
    size = (25.0, 25.0)
    dots = masks(
        [
            (Token("badge", "#9a6212", "UNSTEADY"), size),
            (Token("badge", "#4a4f5c", "PURSUIT"), size),
        ],
        False,
    )
    drawn = masks(
        [
            (Token("chevrons", "#4a4f5c", "PURSUIT"), size),
            (Token("crown", "#6b2a1a", "CROWN"), size),
        ],
        False,
    )
    for vision in VISIONS:
        assert difference(*dots[vision]) < 0.05
        assert difference(*drawn[vision]) > LEAST


def test_the_simulations_confuse_what_they_should() -> None:
    """A dichromat's red and green of like lightness come out alike; blue and yellow stay
    apart (Machado's model keeps the blue-yellow axis); white stays white."""
    red, green = (200, 60, 40), (110, 110, 40)
    for kind in ("deuteranopia", "protanopia"):
        see = dichromat(kind)
        assert see((255, 255, 255)) == (255, 255, 255)
        a, b = see(red), see(green)
        assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) < 60, (kind, a, b)
        blue, yellow = see((40, 60, 200)), see((220, 200, 40))
        assert sum(abs(x - y) for x, y in zip(blue, yellow, strict=True)) > 300
