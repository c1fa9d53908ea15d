"""The kinds of record a Feudal army holds, and what a player is shown of each: the
ruleset's titles, facts and offers, from :mod:`.views` and :mod:`.offers`.

A battle is shown as its leader: picking one in the builder is picking him.
"""

from __future__ import annotations

from builder.core import schema
from builder.core.base import Facts
from builder.core.package import ArmyKind, Kind

from .checks import check_army
from .model import Army, Battle, Leader, Unit
from .offers import army_offers, leader_offers, unit_offers
from .views import (
    army_facts,
    army_title,
    leader_facts,
    leader_title,
    summary,
    unit_facts,
    unit_title,
)


def _leader_facts(army: Army, where: str, _: Leader | Battle) -> Facts:
    return leader_facts(army, schema.group_index(where))


ARMY = ArmyKind(Army, army_title, army_facts, army_offers, check_army, summary)
KINDS = (
    Kind[Army, Battle](
        Battle,
        lambda _, __, battle: leader_title(battle.leader),
        _leader_facts,
        lambda _, __, battle: leader_offers(battle.leader),
    ),
    Kind[Army, Leader](
        Leader,
        lambda _, __, leader: leader_title(leader),
        _leader_facts,
        lambda _, __, leader: leader_offers(leader),
    ),
    Kind[Army, Unit](
        Unit,
        lambda _, __, unit: unit_title(unit),
        lambda _, __, unit: unit_facts(unit),
        lambda _, __, unit: unit_offers(unit),
    ),
)
