"""``billhooks catalogue [--ruleset NAME] [--json]``: troop types, costs and options."""

from __future__ import annotations

import argparse
import json

from builder.commands.usage import UsageError
from builder.core.base import number
from builder.registry import get_ruleset, names


def run(args: argparse.Namespace) -> int:
    if args.ruleset not in names():
        raise UsageError(f"unknown ruleset {args.ruleset!r}: expected one of " + ", ".join(names()))
    ruleset = get_ruleset(args.ruleset)
    rows = ruleset.catalogue()
    grids = ruleset.reference()
    if args.json:
        out = [
            {
                "key": r.key,
                "name": r.name,
                "kind": r.kind,
                "figures": r.figures,
                "points": None if r.points is None else number(r.points),
                "options": list(r.options),
                "summary": r.summary,
            }
            for r in rows
        ]
        data: dict[str, object] = {"ruleset": ruleset.name, "troops": out}
        if grids:
            data["reference"] = [
                {"title": g.title, "columns": list(g.columns), "rows": [list(r) for r in g.rows]}
                for g in grids
            ]
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    # Plain lines, as `check` prints: each entry on one line (key, what it is, points), its
    # options with their costs indented below, so nothing is squeezed at 80 columns.
    console = Console(highlight=False, soft_wrap=True)
    console.print(Text(f"{ruleset.title}: what an army may hold", "bold"))
    width = max((len(r.key) for r in rows), default=0)
    for r in rows:
        points = "" if r.points is None else f"  {number(r.points)} pts"
        console.print(
            Text.assemble(
                (r.key.ljust(width), "bold"), f"  {r.name}: {r.kind}, {r.summary}{points}"
            )
        )
        for option in r.options:
            console.print(Text(f"{' ' * width}    {option}", "dim"))
    for grid in grids:
        extra = Table(title=grid.title, box=box.SIMPLE_HEAD, title_justify="left")
        for i, column in enumerate(grid.columns):
            extra.add_column(column, justify="right" if i in grid.right else "left")
        for row in grid.rows:
            extra.add_row(*row)
        console.print()
        console.print(extra)
    return 0
