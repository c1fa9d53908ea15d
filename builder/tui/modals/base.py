"""What every dialog shares: Escape cancels (dismisses with None)."""

from __future__ import annotations

from typing import TypeVar

from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Label

T = TypeVar("T")


class Dialog(ModalScreen[T]):
    """A modal dialog; Escape dismisses it with None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def action_cancel(self) -> None:
        self.dismiss(None)


def row(label: str, widget: Widget, row_id: str | None = None) -> Horizontal:
    """A dialog field: its name on the left, the compact widget beside it."""
    return Horizontal(Label(label, classes="row-label"), widget, classes="row", id=row_id)
