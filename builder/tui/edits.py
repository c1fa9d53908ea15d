"""Edits the builder makes to an army, and the places in it a user selects.

Each edit changes the army in place and is run through :meth:`Session.apply`, which makes it
undoable. None of them knows a rule: whether the result is legal is for the ruleset's check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from builder.rules import schema
from builder.rules.base import Roll
from builder.rules.billhooks.model import Army, Leader, Unit, Ward

_WHERE = re.compile(r"^wards\[(\d+)\](?:\.(leader|units\[(\d+)\]))?")


@dataclass(frozen=True)
class Place:
    """A selectable place: the army (ward None), a ward and its leader, or a unit."""

    ward: int | None = None
    unit: int | None = None

    @property
    def key(self) -> str:
        """The place as a finding's ``where`` names it."""
        if self.ward is None:
            return ""
        if self.unit is None:
            return f"wards[{self.ward}]"
        return f"wards[{self.ward}].units[{self.unit}]"


ARMY = Place()


def place_of(where: str) -> Place:
    """The place a finding's ``where`` points at: ``wards[1].units[0]`` is that unit,
    ``wards[1]`` and ``wards[1].leader`` the ward's leader, anything else the army."""
    m = _WHERE.match(where)
    if m is None:
        return ARMY
    ward = int(m.group(1))
    return Place(ward, int(m.group(3)) if m.group(3) is not None else None)


def exists(army: Army, place: Place) -> bool:
    if place.ward is None:
        return True
    if not 0 <= place.ward < len(army.wards):
        return False
    return place.unit is None or 0 <= place.unit < len(army.wards[place.ward].units)


def add_unit(army: Army, ward: int, unit: Unit) -> Place:
    army.wards[ward].units.append(unit)
    return Place(ward, len(army.wards[ward].units) - 1)


def set_unit(army: Army, place: Place, unit: Unit) -> None:
    assert place.ward is not None and place.unit is not None
    army.wards[place.ward].units[place.unit] = unit


def remove_unit(army: Army, place: Place) -> Unit:
    assert place.ward is not None and place.unit is not None
    return army.wards[place.ward].units.pop(place.unit)


def move_unit(army: Army, place: Place, to_ward: int) -> Place:
    """Move a unit to the end of another ward; its new place."""
    unit = remove_unit(army, place)
    return add_unit(army, to_ward, unit)


def add_ward(army: Army, leader: Leader) -> Place:
    army.wards.append(Ward(leader))
    return Place(len(army.wards) - 1)


def remove_ward(army: Army, ward: int) -> Ward:
    return army.wards.pop(ward)


def set_leader(army: Army, ward: int, leader: Leader) -> None:
    army.wards[ward].leader = leader


def make_c_in_c(army: Army, ward: int) -> None:
    """This ward's leader becomes the C-in-C and no other leader is."""
    for i, w in enumerate(army.wards):
        w.leader.c_in_c = i == ward


def apply_roll(army: Army, roll: Roll) -> None:
    """Set what ``roll`` rolled, at its places."""
    for setting in roll.settings:
        schema.set_value(army, setting.where, setting.key, setting.value)


@dataclass(frozen=True)
class ArmySettings:
    """The army-wide fields the settings dialog edits."""

    name: str
    side: str | None
    english: bool
    points: int | None


def settings_of(army: Army) -> ArmySettings:
    return ArmySettings(army.name, army.side, army.english, army.points)


def apply_settings(army: Army, settings: ArmySettings) -> None:
    army.name = settings.name
    army.side = settings.side
    army.english = settings.english
    # A mustered army keeps its Mustering record; its points stay unset (the file has one or
    # the other).
    if army.muster is None:
        army.points = settings.points
