"""KISS numbers and words the audit found wrong (issue 23, items 2, 3 and 7), read back from
the facts and from the exported PDFs: morale follows the magnate
(docs/rules/kiss.md#our-decisions), the order roll has no natural-1 rule, the shrink-back
pool, names keep their case, the crib's rout rows and dice."""

from __future__ import annotations

import re
from pathlib import Path

import pdfread
import pytest

from builder import armyfile
from builder.cli import main
from builder.registry import get_ruleset
from builder.systems.kiss import derive as d
from builder.systems.kiss.model import Army

KISS = get_ruleset("kiss")

ARMY = """\
ruleset = "kiss"
name = "Test affinity"
side = "york"

[[wards]]
[wards.leader]
name = "Lord A"
c_in_c = true
ability = "old soldier"
traits = ["timorous"]
puissance = 3

[[wards.units]]
troop = "billmen"

[[wards.units]]
troop = "archers"
commitment = "arrayed"
figures = 8

[[wards]]
[wards.leader]
name = "Lord B"
ability = "audacious"
traits = ["anti-Lord A"]
stratagems = ["forethought"]

[[wards.units]]
troop = "billmen"
commitment = "well-wishers"

[[wards.units]]
troop = "spears"
commitment = "retinue"

[[wards]]
[wards.leader]
name = "Sir C"
ability = "practiced"
commitment = "arrayed"
traits = ["timorous", "anti-lord b", "lethargic"]

[[wards.units]]
troop = "men-at-arms"
figures = 3
"""


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kiss-fix") / "army.toml"
    out.write_text(ARMY, encoding="utf-8")
    return out


@pytest.fixture(scope="module")
def army(path: Path) -> Army:
    loaded = armyfile.load(path)
    assert isinstance(loaded, Army)
    return loaded


@pytest.fixture(scope="module")
def pack(path: Path) -> dict[str, str]:
    out = path.parent / "pack"
    assert main(["export", str(path), "--out", str(out)]) == 0
    texts = {}
    for name in ("roster", "crib-sheet", "magnate-cards"):
        with pdfread.document(out / f"{name}.pdf") as pdf:
            texts[name] = " ".join(page.extract_text() or "" for page in pdf.pages)
    return {k: " ".join(v.split()) for k, v in texts.items()}


def _rows(army: Army, where: str) -> dict[str, str]:
    return {r.label: r.value for r in KISS.facts(army, where).rows}


# --- Item 2: morale follows the magnate ------------------------------------------------------


def test_a_timorous_magnate_s_retinue_fail_on_5(army: Army) -> None:
    # Lord A's ward: 12 retinue figures to 8 arrayed, so his grade is retinue; timorous one
    # level worse: 5+. Each unit's own grade is what it falls back on.
    assert d.magnate_grade(army.wards[0]) == "retinue"
    billmen = _rows(army, "wards[0].units[0]")["Morale"]
    assert billmen.startswith(
        "fails on 5+ as its magnate (retinue, one worse: timorous); if he falls: 6 (retinue)"
    )
    archers = _rows(army, "wards[0].units[1]")["Morale"]
    assert archers.startswith("fails on 5+ as its magnate") and "if he falls: 4+ (arrayed)" in (
        archers
    )


def test_anti_an_allied_magnate_is_a_level_worse_and_a_tie_goes_to_the_better_grade(
    army: Army,
) -> None:
    # Lord B: 12 well-wishers and 12 retinue: a tie, so retinue; anti- Lord A (an ally): 5+.
    assert d.magnate_grade(army.wards[1]) == "retinue"
    assert d.anti_allies(army, army.wards[1].leader) == ["Lord A"]
    assert _rows(army, "wards[1].units[0]")["Morale"].startswith(
        "fails on 5+ as its magnate (retinue, one worse: anti-Lord A); if he falls: 5+"
    )


def test_a_magnate_s_own_commitment_wins_and_reasons_add_up(army: Army) -> None:
    # Sir C: arrayed by his own key over his ward's retinue; timorous and anti- Lord B (any
    # case): two levels worse than 4+.
    assert d.magnate_grade(army.wards[2]) == "arrayed"
    assert _rows(army, "wards[2].units[0]")["Morale"].startswith(
        "fails on 2+ as its magnate (arrayed, two worse: timorous and anti-Lord B); if he "
        "falls: 6 (retinue)"
    )
    assert _rows(army, "wards[2]")["Commitment"] == (
        "arrayed (his own); his units fail morale on 2+ (arrayed, two worse: timorous and "
        "anti-Lord B)"
    )
    assert _rows(army, "wards[0]")["Commitment"].startswith("retinue (his ward's, by figures)")


