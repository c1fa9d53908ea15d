"""The packing list (issue 43): what to take to the table for a pack's armies, one document for
every ruleset (``templates/packing-list.html``).

A ruleset declares its part as a :class:`Kit`: each army's figures (by unit, or by stand) and
leader figures, the dice its largest throws need, and what it measures with. What the pack
prints (cards and markers by kind) is counted here from the pack's own items, the counts
:meth:`~builder.core.printables.Printables.counts` gives, so the list can never disagree with
the pack. Every line has a box to tick. Nothing here imports a drawing library.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TypeVar

import builder
from builder.core.printables import Document, Printables

#: The kind and the document's name in the pack (``packing-list.pdf``).
KIND = "packing-list"
#: Marks a line the ruleset's page does not give: the project's own reading.
OURS = "our reading"
#: The heading of the pack's documents (roster, crib sheet) in the list.
SHEETS = "Sheets"


@dataclass(frozen=True)
class Item:
    """One line to tick: ``count`` of ``what``, with a note after it."""

    what: str
    count: int
    note: str = ""


@dataclass(frozen=True)
class Dice:
    """``count`` dice of one type ("D6") and the throw that needs that many."""

    die: str
    count: int
    why: str
    #: The rules page does not say it: printed with "our reading".
    ours: bool = False


@dataclass(frozen=True)
class Tool:
    """A measuring tool (a tape, a stick, a template) and what it measures."""

    name: str
    why: str
    ours: bool = False


@dataclass(frozen=True)
class ArmyKit:
    """One army's figures, leader figures and dice."""

    name: str
    side: str
    figures: tuple[Item, ...]
    leaders: tuple[Item, ...]
    dice: tuple[Dice, ...]


@dataclass(frozen=True)
class Kit:
    """A ruleset's part of the packing list: every army's kit and the measuring tools."""

    armies: tuple[ArmyKit, ...]
    tools: tuple[Tool, ...]


T = TypeVar("T")


def most_dice(records: Iterable[T], throw: Callable[[T], int]) -> tuple[int, T] | tuple[int, None]:
    """The most dice any of ``records`` throws at once and the record that throws them (0 and
    None for none): what sizes the dice a player brings. (Two tuple types, not ``T | None``:
    mypy would otherwise widen ``throw``'s argument when the result is unpacked.)"""
    return max(((throw(r), r) for r in records), key=lambda t: t[0], default=(0, None))


def _note(why: str, ours: bool) -> str:
    return f"{why} ({OURS})" if ours else why


def printed(pack: Printables) -> tuple[tuple[str, tuple[Item, ...]], ...]:
    """What the pack prints: its documents (roster, crib sheet) once each, then by item a
    deck's cards and a token sheet's tokens by kind label, as :meth:`Printables.counts`
    counts them."""
    sheets = tuple(
        Item(item.title.split(":")[0], 1, f"{item.kind}.pdf")
        for item in pack.items
        if isinstance(item, Document)
    )
    out: list[tuple[str, tuple[Item, ...]]] = [(SHEETS, sheets)] if sheets else []
    for item in pack.items:
        lines = tuple(Item(label, n) for label, n in pack.counts(item.kind).items() if n)
        if lines:
            out.append((item.title, lines))
    return tuple(out)


def document(pack: Printables, kit: Kit, ruleset_title: str) -> Document:
    """``packing-list.pdf`` for ``kit``'s armies and what ``pack`` prints."""
    armies = [
        {
            "name": army.name,
            "side": army.side,
            "figures": army.figures,
            "figure_total": sum(i.count for i in army.figures),
            "leaders": army.leaders,
            "dice": [Item(d.die, d.count, _note(d.why, d.ours)) for d in army.dice],
        }
        for army in kit.armies
    ]
    tools = [Item(t.name, 1, _note(t.why, t.ours)) for t in kit.tools]
    names = [army.name for army in kit.armies]
    return Document(
        KIND,
        "packing-list.html",
        "Packing list" + (": " + "; ".join(names) if names else ""),
        {
            "title": "Packing list",
            "ruleset_title": ruleset_title,
            "version": builder.__version__,
            "armies": armies,
            "tools": tools,
            "printed": printed(pack),
        },
        details={"armies": names},
    )


def with_packing_list(pack: Printables, kit: Kit, ruleset_title: str) -> Printables:
    """``pack`` with its packing list last."""
    return replace(pack, items=(*pack.items, document(pack, kit, ruleset_title)))
