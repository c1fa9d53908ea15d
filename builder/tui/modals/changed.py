"""The army's file has changed on disk since the builder read or last saved it (another
program such as `roll --write`, another builder tab, a hand edit): saving would undo that
change without a word, so the player chooses."""

from __future__ import annotations

import time
from pathlib import Path

from builder.files import printable
from builder.tui.modals.confirm import Confirm

#: The answers, the harmless one first (focused): Escape is Cancel.
ANSWERS = [
    ("cancel", "Cancel", "default"),
    ("reload", "Reload it", "warning"),
    ("save_as", "Save as...", "primary"),
    ("overwrite", "Overwrite it", "error"),
]


class ChangedOnDiskDialog(Confirm):
    """Dismisses with "reload", "overwrite", "save_as", "cancel", or None (Escape)."""

    def __init__(self, path: Path, mtime_ns: int) -> None:
        when = time.strftime("%H:%M:%S", time.localtime(mtime_ns / 1e9))
        super().__init__(
            f"{printable(path.name)} has changed on disk (at {when}) since you opened or "
            "last saved it: another program, another builder tab or a hand edit wrote it. "
            "Reload it (your changes here are lost), save yours as another file, or "
            "overwrite it (its changes are lost)?",
            ANSWERS,
        )
