"""The base of the builder's screens: the app they run in, typed as the builder's own."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import App
from textual.screen import Screen

if TYPE_CHECKING:
    from builder.tui.app import BuilderApp


def builder_of(app: App[object]) -> BuilderApp:
    """``app`` as the builder (every screen and dialog of this package runs in one)."""
    from builder.tui.app import BuilderApp

    assert isinstance(app, BuilderApp), type(app).__name__
    return app


class BuilderScreen(Screen[None]):
    """A screen of the builder, with its app as :class:`BuilderApp` (its session, its
    settings) without a cast."""

    #: Which actions of the action table are this screen's own ("army", "print"; "": none).
    SCOPE: ClassVar[str] = ""

    @property
    def builder(self) -> BuilderApp:
        return builder_of(self.app)
