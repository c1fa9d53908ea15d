"""``billhooks verify ARMY --code TEXT``: whether an army file is still the army a roster's
code (its QR, read by a phone) was printed from, and what changed if not.

Exit 0 matches, 1 changed, 2 a code that is not one billhooks printed (or a file that cannot
be read), 3 an error of billhooks' own (one line on stderr, never a traceback): a crash must
not read as "changed".
"""

from __future__ import annotations

import argparse
import sys

from builder import files, share, sharediff, shareread
from builder.commands.share import source
from builder.commands.usage import EXIT_INTERNAL, EXIT_OK, EXIT_RULES, UsageError
from builder.core.validate import ArmyFileError
from builder.files import printable

#: The longest code read (a QR holds under 3 KB; a ``share`` list of the largest army is far
#: under this), so a stream of junk on stdin is refused rather than read into memory.
CODE_MAX = 1 << 20

#: What a shortened code leaves out of the comparison.
UNCOMPARED = {
    "compact": "the code is compact: groups' titles and broken rules' messages were not compared",
    "totals": "the code holds the totals only: the records were not compared",
    "hash": "the code holds the hashes only: the records were not compared",
}


#: How verify names a code's list format.
FORMAT_NOTES = {
    1: "list format 1, from an older billhooks: its lines compared, not its game values",
    share.VERSION: f"list format {share.VERSION}",
}


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


def outcome(
    printed: share.ShareList, current: share.ShareList, name: str
) -> tuple[bool, list[str]]:
    """Whether the file's list ``current`` is the army the code ``printed`` holds, and what to
    say: a first line, then each change (``event`` names a handed-in list's changes so)."""
    found = sharediff.changes(printed, current)
    was, now = f"#{printed.digest}", f"#{current.digest}"
    fmt = FORMAT_NOTES.get(printed.version, f"list format {printed.version}")
    # The game values agree (a code of this format says so by its hash): the army printed.
    same = printed.version == share.VERSION and printed.facts_hash == current.facts_hash
    if not found and was == now:
        return True, [f"matches: {name} is the army printed ({now}; {fmt})"]
    if same and not found:
        return True, [
            f"matches: {name} holds the army printed; only the file's text differs "
            f"(comments, order: {was} printed, {now} now; {fmt})"
        ]
    if same:
        # The values hash the same but the lines differ: another billhooks' wording, or a
        # code whose lines were edited; either way not a plain match.
        head = (
            f"changed: {name} holds the game values printed (#{current.facts_hash}; {fmt}), "
            "but its list reads differently:"
        )
    elif not found:
        head = f"changed: same list, only the file's text changed ({was} printed, {now} now)"
    elif was == now:
        head = (
            f"changed: {name} is the file printed ({now}), but this billhooks lists it differently:"
        )
    else:
        head = f"changed: {name} is not the army printed ({was} printed, {now} now; {fmt}):"
    lines = [head, *(f"  {printable(line)}" for line in found)]
    if printed.form in UNCOMPARED:
        lines.append(f"  ({UNCOMPARED[printed.form]})")
    return False, lines


def _compare(args: argparse.Namespace) -> int:
    current = share.share_list(source(args.army))
    try:
        printed = shareread.parse(_code(args))
    except share.NotAShareList as exc:
        raise UsageError(f"not a code billhooks printed ({exc})") from None
    matched, lines = outcome(printed, current, printable(args.army))
    print("\n".join(lines))
    return EXIT_OK if matched else EXIT_RULES


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
