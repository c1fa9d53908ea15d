"""``billhooks weigh BAND``: a command of the flat test system's own (declared in
``tests/flat_ruleset.py``), which proves a system adds a command with no change to the command
line: the band's load, thing by thing."""

from __future__ import annotations

import argparse

from flat_ruleset import Band

from builder import armyfile
from builder.commands.usage import UsageError


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("band", help="a flat band's file (.toml)")
    p.add_argument("--heaviest", action="store_true", help="name the heaviest thing only")


def run(args: argparse.Namespace) -> int:
    band = armyfile.read(args.band).army()
    if not isinstance(band, Band):
        raise UsageError(f"{args.band} is not a flat band")
    things = sorted(band.things, key=lambda t: -t.weight)[:1] if args.heaviest else band.things
    for thing in things:
        print(f"{thing.label}: {thing.weight}")
    print(f"Load: {sum(t.weight for t in band.things)}")
    return 0
