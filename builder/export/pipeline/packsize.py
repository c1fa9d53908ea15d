"""How big a print pack may be, checked before anything is laid out: an army within
:data:`builder.limits.ARMY_MAX` records (the limit every command shares, and why), a pack within
:data:`builder.limits.PACK_MAX`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from builder.core.schema import Table
from builder.export.job import ArmyInput, ExportError, ExportJob
from builder.limits import ARMY_MAX, PACK_MAX, army_records, too_big

__all__ = ["ARMY_MAX", "PACK_MAX", "check_size", "records"]


def records(schema: Table, item: ArmyInput) -> Counter[str]:
    """The records of ``item``'s army (of ``schema``), as :func:`builder.limits.army_records`
    counts them."""
    return army_records(schema, item.army)


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
