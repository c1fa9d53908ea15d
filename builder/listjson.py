"""The shared list as an open JSON document (``share --format json``) and its JSON Schema
(``share --schema``, draft 2020-12), for other programs to read, as X-Wing's XWS is read.

The document holds what the text list holds: the format's name and version, the rule system,
the army's name, the groups with their records' titles, key numbers and every value (each
record as ``{"record": noun, "values": {key: value}}``, keys as the army file writes them,
every key present, ``null`` where unset), the totals, the verdict and broken rules, the army
file's name and short hash, the Facts hash, and a ``vendor`` block naming billhooks and its
version. ``import`` reads it back (:func:`read`). The schema is made from the registered
systems' own declarations, so it describes every system this billhooks has.
"""

from __future__ import annotations

import json
from typing import Any

from builder import listfacts
from builder.core.schema import Field, Table
from builder.listfacts import FORMAT, VERSION, ListError, Record
from builder.registry import get_ruleset, names
from builder.share import Group, Item, NotAShareList, ShareList

SCHEMA_ID = f"https://billhooks.invalid/schema/{FORMAT}-{VERSION}.json"
DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _version() -> str:
    """billhooks' own version, asked for only when a document is written."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("billhooks")
    except PackageNotFoundError:
        return "unknown"


def _records(records: tuple[Record, ...]) -> list[dict[str, Any]]:
    return [{"record": r.noun, "values": r.values()} for r in records]


def document(share: ShareList) -> dict[str, Any]:
    """The list as a JSON object (a plain list, with its values)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": share.ruleset,
        "name": share.name,
        "about": share.about,
        "army": {"records": _records(share.records)},
        "groups": [
            {
                "label": g.label,
                "title": g.title,
                "records": _records(g.records),
                "items": [
                    {"title": i.title, "numbers": i.numbers, "records": _records(i.records)}
                    for i in g.items
                ],
            }
            for g in share.groups
        ],
        "totals": list(share.totals),
        "legal": share.legal,
        "errors": list(share.errors),
        "file": {"name": share.file, "hash": share.digest},
        "facts": {"hash": share.facts_hash},
        "vendor": {"billhooks": {"builder": "billhooks", "version": _version()}},
    }


def dumps(share: ShareList) -> str:
    # ASCII only: a paste cannot change an escaped character, nor a reader mistake it.
    return json.dumps(document(share), indent=2, ensure_ascii=True) + "\n"


# --- Reading -------------------------------------------------------------------------------


def looks_like(text: str) -> bool:
    """Whether pasted ``text`` holds a JSON list rather than a text one."""
    return '"format"' in text and FORMAT in text and "{" in text


def _unquoted(text: str) -> str:
    """The JSON in a post: quoting ``> `` and fence lines taken off, from the first ``{`` to
    the last ``}`` (what a forum put around it left out)."""
    lines = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = line.replace("\u00a0", " ").lstrip()
        while line.startswith(">"):
            line = line[1:].lstrip()
        lines.append("" if line.startswith(("```", "~~~")) else line)
    joined = "\n".join(lines)
    return joined[joined.find("{") : joined.rfind("}") + 1]


def _record(tables: dict[str, Table], data: Any, where: str) -> Record:
    if not isinstance(data, dict) or not isinstance(data.get("values"), dict):
        raise NotAShareList(f"{where}: expected {{'record': ..., 'values': {{...}}}}")
    table = tables.get(data.get("record"))  # type: ignore[arg-type]
    if table is None:
        raise NotAShareList(f"{where}: expected a record ({', '.join(tables)})")
    try:
        return listfacts.from_values(table, data["values"])
    except ListError as exc:
        raise NotAShareList(f"{where}: {exc}") from None


def _list(data: Any, key: str, where: str) -> list[Any]:
    value = data.get(key, []) if isinstance(data, dict) else None
    if not isinstance(value, list):
        raise NotAShareList(f"{where}.{key}: expected a list")
    return value


def read(text: str) -> ShareList:
    """The list a JSON document holds; NotAShareList naming the line or key that is wrong."""
    try:
        data = json.loads(_unquoted(text))
    except json.JSONDecodeError as exc:
        raise NotAShareList(f"line {exc.lineno} of the JSON: {exc.msg}") from None
    except RecursionError:
        raise NotAShareList("the JSON is nested too deeply") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotAShareList(f'expected a JSON object with "format": "{FORMAT}"')
    if data.get("version") != VERSION:
        raise NotAShareList(f"expected version {VERSION}, got {data.get('version')!r}")
    ruleset = data.get("ruleset")
    if ruleset not in names():
        raise NotAShareList(f"ruleset: a rule system this billhooks does not have: {ruleset!r}")
    tables = listfacts.tables(get_ruleset(str(ruleset)).schema)

    def records(node: Any, where: str) -> tuple[Record, ...]:
        return tuple(
            _record(tables, r, f"{where}.records[{n}]")
            for n, r in enumerate(_list(node, "records", where))
        )

    groups = []
    for g, group in enumerate(_list(data, "groups", "")):
        where = f"groups[{g}]"
        items = tuple(
            Item(str(item.get("title", "")), str(item.get("numbers", "")), "", records(item, w))
            for n, item in enumerate(_list(group, "items", where))
            if isinstance(item, dict)
            for w in [f"{where}.items[{n}]"]
        )
        groups.append(
            Group(
                str(group.get("label", "")),
                str(group.get("title", "")),
                items,
                "",
                records(group, where),
            )
        )
    facts = data.get("facts")
    file = data.get("file")
    return ShareList(
        name=str(data.get("name", "")),
        about=str(data.get("about", "")),
        groups=tuple(groups),
        totals=tuple(str(t) for t in _list(data, "totals", "")),
        legal=data.get("legal") is True,
        errors=tuple(str(e) for e in _list(data, "errors", "")),
        file=str(file.get("name", "")) if isinstance(file, dict) else "",
        digest=str(file.get("hash", "")) if isinstance(file, dict) else "",
        facts_hash=str(facts.get("hash", "")) if isinstance(facts, dict) else "",
        records=records(data.get("army"), "army"),
        ruleset=str(ruleset),
    )


