"""Every deck of every rule system has a back: its system's emblem over the deck's name. Read
back from the PDFs (a back page for every page of fronts, the deck's name in its text) and
from the print-shop images (a back image for every front, the emblem drawn: the back's pixels
differ from the same back drawn without it)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from packs import RULESETS, armies, sheet_items
from PIL import Image
from pypdf import PdfReader

from builder.cli import main
from builder.core.printables import Deck
from builder.export.drawing.backs import back_drawer
from builder.export.drawing.emblems import EMBLEMS
from builder.export.images.raster import at_dpi, rasterise
from builder.export.job import CARD_MM

DPI = 60
#: A pixel differs where its channels differ by more than this in all (0-765).
THRESHOLD = 36
#: The least share of a back's pixels its emblem changes (a lone emblem covers about 12%).
EMBLEM_SHARE = 0.05


def decks(ruleset: str) -> list[Deck]:
    return [item for item in sheet_items(ruleset) if isinstance(item, Deck)]


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_deck_has_a_back_with_the_systems_emblem_and_its_name(ruleset: str) -> None:
    found = decks(ruleset)
    assert found
    emblems = {deck.back.emblems for deck in found if deck.back is not None}
    assert all(deck.back is not None for deck in found), ruleset
    # One emblem (or pair) for the whole system, from the art registry.
    assert len(emblems) == 1 and all(e in EMBLEMS for e in next(iter(emblems))), emblems
    assert next(iter(emblems)), ruleset
    for deck in found:
        assert deck.back is not None
        assert deck.title.lower() in deck.back.title.lower(), (deck.title, deck.back.title)


def _export(out: Path, ruleset: str, *extra: str) -> dict[str, Any]:
    kinds = ",".join(deck.kind for deck in decks(ruleset))
    assert main(["export", *armies(ruleset), "--out", str(out), "--only", kinds, *extra]) == 0
    data: dict[str, Any] = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_pdf_backs_follow_every_page_of_fronts(tmp_path: Path, ruleset: str) -> None:
    data = _export(tmp_path, ruleset)
    for deck in decks(ruleset):
        assert deck.back is not None
        if deck.reference:
            # Never dealt: printed single-sided on the shared sheets, no backs.
            entry = next(e for e in data["files"] if deck.kind in e.get("kinds", []))
            assert not any(x["duplex"] for x in entry["layout"]), deck.kind
            continue
        pages = [
            page.extract_text() or "" for page in PdfReader(tmp_path / f"{deck.kind}.pdf").pages
        ]
        backs = [text for text in pages if "backs, mirrored" in text]
        assert len(backs) * 2 == len(pages), deck.kind
        for text in backs:
            assert deck.back.title in text, (deck.kind, text[:200])


def _differing(a: Image.Image, b: Image.Image) -> float:
    da, db = a.tobytes(), b.tobytes()
    n = len(da) // 3
    return (
        sum(
            1
            for i in range(0, len(da), 3)
            if sum(abs(da[i + j] - db[i + j]) for j in range(3)) > THRESHOLD
        )
        / n
    )


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_png_backs_show_the_emblem(tmp_path: Path, ruleset: str) -> None:
    data = _export(tmp_path, ruleset, "--format", "png", "--dpi", str(DPI))
    for deck in decks(ruleset):
        assert deck.back is not None
        entry = next(e for e in data["files"] if e["file"] == deck.kind)
        sides = [image["side"] for image in entry["images"]]
        assert sides.count("back") == sides.count("front") > 0, deck.kind
        first = next(image for image in entry["images"] if image["side"] == "back")
        with Image.open(tmp_path.parent / tmp_path.name / first["file"]) as opened:
            printed = opened.convert("RGB")
        bare = rasterise(
            [
                at_dpi(
                    back_drawer(dataclasses.replace(deck.back, emblems=())),
                    CARD_MM["poker"],
                    0.0,
                    DPI,
                )
            ],
            "bare",
        )[0]
        assert printed.size == bare.size
        assert _differing(printed, bare) > EMBLEM_SHARE, deck.kind


def test_each_system_backs_its_decks_with_an_emblem_of_its_own() -> None:
    """A back tells the four systems' decks apart when they lie face down on one table."""
    emblems = {
        ruleset: {deck.back.emblems for deck in decks(ruleset) if deck.back is not None}
        for ruleset in RULESETS
    }
    assert all(len(found) == 1 for found in emblems.values()), emblems
    chosen = [next(iter(found)) for found in emblems.values()]
    assert len(set(chosen)) == len(chosen), emblems
