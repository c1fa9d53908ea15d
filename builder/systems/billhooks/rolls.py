"""Command class rolls (docs/rules/billhooks.md#leaders): 1D6 per leader, 6 Hero, 2-5
Commander, 1 Dolt.

At most one Hero per army (a second Hero is re-rolled) and the C-in-C is never a Dolt (re-rolled).
Every die is kept so the player can see the whole roll.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from builder.core.base import Roll, RollLine, Setting
from builder.core.package import ArmyRoller
from builder.systems.billhooks.model import Army

from .rules import CLASS_FOR_DIE, COMMAND_CLASSES


@dataclass(frozen=True)
class LeaderRoll:
    where: str
    name: str
    #: Every die rolled for this leader, in order; the last one stands.
    dice: tuple[int, ...]
    #: Why each die before the last was re-rolled.
    rerolls: tuple[str, ...]
    command_class: int

    @property
    def class_name(self) -> str:
        return COMMAND_CLASSES[self.command_class]


def roll_command_classes(army: Army, rng: random.Random) -> list[LeaderRoll]:
    """Roll every leader's class, the C-in-C first so a Hero goes to him when he rolls one.

    Decision: leaders roll in file order with the C-in-C first; the order matters only for
    which of two sixes stands, and rolling the C-in-C first is how a table would do it.
    """
    order = sorted(range(len(army.wards)), key=lambda i: not army.wards[i].leader.c_in_c)
    results: dict[int, LeaderRoll] = {}
    hero_taken = False
    for i in order:
        leader = army.wards[i].leader
        dice: list[int] = []
        reasons: list[str] = []
        while True:
            die = rng.randint(1, 6)
            dice.append(die)
            cls = CLASS_FOR_DIE[die]
            if cls == 3 and hero_taken:
                reasons.append("a second Hero: re-roll")
                continue
            if cls == 1 and leader.c_in_c:
                reasons.append("the C-in-C is never a Dolt: re-roll")
                continue
            break
        hero_taken = hero_taken or cls == 3
        results[i] = LeaderRoll(f"wards[{i}].leader", leader.name, tuple(dice), tuple(reasons), cls)
    return [results[i] for i in range(len(army.wards))]


def command_class_roll(army: Army, rng: random.Random) -> Roll:
    """Every leader's command class, each die shown (the ruleset's ``roller``)."""
    rolls = roll_command_classes(army, rng)
    return Roll(
        "Command class rolls",
        "6 Hero, 2-5 Commander, 1 Dolt",
        tuple(
            RollLine(r.where, r.name, r.dice, r.rerolls, f"{r.class_name} ({r.command_class})")
            for r in rolls
        ),
        tuple(Setting(r.where, "command_class", r.command_class) for r in rolls),
        "classes",
    )


ROLLER = ArmyRoller("Roll command classes", Army, command_class_roll)
