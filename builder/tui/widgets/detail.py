"""The detail pane: what the selected record shows a player (the ruleset's ``facts``), and
the findings about it."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.containers import VerticalScroll
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, RichVisual
from textual.widgets import Static

from builder.core import schema
from builder.core.base import ArmyRecord, Facts, Finding, Ruleset, Summary
from builder.tui.advice import builder_message
from builder.tui.widgets.colours import Colours, theme_colours


def _findings(findings: list[Finding], colours: Colours, ruleset: Ruleset) -> list[RenderableType]:
    out: list[RenderableType] = []
    for f in findings:
        colour = colours.error if f.level == "error" else colours.warning
        mark = "✖" if f.level == "error" else "▲"
        out.append(Text.assemble((f"{mark} ", f"bold {colour}"), builder_message(f, ruleset)))
    return out


#: The widest a label runs before it wraps (the longest one-word labels fit).
LABEL_WIDTH = 18


def facts_view(
    facts: Facts, findings: list[Finding], colours: Colours, ruleset: Ruleset
) -> RenderableType:
    """A record's facts: heading, subheading, a grid of label and value, its notes as
    bullets, then the findings about it."""
    grid = Table.grid(padding=(0, 2))
    # A long label ("Expected, melee round (5 dice)") wraps in its column rather than
    # squeezing the values into a sliver of the pane.
    grid.add_column(style="bold", max_width=LABEL_WIDTH)
    grid.add_column(ratio=1)
    for row in facts.rows:
        grid.add_row(row.label, Text(row.value))
    if facts.notes:
        grid.add_row("Special", Text("\n".join(f"• {note}" for note in facts.notes)))
    parts: list[RenderableType] = [Text(facts.heading, "bold")]
    if facts.subheading:
        parts.append(Text(facts.subheading, "dim"))
    parts += [Text(), grid]
    if findings:
        parts += [Text(), *_findings(findings, colours, ruleset)]
    return Group(*parts)


def owner(where: str) -> str:
    """The record a finding's place belongs to: up to its last indexed step
    (``groups[1].leader`` and ``groups[1]`` are the group's; ``points`` is the army's)."""
    steps = schema.parse(where)
    last = max((i for i, step in enumerate(steps) if step.index is not None), default=-1)
    return schema.place(*steps[: last + 1])


def findings_at(summary: Summary, where: str) -> list[Finding]:
    """The findings about the record at ``where``."""
    return [f for f in summary.findings if owner(f.where) == where]


class RenderedOnce(RichVisual):
    """A Rich renderable rendered once for each width. Textual renders a Rich renderable
    twice when it changes (once to count its lines for the layout, again to draw them): a
    record's facts table, a few milliseconds each time, on every edit."""

    def __init__(self, widget: Static, renderable: RenderableType) -> None:
        super().__init__(widget, renderable)
        self.renderable = renderable
        self._width = -1
        self._lines: list[list[Segment]] = []

    def _lines_at(self, width: int) -> list[list[Segment]]:
        if width != self._width:
            app = self._widget.app
            options = app.console_options.update(highlight=False).update_width(width)
            self._lines = app.console.render_lines(self._renderable, options, pad=False)
            self._width = width
        return self._lines

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self._lines_at(width))

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        # The widget's own style goes under the renderable's, as Textual's does.
        base = style.rich_style
        return [Strip(Segment.apply_style(line, base)) for line in self._lines_at(width)[:height]]


class FactsBody(Static):
    """The pane's body: its content (the facts) is drawn through :class:`RenderedOnce`."""

    _once: RenderedOnce | None = None

    def render(self) -> RenderResult:
        content = self.content
        if not isinstance(content, Group):
            return super().render()  # nothing shown yet
        if self._once is None or self._once.renderable is not content:
            self._once = RenderedOnce(self, content)
        return self._once

    def show(self, content: RenderableType) -> None:
        """Show ``content``, laying out the screen only when it takes a different number of
        lines: a layout redraws the whole screen, and most edits change a value, not the
        shape of the facts."""
        once = RenderedOnce(self, content)
        width, height = self.content_size
        same = width > 0 and len(once._lines_at(width)) == height
        self._once = once
        self.update(content, layout=not same)


class DetailPane(VerticalScroll):
    """Scrollable facts for one place in the army; the screen calls :meth:`show`.
    Focusable (Tab), so a long profile scrolls with the arrow keys at 80x24."""

    _shown: tuple[object, ...] | None = None

    def compose(self) -> ComposeResult:
        yield FactsBody(id="detail-body")

    def show(self, ruleset: Ruleset, army: ArmyRecord, where: str, summary: Summary) -> None:
        facts = ruleset.facts(army, where)
        self.border_title = schema.table_at(ruleset.schema, where).noun.capitalize()
        findings = findings_at(summary, where)
        colours = theme_colours(self.app)
        # An edit elsewhere in the army leaves this record's facts as they were: the pane then
        # stays as it is drawn (drawing it again lays out the screen).
        shown = (facts, findings, colours, ruleset)
        if shown == self._shown:
            return
        self._shown = shown
        self.query_one("#detail-body", FactsBody).show(
            facts_view(facts, findings, colours, ruleset)
        )
