"""The base of the builder's screens: the app they run in, typed as the builder's own; the
stylesheet of their own each may have."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App
from textual.screen import Screen

if TYPE_CHECKING:
    from builder.tui.app import BuilderApp


def builder_of(app: App[object]) -> BuilderApp:
    """``app`` as the builder (every screen and dialog of this package runs in one)."""
    from builder.tui.app import BuilderApp

    assert isinstance(app, BuilderApp), type(app).__name__
    return app


def add_styles(app: App[Any], screen: Screen[Any]) -> None:
    """Add the stylesheet ``screen`` names (its ``STYLES``, a file beside ``builder.tcss``) to
    ``app``'s, the first time one of its kind is shown: the first screen does not parse the
    dialogs', Mustering's or Print's rules. Textual's ``CSS_PATH`` on a screen would parse every
    stylesheet of the app again (about 20 ms) then; added as a source, only the new one is."""
    name: str = getattr(screen, "STYLES", "")
    if not name:
        return
    path = str(Path(__file__).parent.parent / name)
    if not app.stylesheet.has_source(path):
        # As Textual reads a file: a stylesheet of the app's own, after those before it.
        with open(path, encoding="utf-8") as css:
            app.stylesheet.add_source(css.read(), read_from=(path, ""))


class BuilderScreen(Screen[None]):
    """A screen of the builder, with its app as :class:`BuilderApp` (its session, its
    settings) without a cast."""

    #: Which actions of the action table are this screen's own ("army", "print"; "": none).
    SCOPE: ClassVar[str] = ""
    #: Its own stylesheet, beside ``builder.tcss`` ("": its rules are there); see
    #: :func:`add_styles`.
    STYLES: ClassVar[str] = ""

    @property
    def builder(self) -> BuilderApp:
        return builder_of(self.app)
