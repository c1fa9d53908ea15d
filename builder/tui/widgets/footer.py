"""The army screen's footer: every key that applies to the selection, on one line.

At 80 columns the keys that change the selection's records (add, edit, move, remove, the
ruleset's own) and Save and Help come first; keys that do not depend on the selection give way,
in :data:`GIVE_WAY` order, when the line is full (all of them stay bound, and the help lists
them).
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
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


def _shown(keys: list[FooterKey]) -> tuple[tuple[object, ...], ...]:
    """What a row of footer keys shows and does, to tell whether it changed."""
    return tuple((k.key, k.key_display, k.description, k.action, k._disabled, k.tooltip)
                 for k in keys)


class KeyFooter(Footer):
    """Textual's footer, fitted to the screen's width. It is rebuilt only when the keys it
    shows change: Textual's rebuilds it whenever bindings might have changed (each key press
    and focus move), which cost more than anything else in a key press."""

    _showing: tuple[tuple[object, ...], ...] | None = None

    def _keys(self) -> list[FooterKey]:
        keys = [k for k in super().compose() if isinstance(k, FooterKey)]
        return fitted(keys, self.app.size.width)

    def compose(self) -> ComposeResult:
        keys = self._keys()
        self._showing = _shown(keys)
        yield from keys

    async def _refresh_keys(self) -> None:
        if self.is_attached and _shown(self._keys()) != self._showing:
            await self.recompose()

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self.call_after_refresh(self._refresh_keys)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._refresh_keys)
