"""Feudal's part of the packing list (:mod:`builder.core.packing`): figures by unit, the leader
figures, and the D10s for the largest throw, shooting or combat
(docs/rules/feudal.md#derived-numbers)."""

from __future__ import annotations

from collections.abc import Sequence

from builder.core.packing import ArmyKit, Dice, Item, Kit, Tool, most_dice
from builder.core.printables import Source

from . import derive as d
from .model import Army, Unit
from .views import unit_title

TOOLS = (
    Tool(
        "Tape measure in inches",
        'moves and ranges are in inches (1" is 5 paces; longbows and crossbows 16")',
        ours=True,
    ),
)


def largest_throw(unit: Unit) -> int:
    return max(d.shooting_dice(unit), d.combat_dice(unit))


def army_kit(army: Army) -> ArmyKit:
    units = [u for _, u in army.units_with_paths()]
    most, biggest = most_dice(units, largest_throw)
    why = (
        f"the largest throw: {unit_title(biggest)}"
        if biggest is not None and most > 1
        else "a morale or rout test, 1D10"
    )
    leaders = tuple(
        Item(ldr.name, 1, "C-in-C" if ldr.c_in_c else "leader of a battle") for ldr in army.leaders
    )
    return ArmyKit(
        army.name,
        army.side or "",
        tuple(Item(unit_title(u), u.figures) for u in units),
        leaders,
        (Dice("D10", max(most, 1), why),),
    )


def kit(sources: Sequence[Source[Army]]) -> Kit:
    return Kit(tuple(army_kit(s.army) for s in sources), TOOLS)
