"""KISS Wars of the Roses (RULES.md section 2): wards under magnates, four-order markers,
ward chits drawn from a cup, no points.

The ruleset object below is all the rest of the program sees of it. Beside it: the rules as
data (``catalogue``), the numbers a player looks up (``derive``), ``checks``, ``views``
(summary and facts), ``offers``, ``listing`` (catalogue entries and look-up grids), and the
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
    Roller,
    Ruleset,
    Summary,
)
from builder.rules.printables import Printables, PrintOptions, Source

from . import catalogue as cat
from .checks import CODES, check_army
from .listing import entries, reference
from .model import Army, Magnate, Ward
from .offers import offered
from .printables import printables
from .schema import SCHEMA
from .views import facts, summary, title_of


def kiss_army(army: ArmyRecord) -> Army:
    """``army`` as the KISS army it is (every army this ruleset is handed is one)."""
    if not isinstance(army, Army):
        raise TypeError(f"not a KISS army: {type(army).__name__}")
    return army


class Kiss:
    """The ruleset object (see :class:`builder.rules.base.Ruleset`)."""

    name = "kiss"
    title = "KISS Wars of the Roses"
    schema = SCHEMA
    sides = cat.SIDES
    file_comment = "A KISS Wars of the Roses army, written by billhooks."
    codes = CODES
    #: No build-time dice and no Mustering draw.
    roller: Roller | None = None
    muster = None
    quick_actions: tuple[QuickAction, ...] = ()

    def new_army(self, name: str) -> Army:
        """A Yorkist army of one ward under its C-in-C, ready for units."""
        return Army(self.name, name, "york",
                    wards=[Ward(Magnate("Commander", "practiced", c_in_c=True))])

    def catalogue(self) -> tuple[Entry, ...]:
        return entries()

    def reference(self) -> tuple[Grid, ...]:
        return reference()

    def offered(self, army: ArmyRecord, where: str) -> tuple[Offer, ...]:
        return offered(kiss_army(army), where)

    def title_of(self, army: ArmyRecord, where: str) -> str:
        return title_of(kiss_army(army), where)

    def check(self, army: ArmyRecord) -> list[Finding]:
        return check_army(kiss_army(army))

    def summary(self, army: ArmyRecord) -> Summary:
        return summary(kiss_army(army))

    def facts(self, army: ArmyRecord, where: str) -> Facts:
        return facts(kiss_army(army), where)

    def printables(self, armies: Sequence[Source], options: PrintOptions) -> Printables:
        return printables(armies, options)


RULESET: Ruleset = Kiss()
