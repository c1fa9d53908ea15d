"""Billhooks' part of the packing list (:mod:`builder.core.packing`): figures by unit, the
leader figures, the D6s for the largest throw and a small die per archer unit for its arrow
supply (docs/rules/billhooks.md#shooting)."""

from __future__ import annotations

from collections.abc import Sequence

from builder.core.packing import ArmyKit, Dice, Item, Kit, Tool, most_dice
from builder.core.printables import Source

from . import rules as cat
from .model import Army, Unit
from .points import figures, unit_title
from .profile import profile

#: A morale crisis test throws 2D6 for infantry: the fewest D6 an army needs.
MORALE_DICE = 2

TOOLS = (
    Tool(
        "Tape measure in inches",
        'every move, range and command distance is in inches (short range under 9", long 15")',
        ours=True,
    ),
)


def largest_throw(unit: Unit) -> int:
    """The most D6 the unit throws at once: its biggest volley or first-round melee."""
    found = profile(unit)
    volleys = [line.dice for line in found.shooting]
    return max([found.melee_first_round, found.melee_later, found.melee_defending, *volleys])


def army_kit(army: Army) -> ArmyKit:
    units = [u for _, u in army.units_with_paths()]
    most, biggest = most_dice(units, largest_throw)
    why = (
        f"the largest throw: {unit_title(biggest)}"
        if biggest is not None and most > MORALE_DICE
        else "a morale crisis test, 2D6"
    )
    dice = [Dice("D6", max(most, MORALE_DICE), why)]
    archers = sum(1 for u in units if profile(u).arrow_supply)
    if archers:
        dice.append(
            Dice(
                "small D6",
                archers,
                "one behind each archer unit, counting its arrowstorms down "
                "(the printed tracker serves instead)",
            )
        )
    leaders = tuple(
        Item(
            ward.leader.name,
            1,
            f"{ward.leader.rank}{', C-in-C' if ward.leader.c_in_c else ''}, "
            f"{'mounted' if ward.leader.mounted else 'on foot'}",
        )
        for ward in army.wards
    )
    return ArmyKit(
        army.name,
        cat.SIDES.name_of(army.side),
        tuple(
            Item(u.label or unit_title(u), figures(u), unit_title(u) if u.label else "")
            for u in units
        ),
        leaders,
        tuple(dice),
    )


def kit(sources: Sequence[Source[Army]]) -> Kit:
    return Kit(tuple(army_kit(s.army) for s in sources), TOOLS)
