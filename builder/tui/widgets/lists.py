"""Lists that stop at their ends: Down on the last line stays there, Up on the first too.

Textual's lists wrap round, so a second Down past the end of a short list of choices lands
back on the first (two Downs from Retinue on Levy) without a word. Every list of choices in
the builder (the record forms' drop-downs and tick lists, the Print and Mustering choices,
the Add catalogue) stops instead.

Each is a subclass of the Textual list it replaces, that list its first base: Textual's CSS
and queries know a widget by its first bases' names (a drop-down finds its SelectOverlay).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import OptionList, Select
from textual.widgets._select import SelectCurrent, SelectOverlay


def step(options: OptionList, direction: int) -> bool:
    """Move ``options``' cursor one enabled line in ``direction`` (1 down, -1 up), not past
    either end. False when nothing is highlighted yet (the caller does what Textual does)."""
    at = options.highlighted
    if at is None:
        return False
    i = at + direction
    while 0 <= i < options.option_count and options.get_option_at_index(i).disabled:
        i += direction
    if 0 <= i < options.option_count:
        options.highlighted = i
    return True


class Stopping(OptionList):
    """An option list whose cursor keys stop at the first and last enabled lines."""

    def action_cursor_down(self) -> None:
        if not step(self, 1):
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if not step(self, -1):
            super().action_cursor_up()


class StoppingOverlay(SelectOverlay):
    """A drop-down's open list, stopping at its ends."""

    def action_cursor_down(self) -> None:
        if not step(self, 1):
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if not step(self, -1):
            super().action_cursor_up()


class Choices(Select[object]):
    """A drop-down whose open list stops at its ends."""

    def compose(self) -> ComposeResult:
        # Select's own parts, its overlay the stopping one.
        yield SelectCurrent(self.prompt)
        yield StoppingOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)
