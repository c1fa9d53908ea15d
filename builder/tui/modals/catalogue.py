"""Pick a troop from the ruleset's catalogue: a list to search, with points and unit size."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from builder.rules.base import Entry, number
from builder.tui.modals.base import Dialog


def _prompt(row: Entry, left: float | None) -> Text:
    text = Text()
    text.append(f"{row.name:<18}", "bold")
    if row.points is not None:  # no points column in a system without points
        text.append(f"{f'{number(row.points)} pts':>7}  ")
    else:
        text.append("  ")
    if left is not None:
        # What is left of the agreed points after adding it; what does not fit is marked.
        text.append(f"{number(left):>4} left  " if left >= 0 else
                    f"✖ {number(-left):>2} over  ", "bold red" if left < 0 else "")
    text.append(f"{row.kind}, {row.summary}", "dim")
    return text


class CataloguePicker(Dialog[str | None]):
    """Dismisses with the chosen entry's key, or None. Typing filters the list."""

    def __init__(self, rows: tuple[Entry, ...], heading: str,
                 left: dict[str, float | None] | None = None) -> None:
        """``left``: each entry's points left after adding it, where the system has points."""
        super().__init__()
        self.rows = rows
        self.heading = heading
        self.left = left or {}

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.heading, classes="title", markup=False)
            yield Input(placeholder="Search (name, kind, option)", id="search",
                        compact=True)
            yield OptionList(*self._options(""), id="troops", compact=True)

    def _options(self, query: str) -> list[Option]:
        words = query.lower().split()
        return [Option(_prompt(row, self.left.get(row.key)), id=row.key) for row in self.rows
                if all(w in " ".join((row.key, row.name, row.kind, row.summary,
                                      *row.options)).lower() for w in words)]

    def on_mount(self) -> None:
        self.query_one("#troops", OptionList).highlighted = 0

    @on(Input.Changed, "#search")
    def _filter(self, event: Input.Changed) -> None:
        troops = self.query_one("#troops", OptionList)
        troops.clear_options()
        troops.add_options(self._options(event.value))
        if troops.option_count:
            troops.highlighted = 0

    @on(Input.Submitted, "#search")
    def _take_highlighted(self) -> None:
        troops = self.query_one("#troops", OptionList)
        if troops.highlighted is not None:
            self.dismiss(troops.get_option_at_index(troops.highlighted).id)

    def on_key(self, event) -> None:  # type: ignore[no-untyped-def]
        # Up and down move through the list while typing in the search box.
        if event.key in ("up", "down") and self.query_one("#search", Input).has_focus:
            troops = self.query_one("#troops", OptionList)
            troops.action_cursor_down() if event.key == "down" else troops.action_cursor_up()
            event.stop()

    @on(OptionList.OptionSelected, "#troops")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)
