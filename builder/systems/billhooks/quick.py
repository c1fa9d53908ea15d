"""Billhooks' own keys in the builder (the ruleset's ``quick_actions``): make a leader the
C-in-C, and set his command class by hand."""

from __future__ import annotations

from builder.core import schema
from builder.core.base import ArmyRecord, QuickAction

from . import rules as cat
from .model import Army, Leader


def _leader(army: ArmyRecord, where: str) -> tuple[Army, Leader]:
    assert isinstance(army, Army)
    leader = schema.get(army, where)
    assert isinstance(leader, Leader)
    return army, leader


def make_c_in_c(army: ArmyRecord, where: str) -> None:
    """The leader at ``where`` becomes the C-in-C, and no other leader is."""
    billhooks, chosen = _leader(army, where)
    for ward in billhooks.wards:
        ward.leader.c_in_c = ward.leader is chosen


def cycle_class(army: ArmyRecord, where: str) -> None:
    """Dolt, Commander, Hero in turn (a class out of range becomes Commander)."""
    _, leader = _leader(army, where)
    classes = sorted(cat.COMMAND_CLASSES)
    leader.command_class = (classes[(classes.index(leader.command_class) + 1) % len(classes)]
                            if leader.command_class in classes else classes[1])


QUICK_ACTIONS: tuple[QuickAction, ...] = (
    QuickAction("c", "Make C-in-C", "Make the selected leader the Commander-in-Chief",
                "leader", ("c_in_c",), make_c_in_c, short="C-in-C"),
    QuickAction("k", "Set class", "Set the selected leader's command class by hand (Dolt, "
                "Commander, Hero in turn)", "leader", ("command_class",), cycle_class,
                short="Class"),
)
