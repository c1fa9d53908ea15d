"""``billhooks catalogue [--ruleset NAME] [--json]``: troop types, costs and options."""

from __future__ import annotations

import argparse
import json

from builder.commands.usage import UsageError
from builder.rules import get_ruleset, names
from builder.rules.base import number


def run(args: argparse.Namespace) -> int:
    if args.ruleset not in names():
        raise UsageError(f"unknown ruleset {args.ruleset!r}: expected one of "
                         + ", ".join(names()))
    ruleset = get_ruleset(args.ruleset)
    rows = ruleset.catalogue()
    grids = ruleset.reference()
    if args.json:
        out = [{"key": r.key, "name": r.name, "kind": r.kind, "figures": r.figures,
                "points": None if r.points is None else number(r.points),
                "options": list(r.options), "summary": r.summary} for r in rows]
        data: dict[str, object] = {"ruleset": ruleset.name, "troops": out}
        if grids:
            data["reference"] = [{"title": g.title, "columns": list(g.columns),
                                  "rows": [list(r) for r in g.rows]} for g in grids]
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    from rich import box
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{ruleset.title}: what an army may hold", box=box.SIMPLE_HEAD)
    # The short columns never wrap, so the options (with their costs) get the width left.
    for col, justify in (("key", "left"), ("what", "left"), ("points", "right")):
        table.add_column(col, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    table.add_column("options (points)")
    for r in rows:
        table.add_row(r.key, f"{r.kind}, {r.summary}",
                      "-" if r.points is None else f"{r.points:g}", "\n".join(r.options))
    console = Console(highlight=False)
    console.print(table)
    for grid in grids:
        extra = Table(title=grid.title, box=box.SIMPLE_HEAD, title_justify="left")
        for column in grid.columns:
            extra.add_column(column)
        for row in grid.rows:
            extra.add_row(*row)
        console.print(extra)
    return 0
