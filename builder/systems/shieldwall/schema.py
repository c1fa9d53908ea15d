"""The shieldwall army file's shape (issue 17 "The army file"), declared over the model.

A flat army: ``[[leaders]]`` and ``[[stands]]`` directly under the army, no groups. Keys are
listed in the order a new table is written.
"""

from __future__ import annotations

from builder.core.schema import CORE_FIELDS, Child, Field, Table

from . import rules as cat
from .model import Army, Leader, Stand

LEADER = Table(
    "leader",
    Leader,
    (
        Field(
            "name",
            "str",
            required=True,
            max_len=80,
            label="Name",
            help="unique in the army; a stand names him to have him attached",
        ),
        Field(
            "role",
            "str",
            required=True,
            choices=cat.ROLES,
            label="Role",
            help="exactly one commander; any number of heroes",
        ),
        Field(
            "figures",
            "int",
            min=1,
            max=cat.MAX_FIGURES,
            label="Figures",
            written=True,
            help="1: a single figure, who counts as a stand of 3; more: his own stand",
        ),
        Field(
            "quality",
            "str",
            choices=tuple(cat.QUALITIES),
            label="Quality",
            help="what he fights as on a stand of his own (default huscarl)",
        ),
        Field(
            "armour",
            "str",
            choices=tuple(cat.ARMOUR),
            label="Armour",
            help="his save on a stand of his own (default mail)",
        ),
        Field(
            "weapon",
            "str",
            choices=tuple(cat.WEAPONS),
            label="Weapon",
            help="his weapon on a stand of his own (default sword)",
        ),
        Field("mounted", "bool", label="Mounted", help="a die more to move and in melee"),
    ),
)

STAND = Table(
    "stand",
    Stand,
    (
        Field("label", "str", required=True, max_len=80, label="Label"),
        Field("quality", "str", required=True, choices=tuple(cat.QUALITIES), label="Quality"),
        Field("figures", "int", required=True, min=1, max=cat.MAX_FIGURES, label="Figures"),
        Field("armour", "str", required=True, choices=tuple(cat.ARMOUR), label="Armour"),
        Field("weapon", "str", required=True, choices=tuple(cat.WEAPONS), label="Weapon"),
        Field("mounted", "bool", label="Mounted"),
        Field(
            "count",
            "int",
            min=1,
            max=cat.MAX_COUNT,
            label="Count",
            help="identical stands in this entry",
        ),
        Field(
            "leader",
            "str",
            max_len=80,
            min_len=1,
            label="Leader",
            help="the name of the leader attached to this stand",
            refers="leaders.name",
        ),
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
            required=True,
            max_len=cat.SIDES.max_len,
            min_len=1,
            label="Side",
            help="your own words: Norse, Saxons, Welsh",
        ),
        Field("banner", "bool", label="Banner", help="the army has a banner"),
    ),
    children=(Child("leaders", LEADER, "leader"), Child("stands", STAND, "unit")),
)
