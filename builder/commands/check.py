"""``billhooks check ARMY [--json]``: points breakdown, army-morale tokens and findings."""

from __future__ import annotations

import argparse
import dataclasses
import json
from typing import Any

from builder import armyfile
from builder.commands.share import refuse_big
from builder.core import schema
from builder.core.base import ArmyRecord, Line, Ruleset, Summary, number
from builder.files import printable
from builder.share import group_headings, lines_by_group

#: The keys ``check --json`` gives itself: no ruleset's metric may take one (a test holds every
#: registered system to it), so a metric is never overwritten.
CORE_KEYS = frozenset({"name", "ruleset", "legal", "metrics", "units", "findings"})


def summary_dict(army: ArmyRecord, summary: Summary) -> dict[str, Any]:
    """The ``check --json`` object (docs/contracts.md#check-json): the army, whether it is legal,
    each of the ruleset's metrics by its key (and all of them under ``metrics``, the ruleset's own
    object), every record line and every finding."""
    metrics = {m.key: number(m.value) for m in summary.metrics}
    return {
        "name": army.name,
        "ruleset": army.ruleset,
        "legal": summary.legal,
        **{key: value for key, value in metrics.items() if key not in CORE_KEYS},
        "metrics": metrics,
        "units": [
            {
                "where": u.where,
                "troop": u.kind,
                "title": u.title,
                "figures": u.figures,
                "points": None if u.points is None else number(u.points),
            }
            for u in summary.lines
        ],
        "findings": [f.as_dict() for f in summary.findings],
    }


def _columns(rows: list[tuple[str, ...]], right: set[int]) -> list[str]:
    """``rows`` as aligned lines, two spaces between columns, no trailing spaces."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell.rjust(w) if i in right else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def _print_human(path: str, ruleset: Ruleset, army: ArmyRecord, summary: Summary) -> None:
    """The breakdown as plain lines, never re-wrapped (a heading stays on one line in any
    terminal, and piped output is not cut at 80 columns), in time linear in the army's size:
    each group with its records, then the metrics, the findings and the verdict."""
    from rich.console import Console
    from rich.text import Text

    flagged = {f.where for f in summary.findings}
    has_figures = any(u.figures is not None for u in summary.lines)
    has_points = any(u.points is not None for u in summary.lines)

    def row(u: Line) -> tuple[str, ...]:
        cells = [u.where, u.title + (" !" if u.where in flagged else "")]
        if has_figures:
            cells.append("-" if u.figures is None else str(u.figures))
        if has_points:
            cells.append("-" if u.points is None else f"{number(u.points)}")
        return tuple(cells)

    by_group = {
        where: [row(u) for u in lines]
        for where, lines in lines_by_group(ruleset, summary.lines).items()
    }
    noun = (
        schema.table_at(ruleset.schema, summary.lines[0].where).noun if summary.lines else "record"
    )
    heading = (
        "where",
        noun,
        *(("figures",) if has_figures else ()),
        *(("points",) if has_points else ()),
    )
    right = set(range(2, len(heading)))
    lines: list[Text] = []
    lines.append(Text.assemble((ruleset.title_of(army, ""), "bold"), f"  {ruleset.title}"))

    def table(rows: list[tuple[str, ...]]) -> None:
        if not rows:
            return
        shown = _columns([heading, *rows], right=right)
        lines.append(Text("  " + shown[0], style="dim"))
        for line in shown[1:]:
            text = Text("  " + line)
            text.highlight_words([" !"], style="bold red")
            lines.append(text)

    # Records of the army that are neither listed nor a group (a shieldwall leader, with the
    # stand he leads in his title), each on a line, as share lists them.
    listed = {u.where for u in summary.lines}
    others = [
        n
        for n in schema.walk(army, ruleset.schema)
        if n.role not in ("army", "group")
        and schema.parent_of(n.where) == ""
        and n.where not in listed
    ]
    if others:
        lines.append(Text(""))
        rows: list[tuple[str, ...]] = [("where", others[0].table.noun)]
        rows += [
            (n.where, ruleset.title_of(army, n.where) + (" !" if n.where in flagged else ""))
            for n in others
        ]
        shown = _columns(rows, right=set())
        lines.append(Text("  " + shown[0], style="dim"))
        for line in shown[1:]:
            text = Text("  " + line)
            text.highlight_words([" !"], style="bold red")
            lines.append(text)
    loose = by_group.pop("", [])
    if loose:
        lines.append(Text(""))
        table(loose)
    for where, label, title in group_headings(ruleset, army):
        lines.append(Text(""))
        lines.append(Text(f"{label}: {title}", style="bold"))
        table(by_group.get(where, []))
    totals = _columns([(m.label, f"{number(m.value)}", m.note) for m in summary.metrics], right={1})
    if totals:
        lines.append(Text(""))
        lines.extend(Text(line) for line in totals)
    for f in summary.findings:
        colour = "red" if f.level == "error" else "yellow"
        place = f"{f.where}: " if f.where else ""
        lines.append(
            Text.assemble(
                (f"{f.level:7}", f"bold {colour}"), f" {place}{f.message}", (f"  [{f.code}]", "dim")
            )
        )
    if summary.legal:
        warn = f" with {len(summary.warnings)} warning(s)" if summary.warnings else ""
        lines.append(Text.assemble(("LEGAL", "bold green"), warn))
    else:
        lines.append(
            Text.assemble(
                ("NOT LEGAL", "bold red"),
                f": {len(summary.errors)} broken rule(s) in {printable(path)}",
            )
        )
    # One print, soft-wrapped: the terminal folds long lines, nothing is padded or cut.
    Console(highlight=False, soft_wrap=True).print(Text("\n").join(lines))


def run(args: argparse.Namespace) -> int:
    read = armyfile.read(args.army)
    army = read.army()
    refuse_big(read.ruleset, args.army, army)
    summary = read.ruleset.summary(army)
    photos = armyfile.path_findings(army, args.army)
    if photos:
        summary = dataclasses.replace(summary, findings=summary.findings + tuple(photos))
    if args.json:
        print(json.dumps(summary_dict(army, summary), indent=2, ensure_ascii=False))
    else:
        _print_human(args.army, read.ruleset, army, summary)
    return 0 if summary.legal else 1
