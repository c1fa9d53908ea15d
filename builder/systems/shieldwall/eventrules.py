"""What a shieldwall event may agree (docs/events.md): its size in stands, limits by quality or
weapon; no house rules."""

from __future__ import annotations

from builder.core.base import ArmyRecord, Summary
from builder.core.event import Counted, EventRules, Measure, Selector

from .model import Army
from .rules import QUALITIES, WEAPONS


def _counted(army: ArmyRecord, summary: Summary) -> tuple[Counted, ...]:
    if not isinstance(army, Army):
        raise TypeError(f"not a shieldwall army: {type(army).__name__}")
    return tuple(
        Counted(
            where,
            {"troop": stand.quality, "weapon": stand.weapon},
            {"stands": stand.count, "figures": stand.figures * stand.count},
        )
        for where, stand in army.stands_with_paths()
    )


EVENT = EventRules(
    "stands",
    "stands",
    selectors=(
        Selector("troop", "quality", tuple(QUALITIES)),
        Selector("weapon", "weapon", tuple(WEAPONS)),
    ),
    measures=(
        Measure("max_stands", "stands", "stands"),
        Measure("min_stands", "stands", "stands", least=True),
        Measure("max_figures", "figures", "figures"),
    ),
    counted=_counted,
)
