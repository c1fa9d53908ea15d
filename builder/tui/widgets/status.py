"""The status bar: points against the agreed total, Army Morale, and LEGAL or what is broken."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from builder.rules.base import ArmySummary, number
from builder.rules.billhooks.model import Army
from builder.tui.widgets.colours import theme_colours


def _pts(value: float | None) -> str:
    return "-" if value is None else f"{number(value)}"


class StatusBar(Static):
    """Always visible; the screen calls :meth:`show` after every check."""

    def show(self, army: Army, summary: ArmySummary, dirty: bool) -> None:
        colours = theme_colours(self.app)
        text = Text()
        agreed = army.agreed_troops
        text.append("Troops ")
        # Red when the check says so (a mustered army overshoots by design).
        troops_over = any(f.code == "over-points" for f in summary.findings)
        text.append(_pts(summary.troop_points), f"bold {colours.error}" if troops_over
                    else "bold")
        if agreed is not None:
            text.append(f" of {agreed}" + (" dealt" if army.muster is not None else ""))
        text.append("  Leaders ")
        text.append(_pts(summary.leader_points), "bold")
        text.append("  Total ")
        text.append(_pts(summary.total_points), "bold")
        text.append("  Morale ")
        text.append(str(summary.army_morale_tokens), "bold")
        text.append("  ")
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
