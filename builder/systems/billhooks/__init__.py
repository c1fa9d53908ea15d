"""Never Mind the Billhooks: the main ruleset (docs/rules/billhooks.md).

The ruleset object below is all the rest of the program sees of it. The modules beside it hold
the rules as data (``catalogue``) and small pure functions: ``points``, ``checks``,
``profile`` (the numbers a player looks up), ``views`` (summary and facts), ``offers`` (what an
editor may offer), ``rolls``, and the file's shape (``schema``) over the model (``model``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from builder.core.base import Ruleset
from builder.core.package import PackagedRuleset

if TYPE_CHECKING:
    # The event rules, the events file and the print side load when used (`check` and the
    # builder's first screen use none of them).
    from builder.core.commands import Command
    from builder.core.event import EventRules
    from builder.core.inputs import InputFile
    from builder.core.printables import Printables, PrintOptions, Source

from . import rules as cat
from .catalogue import entries
from .checks import CODES
from .kinds import ARMY, KINDS
from .model import Army, Leader, Ward
from .mustering import Mustering
from .quick import QUICK_ACTIONS
from .rolls import ROLLER
from .schema import SCHEMA


class Billhooks(PackagedRuleset[Army]):
    """The ruleset object (see :class:`builder.core.base.Ruleset`)."""

    name = "billhooks"
    title = "Never Mind the Billhooks"
    schema = SCHEMA
    sides = cat.SIDES
    file_comment = "A Never Mind the Billhooks army, written by billhooks."
    codes = CODES
    roller = ROLLER
    muster = Mustering()
    quick_actions = QUICK_ACTIONS
    commands: tuple[Command, ...] = ()
    army = ARMY
    kinds = KINDS

    @property
    def inputs(self) -> tuple[InputFile, ...]:
        # Its events file, read by an export: opening an army does without it.
        from .events import EVENTS_FILE

        return (EVENTS_FILE,)

    @property
    def event(self) -> EventRules:
        # Loaded when an event is read: `check` and the builder do without it.
        from .eventrules import EVENT

        return EVENT

    # What *Add* offers (no reference grids: every option's cost is on its troop's entry).
    catalogue = staticmethod(entries)

    def pack(self, armies: Sequence[Source[Army]], options: PrintOptions[Army]) -> Printables:
        # Imported here: the cards' words and the documents are read only when printing.
        from .printables import printables

        return printables(armies, options)

    def new_army(self, name: str) -> Army:
        """A fresh army for 100 agreed points: one ward under a C-in-C, ready for units."""
        return Army(
            self.name,
            name,
            points=100,
            wards=[Ward(Leader("Commander-in-Chief", rank="Lord", c_in_c=True))],
        )


BILLHOOKS = Billhooks()
RULESET: Ruleset = BILLHOOKS
