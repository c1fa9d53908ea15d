"""Import a list: a list someone shared (``billhooks share``'s text, Markdown, BBCode or JSON,
as a forum or a chat shows it) pasted in, read as ``billhooks import`` reads it."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, TextArea

from builder import listimport, share
from builder.core.base import ArmyRecord
from builder.tui.modals.base import Dialog

#: The most text read from the box (as ``import`` reads from a file).
PASTE_MAX = 1 << 20


def read(text: str) -> tuple[ArmyRecord, share.ShareList]:
    """The army a pasted list holds, with the list; NotAShareList saying what is wrong."""
    if len(text) > PASTE_MAX:
        raise share.NotAShareList(f"the text is over {PASTE_MAX:,} characters")
    listed = listimport.list_of(text)
    return listimport.army_of(listed), listed


class ImportDialog(Dialog[tuple[ArmyRecord, share.ShareList] | None]):
    """Dismisses with the army of the pasted list and the list, or None (Escape)."""

    BINDINGS = [*Dialog.BINDINGS, Binding("ctrl+s", "read", "Import", priority=True)]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Import a list: paste it below", classes="title", markup=False)
            area = TextArea(id="paste", soft_wrap=True, show_line_numbers=False)
            # Room for the buttons at 80 x 24; a paste scrolls.
            area.styles.height = 8
            yield area
            yield Label(
                "A list `billhooks share` wrote, in any format, as it was posted.\n"
                "Ctrl+S or Import reads it; Escape cancels.",
                classes="note",
                markup=False,
            )
            yield Label("", id="paste-error", classes="error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Import", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#paste", TextArea).focus()

    @on(Button.Pressed, "#ok")
    def action_read(self) -> None:
        text = self.query_one("#paste", TextArea).text
        error = self.query_one("#paste-error", Label)
        if not text.strip():
            error.update("Paste a list first.")
            return
        try:
            self.dismiss(read(text))
        except share.NotAShareList as exc:
            error.update(f"Not a list billhooks can import: {exc}")

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
