"""``--ink-saver``: pale fills instead of solid grounds and black text, on every card, token
and document, read back from the PDFs; the option reaches the manifest from the command line
and from the Print screen's checkbox."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pdfread
import pytest
from packs import armies
from pilot import export_with_checkbox, run_async
from printcheck import labels_on

from builder.cli import main
from builder.export.pipeline.pack import ruleset_kinds

KINDS = ruleset_kinds("billhooks")
SHEETS = ("play-deck", "bonus-deck", "special-events", "tokens", "unit-cards")


def luminance(colour: Any) -> float:
    """0 (black) to 1 (white) for a pdfplumber or pdfread colour (grey, RGB or CMYK tuple)."""
    if colour is None:
        return 0.0  # the PDF default: black
    if any(
        isinstance(v, str) for v in (colour if isinstance(colour, (tuple, list)) else (colour,))
    ):
        return 1.0  # a pattern (the tick-box strips' dividers), not a solid fill
    values = tuple(float(v) for v in (colour if isinstance(colour, (tuple, list)) else (colour,)))
    if len(values) == 1:
        return values[0]
    if len(values) == 4:
        c, m, y, k = values
        values = ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    r, g, b = values[:3]
    return 0.3 * r + 0.59 * g + 0.11 * b


def darkest_fill(pdf_path: Path) -> float:
    """The darkest filled area (rectangles and curves at least 2 mm both ways: grounds, bands,
    devices, not rules or borders, which WeasyPrint fills as thin rectangles) on any page."""
    darkest = 1.0
    with pdfread.pages(pdf_path) as pages:
        for page in pages:
            for obj in page.rects + page.curves:
                big = min(float(obj["width"]), float(obj["height"])) >= 2 * 72 / 25.4
                if obj.get("fill") and big:
                    darkest = min(darkest, luminance(obj.get("non_stroking_color")))
    return darkest


def text_colours(pdf_path: Path) -> set[tuple[float, ...]]:
    with pdfread.pages(pdf_path) as pages:
        return {
            tuple(float(v) for v in (ch["non_stroking_color"] or (0,)))
            for page in pages
            for ch in page.chars
            if ch["text"].strip()
        }


@pytest.fixture(scope="module")
def packs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    plain_out, saver_out = tmp_path_factory.mktemp("plain"), tmp_path_factory.mktemp("saver")
    assert main(["export", *armies("billhooks"), "--out", str(plain_out)]) == 0
    assert main(["export", *armies("billhooks"), "--out", str(saver_out), "--ink-saver"]) == 0
    return plain_out, saver_out


def test_the_manifest_says_so(packs: tuple[Path, Path]) -> None:
    plain_out, saver_out = packs
    assert json.loads((plain_out / "manifest.json").read_text())["ink_saver"] is False
    assert json.loads((saver_out / "manifest.json").read_text())["ink_saver"] is True


@pytest.mark.parametrize("kind", SHEETS)
def test_sheets_have_pale_fills_and_black_text(packs: tuple[Path, Path], kind: str) -> None:
    plain_out, saver_out = packs
    # The normal sheets have solid dark grounds and coloured or white text ...
    assert darkest_fill(plain_out / f"{kind}.pdf") < 0.5
    assert len(text_colours(plain_out / f"{kind}.pdf")) > 1
    # ... the ink saver's are light washes at most, and every letter is black.
    assert darkest_fill(saver_out / f"{kind}.pdf") > 0.8
    assert {luminance(c) for c in text_colours(saver_out / f"{kind}.pdf")} == {0.0}


@pytest.mark.parametrize("kind", SHEETS)
def test_every_label_is_still_printed(packs: tuple[Path, Path], kind: str) -> None:
    plain_out, saver_out = packs
    assert labels_on(saver_out / f"{kind}.pdf") == labels_on(plain_out / f"{kind}.pdf")


@pytest.mark.parametrize("kind", ["roster", "crib-sheet"])
def test_documents_print_black_text(packs: tuple[Path, Path], kind: str) -> None:
    plain_out, saver_out = packs
    assert {luminance(c) for c in text_colours(plain_out / f"{kind}.pdf")} != {0.0}
    assert {luminance(c) for c in text_colours(saver_out / f"{kind}.pdf")} == {0.0}
    if kind == "crib-sheet":  # its shaded table rows (#f3ece0) go
        assert SHADE in fill_colours(plain_out / f"{kind}.pdf")
        assert SHADE not in fill_colours(saver_out / f"{kind}.pdf")


SHADE = (0.953, 0.925, 0.878)


def fill_colours(pdf_path: Path) -> set[tuple[float, ...]]:
    with pdfread.pages(pdf_path) as pages:
        return {
            tuple(round(float(v), 3) for v in obj["non_stroking_color"])
            for page in pages
            for obj in page.rects
            if obj.get("fill")
            and isinstance(obj.get("non_stroking_color"), tuple)
            and not any(isinstance(v, str) for v in obj["non_stroking_color"])
        }


@run_async
async def test_the_print_screen_has_an_ink_saver_checkbox(army_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "pack"
    await export_with_checkbox(army_path, out, "#print-ink-saver", "tokens.pdf")
    assert json.loads((out / "manifest.json").read_text())["ink_saver"] is True
    assert darkest_fill(out / "tokens.pdf") > 0.8
    assert set(KINDS) >= {"tokens"}
