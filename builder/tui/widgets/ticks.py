"""Checkboxes that read on or off without colour: a tick (✔) when on, nothing when off.

Textual's own show the same ▐X▌ either way, told apart only by colour (and not at all on a
monochrome terminal). The record forms' on/off switch, the Print and Mustering options and every
multiple choice (traits, stratagems, what to print) use these.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import Checkbox, SelectionList
from textual.widgets._toggle_button import ToggleButton
from textual.widgets.option_list import OptionDoesNotExist

from builder.tui.widgets.lists import step

ON, OFF = "✔", " "


class Tick(Checkbox):
    """A checkbox whose box holds a tick when it is on."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.BUTTON_INNER = ON if self.value else OFF

    def watch_value(self) -> None:
        self.BUTTON_INNER = ON if self.value else OFF
        super().watch_value()


class TickList(SelectionList[str]):
    """A selection list whose chosen lines hold a tick in their box (its cursor stops at
    its ends)."""

    def render_line(self, y: int) -> Strip:
        line = super().render_line(y)
        segments = list(line)
        try:
            chosen = self.get_option_at_index(self.scroll_offset.y + y).value in self._selected
        except OptionDoesNotExist:  # no option on this line: nothing to mark
            return line
        if len(segments) < 2 or segments[1].text != ToggleButton.BUTTON_INNER:
            return line
        segments[1] = Segment(ON if chosen else OFF, segments[1].style)
        return Strip(segments, line.cell_length)

    def action_cursor_down(self) -> None:
        if not step(self, 1):
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if not step(self, -1):
            super().action_cursor_up()
