"""The leaders' rolls (docs/rules/feudal.md#leaders): charisma for every leader, always, and command
points for every leader where the army uses that optional rule. One D10 each, every die shown."""

from __future__ import annotations

import random

from builder.core.base import Roll, RollLine, Setting
from builder.core.package import ArmyRoller

from . import rules as cat
from .derive import signed
from .model import Army

CHARISMA_LEGEND = "charisma 1-3 +0, 4-8 +1, 9-10 +2"
COMMAND_POINTS_LEGEND = "command points 1-3 one, 4-7 two, 8-9 three, 10 four"


def _points(n: int) -> str:
    return f"{n} command point{'' if n == 1 else 's'}"


def leader_roll(army: Army, rng: random.Random) -> Roll:
    """Each leader's charisma, then his command points where the army uses them, in file
    order (the ruleset's ``roller``)."""
    points = army.uses_command_points
    lines: list[RollLine] = []
    settings: list[Setting] = []
    for i, leader in enumerate(army.leaders):
        where = f"battles[{i}].leader"
        die = rng.randint(1, 10)
        charisma = cat.from_table(cat.CHARISMA_FOR_DIE, die)
        # Who is the leader's name alone (a name may hold a comma: "William, Duke of
        # Normandy"); the result names what was rolled.
        lines.append(RollLine(where, leader.name, (die,), (), f"charisma {signed(charisma)}"))
        settings.append(Setting(where, "charisma", charisma))
        if points:
            die = rng.randint(1, 10)
            cp = cat.from_table(cat.COMMAND_POINTS_FOR_DIE, die)
            lines.append(RollLine(where, leader.name, (die,), (), _points(cp)))
            settings.append(Setting(where, "command_points", cp))
    legend = CHARISMA_LEGEND + (f"; {COMMAND_POINTS_LEGEND}" if points else "")
    return Roll(
        "Charisma and command point rolls" if points else "Charisma rolls",
        legend,
        tuple(lines),
        tuple(settings),
        "charisma and command points" if points else "charisma values",
    )


ROLLER = ArmyRoller("Roll charisma", Army, leader_roll)
