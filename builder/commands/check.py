"""``billhooks check ARMY [--json]``: points breakdown, army-morale tokens and findings."""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from typing import Any

from builder import armyfile, eventfile
from builder.commands.usage import refuse_big
from builder.core import schema
from builder.core.base import ArmyRecord, Line, Ruleset, Summary, number
from builder.core.groups import group_headings, lines_by_group
from builder.files import printable

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


#: A line of the breakdown: runs of text, each with its style ("" for none).
Styled = tuple[tuple[str, str], ...]


def _marked(line: str) -> Styled:
    """A record's line indented, a flagged record's mark in bold red."""
    title, mark, rest = f"  {line}".partition(" !")
    return ((title, ""), (mark, "bold red"), (rest, ""))


def _others(
    ruleset: Ruleset, army: ArmyRecord, summary: Summary, flagged: set[str]
) -> list[Styled]:
    """Records of the army that are neither listed nor a group (a leader of a flat army, with the
    stand he leads in his title), each on a line, as share lists them."""
    listed = {u.where for u in summary.lines}
    others = [
        n
        for n in schema.walk(army, ruleset.schema)
        if n.role not in ("army", "group")
        and schema.parent_of(n.where) == ""
        and n.where not in listed
    ]
    if not others:
        return []
    rows: list[tuple[str, ...]] = [("where", others[0].table.noun)]
    rows += [
        (n.where, ruleset.title_of(army, n.where) + (" !" if n.where in flagged else ""))
        for n in others
    ]
    shown = _columns(rows, right=set())
    return [(), (("  " + shown[0], "dim"),), *(_marked(line) for line in shown[1:])]


def _breakdown(path: str, ruleset: Ruleset, army: ArmyRecord, summary: Summary) -> list[Styled]:
    """The breakdown as lines of styled runs, in time linear in the army's size: each group
    with its records, then the metrics, the findings and the verdict."""
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
    lines: list[Styled] = [((ruleset.title_of(army, ""), "bold"), (f"  {ruleset.title}", ""))]

    def table(rows: list[tuple[str, ...]]) -> None:
        if not rows:
            return
        shown = _columns([heading, *rows], right=right)
        lines.append((("  " + shown[0], "dim"),))
        lines.extend(_marked(line) for line in shown[1:])

    lines += _others(ruleset, army, summary, flagged)
    loose = by_group.pop("", [])
    if loose:
        lines.append(())
        table(loose)
    for where, label, title in group_headings(ruleset, army):
        lines.append(())
        lines.append(((f"{label}: {title}", "bold"),))
        table(by_group.get(where, []))
    totals = _columns([(m.label, f"{number(m.value)}", m.note) for m in summary.metrics], right={1})
    if totals:
        lines.append(())
        lines.extend(((line, ""),) for line in totals)
    for f in summary.findings:
        colour = "red" if f.level == "error" else "yellow"
        place = f"{f.where}: " if f.where else ""
        lines.append(
            (
                (f"{f.level:7}", f"bold {colour}"),
                (f" {place}{f.message}", ""),
                (f"  [{f.code}]", "dim"),
            )
        )
    if summary.legal:
        warn = f" with {len(summary.warnings)} warning(s)" if summary.warnings else ""
        lines.append((("LEGAL", "bold green"), (warn, "")))
    else:
        broken = f": {len(summary.errors)} broken rule(s) in {printable(path)}"
        lines.append((("NOT LEGAL", "bold red"), (broken, "")))
    return lines


def _print_human(lines: list[Styled]) -> None:
    """The lines, never re-wrapped (a heading stays on one line in any terminal, and piped
    output is not cut at 80 columns). Styled through rich only for a terminal (or when
    FORCE_COLOR asks, as rich reads it): piped, rich would print the words alone, so they are
    printed so without loading it (a fifth of `check`'s start)."""
    if not (sys.stdout.isatty() or os.environ.get("FORCE_COLOR")):
        print("\n".join("".join(text for text, _ in line) for line in lines))
        return
    from rich.console import Console
    from rich.text import Text

    # One print, soft-wrapped: the terminal folds long lines, nothing is padded or cut.
    shown = Text("\n").join(Text.assemble(*line) for line in lines)
    Console(highlight=False, soft_wrap=True).print(shown)


def with_event(path: str, ruleset: Ruleset, army: ArmyRecord) -> tuple[ArmyRecord, Summary]:
    """The army as the event file at ``path`` agrees it (at its size), and its summary with
    the event's findings added."""
    from builder.core.event import checked  # only with --event

    return checked(eventfile.read(path), ruleset, army)


def run(args: argparse.Namespace) -> int:
    read = armyfile.read(args.army)
    army = read.army()
    refuse_big(read.ruleset, args.army, army)
    if args.event is not None:
        army, summary = with_event(args.event, read.ruleset, army)
    else:
        summary = read.ruleset.summary(army)
    photos = armyfile.path_findings(army, args.army)
    if photos:
        summary = dataclasses.replace(summary, findings=summary.findings + tuple(photos))
    if args.json:
        import json  # only for --json

        print(json.dumps(summary_dict(army, summary), indent=2, ensure_ascii=False))
    else:
        _print_human(_breakdown(args.army, read.ruleset, army, summary))
    return 0 if summary.legal else 1
