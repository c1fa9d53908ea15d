"""A rule system's ruleset object, made from the kinds of record its army holds.

A system declares each kind of record its army file holds (a ward, a leader, a unit, a stand)
as a :class:`Kind`: the record's dataclass and what a player is shown of one (its title, its
facts, the editor's offers). The army itself is an :class:`ArmyKind`, which adds its checks
and summary. :class:`PackagedRuleset` is the protocol's object over them: it finds the kind of
the record at a place once, by the record's type, and hands the record on as that type. So a
system's functions take its own dataclasses, no system writes a ladder of ``isinstance``
checks, and mypy checks that each kind's functions fit its record.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from builder.core import schema
from builder.core.base import (
    ArmyRecord,
    Entry,
    Facts,
    Finding,
    Folders,
    Grid,
    Offer,
    Roll,
    Summary,
)

if TYPE_CHECKING:
    from builder.core.commands import Command
    from builder.core.event import EventRules
    from builder.core.inputs import InputFile
    from builder.core.printables import Printables, PrintOptions, Source

A = TypeVar("A", bound=ArmyRecord)
R = TypeVar("R")


# Each holds functions: equal to itself alone, so no __eq__ or __hash__ is made at import.
@dataclass(frozen=True, eq=False)
class Kind(Generic[A, R]):
    """One kind of record in an army of type ``A``. Each function is handed the army, the
    record's place and the record, already of type ``record``."""

    record: type[R]
    title: Callable[[A, str, R], str]
    facts: Callable[[A, str, R], Facts]
    offered: Callable[[A, str, R], tuple[Offer, ...]]


# Holds functions (as Kind).
@dataclass(frozen=True, eq=False)
class ArmyKind(Generic[A]):
    """The army itself (the place ``""``): what it shows, and its checks and totals."""

    record: type[A]
    title: Callable[[A], str]
    facts: Callable[[A], Facts]
    offered: Callable[[A], tuple[Offer, ...]]
    check: Callable[[A], list[Finding]]
    summary: Callable[[A], Summary]


def typed_change(
    army: type[A], record: type[R], change: Callable[[A, R], None]
) -> Callable[[ArmyRecord, str], None]:
    """``change`` as a :class:`~builder.core.base.QuickAction`'s ``run``: the army and the
    record at the place it is used on are checked once to be an ``A`` and an ``R``, then
    handed on as those."""

    def run(on: ArmyRecord, where: str) -> None:
        found = schema.get(on, where)
        if not isinstance(on, army) or not isinstance(found, record):
            raise TypeError(f"{where!r} of a {type(on).__name__} is no {record.__name__}")
        change(on, found)

    return run


# Holds functions (as Kind).
@dataclass(frozen=True, eq=False)
class ArmyRoller(Generic[A]):
    """A :class:`~builder.core.base.Roller` over a system's own army: ``roll`` checks the
    army once and hands it to ``dice`` as an ``A``."""

    #: The builder's command for it: "Roll <quality>".
    title: str
    army: type[A]
    dice: Callable[[A, random.Random], Roll]

    def roll(self, army: ArmyRecord, rng: random.Random) -> Roll:
        if not isinstance(army, self.army):
            raise TypeError(f"{self.title}: not a {self.army.__name__}: {type(army).__name__}")
        return self.dice(army, rng)


class PackagedRuleset(ABC, Generic[A]):
    """The :class:`~builder.core.base.Ruleset` methods over a system's kinds. A subclass sets
    ``army`` and ``kinds`` and the protocol's data attributes, and writes ``new_army``,
    ``catalogue`` and ``pack`` (its printables over its own armies)."""

    name: str
    title: str
    army: ArmyKind[A]
    #: Every other kind of record; Any: each kind has a record type of its own.
    kinds: tuple[Kind[A, Any], ...]
    #: No commands of its own unless the system declares some.
    commands: tuple[Command, ...] = ()

    @property
    def inputs(self) -> tuple[InputFile, ...]:
        """No input files of its own; a system that declares some returns them from here,
        imported when asked (an export reads them; opening an army does not)."""
        return ()

    @property
    def event(self) -> EventRules | None:
        """None: an event agrees a size in units and limits by kind of record. A system that
        declares its own returns them from here, imported when asked (an event read)."""
        return None

    @cached_property
    def folders(self) -> Folders:
        """A system shipped with billhooks keeps its files in the package's ``cards/<name>/``
        and ``templates/<name>/``; one installed on its own declares its own folders
        (``folders = Folders.beside(__file__)``)."""
        # Imported here: finding the package's data loads importlib.resources, which only a
        # reader of the files needs (an export), not `check`.
        from builder.resources import shipped

        return shipped(self.name)

    @cached_property
    def _kinds(self) -> dict[type, Kind[A, Any]]:
        return {kind.record: kind for kind in self.kinds}

    def _own(self, army: object) -> A:
        if not isinstance(army, self.army.record):
            raise TypeError(f"not a {self.title} army: {type(army).__name__}")
        return army

    def _at(self, army: ArmyRecord, where: str) -> tuple[A, Kind[A, Any] | None, object]:
        """The army as the system's own, and the kind of the record at ``where`` with the
        record (no kind for the army itself, ``""``)."""
        own = self._own(army)
        if not where:
            return own, None, own
        record = schema.get(own, where)
        kind = self._kinds.get(type(record))
        if kind is None:
            raise TypeError(
                f"{self.title} declares no kind of record {type(record).__name__} (at {where!r})"
            )
        return own, kind, record

    @abstractmethod
    def new_army(self, name: str) -> A:
        """A fresh army to start building from."""

    @abstractmethod
    def catalogue(self) -> tuple[Entry, ...]:
        """What *Add* offers."""

    @abstractmethod
    def pack(self, armies: Sequence[Source[A]], options: PrintOptions[A]) -> Printables:
        """Everything the print pack holds for ``armies``, each the system's own."""

    def reference(self) -> tuple[Grid, ...]:
        """No grids beside the catalogue unless the system has some."""
        return ()

    def offered(self, army: ArmyRecord, where: str) -> tuple[Offer, ...]:
        own, kind, record = self._at(army, where)
        return self.army.offered(own) if kind is None else kind.offered(own, where, record)

    def title_of(self, army: ArmyRecord, where: str) -> str:
        own, kind, record = self._at(army, where)
        return self.army.title(own) if kind is None else kind.title(own, where, record)

    def facts(self, army: ArmyRecord, where: str) -> Facts:
        own, kind, record = self._at(army, where)
        return self.army.facts(own) if kind is None else kind.facts(own, where, record)

    def check(self, army: ArmyRecord) -> list[Finding]:
        return self.army.check(self._own(army))

    def summary(self, army: ArmyRecord) -> Summary:
        return self.army.summary(self._own(army))

    def printables(self, armies: Sequence[Source], options: PrintOptions) -> Printables:
        for source in (*armies, *options.collections):
            self._own(source.army)
        # Every army was checked above to be this system's own.
        return self.pack(cast("Sequence[Source[A]]", armies), cast("PrintOptions[A]", options))
