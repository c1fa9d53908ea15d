"""``billhooks verify ARMY --code TEXT``: whether an army file is still the army a roster's
code (its QR, read by a phone) was printed from, and what changed if not.

Exit 0 matches, 1 changed, 2 a code that is not one billhooks printed (or a file that cannot
be read), 3 an error of billhooks' own (one line on stderr, never a traceback): a crash must
not read as "changed".
"""

from __future__ import annotations

import argparse
import sys

from builder import files, share, shareread
from builder.commands.share import source
from builder.commands.usage import EXIT_INTERNAL, EXIT_OK, EXIT_RULES, UsageError
from builder.core.validate import ArmyFileError
from builder.files import printable
from builder.verifying import CODE_MAX, outcome


def decode(data: bytes, where: str) -> str:
    if len(data) > CODE_MAX:
        raise UsageError(
            f"the code {where} is over {CODE_MAX:,} bytes: not a code billhooks printed"
        )
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise UsageError(f"the code {where} is not UTF-8 text (byte {exc.start})") from None


def _code(args: argparse.Namespace) -> str:
    if args.code_file is not None:
        try:
            data = files.read_bytes(args.code_file, CODE_MAX)
        except files.FileProblem as exc:
            raise UsageError(f"{args.code_file}: {exc}") from None
        return decode(data, f"in {args.code_file}")
    if args.code == "-":
        return decode(sys.stdin.buffer.read(CODE_MAX + 1), "on stdin")
    text: str = args.code
    if len(text) > CODE_MAX:
        raise UsageError(f"the code is over {CODE_MAX:,} characters: not a code billhooks printed")
    return text


def _compare(args: argparse.Namespace) -> int:
    current = share.share_list(source(args.army))
    try:
        printed = shareread.parse(_code(args))
    except share.NotAShareList as exc:
        raise UsageError(f"not a code billhooks printed ({exc})") from None
    said = outcome(printed, current, printable(args.army))
    print("\n".join(said.lines()))
    return EXIT_OK if said.matched else EXIT_RULES


def run(args: argparse.Namespace) -> int:
    try:
        return _compare(args)
    except (ArmyFileError, UsageError, OSError, KeyboardInterrupt):
        raise  # the command line's own messages (exit 2, 130)
    except Exception as exc:  # noqa: BLE001 - the edge: one line, exit 3, never "changed"
        what = printable(str(exc))[:200]
        print(
            f"billhooks verify: internal error ({type(exc).__name__}: {what}); please report it",
            file=sys.stderr,
        )
        return EXIT_INTERNAL
