"""How many of each printable a shieldwall print pack holds (issue 17 "The print pack"), one
entry per label of the contract table, for any number of armies. Pure: the export engine and
the tests that read PDFs back both count from here.

``[[stands]]`` entries (times their ``count``) make stand labels and markers, and a leader
attached to no stand a stand label of his own; leaders are cards
(docs/rules/shieldwall.md#file-and-pack).
"""

from __future__ import annotations

from collections.abc import Iterable

from . import dice
from . import rules as cat
from .model import Army

#: The labels in the order the pack prints them: stand labels, leader cards, tokens.
LABELS = (
    "STAND",
    "COMMANDER",
    "HERO",
    "BANNER",
    "WOUND",
    "LOOSE SHIELDWALL",
    "TIGHT SHIELDWALL",
    "WEDGE",
    "BERSERK",
)

#: WOUND markers a stand.
WOUNDS_A_STAND = 2


def wedges(army: Army) -> int:
    """One wedge marker per three stands, rounded down: none for 0-2 stands, which cannot
    form one (docs/rules/shieldwall.md#file-and-pack)."""
    return army.stand_total // cat.WEDGE_STANDS


def army_counts(army: Army) -> dict[str, int]:
    """The printables of one army, by label."""
    walls = sum(s.count for s in army.stands if dice.forms_shieldwall(s))
    return {
        "STAND": army.stand_total + len(dice.unattached(army)),
        "COMMANDER": sum(ldr.role == "commander" for ldr in army.leaders),
        "HERO": sum(ldr.role == "hero" for ldr in army.leaders),
        "BANNER": int(army.banner),
        "WOUND": WOUNDS_A_STAND * army.stand_total,
        "LOOSE SHIELDWALL": walls,
        "TIGHT SHIELDWALL": walls,
        "WEDGE": wedges(army),
        "BERSERK": sum(s.count for s in army.stands if s.quality == "berserker"),
    }


def counts(armies: Iterable[Army]) -> dict[str, int]:
    """The printables of a pack made for ``armies``: every label, summed over the armies."""
    total = dict.fromkeys(LABELS, 0)
    for army in armies:
        for label, n in army_counts(army).items():
            total[label] += n
    return total
