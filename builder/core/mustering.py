"""The Mustering draw, a capability a rule system may have (an optional rule of its own):
armies dealt from the player's figure collection. A system that has one returns it from
:attr:`~builder.core.base.Ruleset.muster`; the ``muster`` command, the builder's Mustering
screen and the export of a collection's cards ask it, and offer nothing for a system without.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from builder.core.base import ArmyRecord, Grid

if TYPE_CHECKING:
    from builder.core.plan import Plan
    from builder.core.validate import Ctx


#: A club draft's sides where a system's sides are free text.
FREE_SIDES = ("Side A", "Side B")


class DrawError(Exception):
    """A Mustering draw that cannot be completed (exit 1); ``str()`` says what was short."""


@dataclass(frozen=True)
class DealStep:
    """One card of a Mustering draw, in the order it happened: taken for the ``core``, dealt
    (``deal``), or passed over (``set-aside``); ``total`` is the running total it makes."""

    kind: Literal["core", "deal", "set-aside"]
    side: str
    #: The card as the transcript names it: its title and id.
    card: str
    points: float
    total: float


@dataclass(frozen=True)
class DealtArmy:
    """One side's army from a draw, with its points."""

    side: str
    army: ArmyRecord
    troop_points: float
    leader_points: float

    @property
    def total_points(self) -> float:
        return self.troop_points + self.leader_points


@dataclass(frozen=True)
class Deal:
    """A whole Mustering draw as the commands and the builder show it."""

    seed: int | None
    target: int
    #: What the system says before the first card, if anything (why no core was taken).
    opening: str
    #: Where the shuffled deck was cut (cards from the top to the bottom), and its size.
    cut: int
    deck_size: int
    steps: tuple[DealStep, ...]
    armies: tuple[DealtArmy, ...]
    #: The draw narrated line by line, and the armies it made as tables.
    transcript: tuple[str, ...]
    tables: tuple[Grid, ...]
    #: ``muster --json`` (docs/contracts.md#muster-json).
    json: dict[str, object]
    #: The collection's name, and whether the keep-proportions house rule was on (the seed
    #: alone does not repeat such a draw).
    collection: str = ""
    keep_proportions: bool = False

    def army(self, side: str) -> DealtArmy:
        for a in self.armies:
            if a.side == side:
                return a
        raise KeyError(side)


class Mustering(Protocol):
    """A rule system's Mustering draw (an optional rule of the system's own): armies dealt
    from the player's figure collection."""

    #: The key of a collection file's cards: a file holding it and no army is a collection.
    collection_key: str
    #: The side a single army is dealt for when none is asked for (for a system whose sides
    #: are free text, what the army's side reads).
    default_side: str
    #: The kinds of the print pack a collection prints on its own (without an army).
    collection_kinds: frozenset[str]
    #: The example collection (a file in ``examples/``) the builder's Mustering screen offers
    #: first, if the system ships one.
    sample_collection: str | None
    #: The size's unit, plural ("troop points", "figures", "units", "stands"); the usual
    #: size of an army, and the step from one size to the next (``--plan``'s "next size up").
    measure: str
    usual_size: int
    size_step: int
    #: True: dealt to the size exactly; False: until the size is equalled or exceeded.
    exact: bool
    #: Leaders each army gets when none are asked for (None: the draw decides from the units
    #: it dealt).
    default_leaders: int | None
    #: The draw as the command's help and the docs say it (one paragraph).
    summary: str
    #: Whether the draw has the keep-proportions house rule (``--keep-proportions``).
    keeps_proportions: bool

    def collection(self, data: dict[str, Any], ctx: Ctx) -> Collection:
        """The collection a parsed file holds, or an ArmyFileError at its place."""
        ...

    def deal(
        self,
        collection: Collection,
        size: int,
        leaders: int | None,
        sides: Sequence[str],
        rng: random.Random,
        seed: int | None,
        keep_proportions: bool,
    ) -> Deal:
        """Deal ``sides`` armies of ``size`` (in :attr:`measure`) with ``leaders`` leaders
        each (None: the system's own number); DrawError when it cannot."""
        ...

    def plan(self, collection: Collection, size: int, leaders: int | None) -> Plan:
        """What ``collection`` can field at ``size`` (``muster --plan``)."""
        ...

    def side_of(self, army: ArmyRecord) -> str | None:
        """The side ``army`` is for, if it has one (a new draw defaults to it)."""
        ...

    def header(self, deal: Deal, side: str) -> str:
        """The comments that open the army file written for one side of ``deal``."""
        ...

    def collection_army(self, collection: Collection) -> ArmyRecord:
        """The collection as one army holding a unit per card (what its kinds print from)."""
        ...


class Collection(Protocol):
    """A loaded Mustering collection: what the core reads of it."""

    name: str
    ruleset: str
