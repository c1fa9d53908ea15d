"""A figure collection as a deck, for a rule system whose draw is the shared one
(:mod:`builder.core.deal`): the player's units (or stands) as cards and his leader figures.

A collection file names its ``ruleset`` and ``name``, any keys of the system's own (its
``head``), then one ``[[cards]]`` table per kind of unit the player owns, with the keys of a
unit in the system's army file plus ``count`` (how many such, default 1) and ``photo`` (an
image beside the file), and one table per leader figure under the system's leader key. Loading
is as strict as an army file's: every error names the file, the line and the key. A unit or a
leader the rules forbid would make every army dealt from it illegal, so the system's own check
refuses it here (``Entry.refuse``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from builder.core.schema import CORE_FIELDS, Field, Table
from builder.core.validate import ArmyFileError, Ctx, array, build, check_field, check_values

#: The key of every shared-draw collection's unit cards (an army file never has it).
CARDS = "cards"
#: Most copies one table may stand for, and cards in a whole collection: a typo such as
#: ``count = 40000000`` must not eat the machine's memory.
COUNT_MAX = 10_000
CARDS_MAX = 100_000
_COUNT = Field("count", "int")
_PHOTO = Field("photo", "str", path=True, max_len=300)


@dataclass(frozen=True)
class Card:
    """One unit of the collection (one of the ``count`` copies of a table)."""

    #: Stable id: ``"<table number>.<copy>"``, both 1-based (``"L2.1"`` for leader figures).
    id: str
    #: 0-based index of its table.
    index: int
    title: str
    #: What it adds to the army's size, in the system's measure (figures, units, stands).
    size: int
    #: The core kinds it counts for (as the system names them).
    kinds: frozenset[str]
    #: The system's own record for it (a unit, a stand, a leader); the draw copies it.
    record: Any
    #: Its keys as written, for ``--json``.
    written: Mapping[str, Any]
    photo: str | None = None


@dataclass(frozen=True)
class Entry:
    """How a system reads one kind of table of its collection."""

    #: The array-of-tables key (``cards``, ``leader_figures``).
    key: str
    #: The table's keys (``count`` and ``photo`` are added).
    table: Table
    #: ``(title, size, core kinds)`` of a record built from the table.
    describe: Callable[[Any], tuple[str, int, frozenset[str]]]
    #: Why the rules forbid the record on its own, or None.
    refuse: Callable[[Any], str | None] = lambda record: None


@dataclass
class Stock:
    """A loaded collection (the core's :class:`~builder.core.mustering.Collection`)."""

    name: str
    ruleset: str
    #: The collection file in its folder (photos are relative to it).
    path: str
    cards: list[Card] = field(default_factory=list)
    leaders: list[Card] = field(default_factory=list)
    #: The system's own head keys, as built (e.g. ``command_points``).
    head: dict[str, Any] = field(default_factory=dict)

    def entries(self) -> list[list[Card]]:
        """The unit cards grouped by their table, in file order."""
        groups: dict[int, list[Card]] = {}
        for card in self.cards:
            groups.setdefault(card.index, []).append(card)
        return list(groups.values())


def read_stock(
    data: dict[str, Any],
    ctx: Ctx,
    ruleset: str,
    title: str,
    head: tuple[Field, ...],
    cards: Entry,
    leaders: Entry,
) -> Stock:
    """The collection a parsed file holds; an ArmyFileError (exit 2) for anything wrong."""
    keys = (cards.key, leaders.key)
    if cards.key not in data:
        raise ArmyFileError(
            ctx.path,
            f"a {title} collection lists its units as [[{cards.key}]] tables "
            "(see `billhooks muster --help`)",
        )
    top = Table("collection", dict, (*CORE_FIELDS, *head))
    values = check_values(ctx, top, {k: v for k, v in data.items() if k not in keys}, "", keys)
    stock = Stock(
        values["name"],
        ruleset,
        os.path.join(ctx.folder, os.path.basename(ctx.path)),
        head={k: v for k, v in values.items() if k not in ("ruleset", "name")},
    )
    stock.cards = _read(ctx, cards, data.get(cards.key, []), "")
    stock.leaders = _read(ctx, leaders, data.get(leaders.key, []), "L")
    return stock


def _read(ctx: Ctx, entry: Entry, raw: Any, prefix: str) -> list[Card]:
    out: list[Card] = []
    for index, table in enumerate(array(ctx, entry.key, raw)):
        where = f"{entry.key}[{index}]"
        check_values(ctx, entry.table, table, where, (_COUNT.key, _PHOTO.key))
        count = _count(ctx, where, table.get(_COUNT.key, 1))
        photo = None
        if _PHOTO.key in table:
            photo = check_field(ctx, f"{where}.photo", table["photo"], _PHOTO)
            _photo(ctx, f"{where}.photo", table["photo"], photo)
        own = {k: v for k, v in table.items() if k != _COUNT.key and k in entry.table.keys}
        record = build(ctx, entry.table, own, where)
        if why := entry.refuse(record):
            raise ctx.error(where, why)
        title, size, kinds = entry.describe(record)
        written = {k: v for k, v in table.items() if k != _COUNT.key}
        out += [
            Card(f"{prefix}{index + 1}.{n}", index, title, size, kinds, record, written, photo)
            for n in range(1, count + 1)
        ]
        if len(out) > CARDS_MAX:
            raise ctx.error(f"{where}.count", f"the collection holds more than {CARDS_MAX} cards")
    return out


def _count(ctx: Ctx, where: str, value: Any) -> int:
    count = check_field(ctx, f"{where}.count", value, _COUNT)
    if count < 1:
        raise ctx.error(
            f"{where}.count",
            f"must be 1 or more, got {count} (remove the table instead of giving it no copies)",
        )
    if count > COUNT_MAX:
        raise ctx.error(f"{where}.count", f"{count} is too many; at most {COUNT_MAX}")
    return int(count)


def _photo(ctx: Ctx, key: str, value: str, target: str) -> None:
    """Refuse a photo outside the collection's folder, or one that cannot be read."""
    if ctx.disk is None:
        return
    if not ctx.photos_anywhere and ctx.disk.outside(target, ctx.folder):
        raise ctx.error(
            key,
            f"{value!r} is outside the collection's folder ({ctx.folder}): keep photos "
            "beside the collection file, e.g. photos/archers.jpg",
        )
    problem = ctx.disk.photo_problem(target)
    if problem is not None:
        raise ctx.error(key, f"{value!r} {problem} (looked for {target})")
