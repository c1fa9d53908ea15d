"""``billhooks share ARMY [--format text|markdown|bbcode|json]``: the army as a list to post on
a forum or hand an organiser, every value in words, ending with the army file's short hash;
``--schema`` prints the JSON format's schema."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from builder import armyfile, listjson, share
from builder.armyfile import read_text
from builder.commands.usage import UsageError, refuse_big
from builder.export.job import ArmyInput
from builder.registry import get_ruleset


def source(path: str) -> ArmyInput:
    """The army file at ``path`` with its text (which gives the short hash); a UsageError
    for an army over the record limit."""
    text = read_text(path)
    army = armyfile.loads(text, path)
    refuse_big(get_ruleset(army.ruleset), path, army)
    return ArmyInput(army, Path(path), text)


def run(args: argparse.Namespace) -> int:
    if args.schema:
        if args.army is not None:
            raise UsageError("--schema prints the list format's schema alone: give no army")
        print(json.dumps(listjson.schema(), indent=2))
        return 0
    if args.army is None:
        raise UsageError("give the army file to share (or --schema)")
    found = share.share_list(source(args.army))
    if args.format == "json":
        print(listjson.dumps(found), end="")
    else:
        print(share.render(found, args.format), end="")
    return 0 if found.legal else 1
