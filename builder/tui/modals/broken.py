"""The army file named on the command line could not be read: say why, offer Open and New."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label

from builder.core.validate import ArmyFileError
from builder.tui.actions import key_of
from builder.tui.modals.base import Dialog


class BrokenFileDialog(Dialog[str | None]):
    """Dismisses with "open", "new" or "quit"; None (Escape) stays on the new army too."""

    # The app's own Ctrl+O and Ctrl+N are off under a dialog: here they answer it.
    BINDINGS = [
        Binding("ctrl+o", "answer('open')", "Open", priority=True),
        Binding("ctrl+n", "answer('new')", "New army", priority=True),
    ]

    def __init__(self, problem: ArmyFileError) -> None:
        super().__init__()
        self.problem = problem

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"Cannot open {self.problem.path}", classes="title", markup=False)
            yield Label(str(self.problem), id="broken-error", classes="error", markup=False)
            yield Label(
                "The file is left as it is: nothing is saved there unless you choose "
                "it in Save as. Mend it in an editor and open it again, open another "
                "file, or start on a new army.",
                classes="note",
            )
            with Horizontal(classes="buttons"):
                yield Button(
                    f"Open... ({key_of('open')})", id="open", variant="primary", compact=True
                )
                yield Button(f"New army ({key_of('new')})", id="new", compact=True)
                yield Button("Quit", id="quit", compact=True)

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)
