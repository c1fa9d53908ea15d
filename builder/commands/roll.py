"""``billhooks roll ARMY [--seed N] [--write]``: the ruleset's build-time dice, every die shown
(the leaders' qualities, as the ruleset rolls them)."""

from __future__ import annotations

import argparse
import random
import sys

from builder import armyfile
from builder.commands.usage import UsageError
from builder.core import schema


def run(args: argparse.Namespace) -> int:
    read = armyfile.read(args.army)
    army, ruleset = read.army(), read.ruleset
    roller = ruleset.roller
    if roller is None:
        raise UsageError(f"{ruleset.title} has no dice to roll before the game")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    roll = roller.roll(army, random.Random(seed))
    print(f"{roll.title} for {army.name} (seed {seed}): {roll.legend}")
    for line in roll.lines:
        dice = ", ".join(str(d) for d in line.dice)
        why = "".join(
            f"\n      {d}: {reason}" for d, reason in zip(line.dice[:-1], line.rerolls, strict=True)
        )
        print(f"  {line.who}: rolled {dice} -> {line.result}{why}")
    if args.write:
        for setting in roll.settings:
            schema.set_value(army, setting.where, setting.key, setting.value)
        armyfile.save(army, args.army)
        print(f"Wrote the {roll.what} into {args.army}", file=sys.stderr)
    else:
        print(
            f"(not written: add --write to save these {roll.what} into the file)", file=sys.stderr
        )
    return 0
