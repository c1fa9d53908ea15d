"""The Feudal convention rules (RULES.md section 4): no points; battles of a leader and his
units, morale grades, D10 charisma and optional command points.

The ruleset object below is all the rest of the program sees of it. Beside it: the rules as
data (``catalogue``), the derived numbers (``derive``), ``checks``, ``views`` (summary and
facts), ``offers``, ``listing`` (catalogue entries and reference grids), ``rolls``, and the
file's shape (``schema``) over the model (``model``).
"""

from __future__ import annotations

from collections.abc import Sequence

from builder.rules.base import (
    ArmyRecord,
    Entry,
    Facts,
    Finding,
    Grid,
    Offer,
    QuickAction,
    Ruleset,
    Summary,
)
from builder.rules.printables import Printables, PrintOptions, Source

from . import catalogue as cat
from .checks import CODES, check_army
from .listing import entries, reference
from .model import Army, Battle, Leader
from .offers import offered
from .printables import printables
from .rolls import LeaderRoller
from .schema import SCHEMA
from .views import facts, summary, title_of


def feudal_army(army: ArmyRecord) -> Army:
    """``army`` as the Feudal army it is (every army this ruleset is handed is one)."""
    if not isinstance(army, Army):
        raise TypeError(f"not a Feudal army: {type(army).__name__}")
    return army


class Feudal:
    """The ruleset object (see :class:`builder.rules.base.Ruleset`)."""

    name = "feudal"
    title = "Feudal convention rules"
    schema = SCHEMA
    sides = cat.SIDES
    file_comment = "A Feudal convention rules army, written by billhooks."
    #: Every finding code its checks can give.
    codes = CODES
    roller = LeaderRoller()
    muster = None
    quick_actions: tuple[QuickAction, ...] = ()

    def new_army(self, name: str) -> Army:
        """A fresh army: one battle under its C-in-C, ready for units."""
        return Army(self.name, name, battles=[Battle(Leader("Commander-in-Chief",
                                                            c_in_c=True))])

    def catalogue(self) -> tuple[Entry, ...]:
        return entries()

    def reference(self) -> tuple[Grid, ...]:
        return reference()

    def offered(self, army: ArmyRecord, where: str) -> tuple[Offer, ...]:
        return offered(feudal_army(army), where)

    def title_of(self, army: ArmyRecord, where: str) -> str:
        return title_of(feudal_army(army), where)

    def check(self, army: ArmyRecord) -> list[Finding]:
        return check_army(feudal_army(army))

    def summary(self, army: ArmyRecord) -> Summary:
        return summary(feudal_army(army))

    def facts(self, army: ArmyRecord, where: str) -> Facts:
        return facts(feudal_army(army), where)

    def printables(self, armies: Sequence[Source], options: PrintOptions) -> Printables:
        return printables(self, armies, options)


RULESET: Ruleset = Feudal()
