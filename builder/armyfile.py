"""Army files: TOML <-> :class:`builder.army.Army`.

Reading uses :mod:`tomllib` (fast, strict) and validates every key against the core schema and
the ruleset's unit and leader schemas, so a typo is an error that names the file, the line and
the key. Writing goes through :mod:`tomlkit` on top of the file already on disk and touches only
the values that changed, so comments, key order, line endings and every other byte survive; it
lands atomically through :mod:`builder.files` (temporary file, then rename; through a symlink,
the file it points to). Photo paths are relative to the army file; the model holds them absolute.
"""

from __future__ import annotations

import dataclasses
import difflib
import os
import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder import files
from builder.army import Army, Leader, Muster, RearCompany, Unit, Ward
from builder.rules import RULESETS, get_ruleset
from builder.rules.base import FieldSpec, Finding, Ruleset

NAME_MAX = 80
#: A UTF-8 byte-order mark: read past, and written back where the file had one.
BOM = "\ufeff"


class ArmyFileError(Exception):
    """An army (or collection) file that cannot be read. ``str()`` is the message a user sees:
    ``army.toml:12: wards[0].units[1].quality: expected one of ..., got 'elite'``."""

    def __init__(self, path: str | Path, message: str, line: int | None = None,
                 key: str | None = None) -> None:
        self.path = str(path)
        self.message = message
        self.line = line
        self.key = key
        super().__init__(str(self))

    def __str__(self) -> str:
        place = files.printable(self.path) + (f":{self.line}" if self.line else "")
        key = f" {files.printable(self.key)}:" if self.key else ""
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
    rest = stripped[len(opener):]
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


# --- Validation -------------------------------------------------------------------------------


@dataclass
class Ctx:
    path: str
    text: str

    def error(self, key: str, message: str) -> ArmyFileError:
        """An error at ``key``, placed on the nearest line the key or its parents are on."""
        line = None
        probe = key
        while probe and line is None:
            line = locate(self.text, probe)
            probe = probe.rpartition(".")[0]
        return ArmyFileError(self.path, message, line, key or None)


