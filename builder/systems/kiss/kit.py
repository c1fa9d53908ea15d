"""KISS's part of the packing list (:mod:`builder.core.packing`): figures by unit, a figure per
magnate, the D6s for the largest throw (one die a figure, doubled enfilading: our reading,
docs/rules/kiss.md#our-readings) and a cup for the ward chits."""

from __future__ import annotations

from collections.abc import Sequence

from builder.core.packing import OURS, ArmyKit, Dice, Item, Kit, Tool, most_dice
from builder.core.printables import Source

from . import rules as cat
from .model import Army, Unit
from .views import unit_title

#: A magnate's casualty test throws 2D6: the fewest D6 an army needs.
CASUALTY_DICE = 2
#: Enfilading doubles the handstroke dice.
ENFILADE = 2

TOOLS = (
    Tool("Tape measure in inches", 'moves and ranges are in inches (bows 18")', ours=True),
    Tool("A cup", "the ward, lethargy and treacherous chits are drawn from it"),
)


def largest_throw(unit: Unit) -> int:
    """One die a figure shooting, twice that in handstrokes when enfilading."""
    troop = cat.TROOPS[unit.troop]
    hands = unit.figures * ENFILADE if troop.hand_first is not None else 0
    fire = unit.figures if troop.fire_hit is not None else 0
    return max(hands, fire)


def army_kit(army: Army) -> ArmyKit:
    units = [u for _, u in army.units_with_paths()]
    most, biggest = most_dice(units, largest_throw)
    why = (
        f"the largest throw: {unit_title(biggest)} enfilading, one die a figure doubled"
        if biggest is not None and most > CASUALTY_DICE
        else "a magnate's casualty test, 2D6"
    )
    return ArmyKit(
        army.name,
        cat.SIDES.name_of(army.side),
        tuple(Item(unit_title(u), u.figures) for u in units),
        tuple(
            Item(m.name, 1, f"level {m.level}, {m.ability}; a figure a magnate ({OURS})")
            for m in army.magnates
        ),
        (Dice("D6", max(most, CASUALTY_DICE), why, ours=biggest is not None),),
    )


def kit(sources: Sequence[Source[Army]]) -> Kit:
    return Kit(tuple(army_kit(s.army) for s in sources), TOOLS)
