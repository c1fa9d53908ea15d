"""Feudal numbers and crib sheet rules the audit found wrong or missing (issue 23, items 4, 6
and 8), read back from the facts, the check and the exported PDFs."""

from __future__ import annotations

from pathlib import Path

import pdfread
import pytest
from originality import copied_runs, strings

from builder import armyfile
from builder.cli import main
from builder.registry import get_ruleset
from builder.systems.feudal.model import Army

FEUDAL = get_ruleset("feudal")

ARMY = """\
ruleset = "feudal"
name = "Test muster"
side = "Anjou"

[[battles]]
[battles.leader]
name = "Count Fulk"
c_in_c = true
command_points = 2

[[battles.units]]
label = "Spearmen"
arm = "infantry"
armour = "heavy"
grade = "D"
figures = 12

[[battles]]
[battles.leader]
name = "Sir Nobody"

[[battles.units]]
label = "Hobelars"
arm = "cavalry"
armour = "light"
grade = "D"
figures = 8
skirmish = true

[[battles.units]]
label = "Slingers"
arm = "infantry"
armour = "light"
grade = "E"
figures = 10
missile = "sling"
skirmish = true
"""


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("feudal-fix") / "army.toml"
    out.write_text(ARMY, encoding="utf-8")
    return out


@pytest.fixture(scope="module")
def army(path: Path) -> Army:
    loaded = armyfile.load(path)
    assert isinstance(loaded, Army)
    return loaded


@pytest.fixture(scope="module")
def pack(path: Path) -> Path:
    out = path.parent / "pack"
    assert main(["export", str(path), "--out", str(out)]) == 0
    return out


def _pages(pdf_path: Path) -> list[str]:
    """Each page's text, its left half then its right (the crib's two columns read apart)."""
    out = []
    with pdfread.document(pdf_path) as pdf:
        for page in pdf.pages:
            half = page.width / 2
            texts = [
                page.crop((x0, 0, x1, page.height)).extract_text() or ""
                for x0, x1 in ((0, half), (half, page.width))
            ]
            out.append(" ".join(" ".join(texts).split()))
    return out


def _card_text(pdf_path: Path, name: str) -> str:
    """The text of the card whose heading is ``name``: the cards of a row start at their
    LEADER labels, so a card's words are those from its label to the next."""
    with pdfread.document(pdf_path) as pdf:
        for page in pdf.pages:
            words = page.extract_words()
            starts = sorted({round(w["x0"]) for w in words if w["text"] == "LEADER"})
            edges = [s - 5 for s in starts] + [page.width]
            for x0, x1 in zip(edges, edges[1:], strict=False):
                text = " ".join((page.crop((x0, 0, x1, page.height)).extract_text() or "").split())
                if name in text:
                    return text
    raise AssertionError(f"no card for {name}")


def _rows(army: Army, where: str) -> dict[str, str]:
    return {r.label: r.value for r in FEUDAL.facts(army, where).rows}


# --- Item 4: a leader without command points in an army that uses them -----------------------


def test_he_is_warned_of_and_shows_zero(army: Army, pack: Path) -> None:
    found = [f for f in FEUDAL.check(army) if f.code == "no-command-points"]
    assert [(f.level, f.where) for f in found] == [("warning", "battles[1].leader")]
    assert "Sir Nobody has no command points" in found[0].message
    assert _rows(army, "battles[1].leader")["Command points"] == "0: no command points"
    tracker = FEUDAL.facts(army, "battles[1].leader").trackers[0]
    assert (tracker.label, tracker.boxes) == ("no command points", 0)
    roster = " ".join(_pages(pack / "roster.pdf"))
    assert "Sir Nobody" in roster and "command points 0" in roster
    assert "no command points" in roster and "not used" not in roster
    card = _card_text(pack / "leader-cards.pdf", "Sir Nobody")
    assert "Sir Nobody" in card and "Command points 0 no command points" in card
    assert "…" not in card.split("Command points 0")[1].split("Anjou")[0]
    assert "plays without command points" not in card


def test_the_check_command_prints_the_warning(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["check", str(path)])
    out = capsys.readouterr().out
    assert "no-command-points" in out and "Sir Nobody" in out


def test_an_army_without_the_rule_still_says_not_used(tmp_path: Path) -> None:
    plain = tmp_path / "plain.toml"
    plain.write_text(ARMY.replace("command_points = 2\n", ""), encoding="utf-8")
    army = armyfile.load(plain)
    assert isinstance(army, Army)
    assert not [f for f in FEUDAL.check(army) if f.code == "no-command-points"]
    assert _rows(army, "battles[1].leader")["Command points"] == "not used"
    assert FEUDAL.facts(army, "battles[1].leader").trackers == ()


# --- Item 6: skirmishing light horse evade at their own move ----------------------------------


def test_light_horse_evade_at_20_and_foot_at_12(army: Army, pack: Path) -> None:
    assert _rows(army, "battles[1].units[0]")["Move"] == '20", evading 20"'
    assert _rows(army, "battles[1].units[1]")["Move"] == '6", evading 12"'
    cards = " ".join(_pages(pack / "unit-cards.pdf"))
    assert 'evading 20"' in cards
    crib = " ".join(_pages(pack / "crib-sheet.pdf"))
    assert 'foot 12", light horse 20"' in crib


# --- Item 8: the crib sheet's missing rules, two pages, our own words -------------------------


def test_the_crib_sheet_has_the_rules_players_look_up(pack: Path) -> None:
    pages = _pages(pack / "crib-sheet.pdf")
    assert len(pages) == 4  # the crib, then its second sheet "Situations and readings"
    crib = " ".join(pages)
    for wanted in (
        "pursues on a D10 of 1-4",  # entering pursuit
        "roll 7-10 at the start of each of its moves",  # recovering
        "the router suffers double rout hits",
        "Every unit has a PURSUIT marker",
        "Voluntary rout",
        "may choose to rout",
        "Pinning",
        "costs 1 rout hit",
        "A square against foot counts only the face",
        "charge began partly or wholly behind",  # when the flank bonus is earned
        "share the dice out as evenly as you can",  # several enemies
        "soft cover in combat, hard from shooting",  # towns
    ):
        assert wanted in crib, wanted


def test_a_pursuit_marker_is_printed_for_every_unit(army: Army, pack: Path) -> None:
    tokens = " ".join(_pages(pack / "tokens.pdf"))
    assert tokens.count("PURSUIT") == len(army.units_with_paths())


def test_the_new_words_are_our_own() -> None:
    import tomllib

    from builder.resources import cards_dir, templates_dir

    with open(templates_dir() / "feudal" / "crib-sheet.toml", "rb") as fh:
        crib = tomllib.load(fh)
    with open(cards_dir() / "feudal" / "leader-cards.toml", "rb") as fh:
        cards = tomllib.load(fh)
    assert copied_runs(strings(crib) + strings(cards), "feudal") == []
