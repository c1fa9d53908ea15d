"""Reading a TOML file against a declared shape: the records, or an error naming the file,
the line and the key.

Text in (read by :mod:`builder.armyfile`, with the disk's limits), records out: the army file, the
Mustering collection and a file of event cards all go through it, so a typo is caught the
same way everywhere and every message has the same form:
``army.toml:12: wards[0].units[1].quality: unknown value 'elite'``. The shape is a
:class:`~builder.core.schema.Table` tree; each table is built into its record dataclass.
"""

from __future__ import annotations

import os
import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from builder.core.schema import Field, Table, join
from builder.core.text import printable


class ArmyFileError(Exception):
    """An army (or collection, or events) file that cannot be read. ``str()`` is the message a
    user sees: ``army.toml:12: wards[0].units[1].quality: expected one of ..., got 'elite'``."""

    def __init__(
        self, path: str | Path, message: str, line: int | None = None, key: str | None = None
    ) -> None:
        self.path = str(path)
        self.message = message
        self.line = line
        self.key = key
        super().__init__(str(self))

    def __str__(self) -> str:
        place = printable(self.path) + (f":{self.line}" if self.line else "")
        key = f" {printable(self.key)}:" if self.key else ""
        return f"{place}:{key} {self.message}"


# --- Finding the line of a key path -----------------------------------------------------------

_KEY = re.compile(r"""^\s*("?)([A-Za-z0-9_-]+)\1\s*=""")
_INDEX = re.compile(r"\[(\d+)\]")


def _header(line: str) -> tuple[str, str] | None:
    """``("[" or "[[", dotted name)`` for a table header line, else None. By hand, not by a
    regular expression: one scan of the line, whatever it holds (a line of "[" and spaces made
    the old pattern take cubic time)."""
    stripped = line.lstrip()
    if not stripped.startswith("["):
        return None
    opener = "[[" if stripped.startswith("[[") else "["
    rest = stripped[len(opener) :]
    end = rest.find("]")
    name = ".".join(part.strip().strip('"') for part in rest[:end].split(".")) if end > 0 else ""
    return (opener, name) if name else None


def locate(text: str, keypath: str) -> int | None:
    """The 1-based line of ``keypath`` (e.g. ``wards[1].units[0].quality``) in ``text``.

    Best effort over the plain TOML layouts army files use (tables, arrays of tables, inline
    tables on one line); None when the key cannot be placed.
    """
    parts = keypath.split(".")
    # Split into the table path (with indices) and the final key.
    table, key = parts[:-1], parts[-1]
    key_name = _INDEX.sub("", key)
    key_indices = [int(n) for n in _INDEX.findall(key)]
    want = [(_INDEX.sub("", p), [int(n) for n in _INDEX.findall(p)]) for p in table]
    counters: dict[str, int] = {}
    current: list[str] = []
    current_idx: dict[str, int] = {}
    for lineno, line in enumerate(text.splitlines(), 1):
        header = _header(line)
        if header:
            opener, name = header
            current = name.split(".")
            if opener == "[[":
                counters[name] = counters.get(name, -1) + 1
                # A new element of an outer array resets the counters of arrays inside it.
                for other in list(counters):
                    if other.startswith(name + "."):
                        del counters[other]
            current_idx = dict(counters)
            if _matches(current, current_idx, want) and key_name == "":
                return lineno
            # The key is itself a table or an element of an array of tables.
            if _matches(current, current_idx, want + [(key_name, key_indices)]):
                return lineno
            continue
        km = _KEY.match(line)
        if km and km.group(2) == key_name and _matches(current, current_idx, want):
            return lineno
    return None


def _matches(current: list[str], idx: dict[str, int], want: list[tuple[str, list[int]]]) -> bool:
    if [w for w, _ in want] != current:
        return False
    for depth, (_, indices) in enumerate(want):
        if indices and idx.get(".".join(current[: depth + 1])) != indices[0]:
            return False
    return True


#: A UTF-8 byte-order mark: read past, and written back where the file had one.
BOM = "\ufeff"


def parse_toml(path: str | Path, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column \d+\)", msg)
        line = int(m.group(1)) if m else None
        msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", msg)
        raise ArmyFileError(path, f"TOML syntax error: {msg}", line) from None
    except RecursionError:
        raise ArmyFileError(
            path, "TOML nested too deeply (lists or tables inside each other hundreds of times)"
        ) from None
    except ValueError as exc:
        # Python refuses to convert integers of thousands of digits (the int/str limit).
        if "digits" not in str(exc):
            raise
        line, key = _long_number(text)
        raise ArmyFileError(
            path, "a number has thousands of digits; no key takes such a number", line, key
        ) from None