# --- The schema ----------------------------------------------------------------------------


def _field(spec: Field) -> dict[str, Any]:
    found: dict[str, Any]
    if spec.type == "bool":
        found = {"type": "boolean"}
    elif spec.type == "int":
        found = {"type": "integer"}
        if spec.min is not None:
            found["minimum"] = spec.min
        if spec.max is not None:
            found["maximum"] = spec.max
    elif spec.type == "table":
        assert spec.table is not None
        found = _values(spec.table)
    elif spec.type == "list":
        found = {"type": "array", "uniqueItems": True, "items": _text(spec)}
    else:
        found = _text(spec)
    if spec.required:
        return found
    return {"anyOf": [found, {"type": "null"}]}


def _text(spec: Field) -> dict[str, Any]:
    found: dict[str, Any] = {"type": "string"}
    if spec.max_len is not None:
        found["maxLength"] = spec.max_len
    if spec.choices is None:
        return found
    fixed = {"enum": list(spec.choices)}
    if not spec.free_prefixes:
        return fixed
    patterns = [{**found, "pattern": "^" + json.dumps(p)[1:-1] + "."} for p in spec.free_prefixes]
    return {"anyOf": [fixed, *patterns]}


def _values(table: Table) -> dict[str, Any]:
    fields = listfacts.shared(table)
    return {
        "type": "object",
        "properties": {f.key: _field(f) for f in fields},
        "required": [f.key for f in fields],
        "additionalProperties": False,
    }


def _records_of(ruleset: str) -> dict[str, Any]:
    """Where a document of ``ruleset`` holds records, each one of that system's."""
    ref = {"type": "array", "items": {"$ref": f"#/$defs/{ruleset}"}}
    return {
        "properties": {
            "army": {"properties": {"records": ref}},
            "groups": {
                "items": {
                    "properties": {
                        "records": ref,
                        "items": {"items": {"properties": {"records": ref}}},
                    }
                }
            },
        }
    }


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :func:`document`, for every registered system."""
    defs: dict[str, Any] = {}
    for name in names():
        tables = listfacts.tables(get_ruleset(name).schema)
        defs[name] = {
            "oneOf": [
                {
                    "type": "object",
                    "properties": {"record": {"const": noun}, "values": _values(table)},
                    "required": ["record", "values"],
                    "additionalProperties": False,
                }
                for noun, table in tables.items()
            ]
        }
    records = {"type": "array", "items": {"type": "object"}}
    text = {"type": "string"}
    hex16 = {"type": "string", "pattern": "^[0-9a-f]{16}$"}
    return {
        "$schema": DRAFT,
        "$id": SCHEMA_ID,
        "title": "A billhooks army list",
        "description": "An army list as `billhooks share --format json` writes it.",
        "type": "object",
        "required": [
            "format",
            "version",
            "ruleset",
            "name",
            "army",
            "groups",
            "totals",
            "legal",
            "errors",
            "file",
            "facts",
            "vendor",
        ],
        "properties": {
            "format": {"const": FORMAT},
            "version": {"const": VERSION},
            "ruleset": {"enum": list(names())},
            "name": text,
            "about": text,
            "army": {
                "type": "object",
                "required": ["records"],
                "properties": {"records": records},
            },
            "groups": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["label", "title", "records", "items"],
                    "properties": {
                        "label": text,
                        "title": text,
                        "records": records,
                        "items": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["title", "numbers", "records"],
                                "properties": {
                                    "title": text,
                                    "numbers": text,
                                    "records": records,
                                },
                            },
                        },
                    },
                },
            },
            "totals": {"type": "array", "items": text},
            "legal": {"type": "boolean"},
            "errors": {"type": "array", "items": text},
            "file": {
                "type": "object",
                "required": ["name", "hash"],
                "properties": {"name": text, "hash": hex16},
            },
            "facts": {
                "type": "object",
                "required": ["hash"],
                "properties": {"hash": hex16},
            },
            "vendor": {"type": "object"},
        },
        "allOf": [
            {"if": {"properties": {"ruleset": {"const": name}}}, "then": _records_of(name)}
            for name in names()
        ],
        "$defs": defs,
    }
