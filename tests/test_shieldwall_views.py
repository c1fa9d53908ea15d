"""What the builder and the roster will read of a shieldwall army: facts, offers, titles."""

from __future__ import annotations

from builder import armyfile
from builder.resources import examples_dir
from builder.systems.shieldwall import RULESET
from builder.systems.shieldwall.model import Army


def norse() -> Army:
    army = armyfile.load(examples_dir() / "shieldwall-norse.toml")
    assert isinstance(army, Army)
    return army


def rows(where: str) -> dict[str, str]:
    return {r.label: r.value for r in RULESET.facts(norse(), where).rows}


def test_a_led_huscarl_stand_shows_every_derived_number() -> None:
    facts = RULESET.facts(norse(), "stands[0]")
    assert (facts.heading, facts.subheading) == ("Hearth-troop", "Huscarls · 4 figures")
    got = {r.label: r.value for r in facts.rows}
    assert got["Bravery"] == "2 dice, pass on 4-6"  # 1 + Sigurd attached
    assert got["Hits"] == "6s; no 6s: 5s; no 5s: 4s"
    assert got["Melee"] == "5 dice"  # 4 figures + Sigurd
    assert got["Save"] == "4-6 a hit (mail)"
    assert got["Move"] == '3D6" in the open'
    assert got["Wounds"] == "4 remove the stand"
    # The table rolls the dice the Melee row prints (issue 23): 5, not the 4 figures.
    assert got["Expected, melee round (5 dice)"] == (
        "1.40 hits; unsaved against none or helmet 1.17, shield 0.93, mail 0.70"
    )
    assert not any(label.startswith("Expected, melee round (4") for label in got)
    assert "Shooting" not in got
    assert [(t.label, t.boxes) for t in facts.trackers] == [("wounds", 4)]
    assert any(n.startswith("Melee: +1 axe") for n in facts.notes)


def test_sharpshooters_shoot_two_dice_a_figure_and_a_volley_row() -> None:
    got = rows("stands[5]")
    assert got["Shooting"] == '4 dice, effective 12", long 24"'
    assert got["Expected, volley (4 dice)"].startswith("0.67 hits")  # 4 x 1/6
    assert got["Bravery"] == "1 die, pass on 6"


def test_identical_stands_get_a_wound_track_each() -> None:
    facts = RULESET.facts(norse(), "stands[3]")
    assert facts.subheading == "3 stands · Warriors · 4 figures"
    assert [(t.label, t.boxes) for t in facts.trackers] == [
        ("wounds, stand 1", 4),
        ("wounds, stand 2", 4),
        ("wounds, stand 3", 4),
    ]


def test_leaders_count_as_a_stand_of_three_on_a_single_figure() -> None:
    sigurd = RULESET.facts(norse(), "leaders[0]")
    assert sigurd.subheading == "Army commander"
    assert {r.label: r.value for r in sigurd.rows}["Attached to"] == "Hearth-troop"
    assert [(t.label, t.boxes) for t in sigurd.trackers] == [("wounds", 3)]
    assert any("bravery test" in n for n in sigurd.notes)
    thorkell = RULESET.facts(norse(), "leaders[1]")
    assert [(t.label, t.boxes) for t in thorkell.trackers] == [("wounds", 3)]
    assert not any("bravery test" in n for n in thorkell.notes)
    # His line says which stand he is with (the tree shows it); one with none says nothing.
    assert RULESET.title_of(norse(), "leaders[0]") == (
        "Sigurd (army commander, single figure, a stand of 3) with Hearth-troop"
    )
    assert " with " not in RULESET.title_of(norse(), "leaders[1]")


def test_the_army_facts_and_offers() -> None:
    army = norse()
    assert {r.label: r.value for r in RULESET.facts(army, "").rows}["Banner"] == "yes"
    assert [o.field.key for o in RULESET.offered(army, "")] == ["name", "player", "side", "banner"]
    offers = {o.field.key: o for o in RULESET.offered(army, "stands[0]")}
    assert list(offers) == [
        "label",
        "quality",
        "figures",
        "armour",
        "weapon",
        "mounted",
        "count",
        "leader",
    ]
    assert [c.value for c in offers["leader"].choices] == [None, "Sigurd", "Thorkell the Tall"]
    assert all(c.cost is None for o in offers.values() for c in o.choices)
    assert [c.value for c in RULESET.offered(army, "leaders[1]")[1].choices] == [
        "commander",
        "hero",
    ]


def test_a_new_army_writes_and_reads_back() -> None:
    army = RULESET.new_army("Fresh")
    text = armyfile.dumps(army)
    assert 'side = "Norse"' in text and 'role = "commander"' in text and "figures = 1" in text
    assert armyfile.loads(text) == army
    assert [f.code for f in RULESET.check(army)] == ["no-stands"]
