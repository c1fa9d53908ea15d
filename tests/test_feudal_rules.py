"""Feudal derived numbers against values worked by hand from the rulebook
(docs/rules/feudal.md#derived-numbers), the rounding cases among them, and every finding code."""

from __future__ import annotations

from typing import Any

import pytest

from builder.core.base import Fix
from builder.systems.feudal import derive as d
from builder.systems.feudal import rules as cat
from builder.systems.feudal.checks import CODES, check_army
from builder.systems.feudal.model import Army, Battle, Leader, Unit


def foot(figures: int = 12, armour: str = "heavy", grade: str = "D", **kw: Any) -> Unit:
    return Unit("Foot", "infantry", armour, grade, figures, **kw)


def horse(figures: int = 12, armour: str = "heavy", grade: str = "D", **kw: Any) -> Unit:
    return Unit("Horse", "cavalry", armour, grade, figures, **kw)


# --- derived numbers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("figures", "dice"),
    [
        (11, 4),
        (10, 3),  # the source's own example: a final two rounds up, a final one does not
        (0, 0),
        (1, 0),
        (2, 1),
        (3, 1),
        (5, 2),
        (6, 2),
        (12, 4),
    ],
)
def test_shooting_dice_one_per_three_a_final_two_rounds_up(figures: int, dice: int) -> None:
    assert d.shooting_dice(foot(figures, width=figures, missile="crossbow")) == dice


def test_a_single_shooting_figure_rolls_no_dice() -> None:
    unit = foot(12, missile="sling", missile_figures=1)
    assert d.shooting_figures(unit) == 1 and d.shooting_dice(unit) == 0
    assert d.dice_text(0) == "no dice" and d.dice_text(1) == "1 die" and d.dice_text(4) == "4 dice"


def test_shooting_figures_default_all_and_at_most_two_ranks() -> None:
    assert d.shooting_figures(foot(11, width=6, missile="crossbow")) == 11  # 2 x 6 = 12 >= 11
    assert d.shooting_figures(foot(20, width=5, missile="longbow")) == 10  # two ranks of five
    assert d.shooting_dice(foot(20, width=5, missile="longbow")) == 3
    assert d.shooting_figures(foot(20, width=10, missile="sling", missile_figures=4)) == 4
    assert d.shooting_dice(foot(20, width=10, missile="sling", missile_figures=4)) == 1
    assert d.shooting_figures(foot(12)) == 0 and d.shooting_dice(foot(12)) == 0


@pytest.mark.parametrize(
    ("figures", "width", "fighting", "dice"),
    [
        (16, 8, 16, 4),
        (15, 8, 15, 4),
        (14, 8, 14, 3),  # a final three rounds up, two does not
        (12, 8, 12, 3),
        (24, 8, 16, 4),
        (24, 12, 24, 6),
        (20, 10, 20, 5),
        (6, 6, 6, 1),
        (7, 7, 7, 2),
    ],
)
def test_foot_combat_dice_one_per_four_in_two_ranks(
    figures: int, width: int, fighting: int, dice: int
) -> None:
    unit = foot(figures, width=width)
    assert (d.combat_figures(unit), d.combat_dice(unit)) == (fighting, dice)


@pytest.mark.parametrize(
    ("figures", "width", "dice"),
    [
        # 9 horse 4 wide fight with 8 (3 dice); 24 horse 8 wide with 16 (5 dice).
        (12, 6, 4),
        (11, 6, 4),
        (10, 5, 3),
        (8, 8, 3),
        (9, 4, 3),
        (24, 8, 5),
    ],
)
def test_horse_combat_dice_one_per_three_a_final_two_rounds_up(
    figures: int, width: int, dice: int
) -> None:
    assert d.combat_dice(horse(figures, width=width)) == dice


def test_width_defaults_to_eight_or_the_figures_and_sets_the_formation() -> None:
    assert d.width(foot(12)) == 8 and d.width(foot(6)) == 6
    assert d.formation(foot(12)) == "column" and d.formation(foot(16, width=8)) == "column"
    assert d.formation(foot(18, width=9)) == "line"


