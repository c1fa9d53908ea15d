"""The detail pane: what the selected record shows a player (the ruleset's ``facts``), and
the findings about it."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip

from builder.core import schema
from builder.core.base import ArmyRecord, Facts, Finding, Ruleset, Summary
from builder.tui.advice import builder_message
from builder.tui.widgets.colours import Colours, theme_colours
from builder.tui.widgets.steady import SteadyScroll


def _findings(findings: list[Finding], colours: Colours, ruleset: Ruleset) -> list[Text]:
    out: list[Text] = []
    for f in findings:
        colour = colours.error if f.level == "error" else colours.warning
        mark = "✖" if f.level == "error" else "▲"
        out.append(Text.assemble((f"{mark} ", f"bold {colour}"), builder_message(f, ruleset)))
    return out


#: The widest a label runs before it wraps (the longest one-word labels fit).
LABEL_WIDTH = 18
#: Cells between a label and its value.
GAP = 2


@dataclass(frozen=True)
class FactsView:
    """A record's facts as the pane shows them: heading, subheading, then a label and value
    on each row (a long label wraps in its column rather than squeezing the values into a
    sliver of the pane; the notes as bullets under "Special"), then the findings about it.

    Laid out as a Rich grid of two columns would lay it out, but here: Rich's table measures
    and pads every cell, a few milliseconds on every edit and every move of the cursor."""

    heading: Text
    subheading: Text | None
    rows: tuple[tuple[Text, Text], ...]
    findings: tuple[Text, ...]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        lines = self.heading.wrap(console, width)
        if self.subheading is not None:
            lines.extend(self.subheading.wrap(console, width))
        out = [_segments(console, line) for line in lines]
        out.append([])
        out += _grid(console, self.rows, width)
        if self.findings:
            out.append([])
            for finding in self.findings:
                out += [_segments(console, line) for line in finding.wrap(console, width)]
        newline = Segment.line()
        for segments in out:
            yield from segments
            yield newline


def _segments(console: Console, line: Text) -> list[Segment]:
    """One wrapped line's segments in its own style (``Text.render`` leaves that to its
    caller)."""
    style = console.get_style(line.style) if line.style else None
    return list(Segment.apply_style(line.render(console), style))


def _columns(rows: tuple[tuple[Text, Text], ...], width: int) -> tuple[int, int]:
    """The label column's width (its gap after it included) and the value column's, as Rich
    sets a grid's: each as wide as its widest cell (a label at most ``LABEL_WIDTH``); when
    the two do not fit, the wider is cut to the other's width first, then both alike."""
    label = min(LABEL_WIDTH, max((label.cell_len for label, _ in rows), default=0)) + GAP
    value = max((cell_len(line) for _, v in rows for line in v.plain.split("\n")), default=1)
    excess = label + value - width
    if excess > 0:
        cut = min(excess, abs(label - value))
        if label > value:
            label -= cut
        else:
            value -= cut
        excess -= cut
        if excess > 0:
            half = min(label, round(excess / 2))
            label, value = label - half, value - (excess - half)
    return max(label, GAP + 1), max(value, 1)


def _grid(console: Console, rows: tuple[tuple[Text, Text], ...], width: int) -> list[list[Segment]]:
    """The rows as two columns, each line padded to its column."""
    label_width, value_width = _columns(rows, width)
    label_width -= GAP
    gap = Segment(" " * GAP)
    out: list[list[Segment]] = []
    for label, value in rows:
        # As a table's cells: a word too long for its column ends in an ellipsis.
        labels = label.wrap(console, label_width, overflow="ellipsis")
        values = value.wrap(console, value_width, overflow="ellipsis")
        for i in range(max(len(labels), len(values))):
            left = labels[i] if i < len(labels) else Text()
            right = values[i] if i < len(values) else Text()
            left.pad_right(label_width - left.cell_len)
            out.append([*_segments(console, left), gap, *_segments(console, right)])
    return out


def facts_view(
    facts: Facts, findings: list[Finding], colours: Colours, ruleset: Ruleset
) -> FactsView:
    """What the pane shows of a record: its facts and the findings about it."""
    rows = [(Text(row.label, "bold"), Text(row.value)) for row in facts.rows]
    if facts.notes:
        notes = "\n".join(f"• {note}" for note in facts.notes)
        rows.append((Text("Special", "bold"), Text(notes)))
    return FactsView(
        heading=Text(facts.heading, "bold"),
        subheading=Text(facts.subheading, "dim") if facts.subheading else None,
        rows=tuple(rows),
        findings=tuple(_findings(findings, colours, ruleset)),
    )


def owner(where: str) -> str:
    """The record a finding's place belongs to: up to its last indexed step
    (``groups[1].leader`` and ``groups[1]`` are the group's; ``points`` is the army's)."""
    steps = schema.parse(where)
    last = max((i for i, step in enumerate(steps) if step.index is not None), default=-1)
    return schema.place(*steps[: last + 1])


def findings_at(summary: Summary, where: str) -> list[Finding]:
    """The findings about the record at ``where``."""
    return [f for f in summary.findings if owner(f.where) == where]


class DetailPane(SteadyScroll, can_focus=True):
    """Scrollable facts for one place in the army; the screen calls :meth:`show`.
    Focusable (Tab), so a long profile scrolls with the arrow keys at 80x24. Drawn line by
    line: new facts of another length change what scrolls, not the screen's layout."""

    #: What the pane shows, None before the first :meth:`show`.
    content: FactsView | None = None
    _shown: tuple[object, ...] | None = None
    _where: str | None = None

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._lines: list[Strip] = []
        self._width = -1
        self._style = Style()

    def show(self, ruleset: Ruleset, army: ArmyRecord, where: str, summary: Summary) -> None:
        facts = ruleset.facts(army, where)
        self.border_title = schema.table_at(ruleset.schema, where).noun.capitalize()
        findings = findings_at(summary, where)
        colours = theme_colours(self.app)
        # An edit elsewhere in the army leaves this record's facts as they were: the pane then
        # stays as it is drawn.
        shown = (facts, findings, colours, ruleset)
        if shown == self._shown:
            return
        self._shown = shown
        if where != self._where and self.scroll_y:
            self.scroll_home(animate=False)  # another record is read from its top
        self._where = where
        self.content = facts_view(facts, findings, colours, ruleset)
        self._draw()

    def _draw(self) -> None:
        """Render the content once for the pane's width, its lines kept to be drawn (and
        drawn again as the pane scrolls) as they are."""
        width = self.scrollable_content_region.width
        if self.content is None or width <= 0:
            self._width = -1  # not laid out yet: drawn when it is (on_resize)
            return
        app = self.app
        options = app.console_options.update(highlight=False).update_width(width)
        lines = app.console.render_lines(self.content, options, pad=True)
        self._lines = [Strip(line, width) for line in lines]
        self._width = width
        self.virtual_size = Size(width, len(self._lines))
        self.refresh()

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._width:
            self._draw()

    def render_lines(self, crop: Region) -> list[Strip]:
        self._style = self.rich_style  # once a frame: it walks up the screen's widgets
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        if index >= len(self._lines):
            return Strip.blank(self.scrollable_content_region.width, self._style)
        # The pane's own style goes under the facts' styles, as a Static's does.
        return self._lines[index].apply_style(self._style)
