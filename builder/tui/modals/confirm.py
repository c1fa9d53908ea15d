"""A question with a few answers as buttons, e.g. quitting with unsaved changes."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label

from builder.tui.modals.base import Dialog


class Confirm(Dialog[str | None]):
    """Dismisses with the id of the button pressed, or None (Escape)."""

    def __init__(self, question: str, answers: list[tuple[str, str, str]]) -> None:
        """``answers``: (id, label, variant) per button, the first one focused."""
        super().__init__()
        self.question = question
        self.answers = answers

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="question", markup=False)
            with Horizontal(classes="buttons"):
                for answer_id, label, variant in self.answers:
                    yield Button(
                        label,
                        id=answer_id,
                        variant=variant,  # type: ignore[arg-type]
                        compact=True,
                    )

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)
