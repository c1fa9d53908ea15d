"""What ``billhooks event`` writes (docs/events.md): the organiser's summary, every list's
roster, the results slips and ``lists.csv``, all at temporary names first and moved into place
together (:func:`builder.files.commit`), so a failure leaves the folder as it was.
"""

from __future__ import annotations

import csv
import io
import re
import shutil
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import builder
from builder import files
from builder.core import event as ev
from builder.core.printables import Document
from builder.export.documents import weasy
from builder.export.documents.render import write_document
from builder.export.job import PAPER_MM, ArmyInput, ExportJob, ExportOptions
from builder.export.pipeline import workers
from builder.export.pipeline.pack import print_options
from builder.intake import Row
from builder.registry import get_ruleset

SUMMARY, SLIPS, CSV = "summary.pdf", "results-slips.pdf", "lists.csv"
CSV_COLUMNS = (
    "player",
    "army",
    "system",
    "side",
    "size",
    "verdict",
    "limits broken",
    "facts hash",
    "file hash",
)


def csv_text(rows: Sequence[Row]) -> str:
    """``lists.csv``: a row a list, for pairing software (RFC 4180, UTF-8)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        writer.writerow(
            (
                row.player,
                row.army or row.given,
                row.system,
                row.side,
                row.size,
                row.verdict,
                "; ".join(row.broken),
                row.facts_hash,
                row.file_hash,
            )
        )
    return out.getvalue()


def _counts(rows: Sequence[Row]) -> str:
    passed = sum(r.passed for r in rows)
    return f"{len(rows)} lists, {passed} pass, {len(rows) - passed} fail"


def _context(event: ev.Event, rows: Sequence[Row], paper: str) -> dict[str, Any]:
    ruleset = get_ruleset(event.ruleset)
    rules = ev.rules_of(ruleset)
    titles = {h.key: h.title for h in rules.house_rules}
    return {
        "event": event,
        "system": ruleset.title,
        "scoring": event.scoring.line(),
        "limits": [limit.text() for limit in event.limits],
        "house_rules": [
            f"{titles[key]}: {'on' if on else 'off'}" for key, on in event.house_rules.items()
        ],
        "rows": rows,
        "counts": _counts(rows),
        "event_file": Path(event.path).name,
        "version": builder.__version__,
        "paper": paper,
        "paper_width": PAPER_MM[paper][0],
    }


def summary_pdf(event: ev.Event, rows: Sequence[Row], paper: str) -> bytes:
    html = weasy.render_html(
        "event-summary.html", title=f"{event.name}: lists", **_context(event, rows, paper)
    )
    return weasy.document_pdf(html, paper, f"{event.name}: lists")[0]


def slips_pdf(event: ev.Event, rows: Sequence[Row], paper: str) -> bytes:
    """A slip a game for every round: half the lists handed in, rounded up, and one at least."""
    tables = max(1, (len(rows) + 1) // 2)
    rounds = [{"number": n, "tables": range(1, tables + 1)} for n in range(1, event.rounds + 1)]
    html = weasy.render_html(
        "results-slips.html",
        title=f"{event.name}: results slips",
        rounds=rounds,
        players=[r for r in rows if r.army],
        **_context(event, rows, paper),
    )
    return weasy.document_pdf(html, paper, f"{event.name}: results slips")[0]


def roster_name(row: Row) -> str:
    """``roster-03-warwick.pdf``: the list's number and a name from its army."""
    stem = re.sub(r"[^a-z0-9]+", "-", (row.army or "army").lower()).strip("-")[:40].strip("-")
    return f"roster-{row.number:02d}-{stem or 'army'}.pdf"


def _roster(source: ArmyInput, path: Path, paper: str) -> None:
    ruleset = get_ruleset(source.army.ruleset)
    job = ExportJob((source,), ExportOptions(paper=paper))
    roster = ruleset.printables((source,), print_options(ruleset)).get("roster")
    assert isinstance(roster, Document), roster
    write_document(job, path, roster, ruleset.name)


def _run(jobs: Sequence[Callable[[], None]]) -> None:
    """Lay the rosters out, half of them in a forked worker where a second core allows (a
    roster is most of the command's time: a third of a second each)."""
    if len(jobs) < 2 or not workers.can_fork():
        for job in jobs:
            job()
        return
    worker = workers.Worker(jobs[len(jobs) // 2 :])
    try:
        for job in jobs[: len(jobs) // 2]:
            job()
        worker.rest()
    finally:
        worker.close()


def write(event: ev.Event, rows: Sequence[Row], out: Path, paper: str) -> list[str]:
    """Write the event's files into ``out`` (made if missing) and return their names."""
    out.mkdir(parents=True, exist_ok=True)
    temps: dict[str, Path] = {}
    try:
        temps[CSV] = files.write_temp(out, CSV, csv_text(rows).encode("utf-8"))
        temps[SUMMARY] = files.write_temp(out, SUMMARY, summary_pdf(event, rows, paper))
        temps[SLIPS] = files.write_temp(out, SLIPS, slips_pdf(event, rows, paper))
        rosters = [
            (roster_name(row), row.source)
            for row in rows
            if row.source is not None and row.source.army.ruleset == event.ruleset
        ]
        for name, _ in rosters:
            temps[name] = files.temp_file(out, name)
        jobs = [partial(_roster, source, temps[name], paper) for name, source in rosters]
        _run(jobs)
        files.commit([(path, out / name) for name, path in temps.items()])
    except BaseException:
        for path in temps.values():
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
        raise
    return list(temps)
