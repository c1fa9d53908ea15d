"""Mustering collections: the player's figure collection as a deck of unit cards.

The file format is docs/contracts.md#billhooks-collection-file: ``ruleset``, ``name``,
``english`` (optional, default true; false deals without a core) and ``[[cards]]`` tables
carrying the same keys as an army file's units, plus ``count`` (how many such unit cards,
default 1) and ``photo`` (an image beside the collection file). Loading is as strict
as for army files: an unknown key or troop, a bad count, a photo that is missing or lies outside
the collection's folder, or an option the rules do not allow on that troop (stakes on billmen,
pavises on kern, a pair of bands, ...) is an :class:`~builder.armyfile.ArmyFileError` naming the
file, the line and the key. A card the rules forbid would make every army dealt from it illegal,
so it is refused here rather than discovered after the draw.

Each ``count`` is expanded into separate :class:`Card` instances with a stable id
(``"3.2"``: the second card of the third ``[[cards]]`` table), so a draw can say exactly which
card went where and never use one twice.
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from builder.core.base import Ruleset
from builder.core.schema import CORE_FIELDS, Field, Table
from builder.core.validate import (
    ArmyFileError,
    Ctx,
    build,
    check_field,
    check_values,
)
from builder.systems.billhooks.model import Army, Leader, Unit, Ward
from builder.systems.billhooks.points import unit_points, unit_title
from builder.systems.billhooks.schema import UNIT

#: Most cards one ``[[cards]]`` table may stand for, and in a whole collection: a typo such as
#: ``count = 40000000`` must not eat the machine's memory.
COUNT_MAX = 10_000
CARDS_MAX = 100_000


@dataclass
class _Head:
    """A collection file's own keys (its cards are read one by one)."""

    ruleset: str
    name: str
    # False: not an English army, dealt without the archer and billmen core
    # (docs/rules/billhooks.md#mustering).
    english: bool = True
    #: Who owns the collection (a core key of every file; the draw does not use it).
    player: str | None = None


_TOP = Table("collection", _Head, (*CORE_FIELDS, Field("english", "bool")))
#: A card's key on top of the unit keys: how many such unit cards.
_COUNT = Field("count", "int")
_CARD_HEADER = re.compile(r"^\s*\[\[\s*cards\s*\]\]")
_CARD_KEY = re.compile(r"^cards\[(\d+)\]$")


class _CollectionCtx(Ctx):
    """Ctx that also places a whole card (``cards[3]``) on its ``[[cards]]`` line, which the
    army-file locator (made for keys inside tables) cannot."""

    def error(self, key: str, message: str) -> ArmyFileError:
        m = _CARD_KEY.match(key)
        if m:
            return ArmyFileError(self.path, message, card_line(self.text, int(m.group(1))), key)
        return super().error(key, message)


def card_lines(text: str) -> list[int]:
    """The 1-based line of every ``[[cards]]`` header in ``text``, in order."""
    return [n for n, line in enumerate(text.splitlines(), 1) if _CARD_HEADER.match(line)]


def card_line(text: str, index: int) -> int | None:
    """The 1-based line of the ``index``-th (0-based) ``[[cards]]`` header in ``text``."""
    lines = card_lines(text)
    return lines[index] if index < len(lines) else None


@dataclass(frozen=True)
class Card:
    """One unit card of the collection (one of the ``count`` copies of a ``[[cards]]`` table)."""

    #: Stable id: ``"<table number>.<copy>"``, both 1-based, e.g. ``"3.2"``.
    id: str
    #: 0-based index of the ``[[cards]]`` table, and the table's line in the file.
    index: int
    line: int | None
    troop: str
    #: The unit keys other than ``troop``, as written (``quality``, ``stakes``, ``rear``, ...).
    options: Mapping[str, Any]
    #: The unit's points, from the ruleset.
    points: float
    #: The unit as a player says it ("Company of Veteran Archers with stakes").
    title: str
    #: The unit the card stands for; :meth:`unit` hands out copies.
    template: Unit
    #: Absolute path of the card's photo, or None.
    photo: str | None = None

    def unit(self) -> Unit:
        """A new :class:`Unit` for this card (a fresh object each call), photo attached."""
        return copy.deepcopy(self.template)


@dataclass
class Collection:
    """A loaded collection: its name, ruleset, and every card with counts expanded."""

    name: str
    ruleset: str
    #: The collection file in its folder (photos are relative to that folder).
    path: str
    cards: list[Card] = field(default_factory=list)
    #: An English army (the default): the draw takes the archer and billmen core first.
    english: bool = True


