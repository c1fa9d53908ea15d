"""``billhooks import SOURCE [--out FILE] [--force]``: a list someone shared (``share``'s text,
Markdown, BBCode or JSON, as a forum post or a chat shows it) made into an army file of its
system.

The file is written only when the whole list reads, builds and gives its own Facts hash; it is
written at once (a temporary file moved into place) and never over a file already there unless
``--force``. Exit 0 written, 2 a list that is not one, is cut short or names a value the system
does not have (one message naming the line and what was expected).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from builder import files, listimport, share
from builder.commands.usage import EXIT_OK, UsageError, refuse_big
from builder.commands.verify import decode
from builder.files import printable
from builder.limits import ARMY_MAX
from builder.registry import get_ruleset
from builder.verifying import CODE_MAX


def _text(source: str) -> str:
    if source == "-":
        return decode(sys.stdin.buffer.read(CODE_MAX + 1), "on stdin")
    try:
        data = files.read_bytes(source, CODE_MAX)
    except files.FileProblem as exc:
        raise UsageError(f"{source}: {exc}") from None
    return decode(data, f"in {source}")


def _write(path: Path, text: str, force: bool) -> None:
    """``text`` into ``path`` whole or not at all; never over a file there without ``force``
    (a hard link of the finished file claims the name, so a file that appears meanwhile is
    not replaced either). A link at the name is replaced, never followed: what arrives with
    the files cannot point the write elsewhere (issue 38.1)."""
    target = path.absolute()
    tmp = files.write_temp(target.parent, target.name, text.encode("utf-8"))
    try:
        if force:
            os.replace(tmp, target)
        else:
            os.link(tmp, target)
    except FileExistsError:
        raise UsageError(
            f"{printable(str(path))} exists: choose another name with --out, or --force to "
            "replace it"
        ) from None
    finally:
        tmp.unlink(missing_ok=True)


def run(args: argparse.Namespace) -> int:
    text = _text(args.source)
    where = "stdin" if args.source == "-" else printable(args.source)
    try:
        listed = listimport.list_of(text)
        # Every record but the army's own counts, as export counts them.
        held = len(listimport.records_of(listed)) - 1
        if held > ARMY_MAX:
            raise UsageError(
                f"{where}: {held:,} records, more than an army may print ({ARMY_MAX:,} "
                "records): nothing was written"
            )
        army = listimport.army_of(listed)
    except share.NotAShareList as exc:
        raise UsageError(f"{where}: not a list billhooks can import ({exc})") from None
    out = Path(args.out) if args.out else Path(listimport.file_name(army))
    refuse_big(get_ruleset(army.ruleset), out, army)
    if out.exists() and not args.force:
        raise UsageError(
            f"{printable(str(out))} exists: choose another name with --out, or --force to "
            "replace it"
        )
    _write(out, listimport.file_text(army, listed), args.force)
    print(f"wrote {printable(str(out))}: {printable(army.name)} ({listed.about})")
    return EXIT_OK
