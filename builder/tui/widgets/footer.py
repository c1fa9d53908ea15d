"""The army screen's footer: every key that applies to the selection, on one line.

At 80 columns the keys that change the selection's records (add, edit, move, remove, the
ruleset's own) and Save and Help come first; keys that do not depend on the selection give way,
in :data:`GIVE_WAY` order, when the line is full (all of them stay bound, and the help lists
them).
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

#: Footer keys shown only where there is room, the first to go first (the command palette is
#: "command_palette").
GIVE_WAY = ("command_palette", "quit", "roll", "undo", "toggle_theme")


def _width(key: FooterKey) -> int:
    """Columns a compact footer key takes: "a Add unit" and a space after it."""
    label = key.key_display + (f" {key.description}" if key.description else "")
    return len(label) + 1


def fitted(keys: list[FooterKey], width: int) -> list[FooterKey]:
    """``keys`` less those that give way, until they fit in ``width`` columns."""
    kept = list(keys)
    for action in GIVE_WAY:
        if sum(_width(k) for k in kept) <= width:
            break
        kept = [k for k in kept if k.action != action]
    return kept


class KeyFooter(Footer):
    """Textual's footer, fitted to the screen's width."""

    def compose(self) -> ComposeResult:
        keys = list(super().compose())
        yield from fitted([k for k in keys if isinstance(k, FooterKey)], self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.recompose)
