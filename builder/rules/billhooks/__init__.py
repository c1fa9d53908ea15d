"""Never Mind the Billhooks: the main ruleset (RULES.md section 1).

The ruleset object below is all the rest of the program sees of it. The modules beside it hold
the rules as data (``catalogue``) and small pure functions: ``points``, ``checks``,
``profile`` (the numbers a player looks up), ``views`` (summary and facts), ``offers`` (what an
editor may offer), ``rolls``, and the file's shape (``schema``) over the model (``model``).
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
    Ruleset,
    Summary,
)
from builder.rules.printables import Printables, PrintOptions, Source

from . import catalogue as cat
from .checks import CODES, check_army
from .listing import entries
from .model import Army, Leader, Ward
from .mustering import Mustering
from .offers import offered
from .quick import QUICK_ACTIONS
from .rolls import CommandClassRoller
from .schema import SCHEMA
from .views import facts, summary, title_of


def billhooks_army(army: ArmyRecord) -> Army:
    """``army`` as the Billhooks army it is (every army this ruleset is handed is one)."""
    if not isinstance(army, Army):
        raise TypeError(f"not a Billhooks army: {type(army).__name__}")
    return army


class Billhooks:
    """The ruleset object (see :class:`builder.rules.base.Ruleset`)."""

    name = "billhooks"
    title = "Never Mind the Billhooks"
    schema = SCHEMA
    sides = cat.SIDES
    file_comment = "A Never Mind the Billhooks army, written by billhooks."
    codes = CODES
    roller = CommandClassRoller()
    muster = Mustering()
    quick_actions = QUICK_ACTIONS

    def new_army(self, name: str) -> Army:
        """A fresh army for 100 agreed points: one ward under a C-in-C, ready for units."""
        return Army(self.name, name, points=100,
                    wards=[Ward(Leader("Commander-in-Chief", rank="Lord", c_in_c=True))])

    def catalogue(self) -> tuple[Entry, ...]:
        return entries()

    def reference(self) -> tuple[Grid, ...]:
        # Every Billhooks option's cost is on its troop's entry.
        return ()

    def offered(self, army: ArmyRecord, where: str) -> tuple[Offer, ...]:
        return offered(billhooks_army(army), where)

    def title_of(self, army: ArmyRecord, where: str) -> str:
        return title_of(billhooks_army(army), where)

    def check(self, army: ArmyRecord) -> list[Finding]:
        return check_army(billhooks_army(army))

    def summary(self, army: ArmyRecord) -> Summary:
        return summary(billhooks_army(army))

    def facts(self, army: ArmyRecord, where: str) -> Facts:
        return facts(billhooks_army(army), where)

    def printables(self, armies: Sequence[Source], options: PrintOptions) -> Printables:
        # Imported here: the cards' words and the documents are read only when printing.
        from .printables import printables

        return printables(armies, options)


RULESET: Ruleset = Billhooks()
