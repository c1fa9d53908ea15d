"""The kinds of record a Billhooks army holds, and what a player is shown of each: the
ruleset's titles, facts and offers, from :mod:`.views` and :mod:`.offers`.

A ward is shown as its leader: picking one in the builder is picking him.
"""

from __future__ import annotations

from builder.core import schema
from builder.core.base import Facts, Offer
from builder.core.package import ArmyKind, Kind

from .checks import check_army
from .model import Army, Leader, Unit, Ward
from .offers import army_offers, leader_offers, unit_offers
from .points import unit_title
from .views import army_facts, army_title, leader_facts, leader_title, summary, unit_facts


def _leader_facts(army: Army, where: str, _: Leader | Ward) -> Facts:
    return leader_facts(army, schema.group_index(where))


def _ward_offers(army: Army, where: str, _: Ward) -> tuple[Offer, ...]:
    return leader_offers(army, schema.join(where, "leader"))


ARMY = ArmyKind(Army, army_title, army_facts, army_offers, check_army, summary)
KINDS = (
    Kind[Army, Ward](
        Ward, lambda army, _, ward: leader_title(army, ward.leader), _leader_facts, _ward_offers
    ),
    Kind[Army, Leader](
        Leader,
        lambda army, _, leader: leader_title(army, leader),
        _leader_facts,
        lambda army, where, _: leader_offers(army, where),
    ),
    Kind[Army, Unit](
        Unit,
        lambda _, __, unit: unit_title(unit),
        lambda _, __, unit: unit_facts(unit),
        lambda _, __, unit: unit_offers(unit),
    ),
)
