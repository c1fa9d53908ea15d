"""The Dark Ages shieldwall rules (docs/rules/shieldwall.md, issue 17): a flat army of leaders and
stands, no points. The ruleset object below is all the rest of the program sees of it; the
modules beside it hold the rules as data (``catalogue``), the derived numbers (``dice``), the
checks, the views, the offers, the catalogue entries (``listing``), the print-pack counts
(``printcounts``) and the file's shape (``schema``) over the model (``model``).
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
from .model import Army, Leader
from .mustering import MUSTER
from .quick import QUICK_ACTIONS
from .schema import SCHEMA


class Shieldwall(PackagedRuleset[Army]):
    """The ruleset object (see :class:`builder.core.base.Ruleset`)."""

    name = "shieldwall"
    title = "Dark Ages shieldwall"
    schema = SCHEMA
    sides = cat.SIDES
    file_comment = "A Dark Ages shieldwall army, written by billhooks."
    codes = CODES
    roller = None
    #: The draw is our own (docs/rules/shieldwall.md#our-draw).
    muster = MUSTER
    quick_actions: tuple[QuickAction, ...] = QUICK_ACTIONS
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
        # Imported here: the pack's data is needed only when printing.
        from .printables import printables

        return printables(armies, options)

    def new_army(self, name: str) -> Army:
        """A fresh army: its commander on a single figure, ready for stands."""
        return Army(self.name, name, "Norse", leaders=[Leader("Commander", "commander")])


RULESET: Ruleset = Shieldwall()
