"""What a Billhooks event may agree (docs/events.md): its size in troop points, limits by troop,
nationality (a contingent) or kind of unit, and the C-in-C duel as a house rule."""

from __future__ import annotations

import dataclasses

from builder.core.base import ArmyRecord, Summary
from builder.core.event import Counted, EventRules, HouseRule, Measure, Selector

from . import rules as cat
from .model import Army

#: The house rule that drops the C-in-C duel (docs/rules/billhooks.md#events).
DUEL = "duel"


def _own(army: ArmyRecord) -> Army:
    if not isinstance(army, Army):
        raise TypeError(f"not a Billhooks army: {type(army).__name__}")
    return army


def _counted(army: ArmyRecord, summary: Summary) -> tuple[Counted, ...]:
    units = dict(_own(army).units_with_paths())
    return tuple(
        Counted(
            line.where,
            {
                "troop": units[line.where].troop,
                "nationality": units[line.where].nationality or "",
                "kind": cat.TROOPS[units[line.where].troop].kind,
            },
            {"units": 1, "points": line.points or 0, "figures": line.figures or 0},
        )
        for line in summary.lines
        if line.where in units
    )


def _at_size(army: ArmyRecord, points: int) -> ArmyRecord:
    """The army agreed at the event's troop points (a mustered army's own total too)."""
    return dataclasses.replace(_own(army), points=points, muster=None)


EVENT = EventRules(
    "troop points",
    "troop_points",
    selectors=(
        Selector("troop", "troop", tuple(cat.TROOPS)),
        Selector("nationality", "contingent"),
        Selector("kind", "kind", tuple(cat.KIND_FIGURES)),
    ),
    measures=(
        Measure("max_points", "points", "troop points"),
        Measure("max_units", "units", "units"),
        Measure("min_units", "units", "units", least=True),
        Measure("max_figures", "figures", "figures"),
    ),
    counted=_counted,
    at_size=_at_size,
    house_rules=(
        HouseRule(
            DUEL,
            "The C-in-C duel",
            "two C-in-Cs in one melee fight a duel; off, they fight as any leader and the "
            "crib sheet leaves the duel out",
        ),
    ),
    leader_levels=True,
)
