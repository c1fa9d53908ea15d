"""Command-line parsing only: each command lives in ``builder.commands`` and calls the core.

Exit codes (DESIGN.md): 0 done, 1 the army breaks a rule or the draw could not be completed,
2 unreadable input or bad usage. Messages go to stderr; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module

from builder import __version__

EXIT_OK, EXIT_RULES, EXIT_INPUT = 0, 1, 2


class UsageError(Exception):
    """Bad usage found after parsing (exit 2)."""


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected zero or more, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def _bleed(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected millimetres, got {text!r}") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"bleed must be 0-10 mm, got {value:g}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="billhooks",
        description="Build, check and print Wars of the Roses armies (Never Mind the Billhooks).",
    )
    parser.add_argument("--version", action="version", version=f"billhooks {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("tui", help="the builder (TUI) on an army file (created if missing)")
    p.add_argument("army", nargs="?", help="army file (default: the sample army)")

    p = sub.add_parser("check", help="points breakdown, army-morale tokens and findings")
    p.add_argument("army", help="army file (.toml)")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("roll", help="roll leaders' command classes, each die shown")
    p.add_argument("army", help="army file (.toml)")
    p.add_argument("--seed", type=_seed, help="seed for the dice (default: random)")
    p.add_argument("--write", action="store_true", help="write the classes into the file")

    p = sub.add_parser("muster", help="the Mustering draw from a figure collection")
    p.add_argument("collection", help="collection file (.toml)")
    p.add_argument("--troops", type=_positive_int, required=True,
                   help="agreed troop points, e.g. 100")
    p.add_argument("--leaders", type=_positive_int, default=3,
                   help="leaders to add (C-in-C free, others 5 points; default 3)")
    p.add_argument("--seed", type=_seed, help="seed for the shuffle and cut (default: random)")
    p.add_argument("--side", choices=("york", "lancaster"), default="lancaster",
                   help="side of a single army (default lancaster)")
    p.add_argument("--both", action="store_true",
                   help="club draft: York and Lancaster from the one collection")
    p.add_argument("--out", help="write the army file here (with --both: FILE-york.toml ...)")
    p.add_argument("--json", action="store_true", help="print the draw as JSON")

    p = sub.add_parser("export", help="the print pack: rosters, cards, tokens, crib sheet")
    p.add_argument("armies", nargs="+", metavar="ARMY", help="army files (.toml)")
    p.add_argument("--out", help="output folder (default output/<first army's file stem>/)")
    p.add_argument("--paper", choices=("a4", "letter"), default="a4")
    p.add_argument("--card-size", choices=("poker", "mini", "tarot"), default="poker")
    p.add_argument("--bleed", type=_bleed, default=0.0, help="bleed in mm (default 0)")
    p.add_argument("--gutter", action="store_true",
                   help="bleed per card with gutters between cards (fewer per sheet)")
    p.add_argument("--ink-saver", action="store_true",
                   help="for home printers: pale fills instead of solid grounds, black text")
    p.add_argument("--only", help="comma-separated kinds, e.g. play-deck,tokens")
    p.add_argument("--events", help="special events file (.toml)")

    p = sub.add_parser("catalogue", help="troop types, costs and options")
    p.add_argument("--ruleset", default="billhooks")
    p.add_argument("--json", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    command = args.command or "tui"
    if command == "tui" and not hasattr(args, "army"):
        args.army = None
    from builder.armyfile import ArmyFileError

    try:
        module = import_module(f"builder.commands.{command}")
        code: int = module.run(args)
        return code
    except ArmyFileError as exc:
        print(f"billhooks: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except UsageError as exc:
        print(f"billhooks {command}: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"billhooks: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_INPUT


if __name__ == "__main__":
    sys.exit(main())
