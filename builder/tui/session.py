"""The army being edited: its file, its latest check, undo and redo, unsaved changes.

Plain Python (no Textual), so it is tested and timed on its own. Every edit is a function that
changes the army in place; the session snapshots the army before it (``copy.deepcopy``) so
undo and redo restore whole armies, and re-checks at once through the ruleset.
"""

from __future__ import annotations

import copy
import errno
import itertools
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from builder import armyfile, files
from builder.armyfile import read_text
from builder.core.base import ArmyRecord, Ruleset, Summary
from builder.registry import DEFAULT, get_ruleset

if TYPE_CHECKING:
    from builder.core.event import Event

#: How many edits undo remembers.
UNDO_DEPTH = 200

_versions = itertools.count(1)


@dataclass
class _State:
    """One step of the undo history: the army after an edit, and the edit's name."""

    label: str
    army: ArmyRecord
    version: int
    #: The record the edit was made on (where undo puts the cursor), and where it left the
    #: cursor (where redo puts it); None: wherever it is.
    before: str | None = None
    after: str | None = None


def _symlink_loop(path: Path) -> bool:
    """Whether ``path`` is a symlink loop: no new army can be saved there, so it is read (and
    refused with a message) rather than opened as a new file."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    return False


def is_new(path: Path) -> bool:
    """Whether ``path`` holds no file yet: opening it starts a new army."""
    return not path.exists() and not _symlink_loop(path)


@dataclass(frozen=True)
class Stamp:
    """A file as it was read or written: what it held and when it was changed. The bytes
    themselves, not a hash of them: an army file is small, and no hash library need load."""

    data: bytes
    mtime_ns: int


def stamp(path: Path) -> Stamp | None:
    """``path``'s file as it is now; None when there is no regular file to read there."""
    try:
        mtime = os.stat(path).st_mtime_ns
        data = files.read_bytes(path)
    except (OSError, ValueError, files.FileProblem):
        return None
    return Stamp(data, mtime)


class ChangedOnDisk(Exception):
    """A save over a file that has changed since the builder read or last wrote it (another
    program, another builder tab, a hand edit): it would undo that change."""

    def __init__(self, path: Path, now: Stamp) -> None:
        super().__init__(f"{path} has changed on disk")
        self.path = path
        self.now = now


def new_army(name: str = "New army", ruleset: str = DEFAULT) -> ArmyRecord:
    """A fresh army of ``ruleset``, as the ruleset starts one."""
    return get_ruleset(ruleset).new_army(name)


