"""``billhooks verify ARMY --code TEXT``: whether an army file is still the army a roster's
code (its QR, read by a phone) was printed from, and what changed if not."""

from __future__ import annotations

import argparse
import sys

from builder import share
from builder.commands.share import source
from builder.commands.usage import EXIT_OK, EXIT_RULES, UsageError
from builder.files import printable
from builder.rules.validate import read_text

#: What a shortened code leaves out of the comparison.
UNCOMPARED = {"compact": "the code is compact: groups' titles and broken rules' messages "
                         "were not compared",
              "totals": "the code holds the totals only: the records were not compared",
              "hash": "the code holds the hash only: only the file's text was compared"}


def _code(args: argparse.Namespace) -> str:
    if args.code_file is not None:
        return read_text(args.code_file)
    if args.code == "-":
        return sys.stdin.read()
    text: str = args.code
    return text


def run(args: argparse.Namespace) -> int:
    try:
        printed = share.parse(_code(args))
    except share.NotAShareList as exc:
        raise UsageError(f"not a code billhooks printed ({exc})") from None
    current = share.share_list(source(args.army))
    found = share.changes(printed, current)
    name = printable(args.army)
    was, now = f"#{printed.digest}", f"#{current.digest}"
    if not found and was == now:
        print(f"matches: {name} is the army printed ({now})")
        return EXIT_OK
    if not found:
        print(f"changed: same list, only the file's text changed ({was} printed, {now} now)")
    elif was == now:
        print(f"changed: {name} is the file printed ({now}), but this billhooks lists it "
              "differently:")
    else:
        print(f"changed: {name} is not the army printed ({was} printed, {now} now):")
    for line in found:
        print(f"  {printable(line)}")
    if printed.form in UNCOMPARED:
        print(f"  ({UNCOMPARED[printed.form]})")
    return EXIT_RULES
