"""The Feudal ruleset through the protocol and the generic commands: summary and metrics,
facts with every derived number, offers, the catalogue, and the leaders' rolls (every D10
shown, ``--seed``, ``--write``)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from builder import armyfile
from builder.cli import main
from builder.core import schema
from builder.core.base import Roll, Ruleset
from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.systems.feudal.model import Army, Unit

FEUDAL: Ruleset = get_ruleset("feudal")
FLANDERS = examples_dir() / "feudal-flanders.toml"
NORMANDY = examples_dir() / "feudal-normandy.toml"
# The source's tables, written out here so the test does not read the code's own copy.
CHARISMA = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 2, 10: 2}
POINTS = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 2, 8: 3, 9: 3, 10: 4}


def load(path: Path) -> Army:
    army = armyfile.load(path)
    assert isinstance(army, Army)
    return army


def roll(army: Army, seed: int) -> Roll:
    roller = FEUDAL.roller
    assert roller is not None
    return roller.roll(army, random.Random(seed))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_summary_metrics_and_lines() -> None:
    s = FEUDAL.summary(load(FLANDERS))
    assert [(m.key, m.label, m.value) for m in s.metrics] == [
        ("battles", "Battles", 2),
        ("unit_count", "Units", 5),
        ("figures", "Figures", 67),
        ("leaders", "Leaders", 2),
    ]
    assert s.legal and s.findings == ()
    assert s.lines[3].where == "battles[1].units[1]"
    assert s.lines[3].title == "Town crossbows (light infantry, D)"
    assert {line.points for line in s.lines} == {None}


def test_unit_facts_show_every_derived_number() -> None:
    army = load(FLANDERS)
    crossbows = FEUDAL.facts(army, "battles[1].units[1]")  # 11 light foot, 6 wide, crossbows
    rows = {r.label: r.value for r in crossbows.rows}
    assert crossbows.heading == "Town crossbows"
    assert crossbows.subheading == "light infantry · grade D · 11 figures"
    assert rows["Formation"] == "column, 6 wide"
    assert rows["Move"] == '12"'
    assert rows["Shooting"] == (
        'Crossbows 16": 4 dice (11 shooting figures)\nhit light 7-10, heavy 8-10, armored 9-10'
    )
    # 11 figures in two ranks of six: 2 dice for 8, and a final 3 rounds up.
    assert rows["Combat"].startswith("3 dice (11 figures in the first two ranks, one die per 4)")
    assert rows["Morale"] == "pass on 5+" and rows["Rout"] == "+0 to the rout roll"
    assert rows["Steady"].startswith("can be steady")
    assert rows["Casualties"] == "3 at 25%, 6 at 50%, shattered at 9"
    assert any("reload" in n for n in crossbows.notes)
    (track,) = crossbows.trackers
    assert (track.boxes, track.groups, track.marks) == (
        11,
        (6, 5),
        ((3, "25%"), (6, "50%"), (9, "shatter")),
    )


def test_facts_of_a_line_of_peasants_and_a_skirmisher() -> None:
    levy = FEUDAL.facts(load(FLANDERS), "battles[1].units[2]")  # 20 F, 10 wide, 4 slings
    rows = {r.label: r.value for r in levy.rows}
    assert rows["Formation"] == "line, 10 wide" and rows["Move"] == '6"'
    assert rows["Shooting"].startswith('Slings 12": 1 die (4 shooting figures)')
    assert rows["Combat"].startswith("5 dice (20 figures")
    assert rows["Morale"] == "pass on 7+" and rows["Rout"] == "-3 to the rout roll"
    assert rows["Steady"] == "never steady (grade E or F)"
    assert rows["Casualties"] == "5 at 25%, 10 at 50%, shattered at 15"
    bows = FEUDAL.facts(load(NORMANDY), "battles[1].units[1]")  # 10 light D skirmishing
    rows = {r.label: r.value for r in bows.rows}
    assert rows["Move"] == '6", evading 12"' and rows["Formation"] == "skirmish order, 8 wide"
    assert rows["Shooting"].startswith('Longbows 16": 3 dice (10 shooting figures)')
    assert rows["Steady"] == "never steady (skirmishing)"


def test_a_lone_missile_figure_shows_no_dice() -> None:
    army = load(FLANDERS)
    army.battles[1].units[2].missile_figures = 1
    rows = {r.label: r.value for r in FEUDAL.facts(army, "battles[1].units[2]").rows}
    assert rows["Shooting"].startswith('Slings 12": no dice (1 shooting figure)')


def test_leader_and_army_facts() -> None:
    army = load(FLANDERS)
    facts = FEUDAL.facts(army, "battles[0].leader")
    rows = {r.label: r.value for r in facts.rows}
    assert (facts.heading, facts.subheading) == ("Count Baldwin", "First Battle")
    assert rows["Charisma"].startswith("+1") and rows["Command radius"] == '10"'
    assert rows["Command points"].startswith("2:")
    assert [(t.label, t.boxes) for t in facts.trackers] == [("command points", 2)]
    assert FEUDAL.facts(army, "battles[1]").heading == "Castellan of Ypres"
    none = FEUDAL.facts(load(NORMANDY), "battles[0].leader")
    assert {r.label: r.value for r in none.rows}["Command points"] == "not used"
    assert none.trackers == ()
    rows = {r.label: r.value for r in FEUDAL.facts(army, "").rows}
    assert rows["Side"] == "Flanders" and rows["Units"] == "5" and rows["Figures"] == "67"
    assert FEUDAL.title_of(army, "") == "The Count's muster (Flanders)"
    assert FEUDAL.title_of(army, "battles[0]") == (
        "Count Baldwin (C-in-C, charisma +1, 2 command points)"
    )


def test_offers() -> None:
    army = load(NORMANDY)
    bows = {o.field.key: o for o in FEUDAL.offered(army, "battles[1].units[1]")}
    assert list(bows) == [
        "label",
        "arm",
        "armour",
        "grade",
        "figures",
        "width",
        "missile",
        "missile_figures",
        "skirmish",
    ]
    assert [c.value for c in bows["grade"].choices] == ["A", "B", "C", "D", "E", "F"]
    assert bows["missile"].value == "longbow" and bows["missile"].choices[0].value is None
    assert all(c.cost is None for o in bows.values() for c in o.choices)
    knights = {o.field.key for o in FEUDAL.offered(army, "battles[0].units[0]")}
    assert "skirmish" not in knights and "missile_figures" not in knights
    leader = {o.field.key: o for o in FEUDAL.offered(army, "battles[0].leader")}
    assert list(leader) == ["name", "c_in_c", "charisma", "command_points"]
    assert [c.value for c in leader["command_points"].choices] == [None, 1, 2, 3, 4]
    assert [o.field.key for o in FEUDAL.offered(army, "")] == ["name", "player", "side"]


def test_new_army_and_catalogue_entries_make_units_that_check() -> None:
    army = FEUDAL.new_army("New")
    assert isinstance(army, Army) and FEUDAL.check(army)[0].code == "empty-battle"
    entries = FEUDAL.catalogue()
    assert [e.key for e in entries] == [
        "light-infantry",
        "heavy-infantry",
        "armored-infantry",
        "light-cavalry",
        "heavy-cavalry",
        "armored-cavalry",
    ]
    for entry in entries:
        assert entry.into == "units" and entry.points is None
        unit = entry.make()
        assert isinstance(unit, Unit) and unit.arm == entry.kind
        army.battles[0].units.append(unit)
    assert army.battles[0].units[0] is not army.battles[0].units[1]
    assert [f.code for f in FEUDAL.check(army)] == ["units-per-battle"]  # six in one battle


def test_roll_charisma_only_without_command_points() -> None:
    army = load(NORMANDY)
    rolled = roll(army, 11)
    rng = random.Random(11)
    dice = [rng.randint(1, 10) for _ in range(2)]
    assert [line.dice for line in rolled.lines] == [(dice[0],), (dice[1],)]
    assert [(s.where, s.key, s.value) for s in rolled.settings] == [
        ("battles[0].leader", "charisma", CHARISMA[dice[0]]),
        ("battles[1].leader", "charisma", CHARISMA[dice[1]]),
    ]
    assert rolled.lines[0].result == f"charisma {CHARISMA[dice[0]]:+d}"
    assert "command points" not in rolled.legend


def test_roll_command_points_for_every_leader_where_the_army_uses_them() -> None:
    army = load(FLANDERS)
    rolled = roll(army, 5)
    rng = random.Random(5)
    dice = [rng.randint(1, 10) for _ in range(4)]
    assert [(s.where, s.key, s.value) for s in rolled.settings] == [
        ("battles[0].leader", "charisma", CHARISMA[dice[0]]),
        ("battles[0].leader", "command_points", POINTS[dice[1]]),
        ("battles[1].leader", "charisma", CHARISMA[dice[2]]),
        ("battles[1].leader", "command_points", POINTS[dice[3]]),
    ]
    assert [line.dice for line in rolled.lines] == [(d,) for d in dice]
    assert "command points 1-3 one, 4-7 two, 8-9 three, 10 four" in rolled.legend


def test_every_roll_table_entry_over_many_seeds() -> None:
    seen: set[tuple[int, str]] = set()
    for seed in range(200):
        rolled = roll(load(FLANDERS), seed)
        for line, setting in zip(rolled.lines, rolled.settings, strict=True):
            (die,) = line.dice
            table = CHARISMA if setting.key == "charisma" else POINTS
            assert setting.value == table[die]
            seen.add((die, setting.key))
    assert len(seen) == 20  # every face of the die for both rolls


def test_check_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(FLANDERS))
    assert code == 0
    assert "Battle 1: Count Baldwin (C-in-C, charisma +1, 2 command points)" in out
    assert "Figures  67" in out and out.rstrip().endswith("LEGAL")
    headers = [line.split() for line in out.splitlines() if line.startswith("  where")]
    assert headers == [["where", "unit", "figures"]] * 2  # no points column
    code, out, _ = run(capsys, "check", "--json", str(NORMANDY))
    data = json.loads(out)
    assert code == 0 and data["ruleset"] == "feudal" and data["legal"] is True
    assert (data["battles"], data["unit_count"], data["figures"], data["leaders"]) == (2, 5, 47, 2)
    assert data["units"][1] == {
        "where": "battles[0].units[1]",
        "troop": "light cavalry",
        "title": "Breton horse (light cavalry, C)",
        "figures": 9,
        "points": None,
    }


def test_check_an_illegal_army_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        FLANDERS.read_text(encoding="utf-8")
        .replace("figures = 8", "figures = 4")
        .replace("c_in_c = true\n", ""),
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1 and "NOT LEGAL" in out
    assert "battles[0].units[1]: Household knights has 4 figures" in out
    assert "The army has no C-in-C" in out


def test_catalogue_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalogue", "--ruleset", "feudal", "--json")
    data = json.loads(out)
    assert code == 0 and len(data["troops"]) == 6
    grids = {g["title"]: g for g in data["reference"]}
    missiles = grids["Missile weapons (D10 to hit)"]
    assert ["crossbow", "Crossbows", '16"', "7-10", "8-10", "9-10"] == missiles["rows"][3][:6]
    assert grids["Morale grades"]["rows"][5][:3] == ["F", "7+", "-3"]
    modifiers = grids["Modifiers to the D10 rolls"]["rows"]
    assert ["combat", "Attacking a flank or rear", "+3"] in modifiers
    assert ["shooting", "Shooter moved", "-1"] in modifiers
    assert ["rout", "No leader within command radius", "-1"] in modifiers
    assert ["morale", "A leader with the unit", "+charisma"] in modifiers
    assert len(modifiers) == 4 + 14 + 4 + 1 + 2
    code, out, _ = run(capsys, "catalogue", "--ruleset", "feudal")
    assert code == 0 and "Rout distance" in out and "armored-cavalry" in out


def test_roll_command_shows_every_die_and_writes_only_the_rolls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "flanders.toml"
    shutil.copy(FLANDERS, path)
    before = path.read_text(encoding="utf-8")
    code, out, err = run(capsys, "roll", str(path), "--seed", "5")
    rng = random.Random(5)
    dice = [rng.randint(1, 10) for _ in range(4)]
    assert code == 0 and "(seed 5)" in out and "not written" in err
    assert f"Count Baldwin: rolled {dice[0]} -> charisma {CHARISMA[dice[0]]:+d}" in out
    assert f"Castellan of Ypres: rolled {dice[3]} -> " in out and "command point" in out
    assert path.read_text(encoding="utf-8") == before
    code, out, err = run(capsys, "roll", str(path), "--seed", "5", "--write")
    assert code == 0 and "Wrote the charisma and command points" in err
    army = load(path)
    assert [(le.charisma, le.command_points) for le in army.leaders] == [
        (CHARISMA[dice[0]], POINTS[dice[1]]),
        (CHARISMA[dice[2]], POINTS[dice[3]]),
    ]
    changed = [
        (a, b)
        for a, b in zip(
            before.splitlines(), path.read_text(encoding="utf-8").splitlines(), strict=True
        )
        if a != b
    ]
    assert all(a.split(" = ")[0] in ("charisma", "command_points") for a, _ in changed)


@pytest.mark.parametrize(
    "text",
    [
        'ruleset = "feudal"\nname = "Nobody"\n',
        'ruleset = "feudal"\nname = "Odd"\n[[battles]]\n[battles.leader]\nname = "A"\n'
        '[[battles.units]]\nlabel = "x"\narm = "infantry"\narmour = "heavy"\ngrade = "A"\n'
        "figures = 1\nwidth = 48\nmissile_figures = 48\nskirmish = true\n"
        '[[battles.units]]\nlabel = "y"\narm = "cavalry"\narmour = "light"\ngrade = "F"\n'
        'figures = 48\nwidth = 1\nmissile = "thrown"\nmissile_figures = 1\nskirmish = true\n'
        '[[battles]]\n[battles.leader]\nname = "B"\ncommand_points = 4\n',
    ],
)
def test_every_place_answers_for_odd_but_loadable_armies(text: str) -> None:
    """Whatever loads, every record has a title, facts and offers, and check, summary and the
    roll never fail."""
    army = armyfile.loads(text)
    assert isinstance(army, Army)
    for node in schema.walk(army, FEUDAL.schema):
        assert FEUDAL.title_of(army, node.where)
        assert FEUDAL.facts(army, node.where).heading
        assert FEUDAL.offered(army, node.where)
        for tracker in FEUDAL.facts(army, node.where).trackers:
            assert sum(tracker.groups or (tracker.boxes,)) == tracker.boxes
            assert all(1 <= box <= tracker.boxes for box, _ in tracker.marks)
    FEUDAL.summary(army)
    roll(army, 1)
