"""``billhooks catalogue [--ruleset NAME] [--json]``: troop types, costs and options."""

from __future__ import annotations

import argparse
import json

from builder.commands.usage import UsageError
from builder.rules import RULESETS, get_ruleset
from builder.rules.base import number


def run(args: argparse.Namespace) -> int:
    if args.ruleset not in RULESETS:
        raise UsageError(f"unknown ruleset {args.ruleset!r}: expected one of "
                         + ", ".join(RULESETS))
    ruleset = get_ruleset(args.ruleset)
    rows = ruleset.catalogue()
    if args.json:
        out = [{"key": r.key, "name": r.name, "kind": r.kind, "figures": r.figures,
                "points": None if r.points is None else number(r.points),
                "options": list(r.options), "summary": r.summary} for r in rows]
        print(json.dumps({"ruleset": ruleset.name, "troops": out}, indent=2))
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
    Console(highlight=False).print(table)
    return 0
