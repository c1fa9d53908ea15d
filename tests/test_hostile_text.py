"""Hostile user text through every output: markup, control characters, right-to-left text,
emoji and 80-character names on every card, token and document. Nothing crashes, nothing
leaves its card, markup prints literally, and WeasyPrint fetches nothing but our assets."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from test_export_cards import chars_inside

from builder import armyfile
from builder.export import weasy
from builder.export.base import ArmyInput, ExportJob
from builder.export.pack import KINDS, export_pack
from builder.resources import examples_dir

HOSTILE = [
    "<link rel=stylesheet href=file:///etc/passwd>",
    '<img src="http://example.invalid/x.png"> & <b>bold</b>',
    "עברית ושלום العربية",
    "Knights 🛡️⚔️🏰 of the 🌹",
    "W" * 80,
    "bell\x07esc\x1b[31m tab\there",  # only reachable through the API: files refuse these
    "\u202eevil override\u202c zero\u200bwidth",
    "Sir Bartholomew Fitzwilliam de la Pole-Plantagenet, Warden of the Western Marche",
]


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    out = tmp_path_factory.mktemp("hostile")
    inputs = []
    for n, name in enumerate(("lancaster.toml", "york.toml")):
        army = armyfile.load(examples_dir() / name)
        army.name = HOSTILE[(4 + n) % len(HOSTILE)]
        for i, ward in enumerate(army.wards):
            ward.leader.name = HOSTILE[(i * 3 + n) % len(HOSTILE)]
            ward.leader.rank = HOSTILE[(i * 3 + n + 1) % len(HOSTILE)][:40]
            for j, unit in enumerate(ward.units):
                unit.label = HOSTILE[(i + j + n + 2) % len(HOSTILE)]
                unit.nationality = HOSTILE[(i + j + n + 5) % len(HOSTILE)][:40]
        inputs.append(ArmyInput(army, out / name, armyfile.dumps(army)))
    refused: list[str] = []
    real_fetch = weasy.AssetFetcher.fetch

    def spy(self: weasy.AssetFetcher, url: str, headers: object = None):  # type: ignore[no-untyped-def]
        try:
            return real_fetch(self, url, headers)
        except weasy.AssetRefused:
            refused.append(url)
            raise

    mp = pytest.MonkeyPatch()
    mp.setattr(weasy.AssetFetcher, "fetch", spy)
    try:
        manifest = export_pack(ExportJob(tuple(inputs)), out)
    finally:
        mp.undo()
    assert [f["file"] for f in manifest["files"]] == [f"{kind}.pdf" for kind in KINDS]
    return out, refused


def test_nothing_is_fetched(pack: tuple[Path, list[str]]) -> None:
    assert pack[1] == []


@pytest.mark.parametrize("name", ["play-deck", "unit-cards"])
def test_text_stays_inside_every_card(pack: tuple[Path, list[str]], name: str) -> None:
    assert chars_inside(pack[0] / f"{name}.pdf", "", 63.5, 88.9) > 100


def test_documents_print_markup_literally_inside_the_page(pack: tuple[Path, list[str]]) -> None:
    import pypdfium2

    # pdfium reads text in WeasyPrint's custom-encoded subsets, which pdfplumber skips.
    doc = pypdfium2.PdfDocument(pack[0] / "roster.pdf")
    text = " ".join(" ".join(page.get_textpage().get_text_range() for page in doc).split())
    doc.close()
    with pdfplumber.open(pack[0] / "roster.pdf") as pdf:
        for page in pdf.pages:
            for ch in page.chars:
                assert 0 <= ch["x0"] and ch["x1"] <= page.width + 0.5, ch["text"]
                assert 0 <= ch["top"] and ch["bottom"] <= page.height + 0.5, ch["text"]
    assert "<link rel=stylesheet" in text
    assert "<b>bold</b>" in text


def test_every_pdf_opens(pack: tuple[Path, list[str]]) -> None:
    from pypdf import PdfReader

    for kind in KINDS:
        assert len(PdfReader(pack[0] / f"{kind}.pdf").pages) >= 1
