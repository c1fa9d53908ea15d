"""KISS Wars of the Roses (docs/rules/kiss.md): wards under magnates, four-order markers,
ward chits drawn from a cup, no points.

The ruleset object below is all the rest of the program sees of it. Beside it: the rules as
data (``catalogue``), the numbers a player looks up (``derive``), ``checks``, ``views``
(summary and facts), ``offers``, ``listing`` (catalogue entries and look-up grids), and the
file's shape (``schema``) over the model (``model``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from builder.core.base import QuickAction, Roller, Ruleset
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
from .model import Army, Magnate, Ward
from .mustering import MUSTER
from .schema import SCHEMA


class Kiss(PackagedRuleset[Army]):
    """The ruleset object (see :class:`builder.core.base.Ruleset`)."""

    name = "kiss"
    title = "KISS Wars of the Roses"
    schema = SCHEMA
    sides = cat.SIDES
    file_comment = "A KISS Wars of the Roses army, written by billhooks."
    codes = CODES
    #: No build-time dice; the draw is our own (docs/rules/kiss.md#our-draw).
    roller: Roller | None = None
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

        return printables(armies, options)

    def new_army(self, name: str) -> Army:
        """A Yorkist army of one ward under its C-in-C, ready for units."""
        return Army(
            self.name, name, "york", wards=[Ward(Magnate("Commander", "practiced", c_in_c=True))]
        )


RULESET: Ruleset = Kiss()
