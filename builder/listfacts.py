"""An army's game values in words: the ``= unit · Troop: archers · Figures: 12`` lines of a
shared list, read back exactly, and the canonical form its Facts hash is taken over.

Every record of the army (the army itself, a ward, a leader, a unit, a stand) is one line: its
table's noun, then each field the army file declares, by its title, with its value in words.
The fields are the schema's own, so a field a system adds is shared, hashed, compared and
imported without a word here; a path (a photo) is the sender's disk, not a game value, and is
left out. A value is written bare when it is plain words (``old soldier``, ``12``, ``yes``)
and otherwise as a JSON string in quotes, with every character a terminal, a forum or a
reader could change or hide (line separators, non-breaking and zero-width spaces, a byte-order
mark, ``[`` of BBCode, a backtick of Markdown) written as an escape, so it reads back exact.

The hash is over :func:`canonical` values (keys and values, defaults filled in, under
:data:`VERSION`), never over how they are worded: a new wording leaves every printed code good.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from builder.core.schema import Field, Table, walk
from builder.core.validate import ArmyFileError, Ctx, check_field

#: The list's format name and version: the canonical form the Facts hash is taken over, and
#: the wording of its value lines. Version 1 (billhooks before this) hashed the printed facts.
FORMAT = "billhooks-list"
VERSION = 2
#: The wordings of the share list: plain text, Markdown, BBCode (and JSON, `share --format json`).
Format = Literal["text", "markdown", "bbcode"]
FORMATS: tuple[Format, ...] = ("text", "markdown", "bbcode")
RECORD = "= "
SEP = " · "
NONE = "(none)"
YES, NO = "yes", "no"

#: A value written without quotes: words of letters, digits and a few marks, single spaces.
_BARE = re.compile(r"[A-Za-z0-9][A-Za-z0-9'/+.:&-]*(?: [A-Za-z0-9'/+.:&-]+)*")
#: A whole number: up to 19 digits, the most a TOML integer has (an army file's muster seed may
#: be any of them; the field's own range is checked after).
_INT = re.compile(r"-?[0-9]{1,19}")
#: Characters written as escapes inside quotes even though JSON allows them raw.
_ESCAPED = frozenset("[`")


class ListError(ValueError):
    """A value line that is not one (``str()`` says what was expected)."""


@dataclass(frozen=True)
class Record:
    """One record's values: its table's noun and the canonical JSON of every shared field."""

    noun: str
    canon: str

    def values(self) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(self.canon)
        return found


def shared(table: Table) -> tuple[Field, ...]:
    """The fields of ``table`` a list carries: all but paths (files on the sender's disk) and
    what is no game value (the player's name)."""
    return tuple(f for f in table.fields if not f.path and f.listed)


def tables(schema: Table) -> dict[str, Table]:
    """Every table of ``schema`` by its noun (a system's nouns are distinct: a test holds
    every registered system to it)."""
    found = {schema.noun: schema}
    for child in schema.children:
        found.update(tables(child.table))
    return found


def canon_value(spec: Field, value: object) -> object:
    """A field's value as the canonical form holds it (a list, a nested table as a dict)."""
    if spec.type == "table" and value is not None:
        assert spec.table is not None
        if not isinstance(value, Mapping):
            value = {f.key: getattr(value, f.key) for f in spec.table.fields}
        return {f.key: canon_value(f, value.get(f.key)) for f in shared(spec.table)}
    if isinstance(value, list | tuple):
        return list(value)
    return value


def _canon(table: Table, values: Mapping[str, object]) -> str:
    pairs = {f.key: canon_value(f, values[f.key]) for f in shared(table)}
    return json.dumps(pairs, ensure_ascii=False, separators=(",", ":"))


def record_of(table: Table, record: object) -> Record:
    """The values of an army's record (a dataclass of ``table``)."""
    return Record(table.noun, _canon(table, {f.key: getattr(record, f.key) for f in table.fields}))


def records(army: object, schema: Table) -> Iterator[tuple[str, Record]]:
    """Every record of ``army`` with its place, in file order."""
    for node in walk(army, schema):
        yield node.where, record_of(node.table, node.record)


# --- Words -------------------------------------------------------------------------------


def quoted(text: str) -> str:
    """``text`` as a JSON string whose every character survives a terminal and a forum."""
    body = json.dumps(text, ensure_ascii=False)[1:-1]
    return '"' + "".join(_escape(ch) for ch in body) + '"'


def _escape(ch: str) -> str:
    """``ch`` as JSON writes it where a reader could lose it (beyond U+FFFF: a surrogate
    pair, as JSON spells such a character)."""
    if ch.isprintable() and ch not in _ESCAPED:
        return ch
    if ord(ch) > 0xFFFF:
        return json.dumps(ch)[1:-1]
    return f"\\u{ord(ch):04x}"


def _text_words(text: str) -> str:
    return text if _BARE.fullmatch(text) else quoted(text)


def value_words(spec: Field, value: object) -> str:
    """A field's value in words: ``old soldier``, ``12``, ``yes``, ``good timing, feint``,
    ``(troop: archers, quality: veteran)``; ``(none)`` for no value."""
    if value is None:
        return NONE
    if spec.type == "bool":
        return YES if value else NO
    if spec.type == "int":
        return str(value)
    if spec.type == "list":
        assert isinstance(value, list)
        return ", ".join(_text_words(str(v)) for v in value) if value else NONE
    if spec.type == "table":
        assert spec.table is not None and isinstance(value, Mapping)
        inner = (
            f"{f.title}: {value_words(f, value.get(f.key))}"
            for f in shared(spec.table)
            if value.get(f.key) != _default(spec.table, f)
        )
        return "(" + ", ".join(inner) + ")"
    return _text_words(str(value))


def _default(table: Table, spec: Field) -> object:
    return canon_value(spec, table.default(spec.key))


def line(table: Table, record: Record) -> str:
    """The record's value line: its noun, then each field by its title: every number and
    every value a file writes for a new record, the others where not at their default."""
    values = record.values()
    parts = [table.noun]
    for spec in shared(table):
        value = values[spec.key]
        if (
            spec.required
            or spec.written
            or (spec.type == "int" and value is not None)
            or value != _default(table, spec)
        ):
            parts.append(f"{spec.title}: {value_words(spec, value)}")
    return RECORD + SEP.join(parts)


# --- Reading -----------------------------------------------------------------------------


class _Reader:
    """A value line read from left to right, each value as its field's type says."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def fail(self, expected: str) -> ListError:
        got = self.text[self.at : self.at + 30]
        return ListError(f"expected {expected} at column {self.at + 1}, got {got!r}")

    def take(self, token: str) -> bool:
        if self.text.startswith(token, self.at):
            self.at += len(token)
            return True
        return False

    def ended(self, stops: tuple[str, ...]) -> bool:
        return self.ended_at(self.at, stops)

    def ended_at(self, at: int, stops: tuple[str, ...]) -> bool:
        return at == len(self.text) or any(self.text.startswith(s, at) for s in stops)

    def quoted(self) -> str:
        end = self.at + 1
        while end < len(self.text) and self.text[end] != '"':
            end += 2 if self.text[end] == "\\" else 1
        try:
            value = json.loads(self.text[self.at : end + 1])
        except ValueError:
            raise self.fail("a quoted text ending with a quote") from None
        self.at = end + 1
        assert isinstance(value, str)
        return value

    def text_value(self, stops: tuple[str, ...]) -> str:
        if self.text.startswith('"', self.at):
            return self.quoted()
        # A bare value holds no comma, bracket or middle dot, so it ends before any stop.
        found = _BARE.match(self.text, self.at)
        if found is None or not self.ended_at(found.end(), stops):
            raise self.fail("a value (words, or text in quotes)")
        self.at = found.end()
        return found.group()

    def value(self, spec: Field, stops: tuple[str, ...]) -> object:
        if self.take(NONE):
            return [] if spec.type == "list" else None
        if spec.type == "bool":
            for word, value in ((YES, True), (NO, False)):
                if self.take(word):
                    return value
            raise self.fail("yes or no")
        if spec.type == "int":
            found = _INT.match(self.text, self.at)
            if found is None:
                raise self.fail("a whole number")
            self.at = found.end()
            return int(found.group())
        if spec.type == "list":
            items = [self.text_value((", ", *stops))]
            while self.take(", "):
                items.append(self.text_value((", ", *stops)))
            return items
        if spec.type == "table":
            assert spec.table is not None
            if not self.take("("):
                raise self.fail(f"{NONE} or ( and the {spec.title.lower()}'s values )")
            inner = self.fields(spec.table, ", ", (")",))
            if not self.take(")"):
                raise self.fail(")")
            return inner
        return self.text_value(stops)

    def fields(
        self, table: Table, sep: str, stops: tuple[str, ...], first: bool = True
    ) -> dict[str, object]:
        """``Title: value`` pairs up to one of ``stops`` (or the end), with defaults filled;
        ``first``: the first pair has no ``sep`` before it."""
        by_title = {f.title.lower(): f for f in shared(table)}
        found: dict[str, object] = {}
        while not self.ended(stops):
            if not first and not self.take(sep):
                raise self.fail(f"{sep.strip()!r} before the next value")
            first = False
            title, colon, _ = self.text[self.at :].partition(": ")
            spec = by_title.get(title.lower()) if colon else None
            if spec is None:
                raise self.fail("one of " + ", ".join(f.title for f in shared(table)))
            if spec.key in found:
                raise self.fail(f"each value once ({spec.title} twice)")
            self.at += len(title) + 2
            found[spec.key] = self.value(spec, (sep, *stops))
        out: dict[str, object] = {}
        for spec in shared(table):
            if spec.key in found:
                out[spec.key] = _checked(spec, found[spec.key])
            elif spec.required:
                raise ListError(f"a {table.noun} needs its {spec.title}")
            else:
                out[spec.key] = _default(table, spec)
        return out


def _checked(spec: Field, value: object) -> object:
    """``value`` if the army file would take it for ``spec`` (a known choice, in range, not
    too long), else ListError saying what was expected."""
    # A nested table's unset values are absent from a file, not written as nothing.
    given = (
        {k: v for k, v in value.items() if v is not None} if isinstance(value, Mapping) else value
    )
    try:
        check_field(Ctx("<list>", ""), spec.key, given, spec)
    except ArmyFileError as exc:
        raise ListError(f"{spec.title}: {exc.message}") from None
    return canon_value(spec, value)


def read_line(schema: Table, text: str) -> tuple[Table, Record]:
    """The record a value line (without its ``= ``) holds, for a system of ``schema``;
    ListError saying what was expected."""
    known = tables(schema)
    noun, _, _ = text.partition(SEP)
    table = known.get(noun)
    if table is None:
        raise ListError(f"expected a record ({', '.join(known)}), got {noun[:30]!r}")
    reader = _Reader(text)
    reader.at = len(noun)
    values = reader.fields(table, SEP, (), first=False)
    return table, Record(noun, _canon(table, values))


def from_values(table: Table, values: Mapping[str, object]) -> Record:
    """The record a ``{key: value}`` object holds (the JSON list's), checked as a value line
    is: ListError naming the key that is unknown, missing or wrong."""
    fields = {f.key: f for f in shared(table)}
    for key in values:
        if key not in fields:
            raise ListError(f"unknown key {key!r}: expected one of {', '.join(fields)}")
    found: dict[str, object] = {}
    for key, spec in fields.items():
        value = values.get(key)
        if value is None or value == [] and spec.type == "list":
            if spec.required:
                raise ListError(f"a {table.noun} needs its {key}")
            found[key] = _default(table, spec) if value is None else []
        else:
            found[key] = _checked(spec, value)
    return Record(table.noun, _canon(table, found))
