"""The status bar: the ruleset's metrics (each labelled), and LEGAL or what is broken."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from builder.core.base import Metric, Summary, number
from builder.tui.widgets.colours import Colours, theme_colours


def _metric(metric: Metric, colours: Colours) -> Text:
    text = Text(f"{metric.short or metric.label} ")
    # Red when the check finds the number wrong (a mustered army overshoots by design).
    text.append(
        f"{number(metric.value)}", f"bold {colours.error}" if metric.level == "error" else "bold"
    )
    if metric.of is not None:
        text.append(f" of {number(metric.of)}")
    text.append("  ")
    return text


def metrics_text(summary: Summary, colours: Colours) -> Text:
    """Each metric labelled ("Troop pts 99 of 100  Leader pts 10  ...")."""
    return Text().join(_metric(m, colours) for m in summary.metrics)


def status_text(summary: Summary, dirty: bool, colours: Colours, width: int | None = None) -> Text:
    """The metrics, the verdict, the warnings and the unsaved mark; in ``width`` columns the
    last metrics give way first, so the verdict and "● unsaved" always show."""
    tail = Text()
    errors, warnings = len(summary.errors), len(summary.warnings)
    if errors:
        tail.append(
            f" ✖ {errors} broken rule{'s' if errors != 1 else ''} ", f"bold {colours.error} reverse"
        )
    else:
        tail.append(" ✔ LEGAL ", f"bold {colours.success} reverse")
    if warnings:
        tail.append(f" ▲ {warnings}", f"bold {colours.warning}")
    if dirty:
        tail.append("  ● unsaved", "italic")
    metrics = [_metric(m, colours) for m in summary.metrics]
    while (
        width is not None and metrics and sum(m.cell_len for m in metrics) + tail.cell_len > width
    ):
        metrics.pop()
    return Text().join([*metrics, tail])


class StatusBar(Static):
    """Always visible; the screen calls :meth:`show` after every check."""

    _shown: tuple[Summary, bool] | None = None
    _text: Text | None = None

    def show(self, summary: Summary, dirty: bool) -> None:
        self._shown = (summary, dirty)
        width = self.content_region.width or None
        text = status_text(summary, dirty, theme_colours(self.app), width)
        if text != self._text:
            self._text = text
            # One line whatever it says (the stylesheet sets its height): no layout is needed,
            # so the new status is drawn in the next frame without laying out the screen.
            self.update(text, layout=False)

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)
