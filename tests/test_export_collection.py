"""A Mustering collection prints its own unit cards: one card per figure unit owned."""

from __future__ import annotations

import json
from pathlib import Path

import pdfread
import pytest
from bh import load_collection

from builder.cli import main
from builder.resources import examples_dir

COLLECTION = str(examples_dir() / "collection.toml")
YORK = str(examples_dir() / "york.toml")


def units_printed(pdf: Path) -> int:
    with pdfread.document(pdf) as doc:
        return sum((page.extract_text() or "").split().count("UNIT") for page in doc.pages)


def test_collection_alone_prints_a_card_per_card(tmp_path: Path) -> None:
    cards = len(load_collection(COLLECTION).cards)
    assert main(["export", COLLECTION, "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["manifest.json", "unit-cards.pdf"]
    assert units_printed(tmp_path / "unit-cards.pdf") == cards
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["armies"] == []
    assert manifest["collections"][0]["name"] == "The club collection"
    assert manifest["files"][0]["counts"] == {"UNIT": cards}


def test_collection_beside_an_army(tmp_path: Path) -> None:
    cards = len(load_collection(COLLECTION).cards)
    assert (
        main(["export", YORK, COLLECTION, "--out", str(tmp_path), "--only", "unit-cards,tokens"])
        == 0
    )
    assert units_printed(tmp_path / "unit-cards.pdf") == cards + 6
    with pdfread.document(tmp_path / "tokens.pdf") as doc:
        text = " ".join((p.extract_text() or "") for p in doc.pages)
    assert text.count("DAUNTED") == 6  # tokens for the army's units only


def test_collection_alone_cannot_print_other_kinds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", COLLECTION, "--out", str(tmp_path), "--only", "tokens"]) == 2
    assert "prints only unit-cards" in capsys.readouterr().err
    assert not tmp_path.exists() or not any(tmp_path.iterdir())
