"""What a Feudal event may agree (docs/events.md): its size in units, limits by arm, armour or
grade; no house rules."""

from __future__ import annotations

from builder.core.base import ArmyRecord, Summary
from builder.core.event import Counted, EventRules, Measure, Selector

from .model import Army
from .rules import ARMOURS, ARMS, GRADES


def _counted(army: ArmyRecord, summary: Summary) -> tuple[Counted, ...]:
    if not isinstance(army, Army):
        raise TypeError(f"not a Feudal army: {type(army).__name__}")
    return tuple(
        Counted(
            where,
            {"kind": unit.arm, "armour": unit.armour, "grade": unit.grade},
            {"units": 1, "figures": unit.figures},
        )
        for where, unit in army.units_with_paths()
    )


EVENT = EventRules(
    "units",
    "unit_count",
    selectors=(
        Selector("kind", "arm", ARMS),
        Selector("armour", "armour", ARMOURS),
        Selector("grade", "grade", GRADES),
    ),
    measures=(
        Measure("max_units", "units", "units"),
        Measure("min_units", "units", "units", least=True),
        Measure("max_figures", "figures", "figures"),
    ),
    counted=_counted,
)
