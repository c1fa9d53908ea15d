"""The kinds of record a shieldwall army holds, and what a player is shown of each: the
ruleset's titles, facts and offers, from :mod:`.views` and :mod:`.offers`.
"""

from __future__ import annotations

from builder.core.package import ArmyKind, Kind

from .checks import check_army
from .model import Army, Leader, Stand
from .offers import army_offers, leader_offers, stand_offers
from .views import (
    army_facts,
    army_title,
    leader_facts,
    leader_with,
    stand_facts,
    stand_title,
    summary,
)

ARMY = ArmyKind(Army, army_title, army_facts, army_offers, check_army, summary)
KINDS = (
    Kind[Army, Leader](
        Leader,
        lambda army, _, leader: leader_with(army, leader),
        lambda army, _, leader: leader_facts(army, leader),
        lambda _, __, leader: leader_offers(leader),
    ),
    Kind[Army, Stand](
        Stand,
        lambda _, __, stand: stand_title(stand),
        lambda army, _, stand: stand_facts(army, stand),
        lambda army, _, stand: stand_offers(army, stand),
    ),
)
