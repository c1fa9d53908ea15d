"""Pick one of a few things from a list (the ward a unit moves to)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from builder.tui.modals.base import Dialog


class PickDialog(Dialog[int | None]):
    """Dismisses with the index of the chosen entry, or None."""

    def __init__(self, title: str, entries: list[str], disabled: set[int] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.entries = entries
        self.unavailable = disabled or set()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="title", markup=False)
            yield OptionList(
                *[
                    Option(Text(e), id=str(i), disabled=i in self.unavailable)
                    for i, e in enumerate(self.entries)
                ],
                id="entries",
            )

    @on(OptionList.OptionSelected, "#entries")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        assert event.option_id is not None
        self.dismiss(int(event.option_id))
