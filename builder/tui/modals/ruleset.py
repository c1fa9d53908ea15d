"""Which rule system a new army is for: each named as its own rules name it."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from builder.registry import DEFAULT, get_ruleset, names
from builder.tui.modals.base import Dialog


def choices() -> list[tuple[str, str]]:
    """Every rule system this program knows: its name and its title, as its rules give it."""
    return [(name, get_ruleset(name).title) for name in names()]


class RulesetDialog(Dialog[str | None]):
    """Dismisses with the chosen ruleset's name, or None (Escape)."""

    def __init__(
        self, heading: str, current: str = DEFAULT, extra: tuple[tuple[str, str], ...] = ()
    ) -> None:
        """``extra``: other choices (an id and its words) after the rule systems."""
        super().__init__()
        self.heading = heading
        self.current = current
        self.systems = choices()
        self.extra = extra

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.heading, classes="title", markup=False)
            yield OptionList(
                *[Option(Text(title), id=name) for name, title in [*self.systems, *self.extra]],
                id="rulesets",
            )
            kept = dict(self.systems).get(self.current, self.current)
            yield Label(f"Enter chooses; Escape keeps {kept}.", classes="note", markup=False)

    def on_mount(self) -> None:
        entries = self.query_one("#rulesets", OptionList)
        entries.highlighted = next(
            (i for i, (name, _) in enumerate(self.systems) if name == self.current), 0
        )
        entries.focus()

    @on(OptionList.OptionSelected, "#rulesets")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)
