"""Shieldwall's part of the packing list (:mod:`builder.core.packing`): figures by stand, the
leader figures, the D6s for the largest usual throw (melee, shooting or a 3D6" move:
docs/rules/shieldwall.md#stands) and the terrain templates."""

from __future__ import annotations

from collections.abc import Sequence

from builder.core.packing import ArmyKit, Dice, Item, Kit, Tool, most_dice
from builder.core.printables import Source

from . import dice
from . import rules as cat
from .model import Army, Stand

TOOLS = (
    Tool("Tape measure in inches", 'moves are D6 inches; bows reach 12" and 24"', ours=True),
    Tool(
        "Terrain templates, dense and light",
        'cover and sight: 1D6" into a dense template, 2D6" into a light one',
    ),
)


def largest_throw(stand: Stand) -> int:
    return max(dice.melee_dice(stand), dice.shooting_dice(stand) or 0, dice.move_dice(stand))


def stand_item(stand: Stand) -> Item:
    """ "2 stands of 4 figures": the figures of every stand the entry counts."""
    quality = cat.QUALITIES[stand.quality].name.lower()
    s = "" if stand.count == 1 else "s"
    return Item(
        stand.label,
        stand.figures * stand.count,
        f"{stand.count} stand{s} of {stand.figures} ({quality})",
    )


def army_kit(army: Army) -> ArmyKit:
    most, biggest = most_dice(army.stands, largest_throw)
    why = (
        f"the largest usual throw: {biggest.label}; conditional dice add one each"
        if biggest is not None
        else 'a move in the open, 3D6"'
    )
    leaders = tuple(
        Item(
            ldr.name,
            ldr.figures,
            cat.ROLE_NAMES[ldr.role] + ("" if ldr.figures == 1 else ", his own stand"),
        )
        for ldr in army.leaders
    )
    return ArmyKit(
        army.name,
        army.side,
        tuple(stand_item(s) for s in army.stands),
        leaders,
        (Dice("D6", max(most, cat.MOVE_DICE_OPEN), why),),
    )


def kit(sources: Sequence[Source[Army]]) -> Kit:
    return Kit(tuple(army_kit(s.army) for s in sources), TOOLS)