def collection_from(data: dict[str, Any], ctx: Ctx, ruleset: Ruleset) -> Collection:
    """The collection a parsed file holds; ArmyFileError (exit 2) for anything wrong."""
    path, text = ctx.path, ctx.text
    if "wards" in data and "cards" not in data:
        raise ArmyFileError(
            path,
            "this is an army file, not a Mustering collection: a "
            "collection lists [[cards]] (see `billhooks muster --help`)",
        )
    ctx = _CollectionCtx(path, text, ctx.folder, ctx.photos_anywhere, ctx.disk)
    head = build(ctx, _TOP, {k: v for k, v in data.items() if k != "cards"})
    raw_cards = data.get("cards", [])
    if not isinstance(raw_cards, list):
        raise ctx.error("cards", "expected a list of tables ([[cards]]), one per kind of unit")
    folder = ctx.folder
    cards: list[Card] = []
    lines = card_lines(text)
    for index, raw in enumerate(raw_cards):
        line = lines[index] if index < len(lines) else None
        cards.extend(_cards(ctx, ruleset, folder, index, line, raw))
        if len(cards) > CARDS_MAX:
            raise ctx.error(
                f"cards[{index}].count", f"the collection holds more than {CARDS_MAX} cards"
            )
    return Collection(
        head.name,
        ruleset.name,
        os.path.join(ctx.folder, os.path.basename(path)),
        cards,
        english=head.english,
    )


def _cards(
    ctx: Ctx, ruleset: Ruleset, folder: str, index: int, line: int | None, raw: Any
) -> list[Card]:
    where = f"cards[{index}]"
    written = check_values(ctx, UNIT, raw, where, extra=(_COUNT.key,))
    count = _count(ctx, where, raw.get(_COUNT.key, 1))
    if "photo" in written:
        _photo(ctx, where, folder, raw["photo"], written["photo"])
    unit: Unit = build(ctx, UNIT, {k: v for k, v in raw.items() if k != _COUNT.key}, where)
    _check_options(ctx, ruleset, where, unit)
    points = unit_points(unit)
    title = unit_title(unit)
    options = {k: v for k, v in raw.items() if k not in ("troop", "photo", _COUNT.key)}
    return [
        Card(
            f"{index + 1}.{copy_no}",
            index,
            line,
            unit.troop,
            options,
            points,
            title,
            unit,
            unit.photo,
        )
        for copy_no in range(1, count + 1)
    ]


def _count(ctx: Ctx, where: str, count: Any) -> int:
    count = check_field(ctx, f"{where}.{_COUNT.key}", count, _COUNT)
    if count < 1:
        raise ctx.error(
            f"{where}.count",
            f"must be 1 or more, got {count} (remove the card instead of giving it no copies)",
        )
    if count > COUNT_MAX:
        raise ctx.error(f"{where}.count", f"{count} is too many; at most {COUNT_MAX}")
    return int(count)


def _photo(ctx: Ctx, where: str, folder: str, value: str, target: str) -> None:
    """Refuse a photo outside the collection's folder, or one that cannot be read: every card
    dealt from it would lack its picture."""
    key = f"{where}.photo"
    if ctx.disk is None:  # text from no file: no folder to look in
        return
    # ``folder`` is a real path (the file's, its symlinks followed); a symlink out of it
    # counts as outside.
    if not ctx.photos_anywhere and ctx.disk.outside(target, folder):
        raise ctx.error(
            key,
            f"{value!r} is outside the collection's folder ({folder}): keep "
            "photos beside the collection file, e.g. photos/archers.jpg (or "
            "export with --allow-photos-anywhere)",
        )
    problem = ctx.disk.photo_problem(target)
    if problem is not None:
        raise ctx.error(key, f"{value!r} {problem} (looked for {target})")


def _check_options(ctx: Ctx, ruleset: Ruleset, where: str, unit: Unit) -> None:
    """Refuse a card whose options the rules do not allow on its troop: every army dealt from
    it would fail ``check``. The ruleset's own check decides, on a one-unit army."""
    probe = Army(ruleset.name, "probe", wards=[Ward(Leader("probe"), [unit])])
    for finding in ruleset.check(probe):
        if finding.code == "option-not-allowed":
            raise ctx.error(where, f"{unit_title(unit)}: {finding.message}")
