"""Scrolling widgets whose content changes length without laying out the screen."""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView


class SteadyScroll(ScrollView):
    """A line-drawn widget whose content grows or shrinks inside a size set by the screen.

    Textual lays out the whole screen whenever a widget's virtual (scrollable) size changes,
    and the screen's next frame then draws every line that moved: a tree's lines after a
    removal, a record's facts of another length. Here the scrollbars are brought up to date
    instead; only a scrollbar that appears or goes lays out the screen (the widget's
    content area changes then)."""

    #: Not repainted either: what changed is the widget's to redraw (all of it or some lines).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)

    def watch_virtual_size(self, size: Size) -> None:
        if self.container_size:  # laid out at least once: else the first layout sizes it
            self._scroll_update(size)
