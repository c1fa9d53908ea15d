"""Every marker kind says what it is by its drawing, not just its label: each token sheet of
every ruleset's examples, exported as a PDF in colour and with ``--ink-saver``, rasterised
(PDFium); each kind's emblem area cropped from its first copy on the sheet and reduced to a
foreground mask (what differs from the token's ground); any two kinds of one sheet differ in
more than 15% of their masks' pixels (XOR over union)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from packs import RULESETS, armies, sheet_items
from PIL import Image
from printcheck import cells_by_page

from builder.cli import main
from builder.core.printables import TOKEN_MM, Token, TokenSheet
from builder.export.drawing.canvas import Box, Cell
from builder.export.drawing.tokenart import emblem_room
from builder.export.images.raster import at_dpi, rasterise
from builder.export.layout.decks import token_drawer

DPI = 150
#: A pixel is the emblem's where its channels differ from the ground's by more than this in
#: all (0-765): a pale wash against white with the ink saver still counts.
THRESHOLD = 36
#: Masks are compared at one size, so a 25 mm and a 38 mm marker compare alike.
SIDE = 64
LEAST = 0.15
#: Art with no emblem area: the tracker (boxes and words) and the four-way order marker.
NO_EMBLEM = ("tracker", "four-way")


def token_sheets(ruleset: str) -> list[TokenSheet]:
    return [item for item in sheet_items(ruleset) if isinstance(item, TokenSheet)]


def firsts(sheet: TokenSheet) -> dict[str, int]:
    """Each kind label's first printed copy on the sheet, by its place in print order."""
    out: dict[str, int] = {}
    n = 0
    for group in sheet.groups:
        for token in group.tokens:
            if token.art not in NO_EMBLEM:
                out.setdefault(token.label, n)
            n += token.count
    return out


def printed(sheet: TokenSheet) -> list[Token]:
    return [t for g in sheet.groups for t in g.tokens for _ in range(t.count)]


#: A foreground mask, row by row: True where the emblem is.
Mask = list[bool]


def mask(page: Image.Image, page_h: float, cell: Cell, token: Token) -> Mask:
    """The token's emblem area as a SIDE x SIDE mask, the ground sampled inside the trim's
    corner."""
    k = DPI / 25.4
    t = cell.trim
    ground = page.getpixel((round((t.x + 0.6) * k), round((page_h - t.y - 0.6) * k)))
    room = emblem_room(cell, token)
    crop = page.crop(
        (
            round(room.x * k),
            round((page_h - room.top) * k),
            round(room.right * k),
            round((page_h - room.y) * k),
        )
    )
    crop = crop.resize((SIDE, SIDE), Image.Resampling.BILINEAR)
    assert isinstance(ground, tuple)
    data = crop.tobytes()
    return [
        sum(abs(data[i + j] - ground[j]) for j in range(3)) > THRESHOLD
        for i in range(0, len(data), 3)
    ]


def difference(a: Mask, b: Mask) -> float:
    union = sum(1 for x, y in zip(a, b, strict=True) if x or y)
    xor = sum(1 for x, y in zip(a, b, strict=True) if x != y)
    return xor / union if union else 0.0


def emblem_masks(out: Path, ruleset: str, sheet: TokenSheet, ink_saver: bool) -> dict[str, Mask]:
    """Export ``sheet`` alone and crop each kind's first copy from its page."""
    extra = ["--ink-saver"] if ink_saver else []
    assert main(["export", *armies(ruleset), "--out", str(out), "--only", sheet.kind, *extra]) == 0
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    entry = next(f for f in manifest["files"] if f["file"] == f"{sheet.kind}.pdf")
    pages = cells_by_page("a4", 0.0, False, entry["layout"])
    cells = [(n, cell) for n, page in enumerate(pages) for cell in page]
    tokens = printed(sheet)
    assert len(cells) >= len(tokens)
    document = pdfium.PdfDocument(str(out / f"{sheet.kind}.pdf"))
    try:
        images: dict[int, Image.Image] = {}
        found: dict[str, Mask] = {}
        for label, index in firsts(sheet).items():
            n, cell = cells[index]
            if n not in images:
                images[n] = document[n].render(scale=DPI / 72).to_pil().convert("RGB")
            page_h = document[n].get_height() / 72 * 25.4
            found[label] = mask(images[n], page_h, cell, tokens[index])
        return found
    finally:
        document.close()


CASES = [
    (r, s.kind, ink)
    for r in RULESETS
    for s in token_sheets(r)
    if len(firsts(s)) > 1
    for ink in (False, True)
]


@pytest.mark.parametrize(
    ("ruleset", "kind", "ink_saver"),
    CASES,
    ids=[f"{r}-{k}-{'ink' if i else 'colour'}" for r, k, i in CASES],
)
def test_any_two_marker_kinds_differ_in_their_emblems(
    tmp_path: Path, ruleset: str, kind: str, ink_saver: bool
) -> None:
    sheet = next(s for s in token_sheets(ruleset) if s.kind == kind)
    masks = emblem_masks(tmp_path, ruleset, sheet, ink_saver)
    assert len(masks) == len(firsts(sheet))
    for label, m in masks.items():
        # Each emblem is drawn: a good share of its area stands out from the ground.
        share = sum(m) / SIDE**2
        assert share > 0.08, (label, share)
    for (a, ma), (b, mb) in itertools.combinations(masks.items(), 2):
        assert difference(ma, mb) > LEAST, (a, b, difference(ma, mb))


def test_the_measure_tells_plain_dots_apart_from_nothing() -> None:
    """The old look, a gold dot on two grounds, is one emblem to the measure (so the test
    above can fail), and two different devices are not."""

    def masks(*tokens: Token) -> list[Mask]:
        pictures = [at_dpi(token_drawer(t), (TOKEN_MM, TOKEN_MM), 0.0, DPI) for t in tokens]
        images = rasterise(pictures, "test")
        page_h = images[0].height / DPI * 25.4
        cell = Cell(
            Box(0, page_h - TOKEN_MM, TOKEN_MM, TOKEN_MM),
            Box(0, page_h - TOKEN_MM, TOKEN_MM, TOKEN_MM),
        )
        return [mask(image, page_h, cell, t) for image, t in zip(images, tokens, strict=True)]

    dots = masks(Token("badge", "#9a6212", "UNSTEADY"), Token("badge", "#4a4f5c", "PURSUIT"))
    assert difference(*dots) < 0.05
    drawn = masks(Token("chevrons", "#4a4f5c", "PURSUIT"), Token("crown", "#6b2a1a", "CROWN"))
    assert difference(*drawn) > LEAST
