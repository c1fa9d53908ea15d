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


class KeyFooter(Footer):
    """Textual's footer, fitted to the screen's width. It is rebuilt only when what it is
    built from changes (the shown bindings, their state and the width): Textual's rebuilds it
    whenever bindings might have changed (each key press and focus move), which cost more
    than anything else in a key press, and building its keys only to compare them was most of
    what was left."""

    _built_from: tuple[object, ...] | None = None

    def _inputs(self) -> tuple[object, ...]:
        """Everything :meth:`compose` reads, in a form that compares."""
        palette = self.app.COMMAND_PALETTE_BINDING
        bindings = tuple(
            (
                key,
                b.key,
                b.action,
                b.description,
                b.group,
                b.tooltip,
                enabled,
                tooltip,
                self.app.get_key_display(b),
            )
            for key, (_, b, enabled, tooltip) in self.screen.active_bindings.items()
            if b.show or key == palette
        )
        return (
            self._bindings_ready,
            self.app.size.width,
            self.compact,
            self.show_command_palette,
            bindings,
        )

    def compose(self) -> ComposeResult:
        self._built_from = self._inputs()
        keys = [k for k in super().compose() if isinstance(k, FooterKey)]
        yield from fitted(keys, self.app.size.width)

    async def _refresh_keys(self) -> None:
        if self.is_attached and self._inputs() != self._built_from:
            await self.recompose()

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self.call_after_refresh(self._refresh_keys)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._refresh_keys)
