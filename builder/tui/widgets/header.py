"""The army screen's header: Textual's, with a title that lays nothing out when it changes."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.visual import VisualType
from textual.widgets import Header
from textual.widgets._header import HeaderTitle


class _Title(HeaderTitle):
    """One line the header's width whatever it says (its style), so a new title needs no
    layout. Textual's lays out the whole screen each time, and the title changes with an
    edit: the unsaved mark comes and goes (an undo back to the saved army)."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        super().update(content, layout=False)


class ArmyHeader(Header):
    """Textual's header with :class:`_Title` for its title."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield _Title() if isinstance(widget, HeaderTitle) else widget
