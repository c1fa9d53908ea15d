"""Pick a troop from the ruleset's catalogue: a list to search (best match first, see
:mod:`builder.tui.search`), with points and unit size."""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from builder.core.base import Entry, number
from builder.tui.modals.base import Dialog
from builder.tui.search import nothing_found, ranked
from builder.tui.widgets.lists import Stopping


def _prompt(row: Entry, left: float | None) -> Text:
    text = Text()
    text.append(f"{row.name:<18}", "bold")
    if row.points is not None:  # no points column in a system without points
        text.append(f"{f'{number(row.points)} pts':>7}  ")
    else:
        text.append("  ")
    if left is not None:
        # What is left of the agreed points after adding it; what does not fit is marked.
        text.append(
            f"{number(left):>4} left  " if left >= 0 else f"✖ {number(-left):>2} over  ",
            "bold red" if left < 0 else "",
        )
    text.append(f"{row.kind}, {row.summary}", "dim")
    return text


class CataloguePicker(Dialog[str | None]):
    """Dismisses with the chosen entry's key, or None. Typing filters the list."""

    def __init__(
        self, rows: tuple[Entry, ...], heading: str, left: dict[str, float | None] | None = None
    ) -> None:
        """``left``: each entry's points left after adding it, where the system has points."""
        super().__init__()
        self.rows = rows
        self.heading = heading
        self.left = left or {}
        self._query = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.heading, classes="title", markup=False)
            yield Input(placeholder="Search (name, kind, option)", id="search", compact=True)
            yield Stopping(*self._options(""), id="troops", compact=True)
            yield Label("", id="nothing", markup=False)

    def _options(self, query: str) -> list[Option]:
        return [
            Option(_prompt(row, self.left.get(row.key)), id=row.key)
            for row in ranked(self.rows, query)
        ]

    def on_mount(self) -> None:
        self.query_one("#troops", OptionList).highlighted = 0
        self.query_one("#search", Input).focus()

    def _show(self, query: str) -> None:
        """The list for ``query`` (once per query: the Changed event comes after a typed-ahead
        key has already shown it)."""
        if query == self._query:
            return
        self._query = query
        troops = self.query_one("#troops", OptionList)
        troops.clear_options()
        troops.add_options(self._options(query))
        if troops.option_count:
            troops.highlighted = 0
        # An empty list says so, and what to search for instead.
        troops.display = bool(troops.option_count)
        nothing = self.query_one("#nothing", Label)
        nothing.update("" if troops.option_count else nothing_found(self.rows, query))
        nothing.display = not troops.option_count

    @on(Input.Changed, "#search")
    def _filter(self, event: Input.Changed) -> None:
        self._show(event.value)

    def _take_highlighted(self) -> None:
        self._show(self.query_one("#search", Input).value)
        troops = self.query_one("#troops", OptionList)
        if troops.option_count and troops.highlighted is not None:
            self.dismiss(troops.get_option_at_index(troops.highlighted).id)

    def on_key(self, event: events.Key) -> None:
        search = self.query_one("#search", Input)
        if event.key == "enter":
            # Taken here, not by the Input's binding: Enter typed with the keys that opened the
            # picker comes before the search box has focus.
            self._take_highlighted()
            event.stop()
        elif event.is_printable and event.character is not None:
            # A key the search box did not take (typed while the picker opened, or with the
            # list focused) goes into the search.
            search.insert_text_at_cursor(event.character)
            self._show(search.value)
            event.stop()
        elif event.key in ("up", "down") and search.has_focus:
            # Up and down move through the list while typing in the search box.
            troops = self.query_one("#troops", OptionList)
            troops.action_cursor_down() if event.key == "down" else troops.action_cursor_up()
            event.stop()

    @on(OptionList.OptionSelected, "#troops")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)
