"""Billhooks' own keys in the builder (the ruleset's ``quick_actions``): make a leader the
C-in-C, and set his command class by hand."""

from __future__ import annotations

from builder.core.base import QuickAction
from builder.core.package import typed_change

from . import rules as cat
from .model import Army, Leader


def make_c_in_c(army: Army, chosen: Leader) -> None:
    """``chosen`` becomes the C-in-C, and no other leader is."""
    for ward in army.wards:
        ward.leader.c_in_c = ward.leader is chosen


def cycle_class(_: Army, leader: Leader) -> None:
    """Dolt, Commander, Hero in turn (a class out of range becomes Commander)."""
    classes = sorted(cat.COMMAND_CLASSES)
    leader.command_class = (
        classes[(classes.index(leader.command_class) + 1) % len(classes)]
        if leader.command_class in classes
        else classes[1]
    )


QUICK_ACTIONS: tuple[QuickAction, ...] = (
    QuickAction(
        "c",
        "Make C-in-C",
        "Make the selected leader the Commander-in-Chief",
        "leader",
        ("c_in_c",),
        typed_change(Army, Leader, make_c_in_c),
        short="C-in-C",
    ),
    QuickAction(
        "k",
        "Set class",
        "Set the selected leader's command class by hand (Dolt, Commander, Hero in turn)",
        "leader",
        ("command_class",),
        typed_change(Army, Leader, cycle_class),
        short="Class",
    ),
)
