"""Lists that stop at their ends: Down on the last line stays there, Up on the first too.

Textual's lists wrap round, so a second Down past the end of a short list of choices lands
back on the first (two Downs from Retinue on Levy) without a word. Every list of choices in
the builder (the record forms' drop-downs and tick lists, the Print and Mustering choices)
stops instead.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import OptionList, Select
from textual.widgets._select import SelectCurrent, SelectOverlay


class Stopping(OptionList):
    """An option list whose cursor keys stop at the first and last enabled lines."""

    def _step(self, direction: int) -> None:
        at = self.highlighted
        if at is None:
            # Nothing highlighted yet: the first (or last) line, as Textual does.
            if direction > 0:
                super().action_cursor_down()
            else:
                super().action_cursor_up()
            return
        i = at + direction
        while 0 <= i < self.option_count and self.get_option_at_index(i).disabled:
            i += direction
        if 0 <= i < self.option_count:
            self.highlighted = i

    def action_cursor_down(self) -> None:
        self._step(1)

    def action_cursor_up(self) -> None:
        self._step(-1)


class StoppingOverlay(Stopping, SelectOverlay):
    """A drop-down's open list, stopping at its ends."""


class Choices(Select[object]):
    """A drop-down whose open list stops at its ends."""

    def compose(self) -> ComposeResult:
        # Select's own parts, its overlay the stopping one.
        yield SelectCurrent(self.prompt)
        yield StoppingOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)