@pytest.mark.parametrize(
    ("unit", "move"),
    [
        (foot(12), 12),
        (foot(18, width=9), 6),
        (foot(12, armour="armored"), 10),
        (foot(18, width=9, armour="armored"), 4),
        (foot(12, armour="light", skirmish=True), 6),
        (horse(armour="light"), 20),
        (horse(armour="heavy"), 16),
        (horse(armour="armored"), 16),
    ],
)
def test_moves(unit: Unit, move: int) -> None:
    assert d.move(unit) == move


def test_only_skirmishers_evade_foot_at_12_light_horse_at_20() -> None:
    assert d.evade_move(foot(10, armour="light", skirmish=True)) == 12
    assert d.evade_move(foot(10, armour="light")) is None
    # docs/rules/feudal.md#derived-numbers (corrected): the 12" is an infantry move; light horse
    # evade at their 20".
    assert d.evade_move(horse(10, armour="light", skirmish=True)) == 20
    assert d.evade_move(horse(10, armour="light")) is None


@pytest.mark.parametrize(
    ("missile", "hits"),
    [
        ("thrown", ("8-10", "10", "none")),
        ("light-bow", ("8-10", "10", "none")),
        ("sling", ("8-10", "10", "none")),
        ("crossbow", ("7-10", "8-10", "9-10")),
        ("longbow", ("8-10", "9-10", "10")),
    ],
)
def test_scores_to_hit_light_heavy_armored(missile: str, hits: tuple[str, str, str]) -> None:
    assert d.to_hit(foot(missile=missile)) == hits
    assert d.to_hit(foot()) is None


@pytest.mark.parametrize(
    ("grade", "passes", "rout", "steady"),
    [
        ("A", 2, 3, True),
        ("B", 3, 2, True),
        ("C", 4, 1, True),
        ("D", 5, 0, True),
        ("E", 6, -1, False),
        ("F", 7, -3, False),
    ],
)
def test_morale_rout_and_steadiness_by_grade(
    grade: str, passes: int, rout: int, steady: bool
) -> None:
    unit = foot(grade=grade)
    assert (d.morale_pass(unit), d.rout_modifier(unit), d.can_be_steady(unit)) == (
        passes,
        rout,
        steady,
    )


def test_skirmishers_are_never_steady() -> None:
    assert not d.can_be_steady(foot(armour="light", grade="A", skirmish=True))


@pytest.mark.parametrize(
    ("figures", "marks"),
    [
        (12, (3, 6, 9)),
        (11, (3, 6, 9)),
        (10, (3, 5, 8)),
        (13, (4, 7, 10)),
        (6, (2, 3, 5)),
        (24, (6, 12, 18)),
        (9, (3, 5, 7)),
    ],
)
def test_casualty_marks_round_up(figures: int, marks: tuple[int, int, int]) -> None:
    cas = d.casualties(figures)
    assert (cas.quarter, cas.half, cas.shatter) == marks


@pytest.mark.parametrize(
    ("die", "charisma", "points"),
    [
        (1, 0, 1),
        (3, 0, 1),
        (4, 1, 2),
        (7, 1, 2),
        (8, 1, 3),
        (9, 2, 3),
        (10, 2, 4),
    ],
)
def test_leader_roll_tables(die: int, charisma: int, points: int) -> None:
    assert cat.from_table(cat.CHARISMA_FOR_DIE, die) == charisma
    assert cat.from_table(cat.COMMAND_POINTS_FOR_DIE, die) == points


# --- findings ----------------------------------------------------------------------------


def army(*battles: list[Unit], chiefs: int = 1) -> Army:
    return Army(
        "feudal",
        "Test",
        "Anjou",
        [Battle(Leader(f"L{i}", c_in_c=i < chiefs), units) for i, units in enumerate(battles)],
    )


def codes(a: Army) -> list[tuple[str, str, str]]:
    return [(f.level, f.code, f.where) for f in check_army(a)]


def test_a_legal_army_has_no_findings() -> None:
    assert codes(army([foot(), horse()], [foot(armour="light", skirmish=True)])) == []


