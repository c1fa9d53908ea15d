"""Shieldwall's own key in the builder (the ruleset's ``quick_actions``): split one stand off an
entry of several identical stands, so a leader can be attached to it (a leader leads one
stand: docs/rules/shieldwall.md#leaders)."""

from __future__ import annotations

import dataclasses

from builder.core.base import ArmyRecord, QuickAction
from builder.core.package import typed_change
from builder.core.schema import get

from .model import Army, Stand


def split_one(army: Army, stand: Stand) -> None:
    """One stand of ``stand``'s entry becomes an entry of its own, just after it, and takes
    the entry's leader with it; the entry keeps the rest. An entry of one stays as it is."""
    if stand.count < 2:
        return
    index = next(i for i, s in enumerate(army.stands) if s is stand)
    army.stands.insert(index + 1, dataclasses.replace(stand, count=1))
    stand.count -= 1
    stand.leader = None


def _several(army: ArmyRecord, where: str) -> bool:
    found = get(army, where)
    return isinstance(found, Stand) and found.count > 1


QUICK_ACTIONS: tuple[QuickAction, ...] = (
    QuickAction(
        "S",
        "Split one off",
        "Split one stand off the selected entry of several, as an entry of its own that "
        "takes the entry's leader (a leader leads one stand)",
        "unit",
        ("count",),
        typed_change(Army, Stand, split_one),
        short="Split",
        applies=_several,
    ),
)
