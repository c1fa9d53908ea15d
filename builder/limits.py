"""How big an army may be, checked before any work is done on it.

A record of the file (a ward, a leader, a unit, a stand: every table under the army; a stand
entry of several stands counts each) costs the pack a block of the roster, its cards and
tokens. WeasyPrint lays out a roster in one go, holding all of it in memory: on 2 December 2026
an army of 1,500 records took 20 s of CPU and 330 MB to print, a pack of two 36 s and 590 MB,
so ten thousand would take minutes and gigabytes (ten thousand stands of one army once died
with no message). ``export`` refuses an army or a pack beyond these limits at once
(:mod:`builder.export.pipeline.packsize`), and ``share``, ``verify``, ``check`` and ``import`` the
same army, in the same words, so no command is slow on a file another refuses. Light: ``check``
imports it.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from builder.core.schema import Table, walk
from builder.core.text import printable

#: The most records one army (or Mustering collection) may print.
ARMY_MAX = 1500
#: The most records one pack may print, all its armies and collections together.
PACK_MAX = 3000


def army_records(schema: Table, army: object) -> Counter[str]:
    """The records of ``army`` (of ``schema``) by what each table calls one, a record with a
    ``count`` (an entry of several alike) as many times."""
    found: Counter[str] = Counter()
    for node in walk(army, schema):
        if node.role != "army":
            count = getattr(node.record, "count", 1)
            found[node.table.noun] += count if isinstance(count, int) and count > 0 else 1
    return found


def described(found: Counter[str]) -> str:
    """``1,501 records (1,500 units, 1 ward)``."""
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
        f"{printable(str(path))}: {described(found)}, more than an army may print "
        f"({ARMY_MAX:,} records)"
    )
