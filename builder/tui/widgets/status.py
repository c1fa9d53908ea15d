"""The status bar: the ruleset's metrics (each labelled), and LEGAL or what is broken."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from builder.rules.base import Summary, number
from builder.tui.widgets.colours import Colours, theme_colours


def metrics_text(summary: Summary, colours: Colours) -> Text:
    """Each metric labelled ("Troop pts 99 of 100  Leader pts 10  ...")."""
    text = Text()
    for metric in summary.metrics:
        text.append(f"{metric.short or metric.label} ")
        # Red when the check finds the number wrong (a mustered army overshoots by design).
        text.append(f"{number(metric.value)}", f"bold {colours.error}"
                    if metric.level == "error" else "bold")
        if metric.of is not None:
            text.append(f" of {number(metric.of)}")
        text.append("  ")
    return text


class StatusBar(Static):
    """Always visible; the screen calls :meth:`show` after every check."""

    def show(self, summary: Summary, dirty: bool) -> None:
        colours = theme_colours(self.app)
        text = metrics_text(summary, colours)
        errors, warnings = len(summary.errors), len(summary.warnings)
        if errors:
            text.append(f" ✖ {errors} broken rule{'s' if errors != 1 else ''} ",
                        f"bold {colours.error} reverse")
        else:
            text.append(" ✔ LEGAL ", f"bold {colours.success} reverse")
        if warnings:
            text.append(f" ▲ {warnings}", f"bold {colours.warning}")
        if dirty:
            text.append("  ● unsaved", "italic")
        self.update(text)
