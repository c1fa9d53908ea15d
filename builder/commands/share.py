"""``billhooks share ARMY [--format text|markdown|bbcode]``: the army as a short list to post
on a forum or hand an organiser, ending with the army file's short hash."""

from __future__ import annotations

import argparse
from pathlib import Path

from builder import armyfile, share
from builder.armyfile import read_text
from builder.export.base import ArmyInput


def source(path: str) -> ArmyInput:
    """The army file at ``path`` with its text (which gives the short hash)."""
    text = read_text(path)
    return ArmyInput(armyfile.loads(text, path), Path(path), text)


def run(args: argparse.Namespace) -> int:
    found = share.share_list(source(args.army))
    print(share.render(found, args.format), end="")
    return 0 if found.legal else 1
