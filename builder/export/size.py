"""How big a print pack may be, checked before anything is laid out.

A record of the file (a ward, a leader, a unit, a stand: every table under the army; a stand
entry of several stands counts each) costs the pack a block of the roster, its cards and
tokens. WeasyPrint lays out a roster in one go, holding all of it in memory: on 2 December 2026
an army of 1,500 records took 20 s of CPU and 330 MB to print, a pack of two 36 s and 590 MB,
so ten thousand would take minutes and gigabytes (ten thousand shieldwall stands once died
with no message). The export refuses an army or a pack beyond these limits at once, before
anything is made or laid out; they are generous for any game (an army is tens of records).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from builder.core.schema import Table, walk
from builder.export.base import ArmyInput, ExportError, ExportJob
from builder.files import printable

#: The most records one army (or Mustering collection) may print.
ARMY_MAX = 1500
#: The most records one pack may print, all its armies and collections together.
PACK_MAX = 3000


def records(schema: Table, item: ArmyInput) -> Counter[str]:
    """The records of ``item``'s army (of ``schema``) by what each table calls one, a record
    with a ``count`` (an entry of several alike) as many times."""
    return army_records(schema, item.army)


def army_records(schema: Table, army: object) -> Counter[str]:
    """The records of ``army`` (of ``schema``), counted as :func:`records` counts them."""
    found: Counter[str] = Counter()
    for node in walk(army, schema):
        if node.role != "army":
            count = getattr(node.record, "count", 1)
            found[node.table.noun] += count if isinstance(count, int) and count > 0 else 1
    return found


def _described(found: Counter[str]) -> str:
    parts = ", ".join(f"{n:,} {noun}{'s' if n != 1 else ''}" for noun, n in found.most_common())
    return f"{found.total():,} records ({parts})"


def too_big(schema: Table, path: str | Path, army: object) -> str | None:
    """ "<file>: 1,501 records (...), more than an army may print (1,500 records)" when
    ``army`` is over :data:`ARMY_MAX`: what ``export``, ``share``, ``verify``, ``check`` and
    ``import`` refuse, before any other work."""
    found = army_records(schema, army)
    if found.total() <= ARMY_MAX:
        return None
    return (
        f"{printable(str(path))}: {_described(found)}, more than an army may print "
        f"({ARMY_MAX:,} records)"
    )


def check_size(job: ExportJob) -> None:
    """ExportError naming the file and its count when an army or collection of ``job`` holds
    more than :data:`ARMY_MAX` records, or the pack more than :data:`PACK_MAX`."""
    items: Sequence[ArmyInput] = (*job.armies, *job.collections)
    total = 0
    for item in items:
        total += records(job.ruleset.schema, item).total()
        if big := too_big(job.ruleset.schema, item.path, item.army):
            raise ExportError(f"{big}: nothing was written; print it as smaller armies")
    if total > PACK_MAX:
        raise ExportError(
            f"{len(items)} files hold {total:,} records in all, more than one pack may print "
            f"({PACK_MAX:,} records): nothing was written; export them in smaller groups"
        )
