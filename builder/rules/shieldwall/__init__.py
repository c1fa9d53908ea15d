"""The Dark Ages shieldwall rules (RULES.md section 3, issue 17): a flat army of leaders and
stands, no points. The ruleset object below is all the rest of the program sees of it; the
modules beside it hold the rules as data (``catalogue``), the derived numbers (``dice``), the
checks, the views, the offers, the catalogue entries (``listing``), the print-pack counts
(``printcounts``) and the file's shape (``schema``) over the model (``model``).
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
from .model import Army, Leader
from .offers import offered
from .schema import SCHEMA
from .views import facts, summary, title_of


def shieldwall_army(army: ArmyRecord) -> Army:
    """``army`` as the shieldwall army it is (every army this ruleset is handed is one)."""
    if not isinstance(army, Army):
        raise TypeError(f"not a shieldwall army: {type(army).__name__}")
    return army


class Shieldwall:
    """The ruleset object (see :class:`builder.rules.base.Ruleset`)."""

    name = "shieldwall"
    title = "Dark Ages shieldwall"
    schema = SCHEMA
    sides = cat.SIDES
    file_comment = "A Dark Ages shieldwall army, written by billhooks."
    codes = CODES
    roller = None
    muster = None
    quick_actions: tuple[QuickAction, ...] = ()

    def new_army(self, name: str) -> Army:
        """A fresh army: its commander on a single figure, ready for stands."""
        return Army(self.name, name, "Norse", leaders=[Leader("Commander", "commander")])

    def catalogue(self) -> tuple[Entry, ...]:
        return entries()

    def reference(self) -> tuple[Grid, ...]:
        return reference()

    def offered(self, army: ArmyRecord, where: str) -> tuple[Offer, ...]:
        return offered(shieldwall_army(army), where)

    def title_of(self, army: ArmyRecord, where: str) -> str:
        return title_of(shieldwall_army(army), where)

    def check(self, army: ArmyRecord) -> list[Finding]:
        return check_army(shieldwall_army(army))

    def summary(self, army: ArmyRecord) -> Summary:
        return summary(shieldwall_army(army))

    def facts(self, army: ArmyRecord, where: str) -> Facts:
        return facts(shieldwall_army(army), where)

    def printables(self, armies: Sequence[Source], options: PrintOptions) -> Printables:
        # Imported here: the pack's data is needed only when printing.
        from .printables import printables

        return printables(armies, options)


RULESET: Ruleset = Shieldwall()