#: A run of digits: a decimal number too long for Python to read is one of thousands.
_DIGITS = re.compile(r"[0-9_]+")
_KEY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _long_number(text: str) -> tuple[int | None, str | None]:
    """The line of the first decimal number of thousands of digits in ``text``, and the key
    it is given to (None in a list). By hand, in one pass: the file may be 4 MB of digits."""
    for lineno, line in enumerate(text.splitlines(), 1):
        run = next((m for m in _DIGITS.finditer(line) if m.end() - m.start() >= 4000), None)
        if run is None:
            continue
        before = line[: run.start()].rstrip("+- \t")
        if not before.endswith("="):
            return lineno, None
        before = before[:-1].rstrip(" \t").removesuffix('"')
        start = len(before)
        while start and before[start - 1] in _KEY_CHARS:
            start -= 1
        return lineno, before[start:] or None
    return None, None


# --- Validation -------------------------------------------------------------------------------


class Disk(Protocol):
    """What a reader may ask the disk about a file that a file names (a photo): the file code
    (:mod:`builder.files`) answers, so the rules never touch the disk themselves."""

    def outside(self, path: str | Path, folder: str) -> bool: ...

    def photo_problem(self, path: str | Path) -> str | None: ...


@dataclass
class Ctx:
    """What an error needs to name its place: the file's name and text. ``folder`` is where
    paths in the file are relative to; a photo may lie outside it only with
    ``photos_anywhere`` (``export --allow-photos-anywhere``). ``disk`` answers whether a named
    file can be used; without one (text from no file) nothing on the disk is looked at."""

    path: str
    text: str
    folder: str = "."
    photos_anywhere: bool = False
    disk: Disk | None = None

    def error(self, key: str, message: str) -> ArmyFileError:
        """An error at ``key``, placed on the nearest line the key or its parents are on."""
        line = None
        probe = key
        while probe and line is None:
            line = locate(self.text, probe)
            probe = probe.rpartition(".")[0]
        return ArmyFileError(self.path, message, line, key or None)


def type_name(value: Any) -> str:
    return {
        bool: "a boolean",
        int: "a whole number",
        float: "a number",
        str: "text",
        list: "a list",
        dict: "a table",
    }.get(type(value), type(value).__name__)


#: More bits than any number a key takes: such a number is named by its size, never written
#: out (Python refuses to turn an integer of over 4,300 digits into text).
_BITS_MAX = 64


def _digits(value: int) -> str:
    """How many decimal digits ``value`` has, roughly, without converting it."""
    return f"{int(abs(value).bit_length() * 0.30103) + 1:,}"


def short(value: Any) -> str:
    if isinstance(value, int) and abs(value).bit_length() > _BITS_MAX:
        return f"a number of about {_digits(value)} digits"
    try:
        text = repr(value)
    except ValueError:  # a list holding a number past Python's int/str limit
        return "a list holding a number of thousands of digits"
    return text if len(text) <= 40 else text[:37] + "..."