class Session:
    """One army open in the builder."""

    #: The event the army is checked against (``tui --event``), for the session only: its
    #: findings join the rules' and nothing of it is written into the army file.
    event: Event | None = None

    def __init__(
        self,
        army: ArmyRecord,
        path: Path | None,
        text: str | None = None,
        saved: bool = True,
        untitled: str = "new army",
        read_as: Stamp | None = None,
    ) -> None:
        #: Where Save writes; None until the user picks a file (the sample army).
        self.path = path
        #: What to call the army while it has no file ("sample army", "mustered army").
        self.untitled = untitled
        #: The file text the army was read from or last written as (its comments are kept).
        self.text = text
        #: The file at :attr:`path` as read or last written (None: there was none), so a save
        #: never silently undoes a change made to it since.
        self.read_as = read_as
        self.army: ArmyRecord = army
        self.ruleset: Ruleset = get_ruleset(army.ruleset)
        self.summary: Summary = self.check(army)
        self.version = next(_versions)
        self._first_version = self.version
        self.saved_version = self.version if saved else -1
        self._undo: list[_State] = []
        self._redo: list[_State] = []
        #: The record the last undo or redo changed (the cursor goes there); None: unknown.
        self.changed: str | None = None

    @classmethod
    def open(cls, path: Path, ruleset: str = DEFAULT) -> Session:
        """The army at ``path``; a path with no file yet starts a new army of ``ruleset``, to
        be saved there."""
        if is_new(path):
            return cls.new(path, ruleset)
        # Stamped before it is read: a change in between is seen as a change, never missed.
        read_as = stamp(path)
        text = read_text(path)
        return cls(armyfile.loads(text, str(path)), path, text, read_as=read_as)

    @classmethod
    def new(cls, path: Path | None, ruleset: str) -> Session:
        """A new, unsaved army of ``ruleset``, named for its file (if it has one)."""
        name = path.stem.replace("-", " ").replace("_", " ").title() if path else ""
        return cls(new_army(name or "New army", ruleset), path, saved=False)

    @classmethod
    def sample(cls, path: Path) -> Session:
        """The shipped sample army, with no file to save to (Save asks for one)."""
        text = read_text(path)
        return cls(armyfile.loads(text, str(path)), None, text, untitled="sample army")

    # --- state ---------------------------------------------------------------------------

    @property
    def file_name(self) -> str:
        """The file's name, or what the army is while it has none."""
        return self.path.name if self.path is not None else f"{self.untitled}, not saved"

    @property
    def dirty(self) -> bool:
        """Whether the army differs from the file it was read from or saved to."""
        return self.version != self.saved_version

    @property
    def untouched(self) -> bool:
        """A new army made here and not edited yet: there is nothing to lose by leaving it
        (an army read from text, such as a mustered one, is not new)."""
        return self.text is None and self.version == self._first_version

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def check(self, army: ArmyRecord) -> Summary:
        """The army's summary, at the event's size and with its findings when there is one."""
        if self.event is None:
            return self.ruleset.summary(army)
        from builder.core.event import checked  # loaded with the event file it checks

        return checked(self.event, self.ruleset, army)[1]

    def recheck(self) -> Summary:
        self.summary = self.check(self.army)
        return self.summary

    # --- editing -------------------------------------------------------------------------

    def apply(
        self,
        label: str,
        edit: Callable[[ArmyRecord], object],
        before: str | None = None,
        after: str | None = None,
    ) -> None:
        """Run ``edit`` on the army as one undoable step, then re-check. ``before``: the
        record it is made on, ``after``: where it leaves the cursor (see :attr:`changed`)."""
        was = copy.deepcopy(self.army)
        try:
            edit(self.army)
            summary = self.check(self.army)
        except Exception:
            # An edit that fails (a bug) is not half made: the army is as it was.
            self.army = was
            raise
        self._undo.append(_State(label, was, self.version, before, after))
        del self._undo[:-UNDO_DEPTH]
        self._redo.clear()
        self.version = next(_versions)
        self.summary = summary

    def undo(self) -> str | None:
        """Step back one edit; its label, or None if there is nothing to undo."""
        if not self._undo:
            return None
        state = self._undo.pop()
        self._redo.append(_State(state.label, self.army, self.version, state.before, state.after))
        self.army, self.version = state.army, state.version
        self.changed = state.before
        self.recheck()
        return state.label

    def redo(self) -> str | None:
        """Step forward again after an undo; its label, or None."""
        if not self._redo:
            return None
        state = self._redo.pop()
        self._undo.append(_State(state.label, self.army, self.version, state.before, state.after))
        self.army, self.version = state.army, state.version
        self.changed = state.after
        self.recheck()
        return state.label

    # --- files ---------------------------------------------------------------------------

    def recovery_path(self) -> Path:
        """Where :meth:`save_recovery` writes: ``<name>.recovered.toml`` beside the army's
        file (in the current folder for an army with none), a number added rather than
        write over an earlier one."""
        own = self.path or Path.cwd() / (
            re.sub(r"[^\w-]+", "-", self.army.name).strip("-") or "army"
        )
        stem = own.name.removesuffix(".toml")
        for n in itertools.count(1):
            found = own.with_name(f"{stem}.recovered{'' if n == 1 else f'-{n}'}.toml")
            if not found.exists() and not found.is_symlink():
                return found
        raise AssertionError("unreachable")

    def save_recovery(self) -> Path:
        """Write the army as it is to a new recovery file (atomically, never over its own
        file or an earlier recovery); the session's own file and unsaved state are left as
        they are."""
        target = self.recovery_path()
        armyfile.save(self.army, target, self.text)
        return target

    def changed_on_disk(self, target: Path) -> Stamp | None:
        """The file at ``target`` as it is now, if it is this army's own file and has changed
        since it was read or last written (gone is no change: saving puts it back)."""
        if self.path is None or os.path.realpath(target) != os.path.realpath(self.path):
            return None
        now = stamp(target)
        if now is None or (self.read_as is not None and now.data == self.read_as.data):
            return None
        return now

    def save(self, path: Path | None = None, overwrite: bool = False) -> Path:
        """Write the army atomically to ``path`` (default: its own file), keeping comments.

        A new file written from an army read elsewhere keeps that file's comments too. Over
        its own file changed on disk since, ChangedOnDisk, unless ``overwrite``.
        """
        target = path or self.path
        if target is None:
            raise ValueError("no file to save to")
        if not overwrite and (now := self.changed_on_disk(target)) is not None:
            raise ChangedOnDisk(target, now)
        # Over the file on disk (through a symlink: the file it points to); a new file is
        # written over the text the army came from, so its comments carry over.
        base = armyfile.read_base(target) if target.exists() else self.text
        armyfile.save(self.army, target, base)
        self.read_as = stamp(target)
        self.text = read_text(target)
        self.path = target
        self.saved_version = self.version
        return target