def test_the_roster_prints_the_magnate_s_number(
    pack: dict[str, str], path: Path, army: Army
) -> None:
    """Lord A's units, read from the roster's columns: with him they fail on his 5+, if he
    falls on their own grade's number."""
    from rostercheck import unit_cells, widths

    from builder.systems.kiss.roster import table

    columns = widths(table(army))
    with pdfread.document(path.parent / "pack" / "roster.pdf") as pdf:
        billmen = unit_cells(pdf.pages[0], columns, "Billmen", "figures")
        archers = unit_cells(pdf.pages[0], columns, "Archers", "figures")
    assert billmen[8:10] == ["5+ (retinue, one worse: timorous)", "6 (retinue)"]
    assert archers[8:10] == ["5+ (retinue, one worse: timorous)", "4+ (arrayed)"]
    assert "6 (retinue" not in pack["roster"].split("Sir C")[0]  # none tests by its own 6


def test_the_file_key_round_trips(tmp_path: Path, army: Army) -> None:
    out = tmp_path / "again.toml"
    armyfile.save(army, out)
    text = out.read_text(encoding="utf-8")
    assert text.count('commitment = "arrayed"') == 2  # Sir C's and the archers'
    again = armyfile.load(out)
    assert isinstance(again, Army) and again.wards[2].leader.commitment == "arrayed"
    assert again.wards[0].leader.commitment is None


# --- Item 3: the order roll ------------------------------------------------------------------


def test_plus_one_makes_the_order_roll_always_succeed(army: Army, pack: dict[str, str]) -> None:
    assert _rows(army, "wards[0]")["Order roll"] == "2+ (always, with +1)"
    assert _rows(army, "wards[1]")["Order roll"] == "2+ (always, with +1)"
    assert _rows(army, "wards[2]")["Order roll"] == "2+"
    for text in pack.values():
        assert "natural 1" not in text
    assert "2+ (always, with +1)" in pack["magnate-cards"]
    assert "so their changes never fail" in pack["crib-sheet"]


# --- Item 7: wording -------------------------------------------------------------------------


def test_shrink_back_is_a_pool_and_names_keep_their_case(army: Army, pack: dict[str, str]) -> None:
    rows = _rows(army, "wards[1]")
    assert rows["I'll not shrink back"].startswith("+3 to share among his to-hit rolls")
    assert "Anti-Lord A" in rows and "Anti-lord a" not in rows
    assert "+3 to hit" not in pack["roster"]
    assert "Anti-Lord A" in pack["roster"] and "Anti-lord a" not in pack["roster"]
    assert "a pool of +1s" in pack["crib-sheet"]


def test_no_reminder_the_source_does_not_give(pack: dict[str, str]) -> None:
    # Forethought: the source says only "rout bonus: the 666 rule becomes the 366 rule".
    for text in pack.values():
        assert "escape more often" not in text
        assert "does nothing" not in text and "dithers" not in text
    assert "the 666 rule is read as the 366 rule" in pack["roster"]
    # Side-by-side cards' lines interleave in the extracted text: the line's last word may
    # come after a line of the next card.
    assert re.search(r"the 666 rule is read as the 366 (\S+ ){0,12}?rule", pack["magnate-cards"])


def test_the_crib_s_rout_rows_agree_with_the_roster(army: Army, pack: dict[str, str]) -> None:
    # Sir C's 3 men-at-arms: the roster says the first loss routs them; so does the crib.
    assert _rows(army, "wards[2].units[0]")["Rout point"].startswith("its first loss")
    crib = pack["crib-sheet"]
    assert "2 to 4 figures routs at its first loss" in crib
    assert "5 to 9 figures routs at 4" in crib and "2 to 9 figures" not in crib
    # Issue 39: a die a figure, never "a unit rolls one die".
    assert "a unit rolls a die for each figure" in crib and "rolls one die to hit" not in crib
