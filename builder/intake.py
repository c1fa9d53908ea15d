"""An event's intake (``billhooks event``, docs/events.md): each list an organiser is handed,
read whatever it is (an army file, a shared list or its code, or a player's file with the code
they handed in before the deadline), checked at the event's size and against its limits, as one
row. A list that cannot be read is a failing row saying why; the others are still checked.

Light: no drawing library (the documents are :mod:`builder.export.pipeline.event`'s).
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from builder import armyfile, files, listimport, share, shareread
from builder.core import event as ev
from builder.core import schema
from builder.core.base import Finding, number, player_of
from builder.core.validate import ArmyFileError
from builder.export.job import ArmyInput
from builder.files import printable
from builder.limits import too_big
from builder.registry import get_ruleset
from builder.verifying import CODE_MAX, Outcome, outcome

PASS, FAIL = "PASS", "FAIL"
#: The changes since a list's code a row names one by one (``verify`` lists them all).
CHANGES_SHOWN = 4


class Unreadable(Exception):
    """A list that cannot be read; ``str()`` says why."""


@dataclass(frozen=True)
class Row:
    """One list of the event as the summary, the terminal and ``lists.csv`` show it."""

    #: The list's number in the order handed in (1, 2, ...).
    number: int
    #: What was named on the command line.
    given: str
    player: str = ""
    army: str = ""
    system: str = ""
    side: str = ""
    size: str = ""
    passed: bool = False
    #: Every reason the list fails: the rules broken at the event's size, the limits broken,
    #: a change since its code, another system, or why it could not be read.
    broken: tuple[str, ...] = ()
    #: What passes but is worth a word (a list under the event's size).
    notes: tuple[str, ...] = ()
    facts_hash: str = ""
    #: The SHA-256 of the file handed in (of the army file, for FILE=CODE).
    file_hash: str = ""
    #: The army as read, for its roster (None: unreadable).
    source: ArmyInput | None = None

    @property
    def verdict(self) -> str:
        return PASS if self.passed else FAIL

    @property
    def who(self) -> str:
        """The row's name: the player, else the army, else what was given."""
        return self.player or self.army or self.given

    def line(self) -> str:
        """The terminal's one line."""
        why = "; ".join(self.broken) if not self.passed else "; ".join(self.notes)
        size = f" ({self.size})" if self.size else ""
        head = f"{self.verdict}  {self.number:>2}. {printable(self.given)}"
        named = f": {printable(self.who)}{size}" if self.army else ""
        return f"{head}{named}" + (f": {printable(why)}" if why else "")


@dataclass(frozen=True)
class Handed:
    """A list as handed in: the army and its text, the file's hash, and what verifying it
    against the code handed in before the deadline said (None: no code)."""

    source: ArmyInput
    file_hash: str
    changes: tuple[str, ...] | None = None


def _bytes(path: str, limit: int = files.READ_MAX) -> bytes:
    try:
        return files.read_bytes(path, limit)
    except files.FileProblem as exc:
        raise Unreadable(str(exc)) from None


def _text(data: bytes, path: str) -> str:
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise Unreadable(f"{printable(path)} is not UTF-8 text (byte {exc.start})") from None


def _is_army_file(text: str) -> bool:
    """Told apart by content: TOML naming a rule system is an army file; anything else is
    read as a shared list."""
    try:
        return "ruleset" in tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return False


def _from_list(text: str, path: str) -> ArmyInput:
    """The army a shared list holds (as ``import`` reads it), with the file text it makes."""
    listed = listimport.list_of(text)
    army = listimport.army_of(listed)
    return ArmyInput(army, Path(path), listimport.file_text(army, listed))


def _read(path: str) -> tuple[ArmyInput, str]:
    """The army at ``path`` (an army file or a shared list) and the file's SHA-256."""
    data = _bytes(path)
    text = _text(data, path)
    digest = hashlib.sha256(data).hexdigest()
    if _is_army_file(text):
        return ArmyInput(armyfile.loads(text, path), Path(path), text), digest
    return _from_list(text, path), digest


def split(given: str) -> tuple[str, str | None]:
    """``FILE=CODEFILE`` as its two names; an argument naming an existing file is that file."""
    if Path(given).exists() or "=" not in given:
        return given, None
    army, _, code = given.rpartition("=")
    return army, code


def take(given: str) -> Handed:
    """The list ``given`` names, verified against its code if one is named; Unreadable, or a
    reader's own error, when it cannot be read."""
    path, code_path = split(given)
    source, digest = _read(path)
    if code_path is None:
        return Handed(source, digest)
    printed = shareread.parse(_text(_bytes(code_path, CODE_MAX), code_path))
    said = outcome(printed, share.share_list(source), printable(path))
    return Handed(source, digest, () if said.matched else _named(said))


def _named(said: Outcome) -> tuple[str, ...]:
    """Verify's changes, the first few in full and the rest counted (its head names the file,
    which the row does already; it stands alone only when no change is named)."""
    changes = list(said.changes) or [said.head]
    shown = changes[:CHANGES_SHOWN]
    more = len(changes) - len(shown)
    return (*shown, *([f"and {more} more"] if more else ()))


def _size(event: ev.Event, found: float | None) -> str:
    return f"{number(found)} {event.measure}" if found is not None else ""


def _said(finding: Finding, title: str) -> str:
    return f"{title}: {finding.message}" if title else finding.message


def check(event: ev.Event, number_: int, given: str, handed: Handed) -> Row:
    """The row of one list read: its system, its verdict at the event's size, the limits it
    breaks, its Facts hash."""
    source = handed.source
    army = source.army
    ruleset = get_ruleset(army.ruleset)
    row = Row(
        number_,
        given,
        player=player_of(army),
        army=army.name,
        system=ruleset.title,
        side=ruleset.sides.name_of(ruleset.sides.of(army)),
        file_hash=handed.file_hash,
        source=source,
    )
    if army.ruleset != event.ruleset:
        return replace(
            row,
            broken=(f"a {ruleset.title} list: the event is for {event.system}",),
            facts_hash=share.share_list(source).facts_hash,
        )
    if big := too_big(ruleset.schema, source.path, army):
        return replace(row, broken=(big,))
    agreed, summary = ev.checked(event, ruleset, army)
    rules = ev.rules_of(ruleset)
    size = summary.metric(rules.size_metric)
    # A finding on a record is told by the record's title; one on a field by its message.
    places = {node.where for node in schema.walk(agreed, ruleset.schema)} - {""}
    broken = [
        _said(f, ruleset.title_of(agreed, f.where) if f.where in places else "")
        for f in summary.findings
        if f.level == "error"
    ]
    if handed.changes:
        broken.insert(0, "changed since its code: " + "; ".join(handed.changes))
    notes = [f.message for f in summary.findings if f.code == ev.UNDER_CODE]
    return replace(
        row,
        size=_size(event, size.value if size else None),
        passed=not broken,
        broken=tuple(broken),
        notes=tuple(notes),
        facts_hash=share.share_list(source).facts_hash,
    )


def row(event: ev.Event, number_: int, given: str) -> Row:
    """The row of the list ``given``: checked, or a failing row saying why it cannot be."""
    try:
        handed = take(given)
    except (Unreadable, ArmyFileError, share.NotAShareList, OSError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return Row(number_, given, broken=(f"unreadable: {printable(reason)}",))
    return check(event, number_, given, handed)


def rows(event: ev.Event, given: list[str]) -> list[Row]:
    return [row(event, n, g) for n, g in enumerate(given, 1)]
