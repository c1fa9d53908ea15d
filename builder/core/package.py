"""A rule system's ruleset object, made from the parts its package holds.

Every system's package has the same parts (RULESETS.md): checks, views, offers and a listing
over its own army type, and printables. :class:`Parts` names them; :class:`PackagedRuleset` is
the protocol's object over them: it makes sure once that an army is the system's own and hands
it on, so a system's ``__init__`` says only what is its own (its name, title, file shape, sides,
dice, a new army).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from builder.core.base import ArmyRecord, Entry, Facts, Finding, Grid, Offer, Summary
from builder.core.inputs import InputFile
from builder.core.printables import Printables, PrintOptions, Source

A = TypeVar("A")


def _no_grids() -> tuple[Grid, ...]:
    return ()


@dataclass(frozen=True)
class Parts(Generic[A]):
    """What one system's modules provide, over its army type ``army``."""

    army: type[A]
    check: Callable[[A], list[Finding]]
    summary: Callable[[A], Summary]
    facts: Callable[[A, str], Facts]
    title_of: Callable[[A, str], str]
    offered: Callable[[A, str], tuple[Offer, ...]]
    entries: Callable[[], tuple[Entry, ...]]
    printables: Callable[[Sequence[Source], PrintOptions], Printables]
    #: Grids of costs and effects the catalogue prints beside its entries (none by default).
    reference: Callable[[], tuple[Grid, ...]] = _no_grids


class PackagedRuleset(Generic[A]):
    """The :class:`~builder.core.base.Ruleset` methods over a system's :class:`Parts`; a
    subclass sets ``parts`` and the protocol's data attributes, and writes ``new_army``."""

    title: str
    parts: Parts[A]
    #: No input files of its own unless the system declares some.
    inputs: tuple[InputFile, ...] = ()

    def own(self, army: ArmyRecord) -> A:
        """``army`` as this system's army (every army this ruleset is handed is one)."""
        if not isinstance(army, self.parts.army):
            raise TypeError(f"not a {self.title} army: {type(army).__name__}")
        return army

    def catalogue(self) -> tuple[Entry, ...]:
        return self.parts.entries()

    def reference(self) -> tuple[Grid, ...]:
        return self.parts.reference()

    def offered(self, army: ArmyRecord, where: str) -> tuple[Offer, ...]:
        return self.parts.offered(self.own(army), where)

    def title_of(self, army: ArmyRecord, where: str) -> str:
        return self.parts.title_of(self.own(army), where)

    def check(self, army: ArmyRecord) -> list[Finding]:
        return self.parts.check(self.own(army))

    def summary(self, army: ArmyRecord) -> Summary:
        return self.parts.summary(self.own(army))

    def facts(self, army: ArmyRecord, where: str) -> Facts:
        return self.parts.facts(self.own(army), where)

    def printables(self, armies: Sequence[Source], options: PrintOptions) -> Printables:
        return self.parts.printables(armies, options)
