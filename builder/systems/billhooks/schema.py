"""The Billhooks army file's shape (docs/contracts.md#billhooks-army-file), declared over the model.

The generic army-file code validates, builds and writes Billhooks armies from this tree alone;
the builder's forms and ``catalogue`` read their labels and choices from it too. The unit keys
are listed in the order a new unit table is written.
"""

from __future__ import annotations

from builder.core.schema import CORE_FIELDS, TOML_INT, Child, Field, Table

from . import rules as cat
from .model import Army, Leader, Muster, RearCompany, Unit, Ward

SIDE_KEYS = tuple(side.key for side in cat.SIDES.fixed)

_TROOP = Field("troop", "str", required=True, choices=tuple(cat.TROOPS), label="Troop")
_QUALITY = Field(
    "quality",
    "str",
    choices=cat.QUALITIES,
    label="Quality",
    help="infantry companies only; default retinue",
)

REAR = Table("rear company", RearCompany, (_TROOP, _QUALITY))

UNIT = Table(
    "unit",
    Unit,
    (
        _TROOP,
        Field("label", "str", max_len=80, label="Label", help="your own name for the unit"),
        _QUALITY,
        Field(
            "formation",
            "str",
            choices=cat.FORMATIONS,
            label="Formation",
            help="line and block are two companies; combined: archers before another company",
        ),
        Field(
            "rear",
            "table",
            table=REAR,
            label="Rear company",
            help="the company behind the archers of a combined block",
        ),
        Field("stakes", "bool", label="Stakes", help="archer companies only"),
        Field("pavises", "bool", label="Pavises", help="crossbow and handgun bands only"),
        Field(
            "defences",
            "bool",
            label="Field defences",
            help="trenches, barricades or wagons along the unit's frontage",
        ),
        Field(
            "arms",
            "str",
            choices=cat.LIGHT_HORSE_ARMS,
            label="Arms",
            help="light horse only: they dismount to shoot",
        ),
        Field("nationality", "str", max_len=40, label="Nationality"),
        Field(
            "photo",
            "str",
            max_len=1000,
            min_len=1,
            path=True,
            label="Photo",
            help="a picture of the figures, relative to the army file",
        ),
    ),
)

LEADER = Table(
    "leader",
    Leader,
    (
        Field("name", "str", required=True, max_len=80, label="Name"),
        Field(
            "rank",
            "str",
            max_len=40,
            label="Rank",
            written=True,
            suggestions=cat.RANKS,
            help="the rules name " + ", ".join(cat.RANKS) + "; any other is allowed",
        ),
        Field("c_in_c", "bool", label="C-in-C"),
        Field("mounted", "bool", label="Mounted"),
        Field(
            "command_class",
            "int",
            min=1,
            max=3,
            label="Command class",
            written=True,
            help="1 Dolt, 2 Commander, 3 Hero",
        ),
    ),
)

WARD = Table(
    "ward",
    Ward,
    children=(
        Child("leader", LEADER, "leader", many=False, required=True),
        Child("units", UNIT, "unit"),
    ),
)

MUSTER = Table(
    "muster table",
    Muster,
    (
        Field("troops", "int", required=True, min=1, max=100_000, label="Agreed troop points"),
        # `muster --seed` takes the same: a seed outside them could be written, not read back.
        Field("seed", "int", label="Seed", min=TOML_INT[0], max=TOML_INT[1]),
    ),
)

#: Agreed points, as the loader and every editor bound them.
POINTS = Field(
    "points",
    "int",
    min=0,
    max=100_000,
    label="Agreed points",
    help="agreed troop points; more troop points is an error",
)

SCHEMA = Table(
    "army",
    Army,
    (
        *CORE_FIELDS,
        Field("side", "str", choices=SIDE_KEYS, label="Side"),
        Field(
            "english",
            "bool",
            label="English army",
            help="the English-army restrictions are enforced (default true)",
        ),
        POINTS,
        Field(
            "muster",
            "table",
            table=MUSTER,
            label="Mustered",
            help="written by the Mustering draw instead of points",
        ),
    ),
    children=(Child("wards", WARD, "group"),),
    exclusive=(("points", "muster"),),
)
