"""``billhooks`` / ``billhooks tui [ARMY]``: the builder on an army file (created if missing)."""

from __future__ import annotations

import argparse
from pathlib import Path

from builder.cli import UsageError
from builder.resources import sample_army


def run(args: argparse.Namespace) -> int:
    # Read the army before Textual starts, so a bad file is a plain message and exit 2.
    from builder.tui.session import Session

    if args.army is None:
        session = Session.sample(sample_army())
    else:
        path = Path(args.army).expanduser()
        if not path.exists() and not path.parent.is_dir():
            raise UsageError(f"{path}: no such folder: {path.parent}")
        session = Session.open(path)
    from builder.tui.app import BillhooksApp

    BillhooksApp(session).run()
    return 0
