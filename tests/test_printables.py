"""Printables as data (issue 13): what a ruleset prints is counted without opening a PDF, and
the export engine prints any ruleset's printables, refusing armies of two rulesets."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from printcheck import tick_strips
from pypdf import PdfReader

from builder import armyfile
from builder.cli import main
from builder.core.printables import Deck, Printables, TokenSheet
from builder.export.job import ArmyInput, ExportError, ExportJob
from builder.export.pipeline.pack import export_pack, kinds, print_options
from builder.registry import get_ruleset
from builder.resources import examples_dir

YORK = examples_dir() / "york.toml"
LANCASTER = examples_dir() / "lancaster.toml"


def source(path: Path) -> ArmyInput:
    return ArmyInput(armyfile.load(path), path, path.read_text(encoding="utf-8"))


def billhooks(*paths: Path) -> Printables:
    ruleset = get_ruleset("billhooks")
    return ruleset.printables([source(p) for p in paths], print_options(ruleset))


def test_billhooks_token_counts_are_decided_without_a_pdf() -> None:
    """York's example: three leaders of class 2 claim 2 order tokens each, plus 2 spares
    (8); six units hold at most 2 Disarray each (12) and 1 Daunted each, none being a
    paired or combined block (6); Army Morale starts at its four units that are not
    skirmishers or guns; one archer company has an arrow tracker of 6 arrowstorms."""
    pack = billhooks(YORK)
    assert pack.counts("tokens") == {
        "ORDER": 8,
        "DISARRAY": 12,
        "DAUNTED": 6,
        "ARMY MORALE": 4,
        "ARROWS": 1,
    }
    sheet = pack.get("tokens")
    assert isinstance(sheet, TokenSheet)
    tracker = sheet.groups[1].tokens[0]
    assert (tracker.art, tracker.boxes, tracker.caption) == (
        "tracker",
        6,
        "The Duke of Norfolk's Affinity",
    )
    order = sheet.groups[0].tokens[0]
    assert (order.caption, order.accent, order.emblem) == ("York", "#24457a", "rose-white")


def test_billhooks_decks_hold_a_card_per_leader_and_unit() -> None:
    pack = billhooks(YORK, LANCASTER)
    assert pack.kinds == (
        "roster",
        "crib-sheet",
        "play-deck",
        "bonus-deck",
        "special-events",
        "tokens",
        "unit-cards",
        "packing-list",
    )
    # Six leaders (three wards each), two Bonus cards, a Skirmish card for each side.
    assert pack.counts("play-deck") == {"LEADER": 6, "BONUS": 2, "SKIRMISH": 2}
    assert pack.counts("unit-cards") == {"UNIT": 13}
    deck = pack.get("play-deck")
    assert isinstance(deck, Deck) and deck.back is not None
    # The back serves both sides: both emblems.
    assert deck.back.emblems == ("rose-white", "rose-red")
    # Order tokens are counted per side: each side's own leaders.
    tokens = pack.get("tokens")
    assert isinstance(tokens, TokenSheet)
    orders = [t for t in tokens.groups[0].tokens if t.art == "badge"]
    assert [(t.caption, t.count) for t in orders] == [("Lancaster", 8), ("York", 8)]


@pytest.fixture
def flat(tmp_path: Path) -> Path:
    """An army file of the test-only flat ruleset (registered in conftest.py)."""
    path = tmp_path / "flat.toml"
    path.write_text(
        'ruleset = "flat"\nname = "Test band"\nside = "The Reds"\n\n'
        '[[people]]\nname = "Ann"\nrole = "chief"\n\n'
        '[[things]]\nlabel = "Spears"\nweight = 3\n\n'
        '[[things]]\nlabel = "Bows"\nweight = 2\n',
        encoding="utf-8",
    )
    return path


def test_a_new_ruleset_exports_its_deck_and_tokens(flat: Path, tmp_path: Path) -> None:
    job = ExportJob((source(flat),))
    assert kinds(job) == ("roster", "thing-cards", "chits")
    data = export_pack(job, tmp_path / "out")
    files = {e["file"]: e for e in data["files"]}
    assert files["thing-cards.pdf"]["counts"] == {"THING": 2}
    assert files["chits.pdf"]["counts"] == {"LOAD": 5}
    cards = PdfReader(tmp_path / "out" / "thing-cards.pdf")
    # Fronts, then backs (the deck has one).
    assert len(cards.pages) == 2 == files["thing-cards.pdf"]["pages"]
    front = cards.pages[0].extract_text()
    assert "Spears" in front and "Bows" in front and "The Reds" in front
    assert "Flat test rules" in cards.pages[1].extract_text()
    chits = PdfReader(tmp_path / "out" / "chits.pdf").pages[0].extract_text()
    assert chits.count("LOAD") == 5
    # The shared roster: the army, its metrics, each record's facts and trackers.
    assert files["roster.pdf"]["units"] == 2
    roster = " ".join(PdfReader(tmp_path / "out" / "roster.pdf").pages[0].extract_text().split())
    # A column a row label of its units gives (Weight), each unit's value under it.
    for words in (
        "Test band",
        "The Reds · Flat test rules",
        "LEGAL",
        "People",
        "Things",
        "Unit Weight",
        "Spears 3",
        "Bows 2",
        "load",
    ):
        assert words in roster, words
    # Each record's "load" tracker: as many tick boxes as its weight, read from the strip.
    # pdfplumber: the tick strips are read from the images' pixels.
    with pdfplumber.open(tmp_path / "out" / "roster.pdf") as pdf:
        assert tick_strips(pdf.pages[0], "load") == [(3,), (2,)]


def test_armies_of_two_rulesets_are_refused(
    flat: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    job = ExportJob((source(flat), source(YORK)))
    with pytest.raises(ExportError, match="different rulesets"):
        export_pack(job, tmp_path / "out")
    assert main(["export", str(flat), str(YORK), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "flat.toml is flat" in err and "york.toml is billhooks" in err
    assert "Traceback" not in err and not (tmp_path / "o").exists()


def test_only_offers_the_rulesets_own_kinds(
    flat: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", str(flat), "--out", str(tmp_path / "o"), "--only", "chits"]) == 0
    assert sorted(p.name for p in (tmp_path / "o").iterdir()) == ["chits.pdf", "manifest.json"]
    assert main(["export", str(flat), "--out", str(tmp_path / "o"), "--only", "tokens"]) == 2
    assert "unknown kind tokens: choose from roster, thing-cards, chits" in capsys.readouterr().err


# --- The documents written by a forked worker -----------------------------------------------


def _pack_job() -> ExportJob:
    return ExportJob((source(YORK),))


@pytest.mark.parametrize("spare", [1, 2])
def test_each_document_is_written_by_a_worker_process_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spare: int
) -> None:
    """A worker for each spare core, the first documents dealt to them; on two cores (one
    spare) the crib sheet is written here, after the sheets."""
    import os

    from builder.export.pipeline import pack, workers

    monkeypatch.setattr(workers, "can_fork", lambda: True)
    monkeypatch.setattr(workers, "spare_cores", lambda: spare)
    real = pack._write

    def write(job, items, path, printables):  # type: ignore[no-untyped-def]
        result = real(job, items, path, printables)
        result.details["pid"] = os.getpid()  # recorded in the manifest, to see who wrote it
        return result

    monkeypatch.setattr(pack, "_write", write)
    seen: list[tuple[str, int, int]] = []
    data = export_pack(
        _pack_job(),
        tmp_path / "o",
        {"roster", "tokens", "crib-sheet"},
        lambda kind, done, total: seen.append((kind, done, total)),
    )
    writers = {e["file"]: e["pid"] for e in data["files"]}
    assert list(writers) == ["roster.pdf", "crib-sheet.pdf", "tokens.pdf"]
    assert writers["tokens.pdf"] == os.getpid()
    # The roster (the longest file) in a worker; the crib sheet in one of its own where a
    # core is spare for it.
    assert writers["roster.pdf"] != os.getpid()
    if spare == 2:
        assert len({writers["roster.pdf"], writers["crib-sheet.pdf"], os.getpid()}) == 3
    else:
        assert writers["crib-sheet.pdf"] == os.getpid()
    # Every file reported once, counting up, whichever process wrote it.
    assert sorted(k for k, _, _ in seen) == ["crib-sheet", "roster", "tokens"]
    assert [(d, t) for _, d, t in seen] == [(1, 3), (2, 3), (3, 3)]


@pytest.mark.parametrize("how", ["raises", "dies"])
def test_a_failing_worker_leaves_nothing_written(
    tmp_path: Path, how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from builder.export.pipeline import pack, workers

    monkeypatch.setattr(workers, "can_fork", lambda: True)
    monkeypatch.setattr(workers, "spare_cores", lambda: 2)  # the crib sheet in a worker
    real = pack._write

    def write(job, items, path, printables):  # type: ignore[no-untyped-def]
        if items[0].kind == "crib-sheet":  # a file's printables: one, or the shared sheets
            if how == "dies":
                os._exit(3)
            raise ExportError("crib-sheet: broken on purpose")
        return real(job, items, path, printables)

    monkeypatch.setattr(pack, "_write", write)
    out = tmp_path / "o"
    with pytest.raises(ExportError, match="broken on purpose" if how == "raises" else "stopped"):
        export_pack(_pack_job(), out, {"roster", "crib-sheet", "tokens"})
    assert list(out.iterdir()) == []
