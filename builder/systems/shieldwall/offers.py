"""What an editor may offer for each shieldwall record: the ruleset's ``offered``. No points,
so every choice's cost is None."""

from __future__ import annotations

from builder.core.base import Choice, Offer

from . import rules as cat
from .model import Army, Leader, Stand
from .schema import LEADER, SCHEMA, STAND

_YES_NO = (Choice(False, "No"), Choice(True, "Yes"))


_QUALITIES = tuple(Choice(q.key, q.name) for q in cat.QUALITIES.values())
_ARMOUR = tuple(Choice(a.key, a.name.capitalize()) for a in cat.ARMOUR.values())
_WEAPONS = tuple(Choice(w.key, w.name.capitalize()) for w in cat.WEAPONS.values())


def stand_offers(army: Army, stand: Stand) -> tuple[Offer, ...]:
    """Every key of a stand; the leader is chosen from the army's leaders."""
    return (
        Offer(STAND.field("label"), stand.label),
        Offer(STAND.field("quality"), stand.quality, _QUALITIES),
        Offer(STAND.field("figures"), stand.figures),
        Offer(STAND.field("armour"), stand.armour, _ARMOUR),
        Offer(STAND.field("weapon"), stand.weapon, _WEAPONS),
        Offer(STAND.field("mounted"), stand.mounted, _YES_NO),
        Offer(STAND.field("count"), stand.count),
        Offer(
            STAND.field("leader"),
            stand.leader,
            (Choice(None, "None"), *(Choice(ldr.name, ldr.name) for ldr in army.leaders)),
            note="a leader leads one stand; its count must be 1",
        ),
    )


def leader_offers(leader: Leader) -> tuple[Offer, ...]:
    return (
        Offer(LEADER.field("name"), leader.name),
        Offer(
            LEADER.field("role"),
            leader.role,
            tuple(Choice(r, cat.ROLE_NAMES[r]) for r in cat.ROLES),
        ),
        Offer(LEADER.field("figures"), leader.figures),
        Offer(LEADER.field("quality"), leader.quality, _QUALITIES),
        Offer(LEADER.field("armour"), leader.armour, _ARMOUR),
        Offer(LEADER.field("weapon"), leader.weapon, _WEAPONS),
        Offer(LEADER.field("mounted"), leader.mounted, _YES_NO),
    )


def army_offers(army: Army) -> tuple[Offer, ...]:
    return (
        Offer(SCHEMA.field("name"), army.name),
        Offer(SCHEMA.field("player"), army.player),
        Offer(SCHEMA.field("side"), army.side),
        Offer(SCHEMA.field("banner"), army.banner, _YES_NO),
    )
