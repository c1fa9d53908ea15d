"""``billhooks event EVENT LIST... --out DIR [--paper a4|letter]``: an organiser's intake of an
event's lists (docs/events.md). Each list is checked at the event's size and against its
limits, a line each on the terminal; the summary, the rosters, the results slips and
``lists.csv`` are written into DIR.

Exit 0 every list passes, 1 any fails (an unreadable list is a failing row), 2 an unreadable
event file or bad usage.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from builder.commands.usage import EXIT_OK, EXIT_RULES, UsageError
from builder.files import printable


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("event", metavar="EVENT", help="the event file (.toml)")
    p.add_argument(
        "lists",
        nargs="+",
        metavar="LIST",
        help="an army file, a file holding a shared list or its code (anything `import` "
        "reads), or FILE=CODEFILE: the player's army file and the code they handed in "
        "before the deadline, verified",
    )
    p.add_argument("--out", metavar="DIR", required=True, help="the folder to write into")
    # The paper sizes are the print engine's, checked when the command runs: building the
    # parser of every command (`check` too) must not load it.
    p.add_argument(
        "--paper",
        default="a4",
        type=str.lower,
        help="paper size: a4 or letter (default a4)",
    )


def run(args: argparse.Namespace) -> int:
    # Imported here: the parser of every command is built with this module's arguments, and
    # `check` must not load the share list and the print side for them.
    from builder import eventfile, intake
    from builder.export.job import PAPER_MM

    if args.paper not in PAPER_MM:
        raise UsageError(f"--paper: expected {' or '.join(PAPER_MM)}, got {args.paper!r}")
    event = eventfile.read(args.event)
    rows = intake.rows(event, list(args.lists))
    for row in rows:
        print(row.line())
    from builder.export.pipeline import event as documents

    written = documents.write(event, rows, Path(args.out), args.paper)
    failed = sum(not row.passed for row in rows)
    print(
        f"{printable(event.name)}: {len(rows)} lists, {len(rows) - failed} pass, {failed} fail; "
        f"wrote {len(written)} files into {printable(args.out)}"
    )
    return EXIT_RULES if failed else EXIT_OK
