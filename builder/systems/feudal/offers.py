"""What an editor may offer for each Feudal record right now: the ruleset's ``offered``.
No points: every choice's ``cost`` is None."""

from __future__ import annotations

from builder.core.base import Choice, Offer

from . import rules as cat
from .model import Army, Leader, Unit
from .schema import LEADER, SCHEMA, UNIT


def _choices(values: tuple[str, ...], labels: dict[str, str] | None = None) -> tuple[Choice, ...]:
    return tuple(
        Choice(v, (labels or {}).get(v) or v.replace("-", " ").capitalize()) for v in values
    )


GRADE_LABELS = {g: f"{g} ({note})" if note else g for g, note in cat.GRADE_NOTES.items()}
CHARISMA_LABELS = {0: "+0 (rolled 1-3)", 1: "+1 (rolled 4-8)", 2: "+2 (rolled 9-10)"}
COMMAND_POINT_LABELS = {
    1: "1 (rolled 1-3)",
    2: "2 (rolled 4-7)",
    3: "3 (rolled 8-9)",
    4: "4 (rolled 10)",
}


def unit_offers(unit: Unit) -> tuple[Offer, ...]:
    """Label, arm, armour, grade, figures, width, missile; missile figures once there is a
    missile, skirmish for light troops (or to switch off on others)."""
    offers = [
        Offer(UNIT.field("label"), unit.label),
        Offer(UNIT.field("arm"), unit.arm, _choices(cat.ARMS)),
        Offer(UNIT.field("armour"), unit.armour, _choices(cat.ARMOURS)),
        Offer(UNIT.field("grade"), unit.grade, _choices(cat.GRADES, GRADE_LABELS)),
        Offer(UNIT.field("figures"), unit.figures),
        Offer(
            UNIT.field("width"),
            unit.width,
            note=f"default {min(cat.COLUMN_MAX_WIDTH, unit.figures)}",
        ),
        Offer(
            UNIT.field("missile"),
            unit.missile,
            (
                Choice(None, "None"),
                *(Choice(m.key, f'{m.name} ({m.range}")') for m in cat.MISSILES.values()),
            ),
        ),
    ]
    if unit.missile is not None or unit.missile_figures is not None:
        offers.append(
            Offer(
                UNIT.field("missile_figures"),
                unit.missile_figures,
                note=f"default all {unit.figures}",
            )
        )
    if unit.armour == "light" or unit.skirmish:
        offers.append(
            Offer(UNIT.field("skirmish"), unit.skirmish, (Choice(False, "No"), Choice(True, "Yes")))
        )
    return tuple(offers)


def leader_offers(leader: Leader) -> tuple[Offer, ...]:
    return (
        Offer(LEADER.field("name"), leader.name),
        Offer(LEADER.field("c_in_c"), leader.c_in_c, (Choice(False, "No"), Choice(True, "Yes"))),
        Offer(
            LEADER.field("charisma"),
            leader.charisma,
            tuple(Choice(n, label) for n, label in CHARISMA_LABELS.items()),
        ),
        Offer(
            LEADER.field("command_points"),
            leader.command_points,
            (
                Choice(None, "Not used"),
                *(Choice(n, label) for n, label in COMMAND_POINT_LABELS.items()),
            ),
        ),
    )


def army_offers(army: Army) -> tuple[Offer, ...]:
    return (
        Offer(SCHEMA.field("name"), army.name),
        Offer(SCHEMA.field("player"), army.player),
        Offer(SCHEMA.field("side"), army.side),
    )
