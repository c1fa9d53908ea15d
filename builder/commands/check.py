"""``billhooks check ARMY [--json]``: points breakdown, army-morale tokens and findings."""

from __future__ import annotations

import argparse
import dataclasses
import json
from typing import Any

from builder import armyfile
from builder.army import Army
from builder.rules import get_ruleset
from builder.rules.base import ArmySummary, number


def summary_dict(army: Army, summary: ArmySummary) -> dict[str, Any]:
    """The ``check --json`` object (DESIGN.md contract)."""
    def pts(value: float | None) -> int | float | None:
        return None if value is None else number(value)

    return {
        "name": army.name,
        "ruleset": army.ruleset,
        "legal": summary.legal,
        "troop_points": pts(summary.troop_points),
        "leader_points": pts(summary.leader_points),
        "total_points": pts(summary.total_points),
        "army_morale_tokens": summary.army_morale_tokens,
        "units": [{"where": u.where, "troop": u.troop, "title": u.title,
                   "figures": u.figures, "points": pts(u.points)} for u in summary.units],
        "findings": [f.as_dict() for f in summary.findings],
    }


def _print_human(path: str, army: Army, summary: ArmySummary) -> None:
    from rich import box
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    console = Console(highlight=False)
    ruleset = get_ruleset(army.ruleset)
    side = f" ({army.side.capitalize()})" if army.side else ""
    console.print(Text.assemble((army.name, "bold"), side, f"  {ruleset.title}"))
    where_notes = {f.where for f in summary.findings}
    for wi, ward in enumerate(army.wards):
        leader = ward.leader
        chief = ", C-in-C" if leader.c_in_c else ""
        horse = ", mounted" if leader.mounted else ""
        lpts = ruleset.leader_points(army, leader)
        table = Table(box=box.SIMPLE_HEAD, title_justify="left", expand=False,
                      title=escape(f"Ward {wi + 1}: {leader.name} ({leader.rank}{chief}"
                                   f"{horse}, {leader.class_name}, {lpts:g} pts)"))
        table.add_column("where", style="dim")
        table.add_column("unit")
        table.add_column("figures", justify="right")
        table.add_column("points", justify="right")
        for u in summary.units:
            if u.where.startswith(f"wards[{wi}]."):
                mark = " [red]![/]" if u.where in where_notes else ""
                table.add_row(u.where, Text(u.title) + Text.from_markup(mark),
                              str(u.figures), f"{u.points:g}" if u.points is not None else "-")
        console.print(table)
    agreed = army.agreed_troops
    against = f" of {agreed} agreed" if agreed is not None else ""
    if army.muster is not None:
        against += " (mustered)"
    totals = Table.grid(padding=(0, 2))
    totals.add_column()
    totals.add_column(justify="right", style="bold")
    totals.add_column()
    totals.add_row("Troop points", f"{summary.troop_points:g}", against.strip())
    totals.add_row("Leader points", f"{summary.leader_points:g}", "")
    totals.add_row("Total", f"{summary.total_points:g}", "")
    totals.add_row("Army Morale tokens", str(summary.army_morale_tokens), "")
    console.print(totals)
    for f in summary.findings:
        colour = "red" if f.level == "error" else "yellow"
        place = f"{f.where}: " if f.where else ""
        console.print(Text.assemble((f"{f.level:7}", f"bold {colour}"), f" {place}{f.message}",
                                    (f"  [{f.code}]", "dim")))
    if summary.legal:
        warn = f" with {len(summary.warnings)} warning(s)" if summary.warnings else ""
        console.print(f"[bold green]LEGAL[/]{warn}")
    else:
        console.print(f"[bold red]NOT LEGAL[/]: {len(summary.errors)} broken rule(s) in "
                      f"{escape(path)}")


def run(args: argparse.Namespace) -> int:
    army = armyfile.load(args.army)
    summary = get_ruleset(army.ruleset).summarise(army)
    photos = armyfile.photo_findings(army, args.army)
    if photos:
        summary = dataclasses.replace(summary, findings=summary.findings + tuple(photos))
    if args.json:
        print(json.dumps(summary_dict(army, summary), indent=2, ensure_ascii=False))
    else:
        _print_human(args.army, army, summary)
    return 0 if summary.legal else 1
