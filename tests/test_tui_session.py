"""The builder's editing session and edits, without Textual: undo, redo, dirty, saving."""

from __future__ import annotations

import itertools
from pathlib import Path

import bh as RULES
import pytest

from builder.core import schema
from builder.registry import get_ruleset
from builder.systems.billhooks.model import Army, Leader, RearCompany, Unit, Ward
from builder.systems.billhooks.options import UnitOptions
from builder.systems.billhooks.quick import QUICK_ACTIONS
from builder.tui import edits
from builder.tui.edits import place_of
from builder.tui.session import Session


def test_apply_rechecks_and_undo_redo_restore_whole_armies(army_path: Path) -> None:
    session = Session.open(army_path)
    assert not session.dirty and session.summary.legal
    before = RULES.metric(session.summary, "troop_points")
    session.apply("add knights", lambda a: edits.add(a, "wards[0]", "units", Unit("knights")))
    assert session.dirty
    knights = RULES.unit_points(Unit("knights"))
    assert RULES.metric(session.summary, "troop_points") == before + knights
    assert "over-points" in [f.code for f in session.summary.findings]
    assert session.undo() == "add knights"
    assert not session.dirty  # back where the file was
    assert RULES.metric(session.summary, "troop_points") == before and session.summary.legal
    assert session.redo() == "add knights"
    assert session.army.wards[0].units[-1].troop == "knights"
    assert session.undo() and session.undo() is None


def test_a_new_edit_clears_redo(army_path: Path) -> None:
    session = Session.open(army_path)
    session.apply("remove", lambda a: schema.remove(a, "wards[0].units[0]"))
    session.undo()
    session.apply("c-in-c", lambda a: QUICK_ACTIONS[0].run(a, "wards[1].leader"))
    assert not session.can_redo and session.redo() is None
    assert [w.leader.c_in_c for w in RULES.army_of(session).wards] == [False, True, False]


def test_save_keeps_comments_and_save_as_carries_them_to_a_new_file(army_path: Path) -> None:
    session = Session.open(army_path)
    session.apply("move", lambda a: edits.move(a, "wards[0].units[1]", "wards[2]"))
    session.save()
    assert not session.dirty
    text = army_path.read_text()
    assert "# The C-in-C's ward" in text
    assert RULES.load(army_path).wards[2].units[-1].troop == "billmen"
    other = army_path.with_name("copy.toml")
    session.save(other)
    assert session.path == other and "# The C-in-C's ward" in other.read_text()


def test_a_missing_file_starts_a_new_army_to_save_there(tmp_path: Path) -> None:
    path = tmp_path / "my_new-army.toml"
    session = Session.open(path)
    assert session.dirty and session.army.name == "My New Army"
    assert [f.code for f in session.summary.errors] == ["empty-ward"]
    session.save()
    assert RULES.load(path).wards[0].leader.c_in_c


def test_place_of_finding_where(army_path: Path) -> None:
    """A finding's place is the tree line it concerns: a ward's leader is on his ward's."""
    table, army = get_ruleset("billhooks").schema, RULES.load(army_path)
    assert place_of(table, army, "wards[1].units[0]") == "wards[1].units[0]"
    assert place_of(table, army, "wards[2].leader") == "wards[2]"
    assert place_of(table, army, "wards[2]") == "wards[2]"
    assert place_of(table, army, "wards[1].units[9]") == "wards[1]"  # gone: its ward
    assert place_of(table, army, "points") == place_of(table, army, "") == ""
    assert place_of(table, army, "not a place!") == ""


def test_edits_follow_the_declared_tables(army_path: Path) -> None:
    table, army = get_ruleset("billhooks").schema, RULES.load(army_path)
    assert edits.edit_target(table, "wards[0]") == "wards[0].leader"  # a ward: its leader
    assert edits.edit_target(table, "wards[0].units[1]") == "wards[0].units[1]"
    assert edits.holder_of(table, army, "wards[1].units[0]", "units") == "wards[1]"
    assert edits.holder_of(table, army, "", "units") is None
    assert edits.holders(table, army, "units") == ["wards[0]", "wards[1]", "wards[2]"]
    assert edits.nearest(army, "wards[2].units[7]") == "wards[2].units[1]"
    assert edits.nearest(army, "wards[9]") == "wards[2]"
    ward = edits.blank(table.child("wards").table, 4)
    assert isinstance(ward, Ward) and ward.leader.name == "Leader 4" and ward.units == []
    moved = edits.children_count(army, table, "wards[2]")
    edits.move_children(army, table, "wards[2]", "wards[0]")
    assert edits.children_count(army, table, "wards[2]") == 0
    assert len(army.wards[0].units) == 3 + moved


def _combinations(troop: str, opts: UnitOptions) -> list[Unit]:
    units = []
    for quality, formation, rear, stakes, pavises, defences, arms in itertools.product(
        (None, *opts.qualities),
        opts.formations,
        (None, *opts.rear_troops),
        {False, opts.stakes},
        {False, opts.pavises},
        {False, opts.defences},
        (None, *opts.arms),
    ):
        if (formation == "combined") != (rear is not None):
            continue
        units.append(
            Unit(
                troop,
                quality=quality,
                formation=formation,
                rear=RearCompany(rear) if rear else None,
                stakes=stakes,
                pavises=pavises,
                defences=defences,
                arms=arms,
            )
        )
    return units


@pytest.mark.parametrize("troop", list(RULES.rules.TROOPS))
def test_every_option_offered_passes_the_check(troop: str) -> None:
    """The builder offers unit_options(troop): none of them may be an illegal option."""
    opts = RULES.unit_options(troop)
    for unit in _combinations(troop, opts):
        army = Army("billhooks", "t", wards=[Ward(Leader("L", c_in_c=True), [unit])])
        assert "option-not-allowed" not in [f.code for f in RULES.check(army)], unit


def test_options_offered_match_the_rules() -> None:
    assert RULES.unit_options("billmen").stakes is False
    assert "combined" not in RULES.unit_options("billmen").formations
    assert RULES.unit_options("archers").rear_troops == ("billmen", "pikemen", "men-at-arms")
    kern = RULES.unit_options("kern")
    assert kern.qualities == () and kern.formations == ("single",) and not kern.pavises
    assert RULES.unit_options("crossbowmen").pavises
    assert RULES.unit_options("light-horse").arms == ("bows", "crossbows")


def test_the_session_and_edits_load_no_textual() -> None:
    """The editing core of the builder is plain Python: timed and tested without a UI."""
    import subprocess
    import sys

    code = (
        "import sys, builder.tui.session, builder.tui.edits; "
        "print([m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
