"""The kinds of record a KISS army holds, and what a player is shown of each: the ruleset's
titles, facts and offers, from :mod:`.views` and :mod:`.offers`.

A ward is shown as its magnate: picking one in the builder is picking him.
"""

from __future__ import annotations

from builder.core import schema
from builder.core.base import Facts
from builder.core.package import ArmyKind, Kind

from .checks import check_army
from .model import Army, Magnate, Unit, Ward
from .offers import army_offers, magnate_offers, unit_offers
from .views import (
    army_facts,
    army_title,
    magnate_facts,
    magnate_title,
    summary,
    unit_facts,
    unit_title,
)


def _magnate_facts(army: Army, where: str, _: Magnate | Ward) -> Facts:
    return magnate_facts(army, schema.group_index(where))


def _unit_facts(army: Army, where: str, unit: Unit) -> Facts:
    # A unit's morale is its ward's magnate's.
    return unit_facts(army, army.wards[schema.group_index(where)], unit)


ARMY = ArmyKind(Army, army_title, army_facts, army_offers, check_army, summary)
KINDS = (
    Kind[Army, Ward](
        Ward,
        lambda _, __, ward: magnate_title(ward.leader),
        _magnate_facts,
        lambda army, _, ward: magnate_offers(army, ward.leader),
    ),
    Kind[Army, Magnate](
        Magnate,
        lambda _, __, magnate: magnate_title(magnate),
        _magnate_facts,
        lambda army, _, magnate: magnate_offers(army, magnate),
    ),
    Kind[Army, Unit](
        Unit,
        lambda _, __, unit: unit_title(unit),
        _unit_facts,
        lambda _, __, unit: unit_offers(unit),
    ),
)