def test_one_c_in_c_once_an_army() -> None:
    assert codes(army([foot()], [foot()], chiefs=0)) == [("error", "one-c-in-c", "")]
    assert codes(army([foot()], [foot()], [foot()], chiefs=3)) == [
        ("error", "one-c-in-c", "battles[1].leader")
    ]
    assert codes(Army("feudal", "Empty")) == [("error", "one-c-in-c", "")]
    assert "no battles" in check_army(Army("feudal", "Empty"))[0].message
    found = check_army(army([foot()], [foot()], chiefs=2))[0]
    assert found.message.startswith("The army has 2 C-in-Cs (L0, L1)") and found.fix is not None
    # No leader to set the key on: the advice is to add a battle.
    assert check_army(Army("feudal", "Empty"))[0].fix == Fix(
        "battles", "The army has no battles, so no C-in-C", "add"
    )


def test_empty_battle_is_not_also_units_per_battle() -> None:
    assert codes(army([foot()], [])) == [("error", "empty-battle", "battles[1]")]


@pytest.mark.parametrize(("figures", "bad"), [(5, True), (6, False), (24, False), (25, True)])
def test_unit_size(figures: int, bad: bool) -> None:
    found = codes(army([foot(figures, width=min(8, figures))]))
    assert found == ([("error", "unit-size", "battles[0].units[0]")] if bad else [])


@pytest.mark.parametrize("armour", ["heavy", "armored"])
def test_skirmish_light_only(armour: str) -> None:
    assert codes(army([foot(armour=armour, skirmish=True)])) == [
        ("error", "skirmish-light-only", "battles[0].units[0]")
    ]


def test_missile_figures_without_a_missile_or_too_many() -> None:
    assert codes(army([foot(missile_figures=4)])) == [
        ("error", "missile-figures", "battles[0].units[0]")
    ]
    assert codes(army([foot(12, missile="sling", missile_figures=13)])) == [
        ("error", "missile-figures", "battles[0].units[0]")
    ]
    assert codes(army([foot(12, missile="sling", missile_figures=12)])) == []


def test_width_wider_than_the_unit() -> None:
    assert codes(army([foot(12, width=13)])) == [("error", "width", "battles[0].units[0]")]
    (found,) = check_army(army([foot(12, width=13)]))
    assert found.message == (
        "Foot's front rank is 13 wide but it has 12 figures: set width to at most 12"
    )
    assert codes(army([foot(12, width=12)])) == []


def test_units_per_battle_warns_above_four_errors_first() -> None:
    five = [foot() for _ in range(5)]
    assert codes(army([foot()] * 4)) == []
    assert codes(army(five, [foot(4, width=4)])) == [
        ("error", "unit-size", "battles[1].units[0]"),
        ("warning", "units-per-battle", "battles[0]"),
    ]


def test_every_finding_code_of_the_issue_has_a_check() -> None:
    bad = army(
        [
            foot(4, width=5),
            foot(armour="heavy", skirmish=True),
            foot(missile_figures=2),
            *(foot() for _ in range(3)),
        ],
        [],
        chiefs=0,
    )
    bad.battles[1].leader.command_points = 2
    assert (
        {f.code for f in check_army(bad)}
        == set(CODES)
        == {
            "one-c-in-c",
            "empty-battle",
            "unit-size",
            "skirmish-light-only",
            "missile-figures",
            "width",
            "units-per-battle",
            "no-command-points",
        }
    )


def test_a_leader_without_command_points_in_an_army_that_uses_them() -> None:
    # Neither has them: the rule is off, no finding. One has them: the other is warned of.
    plain = army([foot()], [foot()])
    assert codes(plain) == []
    plain.battles[0].leader.command_points = 3
    found = [f for f in check_army(plain) if f.code == "no-command-points"]
    assert [(f.level, f.where) for f in found] == [("warning", "battles[1].leader")]
    assert found[0].message.startswith("L1 has no command points, but the army uses them")
    plain.battles[1].leader.command_points = 1
    assert codes(plain) == []
