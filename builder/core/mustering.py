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
    from builder.core.validate import Ctx


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
    #: The side a single army is dealt for when none is asked for.
    default_side: str
    #: The kinds of the print pack a collection prints on its own (without an army).
    collection_kinds: frozenset[str]
    #: The example collection (a file in ``examples/``) the builder's Mustering screen offers
    #: first, if the system ships one.
    sample_collection: str | None

    def collection(self, data: dict[str, Any], ctx: Ctx) -> Collection:
        """The collection a parsed file holds, or an ArmyFileError at its place."""
        ...

    def deal(
        self,
        collection: Collection,
        troops: int,
        leaders: int,
        sides: Sequence[str],
        rng: random.Random,
        seed: int | None,
        keep_proportions: bool,
    ) -> Deal:
        """Deal ``sides`` armies of ``troops`` agreed points; DrawError when it cannot."""
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