def _type_name(value: Any) -> str:
    return {bool: "a boolean", int: "a whole number", float: "a number", str: "text",
            list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


def check_value(ctx: Ctx, key: str, value: Any, spec: FieldSpec) -> Any:
    """``value`` as ``spec`` wants it, or an error naming ``key``."""
    expected: type[Any] = {"str": str, "int": int, "bool": bool, "table": dict}[spec.type]
    if not isinstance(value, expected) or (spec.type == "int" and isinstance(value, bool)):
        names = {"str": "text", "int": "a whole number", "bool": "true or false",
                 "table": "a table"}
        raise ctx.error(key, f"expected {names[spec.type]}, got {_type_name(value)} "
                             f"{_short(value)}")
    if spec.choices is not None and value not in spec.choices:
        hint = _did_you_mean(str(value), spec.choices)
        raise ctx.error(key, f"unknown value {_short(value)}{hint}: expected one of "
                             + ", ".join(spec.choices))
    if spec.type == "int":
        if spec.min is not None and value < spec.min or spec.max is not None and value > spec.max:
            raise ctx.error(key, f"{_short(value)} is out of range {spec.min}-{spec.max}")
    if spec.type == "str" and spec.max_len is not None and len(value) > spec.max_len:
        raise ctx.error(key, f"is {len(value)} characters long; at most {spec.max_len}")
    if spec.type == "str" and (bad := _control_character(value)):
        # Control characters would reach terminals (escape sequences) and print as nothing.
        raise ctx.error(key, f"contains a control character (U+{ord(bad):04X}): remove it")
    if spec.type == "str" and spec.required and not value.strip():
        raise ctx.error(key, "may not be empty")
    if spec.type == "table":
        return check_table(ctx, key, value, spec.fields)
    return value


def _control_character(text: str) -> str | None:
    return next((ch for ch in text if unicodedata.category(ch) == "Cc"), None)


def _did_you_mean(value: str, options: Iterable[str]) -> str:
    close = difflib.get_close_matches(value, list(options), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def unknown_keys(ctx: Ctx, where: str, table: Mapping[str, Any], allowed: Iterable[str]) -> None:
    """An error at the first key of ``table`` not in ``allowed``, with the closest allowed key
    as a suggestion."""
    names = list(allowed)
    prefix = f"{where}." if where else ""
    for key in table:
        if key not in names:
            raise ctx.error(prefix + key, f"unknown key{_did_you_mean(key, names)}; allowed: "
                                          + ", ".join(names))


def check_table(ctx: Ctx, where: str, table: Any, schema: Mapping[str, FieldSpec],
                ) -> dict[str, Any]:
    """Validate a table against ``schema``: no unknown keys, required keys present."""
    if not isinstance(table, dict):
        raise ctx.error(where, f"expected a table, got {_type_name(table)}")
    unknown_keys(ctx, where, table, schema)
    prefix = f"{where}." if where else ""
    for key, spec in schema.items():
        if spec.required and key not in table:
            raise ctx.error(where, f"missing required key '{key}'")
    return {key: check_value(ctx, prefix + key, value, schema[key])
            for key, value in table.items()}


def _array(ctx: Ctx, key: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ctx.error(key, f"expected a list of tables ([[{key.split('.')[-1]}]]), "
                             f"got {_type_name(value)} {_short(value)}")
    return value


_TOP = {
    "ruleset": FieldSpec("str", required=True),
    "name": FieldSpec("str", required=True, max_len=NAME_MAX),
    "side": FieldSpec("str"),
    "english": FieldSpec("bool"),
    "points": FieldSpec("int", min=0, max=100_000),
    "muster": FieldSpec("table", fields={
        "troops": FieldSpec("int", required=True, min=1, max=100_000),
        "seed": FieldSpec("int"),
    }),
    "wards": FieldSpec("table"),  # checked by hand: an array of tables
}
_WARD_KEYS = ("leader", "units")


# --- Reading ----------------------------------------------------------------------------------


def read_text(path: str | Path) -> str:
    """The file's text (a UTF-8 byte-order mark dropped), or an ArmyFileError for a missing
    file, a folder, a FIFO or device, a file over :data:`builder.files.READ_MAX` bytes, or bad
    UTF-8."""
    # A save of several files (muster --both) killed half-way is finished first, so no
    # billhooks command reads one file of the new pair beside one of the old.
    files.recover_beside(path)
    try:
        data = files.read_bytes(path)
    except files.FileProblem as exc:
        raise ArmyFileError(path, str(exc)) from None
    try:
        return data.decode("utf-8").removeprefix(BOM)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ArmyFileError(path, f"not UTF-8 text (byte {exc.start})", line) from None


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
        raise ArmyFileError(path, "TOML nested too deeply (lists or tables inside each other "
                                  "hundreds of times)") from None
    except ValueError as exc:
        # Python refuses to convert integers of thousands of digits (the int/str limit).
        if "digits" not in str(exc):
            raise
        raise ArmyFileError(path, "a number has thousands of digits; no key takes such a "
                                  "number") from None


def load(path: str | Path) -> Army:
    """Read and validate an army file."""
    text = read_text(path)
    return loads(text, str(path))


def loads(text: str, path: str = "<army>") -> Army:
    """Parse army-file text (``path`` only names the file in messages)."""
    data = parse_toml(path, text)
    return army_from_dict(data, Ctx(path, text))


def ruleset_of(data: dict[str, Any], ctx: Ctx) -> Ruleset:
    """The ruleset a parsed army or collection file names, or an error at ``ruleset``."""
    if "ruleset" not in data:
        raise ctx.error("", "missing required key 'ruleset' (e.g. ruleset = \"billhooks\")")
    name = data["ruleset"]
    if not isinstance(name, str) or name not in RULESETS:
        raise ctx.error("ruleset", f"unknown ruleset {_short(name)}: expected one of "
                                   + ", ".join(RULESETS))
    return get_ruleset(name)


def army_from_dict(data: dict[str, Any], ctx: Ctx) -> Army:
    if "cards" in data and "wards" not in data:
        raise ArmyFileError(ctx.path, "this is a Mustering collection, not an army file: deal "
                                      "an army from it with `billhooks muster`")
    ruleset = ruleset_of(data, ctx)
    unknown_keys(ctx, "", data, _TOP)
    name = ruleset.name
    top = {k: v for k, v in data.items() if k != "wards"}
    checked = check_table(ctx, "", top, {k: s for k, s in _TOP.items() if k != "wards"})
    if "side" in checked and checked["side"] not in ruleset.sides:
        raise ctx.error("side", f"unknown side {_short(checked['side'])}: expected one of "
                                + ", ".join(ruleset.sides))
    if "points" in checked and "muster" in checked:
        raise ctx.error("muster", "an army has either points or a muster table, not both")
    wards = [_ward(ctx, f"wards[{i}]", w, ruleset.unit_schema, ruleset.leader_schema)
             for i, w in enumerate(_array(ctx, "wards", data.get("wards", [])))]
    muster = checked.get("muster")
    return Army(
        ruleset=name,
        name=checked["name"],
        side=checked.get("side"),
        english=checked.get("english", True),
        points=checked.get("points"),
        muster=Muster(muster["troops"], muster.get("seed")) if muster else None,
        wards=wards,
    )


def _ward(ctx: Ctx, where: str, ward: Any, unit_schema: Mapping[str, FieldSpec],
          leader_schema: Mapping[str, FieldSpec]) -> Ward:
    if not isinstance(ward, dict):
        raise ctx.error(where, f"expected a table, got {_type_name(ward)}")
    for key in ward:
        if key not in _WARD_KEYS:
            raise ctx.error(f"{where}.{key}", f"unknown key{_did_you_mean(key, _WARD_KEYS)}; "
                                              "allowed: " + ", ".join(_WARD_KEYS))
    if "leader" not in ward:
        raise ctx.error(where, f"missing [{'wards.leader'}] table: every ward has a leader")
    leader = _build(Leader, check_table(ctx, f"{where}.leader", ward["leader"], leader_schema))
    folder = file_folder(ctx.path)
    units = [_build_unit(ctx, f"{where}.units[{j}]",
                         check_table(ctx, f"{where}.units[{j}]", u, unit_schema), folder)
             for j, u in enumerate(_array(ctx, f"{where}.units", ward.get("units", [])))]
    return Ward(leader, units)


def _build(cls: type[Any], values: dict[str, Any]) -> Any:
    fields = {f.name for f in dataclasses.fields(cls)}
    known = {k: v for k, v in values.items() if k in fields and k != "extra"}
    extra = {k: v for k, v in values.items() if k not in fields}
    return cls(**known, extra=extra)


def file_folder(path: str | Path) -> str:
    """The folder photo paths in the file at ``path`` are relative to: the real file's (at the
    end of any symlinks), which is also the file a save writes."""
    return os.path.dirname(os.path.realpath(path))


def photo_path(folder: str, written: str) -> str:
    """The absolute path of a photo written as ``written`` in a file in ``folder`` (symlinks
    left as they are: a loop is reported when the photo is read, not here)."""
    return os.path.normpath(os.path.join(folder, written))


def _build_unit(ctx: Ctx, where: str, values: dict[str, Any], folder: str) -> Unit:
    photo = values.pop("photo", None)
    if photo is not None:
        if not photo.strip():
            raise ctx.error(f"{where}.photo", "may not be empty (remove the key for a unit "
                                              "without a photo)")
        if os.path.isabs(photo) or photo.startswith("~"):
            # A shared army file must not pull an image from wherever the other player has one.
            raise ctx.error(f"{where}.photo", f"{_short(photo)} is an absolute path: write it "
                                              "relative to the army file, e.g. photos/x.jpg")
    # The model holds the absolute path; the file keeps it relative.
    return unit_from_values(values, photo_path(folder, photo) if photo else None)


def unit_from_values(values: Mapping[str, Any], photo: str | None = None) -> Unit:
    """A new :class:`Unit` from validated unit-table keys (``rear`` as a table); keys the
    model does not name go to ``extra`` (the keys of rulesets other than Billhooks)."""
    rear = values.get("rear")
    unit: Unit = _build(Unit, {k: v for k, v in values.items() if k != "rear"})
    unit.photo = photo
    if rear is not None:
        unit.rear = RearCompany(rear["troop"], rear.get("quality"))
    return unit


def photo_findings(army: Army, path: str | Path) -> list[Finding]:
    """A ``missing-photo`` warning for each unit whose photo cannot be printed. It reads the
    disk, so it lives here with the file code and ``check`` adds it: the rules stay pure."""
    folder = file_folder(path)
    found = []
    for wi, ward in enumerate(army.wards):
        for ui, unit in enumerate(ward.units):
            if unit.photo and (problem := files.photo_problem(unit.photo)):
                found.append(Finding("warning", "missing-photo",
                                     f"photo {_relative(unit.photo, folder)!r} {problem}",
                                     f"wards[{wi}].units[{ui}]"))
    return found


# --- Writing ----------------------------------------------------------------------------------


def _relative(photo: str | None, folder: str) -> str | None:
    """A photo path as written in a file in ``folder``: relative to it (``../photos/x.jpg``
    is fine), so the file can be shared."""
    if photo is None:
        return photo
    try:
        return Path(os.path.relpath(photo, folder)).as_posix()
    except ValueError:  # another drive (Windows): no relative path exists
        return photo


def _unit_dict(unit: Unit, folder: str) -> dict[str, Any]:
    """The unit's keys, defaults left out (None means: remove the key if present)."""
    return {
        "troop": unit.troop,
        "label": unit.label,
        "quality": unit.quality,
        "formation": unit.formation if unit.formation != "single" else None,
        "rear": ({"troop": unit.rear.troop, "quality": unit.rear.quality}
                 if unit.rear is not None else None),
        "stakes": unit.stakes or None,
        "pavises": unit.pavises or None,
        "defences": unit.defences or None,
        "arms": unit.arms,
        "nationality": unit.nationality,
        "photo": _relative(unit.photo, folder),
        **unit.extra,
    }


def _leader_dict(leader: Leader) -> dict[str, Any]:
    return {
        "name": leader.name,
        "rank": leader.rank,
        "c_in_c": leader.c_in_c or None,
        "mounted": leader.mounted or None,
        "command_class": leader.command_class,
        **leader.extra,
    }


def _top_dict(army: Army) -> dict[str, Any]:
    return {
        "ruleset": army.ruleset,
        "name": army.name,
        "side": army.side,
        "english": None if army.english else False,
        "points": army.points,
        "muster": ({"troops": army.muster.troops, "seed": army.muster.seed}
                   if army.muster is not None else None),
    }


_DEFAULTS: dict[str, Any] = {
    "formation": "single", "stakes": False, "pavises": False, "defences": False,
    "c_in_c": False, "mounted": False, "english": True, "rank": "Captain", "command_class": 2}


def _clean(values: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in values.items():
        if isinstance(v, dict):
            v = {ik: iv for ik, iv in v.items() if iv is not None}
        if v is not None:
            out[k] = v
    return out


def _update(table: Any, values: dict[str, Any], fresh: bool) -> None:
    """Bring a tomlkit table in line with ``values`` in place, keeping comments and order.

    Only keys whose value changed are touched. A key the user wrote explicitly with a default
    value (``stakes = false``) stays written; a table already in the file (not ``fresh``) gets
    no key added for a default value (``rank = "Captain"``), so a save adds nothing unasked.
    """
    import tomlkit

    for key in list(table.keys()):
        if key in ("leader", "units", "wards"):
            continue
        new = values.get(key)
        if new is None and key in _DEFAULTS:
            new = _DEFAULTS[key]
        if new is None:
            del table[key]
        elif isinstance(new, dict):
            if table[key] != _clean({key: new})[key]:
                inline = tomlkit.inline_table()
                inline.update(_clean({key: new})[key])
                table[key] = inline
        elif table[key] != new:
            table[key] = new
    for key, new in _clean(values).items():
        if key in table or (not fresh and key in _DEFAULTS and _DEFAULTS[key] == new):
            continue
        if isinstance(new, dict):
            inline = tomlkit.inline_table()
            inline.update(new)
            table[key] = inline
        else:
            table[key] = new


def _line_endings(text: str, base_text: str | None) -> str:
    """``text`` with the line endings of ``base_text``: tomlkit keeps CRLF on the lines it
    read but ends the lines it adds with LF."""
    if base_text and base_text.count("\r\n") * 2 > base_text.count("\n"):
        return re.sub(r"(?<!\r)\n", "\r\n", text)
    return text


def dumps(army: Army, base_text: str | None = None, folder: str | Path | None = None) -> str:
    """The army as TOML text, written over ``base_text`` (an earlier version of the same file)
    so its comments, key order, line endings and layout stay wherever the army did not change.
    Unit photos are written relative to ``folder``, the folder of the file to be written
    (default: the current folder, where :func:`loads` without a file resolves them)."""
    import tomlkit

    where = os.path.abspath(folder if folder is not None else ".")
    doc: Any = tomlkit.parse(base_text) if base_text else tomlkit.document()
    if base_text is None:
        doc.add(tomlkit.comment(" A Never Mind the Billhooks army, written by billhooks."))
    _update(doc, _top_dict(army), fresh=False)
    if "wards" not in doc and army.wards:
        doc.append("wards", tomlkit.aot())
    if "wards" in doc:
        wards = doc["wards"]
        while len(wards) > len(army.wards):
            del wards[len(wards) - 1]
        for i, ward in enumerate(army.wards):
            fresh_ward = i >= len(wards)
            if fresh_ward:
                wards.append(tomlkit.table())
            wt = wards[i]
            fresh_leader = "leader" not in wt
            if fresh_leader:
                wt.append("leader", tomlkit.table())
            _update(wt["leader"], _leader_dict(ward.leader), fresh_leader)
            if not ward.units:
                if "units" in wt:
                    del wt["units"]
                continue
            if "units" not in wt:
                wt.append("units", tomlkit.aot())
            units = wt["units"]
            while len(units) > len(ward.units):
                del units[len(units) - 1]
            for j, unit in enumerate(ward.units):
                fresh_unit = j >= len(units)
                if fresh_unit:
                    units.append(tomlkit.table())
                values = _unit_dict(unit, where)
                old = units[j].get("photo")
                if (isinstance(old, str) and not os.path.isabs(old) and unit.photo is not None
                        and photo_path(where, old) == unit.photo):
                    values["photo"] = str(old)  # the same file, however it was spelt: keep it
                _update(units[j], values, fresh_unit)
        if not army.wards:
            del doc["wards"]
    return _line_endings(str(tomlkit.dumps(doc)), base_text)


def read_base(path: str | Path) -> str | None:
    """The text of the army file at ``path`` as a save writes over it (byte-order mark kept),
    or None when there is no readable TOML file there."""
    try:
        base = files.read_bytes(path).decode("utf-8")
        tomllib.loads(base.removeprefix(BOM))
    except (files.FileProblem, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError,
            ValueError):
        return None
    return base


def save(army: Army, path: str | Path, base: str | None = None) -> None:
    """Save atomically, over the file already at ``path`` (or over ``base``, the text it was
    read from): comments, layout, line endings and byte-order mark are kept, and only the
    values that changed are rewritten. Through a symlink, the file it points to is written."""
    if base is None:
        base = read_base(path)
    bom = BOM if base is not None and base.startswith(BOM) else ""
    body = base.removeprefix(BOM) if base is not None else None
    files.atomic_write(path, bom + dumps(army, body, file_folder(path)))