def did_you_mean(value: str, options: Iterable[str]) -> str:
    import difflib  # only for a mistake

    close = difflib.get_close_matches(value, list(options), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _control_character(text: str) -> str | None:
    return next((ch for ch in text if unicodedata.category(ch) == "Cc"), None)


_EXPECTED: dict[str, tuple[type[Any], str]] = {
    "str": (str, "text"),
    "int": (int, "a whole number"),
    "bool": (bool, "true or false"),
    "list": (list, "a list"),
    "table": (dict, "a table"),
}


def _check_text(ctx: Ctx, key: str, value: str, spec: Field) -> None:
    if (
        spec.choices is not None
        and value not in spec.choices
        and not any(value.startswith(p) and len(value) > len(p) for p in spec.free_prefixes)
    ):
        shown = [*spec.choices, *(f"{p}<text>" for p in spec.free_prefixes)]
        raise ctx.error(
            key,
            f"unknown value {short(value)}{did_you_mean(value, spec.choices)}"
            ": expected one of " + ", ".join(shown),
        )
    if spec.max_len is not None and len(value) > spec.max_len:
        raise ctx.error(key, f"is {len(value)} characters long; at most {spec.max_len}")
    if bad := _control_character(value):
        # Control characters would reach terminals (escape sequences) and print as nothing.
        raise ctx.error(key, f"contains a control character (U+{ord(bad):04X}): remove it")
    if (spec.required or spec.min_len) and not value.strip():
        raise ctx.error(key, "may not be empty")


def check_field(ctx: Ctx, key: str, value: Any, spec: Field) -> Any:
    """``value`` as ``spec`` wants it (a path made absolute, a nested table built into its
    record), or an error naming ``key``."""
    expected, name = _EXPECTED[spec.type]
    if not isinstance(value, expected) or (spec.type == "int" and isinstance(value, bool)):
        raise ctx.error(key, f"expected {name}, got {type_name(value)} {short(value)}")
    if spec.type == "int":
        if spec.min is not None and value < spec.min or spec.max is not None and value > spec.max:
            raise ctx.error(key, f"{short(value)} is out of range {spec.min}-{spec.max}")
        if abs(value).bit_length() > _BITS_MAX:  # a key with no bounds (a seed)
            raise ctx.error(key, f"{short(value)} is too large: no key takes such a number")
    elif spec.type == "str":
        _check_text(ctx, key, value, spec)
        if spec.path:
            return _path(ctx, key, value)
    elif spec.type == "list":
        seen: set[str] = set()
        for i, item in enumerate(value):
            where = f"{key}[{i}]"
            if not isinstance(item, str):
                raise ctx.error(where, f"expected text, got {type_name(item)} {short(item)}")
            _check_text(ctx, where, item, spec)
            if item in seen:
                raise ctx.error(where, f"{short(item)} is listed twice: keep it once")
            seen.add(item)
        return list(value)
    elif spec.type == "table":
        assert spec.table is not None
        return build(ctx, spec.table, value, key)
    return value


def _path(ctx: Ctx, key: str, value: str) -> str:
    """A path written relative to the file, as the absolute path the records hold."""
    if os.path.isabs(value) or value.startswith("~"):
        # A shared army file must not pull an image from wherever the other player has one.
        raise ctx.error(
            key,
            f"{short(value)} is an absolute path: write it relative to the file, e.g. photos/x.jpg",
        )
    return os.path.normpath(os.path.join(ctx.folder, value))


def unknown_keys(ctx: Ctx, where: str, table: Mapping[str, Any], allowed: Iterable[str]) -> None:
    """An error at the first key of ``table`` not in ``allowed``, with the closest allowed key
    as a suggestion."""
    names = list(allowed)
    for key in table:
        if key not in names:
            raise ctx.error(
                join(where, key),
                f"unknown key{did_you_mean(key, names)}; allowed: " + ", ".join(names),
            )


def array(ctx: Ctx, key: str, value: Any) -> list[Any]:
    """``value`` as a list of tables, or an error at ``key``."""
    if not isinstance(value, list):
        raise ctx.error(
            key,
            f"expected a list of tables ([[{key.split('.')[-1]}]]), "
            f"got {type_name(value)} {short(value)}",
        )
    return value


def _header_name(where: str) -> str:
    """A place as TOML writes its table header: ``wards[0].leader`` is ``wards.leader``."""
    return re.sub(r"\[\d+\]", "", where)


def check_values(
    ctx: Ctx, table: Table, data: Any, where: str, extra: Iterable[str] = ()
) -> dict[str, Any]:
    """The table's fields checked and converted (children not built): keys present only.
    ``extra`` names keys the caller reads itself (a collection card's ``count``)."""
    if not isinstance(data, dict):
        raise ctx.error(where, f"expected a table, got {type_name(data)}")
    unknown_keys(ctx, where, data, (*table.keys, *extra))
    for spec in table.fields:
        if spec.required and spec.key not in data:
            raise ctx.error(where, f"missing required key '{spec.key}'")
    for first, second in table.exclusive:
        if first in data and second in data:
            raise ctx.error(join(where, second), f"a file has either {first} or {second}, not both")
    return {
        spec.key: check_field(ctx, join(where, spec.key), data[spec.key], spec)
        for spec in table.fields
        if spec.key in data
    }


def build(ctx: Ctx, table: Table, data: Any, where: str = "", extra: Iterable[str] = ()) -> Any:
    """The record ``data`` describes, with every record under it, or an ArmyFileError at the
    first thing wrong."""
    values = check_values(ctx, table, data, where, extra)
    for child in table.children:
        key = join(where, child.key)
        if child.many:
            values[child.key] = [
                build(ctx, child.table, item, join(where, child.key, i))
                for i, item in enumerate(array(ctx, key, data.get(child.key, [])))
            ]
        elif child.key in data:
            values[child.key] = build(ctx, child.table, data[child.key], key)
        elif child.required:
            raise ctx.error(
                where,
                f"missing [{_header_name(key)}] table: every {table.noun} has a {child.table.noun}",
            )
    return table.record(**values)
