"""A shared list back into an army: the records its value lines hold, put together by their
nouns (a unit under the last ward, a stand under the army), built and checked as an army file
is, and its game values hashed again: a list changed or cut short does not give its own Facts
hash, and is refused rather than written.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from builder import armyfile, listfacts, listjson, share, shareread
from builder.core.base import ArmyRecord
from builder.core.schema import Table
from builder.core.validate import ArmyFileError, Ctx, build
from builder.export.job import ArmyInput
from builder.registry import get_ruleset
from builder.share import NotAShareList, ShareList

#: What a shortened code lacks, by its form.
LACKS = {
    "compact": "the roster's short code (compact): it names each record but holds none of its "
    "values",
    "totals": "the roster's short code (totals only): it holds the army's totals, no records",
    "hash": "the roster's short code (hash only): it holds the army's hashes alone",
}
WHERE_FULL = (
    "ask its owner for the full list (`billhooks share ARMY`, or `--format json`), which "
    "holds every value"
)


def list_of(text: str) -> ShareList:
    """The list ``text`` holds, in any form ``import`` reads: ``share``'s JSON document, or its
    text in any format, pasted as a forum hands it back; NotAShareList if it holds none."""
    return listjson.read(text) if listjson.looks_like(text) else shareread.parse(text)


def records_of(listed: ShareList) -> list[listfacts.Record]:
    """Every record of the list in the order its value lines were written."""
    found = list(listed.records)
    for group in listed.groups:
        found += group.records
        for item in group.items:
            found += item.records
    return found


def _plain(value: Any) -> Any:
    """A value as an army file holds it: nothing for no value, a table without its unset keys."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    return value


def _plain_values(record: listfacts.Record) -> dict[str, Any]:
    return {k: _plain(v) for k, v in record.values().items() if v is not None}


def _tree(schema: Table, records: list[listfacts.Record]) -> dict[str, Any]:
    """The army file's data the records make, each under the nearest record before it whose
    table holds its noun."""
    if not records or records[0].noun != schema.noun:
        raise NotAShareList(f"the list's values do not begin with the {schema.noun}'s own")
    root = _plain_values(records[0])
    stack: list[tuple[Table, dict[str, Any]]] = [(schema, root)]
    known = listfacts.tables(schema)
    for record in records[1:]:
        table = known[record.noun]
        values = _plain_values(record)
        while stack and not any(c.table is table for c in stack[-1][0].children):
            stack.pop()
        if not stack:
            raise NotAShareList(f"a {record.noun} where none belongs: {record.canon[:60]}")
        holder_table, holder = stack[-1]
        child = next(c for c in holder_table.children if c.table is table)
        if child.many:
            holder.setdefault(child.key, []).append(values)
        elif child.key in holder:
            raise NotAShareList(f"a {holder_table.noun} with two {record.noun}s")
        else:
            holder[child.key] = values
        stack.append((table, values))
    return root


def army_of(listed: ShareList) -> ArmyRecord:
    """The army ``listed`` holds, checked as an army file is and against the list's Facts
    hash; NotAShareList saying what is missing or wrong."""
    if listed.form in LACKS:
        raise NotAShareList(f"this is {LACKS[listed.form]}: {WHERE_FULL}")
    if listed.version != share.VERSION:
        raise NotAShareList(
            f"the list is of format {listed.version}, from an older billhooks, and holds no "
            f"values: {WHERE_FULL}"
        )
    if not listed.records:
        raise NotAShareList(f"the list holds no values (lines beginning '= '): {WHERE_FULL}")
    ruleset = get_ruleset(listed.ruleset)
    data = _tree(ruleset.schema, records_of(listed))
    try:
        army: ArmyRecord = build(Ctx("<list>", ""), ruleset.schema, data)
    except ArmyFileError as exc:
        raise NotAShareList(f"{exc.key or 'the army'}: {exc.message}") from None
    again = share.share_list(ArmyInput(army, Path("imported.toml"), ""))
    if again.facts_hash != listed.facts_hash:
        raise NotAShareList(
            f"the list's values give the Facts hash #{again.facts_hash}, not the #"
            f"{listed.facts_hash} it ends with: it was changed or cut short"
        )
    return army


def file_text(army: ArmyRecord, listed: ShareList) -> str:
    """The army file of an imported list: as the builder writes one, with a comment saying
    where it came from."""
    text = armyfile.dumps(army)
    head, _, rest = text.partition("\n")
    came = (
        f"# Imported from a shared list by billhooks (Facts{listed.version} "
        f"#{listed.facts_hash}; its file was {listed.file} #{listed.digest})."
    )
    armyfile.loads(text, "<imported>")  # what is written reads back
    return f"{head}\n{came}\n{rest}"


def file_name(army: ArmyRecord) -> str:
    """A file name for the army, from its name ("Warwick's affinity": warwick-s-affinity.toml)."""
    stem = re.sub(r"[^a-z0-9]+", "-", army.name.lower()).strip("-")[:60].strip("-")
    return f"{stem or 'army'}.toml"
