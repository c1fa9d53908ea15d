"""What a KISS event may agree (docs/events.md): its size in figures, limits by troop or
commitment; no house rules."""

from __future__ import annotations

from builder.core.base import ArmyRecord, Summary
from builder.core.event import Counted, EventRules, Measure, Selector

from .model import Army
from .rules import COMMITMENTS, TROOPS


def _counted(army: ArmyRecord, summary: Summary) -> tuple[Counted, ...]:
    if not isinstance(army, Army):
        raise TypeError(f"not a KISS army: {type(army).__name__}")
    return tuple(
        Counted(
            where,
            {"troop": unit.troop, "commitment": unit.commitment},
            {"units": 1, "figures": unit.figures},
        )
        for where, unit in army.units_with_paths()
    )


EVENT = EventRules(
    "figures",
    "figures",
    selectors=(
        Selector("troop", "troop", tuple(TROOPS)),
        Selector("commitment", "commitment", COMMITMENTS),
    ),
    measures=(
        Measure("max_units", "units", "units"),
        Measure("min_units", "units", "units", least=True),
        Measure("max_figures", "figures", "figures"),
    ),
    counted=_counted,
    leader_levels=True,  # a magnate's level
)
