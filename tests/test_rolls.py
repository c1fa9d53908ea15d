"""Command class rolls: seeded, every die shown, re-rolls for a second Hero and a Dolt C-in-C."""

from __future__ import annotations

import random

import bh as BH
from armies import army, unit

from builder.systems.billhooks.model import Army


class Dice(random.Random):
    """A Random that rolls the given dice in order."""

    def __init__(self, rolls: list[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)


def three_wards() -> Army:
    return army([unit("archers")], [unit("billmen")], [unit("archers")])


def test_die_to_class() -> None:
    rolls = BH.roll_command_classes(three_wards(), Dice([6, 2, 1]))
    assert [(r.dice, r.command_class) for r in rolls] == [((6,), 3), ((2,), 2), ((1,), 1)]


def test_c_in_c_never_dolt_rerolled_and_shown() -> None:
    rolls = BH.roll_command_classes(three_wards(), Dice([1, 1, 5, 3, 4]))
    assert rolls[0].dice == (1, 1, 5) and rolls[0].command_class == 2
    assert len(rolls[0].rerolls) == 2 and "Dolt" in rolls[0].rerolls[0]


def test_second_hero_rerolled() -> None:
    rolls = BH.roll_command_classes(three_wards(), Dice([6, 6, 6, 2, 6, 1]))
    assert [r.command_class for r in rolls] == [3, 2, 1]
    assert rolls[1].dice == (6, 6, 2) and rolls[2].dice == (6, 1)


def test_c_in_c_rolls_first_wherever_he_stands() -> None:
    a = three_wards()
    a.wards[0].leader.c_in_c = False
    a.wards[2].leader.c_in_c = True
    rolls = BH.roll_command_classes(a, Dice([6, 6, 3, 4]))
    assert rolls[2].command_class == 3 and rolls[2].dice == (6,)
    assert rolls[0].dice == (6, 3)


def test_same_seed_same_rolls_and_results_always_legal() -> None:
    a = three_wards()
    first = BH.roll_command_classes(a, random.Random(7))
    assert first == BH.roll_command_classes(a, random.Random(7))
    for seed in range(300):
        rolls = BH.roll_command_classes(a, random.Random(seed))
        classes = [r.command_class for r in rolls]
        assert classes.count(3) <= 1 and classes[0] != 1
        for roll in rolls:
            assert len(roll.rerolls) == len(roll.dice) - 1
