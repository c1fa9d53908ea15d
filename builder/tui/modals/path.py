"""Ask for a file path (Open, Save as, a Mustering collection)."""

from __future__ import annotations

import os
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label

from builder.tui.modals.base import Dialog


class PathDialog(Dialog[Path | None]):
    """Dismisses with the path typed (``~`` expanded), or None."""

    def __init__(
        self,
        title: str,
        value: str = "",
        must_exist: bool = False,
        action: str = "OK",
        error: str = "",
    ) -> None:
        """``error``: shown from the start (the file last chosen could not be read)."""
        super().__init__()
        self.error = error
        self.title_text = title
        self.value = value
        self.must_exist = must_exist
        self.action = action

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="title", markup=False)
            yield Input(self.value, placeholder="path/to/army.toml", id="path")
            yield Label(self.error, id="path-error", classes="error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(self.action, id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        text = self.query_one("#path", Input).value.strip()
        error = self.query_one("#path-error", Label)
        if not text:
            error.update("Type a file path.")
            return
        path = Path(text).expanduser()
        if self.must_exist and not os.path.lexists(path):
            # Anything else there (a folder, a device, a broken file) is for the loader to
            # say what it is, in its own words.
            error.update(f"No such file: {path}")
            return
        if not self.must_exist and path.is_dir():
            error.update(f"{path} is a folder: add a file name")
            return
        if not self.must_exist and not path.parent.is_dir():
            error.update(f"No such folder: {path.parent}")
            return
        self.dismiss(path)

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
