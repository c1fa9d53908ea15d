"""Whether an army is still the army a code was printed from, and what to say if not: the
decision ``billhooks verify`` prints and ``billhooks event`` names a handed-in list's changes
with (:func:`outcome`). Light: no command and no drawing library."""

from __future__ import annotations

from dataclasses import dataclass

from builder import share, sharediff
from builder.files import printable

#: The longest code read (a QR holds under 3 KB; a ``share`` list of the largest army is far
#: under this), so a stream of junk is refused rather than read into memory.
CODE_MAX = 1 << 20

#: What a shortened code leaves out of the comparison.
UNCOMPARED = {
    "compact": "the code is compact: groups' titles and broken rules' messages were not compared",
    "totals": "the code holds the totals only: the records were not compared",
    "hash": "the code holds the hashes only: the records were not compared",
}

#: How a code's list format is named.
FORMAT_NOTES = {
    1: "list format 1, from an older billhooks: its lines compared, not its game values",
    share.VERSION: f"list format {share.VERSION}",
}


@dataclass(frozen=True)
class Outcome:
    """Verify's decision: whether the file is the army printed, the line saying so, and each
    change in words (with what a shortened code could not compare)."""

    matched: bool
    head: str
    changes: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """What ``verify`` prints: the head, then each change indented."""
        return [self.head, *(f"  {change}" for change in self.changes)]


def outcome(printed: share.ShareList, current: share.ShareList, name: str) -> Outcome:
    """Whether the file's list ``current`` is the army the code ``printed`` holds, and what to
    say."""
    found = sharediff.changes(printed, current)
    was, now = f"#{printed.digest}", f"#{current.digest}"
    fmt = FORMAT_NOTES.get(printed.version, f"list format {printed.version}")
    # The game values agree (a code of this format says so by its hash): the army printed.
    same = printed.version == share.VERSION and printed.facts_hash == current.facts_hash
    if not found and was == now:
        return Outcome(True, f"matches: {name} is the army printed ({now}; {fmt})")
    if same and not found:
        return Outcome(
            True,
            f"matches: {name} holds the army printed; only the file's text differs "
            f"(comments, order: {was} printed, {now} now; {fmt})",
        )
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
    changes = [printable(line) for line in found]
    if printed.form in UNCOMPARED:
        changes.append(f"({UNCOMPARED[printed.form]})")
    return Outcome(False, head, tuple(changes))
