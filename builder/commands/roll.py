"""``billhooks roll ARMY [--seed N] [--write]``: command class rolls, every die shown."""

from __future__ import annotations

import argparse
import random
import sys

from builder import armyfile
from builder.cli import UsageError
from builder.rules import get_ruleset


def run(args: argparse.Namespace) -> int:
    army = armyfile.load(args.army)
    ruleset = get_ruleset(army.ruleset)
    roller = getattr(ruleset, "roll_command_classes", None)
    if roller is None:
        raise UsageError(f"the {ruleset.title} ruleset has no command class rolls")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    rolls = roller(army, random.Random(seed))
    print(f"Command class rolls for {army.name} (seed {seed}): 6 Hero, 2-5 Commander, 1 Dolt")
    for roll in rolls:
        dice = ", ".join(str(d) for d in roll.dice)
        why = "".join(f"\n      {d}: {reason}"
                      for d, reason in zip(roll.dice[:-1], roll.rerolls, strict=True))
        print(f"  {roll.name}: rolled {dice} -> {roll.class_name} ({roll.command_class}){why}")
    if args.write:
        for ward, roll in zip(army.wards, rolls, strict=True):
            ward.leader.command_class = roll.command_class
        armyfile.save(army, args.army)
        print(f"Wrote the classes into {args.army}", file=sys.stderr)
    else:
        print("(not written: add --write to save these classes into the file)", file=sys.stderr)
    return 0
