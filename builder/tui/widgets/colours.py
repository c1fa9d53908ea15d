"""Theme colours for Rich text the widgets build (so light and dark themes both read well)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import App


@dataclass(frozen=True)
class Colours:
    """The theme's colours for findings and highlights, as Rich colour names."""

    error: str
    warning: str
    success: str
    accent: str


def theme_colours(app: App[object]) -> Colours:
    """The current theme's error, warning, success and accent colours as Rich colour names."""
    theme = app.current_theme
    return Colours(
        theme.error or "red",
        theme.warning or "yellow",
        theme.success or "green",
        theme.accent or theme.primary,
    )
