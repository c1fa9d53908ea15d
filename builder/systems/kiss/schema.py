"""The KISS army file's shape (issue 15 "The army file"), declared over the model.

The generic army-file code validates, builds and writes KISS armies from this tree alone.
"""

from __future__ import annotations

from builder.core.schema import CORE_FIELDS, Child, Field, Table

from . import rules as cat
from .model import Army, Magnate, Unit, Ward

SIDE_KEYS = tuple(side.key for side in cat.SIDES.fixed)

UNIT = Table(
    "unit",
    Unit,
    (
        Field("troop", "str", required=True, choices=tuple(cat.TROOPS), label="Troop"),
        Field(
            "commitment",
            "str",
            choices=cat.COMMITMENTS,
            label="Commitment",
            help="how keen the men are: morale fails on 6, 5+ or 4+",
        ),
        Field(
            "figures",
            "int",
            min=cat.FIGURES_MIN,
            max=cat.FIGURES_MAX,
            label="Figures",
            help="starting strength; it routs at 4 figures or half strength",
        ),
        Field("label", "str", max_len=80, label="Label", help="your own name for the unit"),
    ),
)

MAGNATE = Table(
    "magnate",
    Magnate,
    (
        Field("name", "str", required=True, max_len=80, label="Name"),
        Field("c_in_c", "bool", label="C-in-C", help="exactly one magnate leads the army"),
        Field(
            "level",
            "int",
            min=min(cat.LEVELS),
            max=max(cat.LEVELS),
            label="Level",
            help="1-4; peers are 3 or 4",
            written=True,
        ),
        Field(
            "puissance",
            "int",
            min=cat.SCORE_MIN,
            max=cat.SCORE_MAX,
            label="Puissance",
            help="1-6; +1s to share among hit rolls when he will not shrink back",
            written=True,
        ),
        Field(
            "forwardness",
            "int",
            min=cat.SCORE_MIN,
            max=cat.SCORE_MAX,
            label="Forwardness",
            help="1-6",
            written=True,
        ),
        Field(
            "ability",
            "str",
            required=True,
            choices=tuple(cat.ABILITIES),
            start="practiced",  # the plain order roll: a new magnate is no special one
            label="Ability",
            help="how he gives orders; sets how many stratagems he may have",
        ),
        Field(
            "traits",
            "list",
            choices=tuple(cat.TRAITS),
            free_prefixes=(cat.ANTI,),
            max_len=80,
            label="Traits",
            help="his character; anti-<name or cause> too",
        ),
        Field(
            "stratagems",
            "list",
            choices=tuple(cat.STRATAGEMS),
            label="Stratagems",
            help="audacious 3, old soldier 2, practiced 1, amateur 0",
        ),
        Field(
            "commitment",
            "str",
            choices=cat.COMMITMENTS,
            label="Commitment",
            help="his ward tests morale by it; unset: its main grade by figures",
        ),
    ),
)

WARD = Table(
    "ward",
    Ward,
    children=(
        Child("leader", MAGNATE, "leader", many=False, required=True),
        Child("units", UNIT, "unit"),
    ),
)

SCHEMA = Table(
    "army",
    Army,
    (
        *CORE_FIELDS,
        Field("side", "str", choices=SIDE_KEYS, label="Side", required=True),
        Field(
            "pre_battle",
            "list",
            choices=tuple(cat.PRE_BATTLE),
            label="Pre-battle",
            help="each costs the army 1 morale at the start",
        ),
    ),
    children=(Child("wards", WARD, "group"),),
)
