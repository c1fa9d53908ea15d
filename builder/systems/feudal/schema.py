"""The Feudal army file's shape (issue 16 "The army file"), declared over the model."""

from __future__ import annotations

from builder.core.schema import CORE_FIELDS, Child, Field, Table

from . import rules as cat
from .model import Army, Battle, Leader, Unit

UNIT = Table(
    "unit",
    Unit,
    (
        Field("label", "str", required=True, max_len=80, label="Label", help="the unit's name"),
        Field(
            "arm",
            "str",
            required=True,
            choices=cat.ARMS,
            label="Arm",
            help="foot or horse, never mixed",
        ),
        Field("armour", "str", required=True, choices=cat.ARMOURS, label="Armour"),
        Field(
            "grade",
            "str",
            required=True,
            choices=cat.GRADES,
            label="Morale grade",
            help="A best, D average, F raw peasants",
        ),
        # Outside 6-24 loads: a referee may allow it (the unit-size finding says so).
        Field(
            "figures",
            "int",
            required=True,
            min=1,
            max=cat.LOAD_MAX,
            label="Figures",
            help="6-24 figures; 12-16 usual",
        ),
        Field(
            "width",
            "int",
            min=1,
            max=cat.LOAD_MAX,
            label="Width",
            help="figures in the front rank; default min(8, figures); 9 or more is a line",
        ),
        Field("missile", "str", choices=tuple(cat.MISSILES), label="Missile weapon"),
        Field(
            "missile_figures",
            "int",
            min=1,
            max=cat.LOAD_MAX,
            label="Missile figures",
            help="figures carrying the missile weapon; default all of them",
        ),
        Field("skirmish", "bool", label="Skirmish", help="light troops only, kept all game"),
    ),
)

LEADER = Table(
    "leader",
    Leader,
    (
        Field("name", "str", required=True, max_len=80, label="Name"),
        Field("c_in_c", "bool", label="C-in-C", help="exactly one leader an army"),
        Field(
            "charisma",
            "int",
            min=0,
            max=cat.MAX_CHARISMA,
            label="Charisma",
            written=True,
            help="from a D10: 1-3 +0, 4-8 +1, 9-10 +2",
        ),
        Field(
            "command_points",
            "int",
            min=cat.MIN_COMMAND_POINTS,
            max=cat.MAX_COMMAND_POINTS,
            label="Command points",
            help="optional rule, from a D10: 1-3 one, 4-7 two, 8-9 three, 10 four",
        ),
    ),
)

BATTLE = Table(
    "battle",
    Battle,
    children=(
        Child("leader", LEADER, "leader", many=False, required=True),
        Child("units", UNIT, "unit"),
    ),
)

SCHEMA = Table(
    "army",
    Army,
    (
        *CORE_FIELDS,
        Field(
            "side",
            "str",
            max_len=cat.SIDES.max_len,
            min_len=1,
            label="Side",
            help="free text, e.g. Flanders",
        ),
    ),
    children=(Child("battles", BATTLE, "group"),),
)
