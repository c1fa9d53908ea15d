"""The Feudal convention rules (docs/rules/feudal.md): no points; battles of a leader and his
units, morale grades, D10 charisma and optional command points.

The ruleset object below is all the rest of the program sees of it. Beside it: the rules as
data (``catalogue``), the derived numbers (``derive``), ``checks``, ``views`` (summary and
facts), ``offers``, ``listing`` (catalogue entries and reference grids), ``rolls``, and the
file's shape (``schema``) over the model (``model``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from builder.core.base import QuickAction, Ruleset
from builder.core.package import PackagedRuleset

if TYPE_CHECKING:
    # The event rules load to read an event, the print side to print (`check` and the
    # builder's first screen use neither).
    from builder.core.event import EventRules
    from builder.core.printables import Printables, PrintOptions, Source

from . import rules as cat
from .catalogue import entries, reference
from .checks import CODES
from .kinds import ARMY, KINDS
from .model import Army, Battle, Leader
from .mustering import MUSTER
from .rolls import ROLLER
from .schema import SCHEMA


class Feudal(PackagedRuleset[Army]):
    """The ruleset object (see :class:`builder.core.base.Ruleset`)."""

    name = "feudal"
    title = "Feudal convention rules"
    schema = SCHEMA
    sides = cat.SIDES
    file_comment = "A Feudal convention rules army, written by billhooks."
    #: Every finding code its checks can give.
    codes = CODES
    roller = ROLLER
    #: The draw is our own (docs/rules/feudal.md#our-draw).
    muster = MUSTER
    quick_actions: tuple[QuickAction, ...] = ()
    army = ARMY
    kinds = KINDS

    @property
    def event(self) -> EventRules:
        # Loaded when an event is read: `check` and the builder do without it.
        from .eventrules import EVENT

        return EVENT

    # What *Add* offers, and the look-up grids the catalogue prints after it.
    catalogue = staticmethod(entries)
    reference = staticmethod(reference)

    def pack(self, armies: Sequence[Source[Army]], options: PrintOptions[Army]) -> Printables:
        from .printables import printables

        # The shared roster asks the ruleset for each record's facts.
        return printables(self, armies, options)

    def new_army(self, name: str) -> Army:
        """A fresh army: one battle under its C-in-C, ready for units."""
        return Army(self.name, name, battles=[Battle(Leader("Commander-in-Chief", c_in_c=True))])


RULESET: Ruleset = Feudal()
