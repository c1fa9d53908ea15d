"""Hostile user text through every output: markup, control characters, right-to-left text,
emoji and 80-character names on every card, token and document. Nothing crashes, nothing
leaves its card, markup prints literally, and WeasyPrint fetches nothing but our assets."""

from __future__ import annotations

from pathlib import Path

import bh
import pdfread
import pytest
from printcheck import chars_inside, pdf_figures

from builder import armyfile
from builder.export.documents import weasy
from builder.export.job import ArmyInput, ExportJob
from builder.export.layout.sheet import EDGE_CLEAR
from builder.export.pipeline.pack import export_pack, ruleset_kinds
from builder.resources import examples_dir

KINDS = ruleset_kinds("billhooks")
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
        army = bh.load(examples_dir() / name)
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
    with pdfread.pages(pack[0] / "roster.pdf") as pages:
        for page in pages:
            for ch in page.chars:
                assert 0 <= ch["x0"] and ch["x1"] <= page.width + 0.5, ch["text"]
                assert 0 <= ch["top"] and ch["bottom"] <= page.height + 0.5, ch["text"]
    assert "<link rel=stylesheet" in text
    assert "<b>bold</b>" in text
    # Eighty W's in blackletter break across lines rather than run off the page, in the
    # heading and the running header: nothing within 5 mm of an edge.
    for kind in ("roster", "crib-sheet"):
        edge, _, nearest = pdf_figures(pack[0] / f"{kind}.pdf")
        assert edge >= EDGE_CLEAR, nearest


def test_every_pdf_opens(pack: tuple[Path, list[str]]) -> None:
    from pypdf import PdfReader

    for kind in KINDS:
        assert len(PdfReader(pack[0] / f"{kind}.pdf").pages) >= 1


ZERO_WIDTH = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u0301")


@pytest.mark.parametrize("ch", ZERO_WIDTH, ids=[f"U+{ord(c):04X}" for c in ZERO_WIDTH])
def test_zero_width_text_prints_on_every_card_token_and_document(tmp_path: Path, ch: str) -> None:
    """A name, rank, label or event title made only of one zero-width (or combining)
    character, repeated, passes the loader and used to end the export in ZeroDivisionError
    while fitting it: every kind must now be written (the text shows as nothing, or "?")."""
    text = ch * 3
    for name in ("lancaster.toml", "york.toml"):
        army = bh.load(examples_dir() / name)
        army.name = text
        for ward in army.wards:
            ward.leader.name = text
            ward.leader.rank = text
            for unit in ward.units:
                unit.label = text
                unit.nationality = text
        (tmp_path / name).write_text(armyfile.dumps(army), encoding="utf-8")
    events = tmp_path / "events.toml"
    events.write_text(f'[[events]]\ntitle = "{text}"\neffect = "{text}"\n', encoding="utf-8")
    # Through the files and the command, as a user meets it (the loader accepts the text).
    from builder.cli import main

    out = tmp_path / "out"
    assert (
        main(
            [
                "export",
                str(tmp_path / "lancaster.toml"),
                str(tmp_path / "york.toml"),
                "--out",
                str(out),
                "--events",
                str(events),
            ]
        )
        == 0
    )
    for kind in KINDS:
        with pdfread.document(out / f"{kind}.pdf") as pdf:
            assert len(pdf.pages) >= 1


def test_a_long_unbroken_word_wraps_in_linear_time() -> None:
    """Breaking a long word used to try every shorter prefix (quadratic: 600 letters took
    0.45 s a card, 200 events over two minutes). Now it is broken by bisection over running
    widths: 20,000 letters in well under a second, and 8x the letters about 8x the time
    (quadratic would be 64x; the bound of 24x leaves a loaded CI machine room)."""
    import time

    from builder.export.drawing import fonts, text

    fonts.register()

    def timed(n: int) -> float:
        word = "W" + "abcdefghij" * (n // 10)
        started = time.process_time()
        lines = text.wrap(word, fonts.BODY, 8, 40.0)
        took = time.process_time() - started
        assert "".join(lines) == word
        assert all(text.width_mm(line, fonts.BODY, 8) <= 40.0 + 1e-6 for line in lines)
        return took

    timed(1_000)  # warm the font's width cache
    small, large = min(timed(2_500) for _ in range(3)), min(timed(20_000) for _ in range(3))
    assert large < 2.0  # minutes before, on any machine
    assert large < 24 * small + 0.01
    # And through the fitting of a card's box at the smallest size: cut short, never hung.
    started = time.process_time()
    fitted = text.fit("x" * 20_000, fonts.BODY, 40.0, 20.0, 10, 8)
    assert time.process_time() - started < 3.0
    assert fitted.size >= 6.0 and fitted.height <= 20.0 + 1e-6


def test_two_hundred_events_of_one_long_word_export_quickly(tmp_path: Path) -> None:
    """The most an events file may hold, 200 events each one unbroken word (60-letter title,
    600-letter effect), took over two minutes; now a second or two, every card written."""
    import time

    from builder.cli import main

    word = "Bartholomew" * 55
    events = tmp_path / "events.toml"
    events.write_text(
        "".join(
            f'[[events]]\ntitle = "{word[:60]}"\neffect = "{word[:600]}"\n' for _ in range(200)
        ),
        encoding="utf-8",
    )
    started = time.process_time()
    assert (
        main(
            [
                "export",
                str(examples_dir() / "lancaster.toml"),
                "--out",
                str(tmp_path / "o"),
                "--only",
                "special-events",
                "--events",
                str(events),
            ]
        )
        == 0
    )
    assert time.process_time() - started < 15
    with pdfread.document(tmp_path / "o" / "special-events.pdf") as pdf:
        assert len(pdf.pages) == 2 * 23  # 200 events and 7 blanks to fill the last sheet
