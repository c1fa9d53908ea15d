"""``billhooks check ARMY [--json]``: points breakdown, army-morale tokens and findings."""

from __future__ import annotations

import argparse
import dataclasses
import json
from typing import Any

from builder import armyfile
from builder.files import printable
from builder.rules import get_ruleset
from builder.rules.base import ArmySummary, number
from builder.rules.billhooks.model import Army


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


def _columns(rows: list[tuple[str, ...]], right: set[int]) -> list[str]:
    """``rows`` as aligned lines, two spaces between columns, no trailing spaces."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                      for i, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip()
            for row in rows]


def _print_human(path: str, army: Army, summary: ArmySummary) -> None:
    """The breakdown as plain lines, never re-wrapped (a ward heading stays on one line in any
    terminal, and piped output is not cut at 80 columns), in time linear in the army's size."""
    from rich.console import Console
    from rich.text import Text

    ruleset = get_ruleset(army.ruleset)
    flagged = {f.where for f in summary.findings}
    by_ward: dict[int, list[tuple[str, ...]]] = {}
    for u in summary.units:
        # "wards[3].units[1]" -> ward 3: one pass over the units, not one per ward.
        index = int(u.where[len("wards["):u.where.index("]")])
        by_ward.setdefault(index, []).append(
            (u.where, u.title + (" !" if u.where in flagged else ""), str(u.figures),
             f"{u.points:g}" if u.points is not None else "-"))
    heading = ("where", "unit", "figures", "points")
    lines: list[Text] = []
    side = f" ({army.side.capitalize()})" if army.side else ""
    lines.append(Text.assemble((army.name, "bold"), side, f"  {ruleset.title}"))
    for wi, ward in enumerate(army.wards):
        leader = ward.leader
        chief = ", C-in-C" if leader.c_in_c else ""
        horse = ", mounted" if leader.mounted else ""
        lpts = ruleset.leader_points(army, leader)
        lpts_text = f"{lpts:g} pts" if lpts is not None else "no points"
        lines.append(Text(""))
        lines.append(Text(f"Ward {wi + 1}: {leader.name} ({leader.rank}{chief}{horse}, "
                          f"{leader.class_name}, {lpts_text})", style="bold"))
        table = _columns([heading, *by_ward.get(wi, [])], right={2, 3})
        lines.append(Text("  " + table[0], style="dim"))
        for line in table[1:]:
            text = Text("  " + line)
            text.highlight_words([" !"], style="bold red")
            lines.append(text)
    agreed = army.agreed_troops
    against = f"of {agreed} agreed" if agreed is not None else ""
    if army.muster is not None:
        against += " (mustered)"
    totals = _columns([
        ("Troop points", f"{summary.troop_points:g}", against.strip()),
        ("Leader points", f"{summary.leader_points:g}", ""),
        ("Total", f"{summary.total_points:g}", ""),
        ("Army Morale tokens", str(summary.army_morale_tokens), ""),
    ], right={1})
    lines.append(Text(""))
    lines.extend(Text(line) for line in totals)
    for f in summary.findings:
        colour = "red" if f.level == "error" else "yellow"
        place = f"{f.where}: " if f.where else ""
        lines.append(Text.assemble((f"{f.level:7}", f"bold {colour}"), f" {place}{f.message}",
                                   (f"  [{f.code}]", "dim")))
    if summary.legal:
        warn = f" with {len(summary.warnings)} warning(s)" if summary.warnings else ""
        lines.append(Text.assemble(("LEGAL", "bold green"), warn))
    else:
        lines.append(Text.assemble(("NOT LEGAL", "bold red"), f": {len(summary.errors)} broken "
                                   f"rule(s) in {printable(path)}"))
    # One print, soft-wrapped: the terminal folds long lines, nothing is padded or cut.
    Console(highlight=False, soft_wrap=True).print(Text("\n").join(lines))


def run(args: argparse.Namespace) -> int:
    army = armyfile.load(args.army)
    summary = get_ruleset(army.ruleset).summarise(army)
    photos = armyfile.path_findings(army, args.army)
    if photos:
        summary = dataclasses.replace(summary, findings=summary.findings + tuple(photos))
    if args.json:
        print(json.dumps(summary_dict(army, summary), indent=2, ensure_ascii=False))
    else:
        _print_human(args.army, army, summary)
    return 0 if summary.legal else 1
