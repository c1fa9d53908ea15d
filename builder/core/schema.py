"""Army-file shapes as data, and places in a tree of records.

A ruleset declares its file as a tree of :class:`Table` s: each table has its fields (plain
values: text, whole numbers, true/false, lists of choices, nested tables) and its children
(one table, or an array of tables, each with a role: a group such as a ward or battle, its
leader, a unit or stand). Every table is built into one of the ruleset's own dataclasses (its
``record``) whose attribute names are the file's keys, so the file loader, the writer, the
builder's forms and error messages work from the declaration alone.

A record's **place** (``where``) is a string such as ``wards[1].units[0]``,
``wards[0].leader`` or ``stands[3]``; the army itself is ``""``. :func:`get`, :func:`replace`,
:func:`insert` and :func:`remove` work on places, so checks, the builder and messages all speak
one language.

Pure: no I/O, nothing heavy imported.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from builder.core.record import Record

FieldType = Literal["str", "int", "bool", "list", "table"]
Role = Literal["group", "leader", "unit", "record"]
#: TOML's whole numbers (signed 64-bit): the widest range an "int" key can be read back in.
TOML_INT = (-(2**63), 2**63 - 1)


@dataclass(frozen=True, eq=False, repr=False)
class Field(Record):
    """One key a table may carry.

    The value a record holds when the key is absent is the record dataclass's own default, so
    the default lives in one place; the writer leaves out values equal to it.
    """

    key: str
    type: FieldType
    #: The form's label; "" means the key in words ("c_in_c" -> "C in c").
    label: str = ""
    required: bool = False
    #: Allowed values of a "str" field, or of each item of a "list" field.
    choices: tuple[str, ...] | None = None
    #: Items (or a "str" value) may also be one of these prefixes followed by free text, e.g.
    #: ``("anti-",)`` lets a trait be ``"anti-<anything>"`` beside its fixed choices.
    free_prefixes: tuple[str, ...] = ()
    #: Bounds of an "int" field, inclusive.
    min: int | None = None
    max: int | None = None
    #: Longest text (for "str" fields and "list" items) and, with ``min_len``, shortest.
    max_len: int | None = None
    min_len: int = 0
    #: A "str" that is a file path, relative to the army file.
    path: bool = False
    #: The nested table of a "table" field (e.g. ``rear = { troop = ..., quality = ... }``).
    table: Table | None = None
    #: One line for a form or ``catalogue``: what the key is for.
    help: str = ""
    #: Written into a new table even at its default, so the player sees what to edit (a
    #: leader's rating); otherwise the writer leaves defaults out.
    written: bool = False
    #: A "str" naming a record of an army list by one of its keys (``"leaders.name"``: a
    #: stand's leader): renaming that record renames the reference too.
    refers: str = ""
    #: The choice a new record starts with, where it is not the first (the plain one, not the
    #: bold one listed before it).
    start: str | None = None
    #: Values a free "str" field suggests as it is typed (Billhooks' ranks the rules name);
    #: any other text is allowed too.
    suggestions: tuple[str, ...] = ()
    #: A game value: the shared list carries it and its Facts hash covers it (not a player's
    #: name, which changes nothing on the table).
    listed: bool = True

    @property
    def title(self) -> str:
        return self.label or self.key.replace("_", " ").capitalize()


@dataclass(frozen=True, eq=False, repr=False)
class Child(Record):
    """Records under a table: one table (``many=False``) or an array of tables."""

    key: str
    table: Table
    role: Role
    many: bool = True
    #: A single child table that every parent must have (a ward's leader).
    required: bool = False


@dataclass(frozen=True, eq=False, repr=False)
class Table(Record):
    """A table of the file: its fields and children, and the dataclass it is built into."""

    #: What one record is called, for messages and the builder ("ward", "unit", "stand").
    noun: str
    record: type
    fields: tuple[Field, ...] = ()
    children: tuple[Child, ...] = ()
    #: Pairs of keys a table may not hold both of (an army's ``points`` and ``muster``).
    exclusive: tuple[tuple[str, str], ...] = ()

    def field(self, key: str) -> Field:
        for f in self.fields:
            if f.key == key:
                return f
        raise KeyError(key)

    def child(self, key: str) -> Child:
        for c in self.children:
            if c.key == key:
                return c
        raise KeyError(key)

    @property
    def keys(self) -> tuple[str, ...]:
        """Every key allowed in this table, fields first, in declared order."""
        return tuple(f.key for f in self.fields) + tuple(c.key for c in self.children)

    def default(self, key: str) -> object:
        """What a record of this table holds for ``key`` when the file leaves it out."""
        for f in dataclasses.fields(self.record):
            if f.name == key:
                if f.default is not dataclasses.MISSING:
                    return f.default
                if f.default_factory is not dataclasses.MISSING:
                    return f.default_factory()
                return dataclasses.MISSING
        raise KeyError(key)


#: Longest army name, in every rule system.
NAME_MAX = 80
#: The keys every army file has, whatever its rule system: the first fields of every army
#: table.
CORE_FIELDS = (
    Field("ruleset", "str", required=True, help="which rule system the file is for"),
    Field("name", "str", required=True, max_len=NAME_MAX, help="the army's name"),
    Field(
        "player",
        "str",
        max_len=NAME_MAX,
        label="Player",
        help="who plays the army (events print it on the roster, summary and slips)",
        listed=False,
    ),
)


# --- Places ------------------------------------------------------------------------------------

_STEP = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?$")


@dataclass(frozen=True, eq=False, repr=False)
class Step(Record):
    """One step of a place: a child key and, for an array, the index."""

    key: str
    index: int | None = None


@lru_cache(maxsize=8192)
def parse(where: str) -> tuple[Step, ...]:
    """The steps of a place; ValueError for text that is not one. Pure, and asked for the
    same few places again and again (the builder's tree on every edit): kept."""
    if where == "":
        return ()
    steps = []
    for part in where.split("."):
        m = _STEP.match(part)
        if m is None:
            raise ValueError(f"not a place: {where!r}")
        steps.append(Step(m.group(1), int(m.group(2)) if m.group(2) is not None else None))
    return tuple(steps)


def place(*steps: Step) -> str:
    """The text of a place made of ``steps``."""
    return ".".join(s.key if s.index is None else f"{s.key}[{s.index}]" for s in steps)


def join(parent: str, key: str, index: int | None = None) -> str:
    """The place of a child of ``parent``: ``join("wards[0]", "units", 2)``."""
    step = key if index is None else f"{key}[{index}]"
    return f"{parent}.{step}" if parent else step


def parent_of(where: str) -> str:
    """The place of the record holding ``where`` ("" for a top-level record)."""
    return place(*parse(where)[:-1])


def _step(record: object, step: Step) -> object:
    value = getattr(record, step.key)
    if step.index is None:
        return value
    if not isinstance(value, list):
        raise KeyError(f"{step.key} is not a list")
    if not 0 <= step.index < len(value):
        raise KeyError(f"{step.key}[{step.index}]: no such record")
    return value[step.index]


def get(root: object, where: str) -> object:
    """The record at ``where``; KeyError if there is none."""
    record = root
    for step in parse(where):
        try:
            record = _step(record, step)
        except AttributeError:
            raise KeyError(where) from None
    return record


def exists(root: object, where: str) -> bool:
    try:
        get(root, where)
    except (KeyError, ValueError):
        return False
    return True


def _holder(root: object, where: str) -> tuple[object, Step]:
    steps = parse(where)
    if not steps:
        raise KeyError("the army itself has no holder")
    return get(root, place(*steps[:-1])), steps[-1]


def _list(holder: object, step: Step) -> list[object]:
    value = getattr(holder, step.key)
    if step.index is None or not isinstance(value, list):
        raise KeyError(f"{step.key} is not a list of records")
    return value


def replace(root: object, where: str, record: object) -> None:
    """Put ``record`` at ``where`` in place of what is there."""
    holder, step = _holder(root, where)
    if step.index is None:
        setattr(holder, step.key, record)
        return
    items = _list(holder, step)
    if not 0 <= step.index < len(items):
        raise KeyError(where)
    items[step.index] = record


def insert(root: object, where: str, record: object) -> str:
    """Insert ``record`` so that it is at ``where`` (an index one past the end appends);
    returns its place."""
    holder, step = _holder(root, where)
    items = _list(holder, step)
    assert step.index is not None
    if not 0 <= step.index <= len(items):
        raise KeyError(where)
    items.insert(step.index, record)
    return where


def append(root: object, parent: str, key: str, record: object) -> str:
    """Add ``record`` at the end of ``parent``'s ``key`` list; returns its place."""
    items = getattr(get(root, parent), key)
    assert isinstance(items, list)
    items.append(record)
    return join(parent, key, len(items) - 1)


def remove(root: object, where: str) -> object:
    """Take the record at ``where`` out of its list and return it."""
    holder, step = _holder(root, where)
    items = _list(holder, step)
    assert step.index is not None
    if not 0 <= step.index < len(items):
        raise KeyError(where)
    return items.pop(step.index)


@dataclass(frozen=True, eq=False, repr=False)
class Node(Record):
    """A record met by :func:`walk`: its place, its table, the role it has under its parent."""

    where: str
    table: Table
    role: Role | Literal["army"]
    record: object


def walk(
    root: object, table: Table, where: str = "", role: Role | Literal["army"] = "army"
) -> Iterator[Node]:
    """Every record under (and including) ``root``, in file order, depth first."""
    yield Node(where, table, role, root)
    for child in table.children:
        value = getattr(root, child.key)
        if child.many:
            assert isinstance(value, list)
            for i, item in enumerate(value):
                yield from walk(item, child.table, join(where, child.key, i), child.role)
        elif value is not None:
            yield from walk(value, child.table, join(where, child.key), child.role)


def table_at(table: Table, where: str) -> Table:
    """The table a record at ``where`` is built from."""
    for step in parse(where):
        table = table.child(step.key).table
    return table


def set_value(root: object, where: str, key: str, value: object) -> None:
    """Set field ``key`` of the record at ``where`` (a roll's result, a form's edit)."""
    record = get(root, where)
    if not hasattr(record, key):
        raise KeyError(join(where, key))
    setattr(record, key, value)


def groups(root: object, table: Table) -> list[Node]:
    """The army's group records (wards, battles), in file order; none for a flat army."""
    found = []
    for child in table.children:
        if child.role != "group":
            continue
        value = getattr(root, child.key)
        items = value if child.many else [] if value is None else [value]
        for i, item in enumerate(items):
            where = join("", child.key, i if child.many else None)
            found.append(Node(where, child.table, "group", item))
    return found


def group_index(where: str) -> int:
    """The index of the first step of ``where``: the group a record is in (``wards[3].units[1]``
    is in ward 3), 0 for the army itself or a single child."""
    steps = parse(where)
    return (steps[0].index or 0) if steps else 0


def group_of(table: Table, where: str) -> str:
    """The place of the group a record at ``where`` belongs to (``wards[3].units[1]`` is in
    ``wards[3]``), or "" for a record in no group."""
    steps = parse(where)
    if steps and steps[0].index is not None:
        try:
            if table.child(steps[0].key).role == "group":
                return place(steps[0])
        except KeyError:
            pass
    return ""
