"""The findings panel: errors and warnings in plain words; choosing one jumps to its place."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from builder.core.base import Finding, Ruleset, Summary
from builder.tui.advice import builder_message
from builder.tui.widgets.colours import Colours, theme_colours


def _prompt(finding: Finding, ruleset: Ruleset, colours: Colours) -> Text:
    error = finding.level == "error"
    mark = (
        ("✖ error  ", f"bold {colours.error}")
        if error
        else ("▲ warning", f"bold {colours.warning}")
    )
    return Text.assemble(mark, "  ", builder_message(finding, ruleset))


class FindingsPanel(OptionList):
    """Lists the findings of the latest check; posts :class:`Jump` when one is chosen."""

    @dataclass
    class Jump(Message):
        """The user chose a finding: go to the place it concerns."""

        finding: Finding

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._findings: tuple[Finding, ...] = ()
        self._shown: tuple[object, ...] | None = None

    def show(self, summary: Summary, ruleset: Ruleset) -> None:
        colours = theme_colours(self.app)
        self._findings = summary.findings
        # Most edits leave the findings as they read (a removal renumbers the places they
        # point at, not their words): the list then stays as it is drawn.
        prompts = tuple(_prompt(f, ruleset, colours) for f in summary.findings)
        if prompts == self._shown:
            return
        if prompts and self._shown and len(prompts) == len(self._shown):
            self._reword(prompts)
        else:
            self._rebuild(prompts)
        self._shown = prompts
        errors, warnings = len(summary.errors), len(summary.warnings)
        self.border_title = (
            f"Findings: {errors} error{'s' if errors != 1 else ''}, "
            f"{warnings} warning{'s' if warnings != 1 else ''}"
        )

    def _reword(self, prompts: tuple[Text, ...]) -> None:
        """As many findings as shown (an edit rewords one): the changed lines are replaced
        where they are. The list lays itself out again only if it takes a different number
        of lines (a rebuild lays out the whole screen)."""
        assert self._shown is not None
        for index, (was, now) in enumerate(zip(self._shown, prompts, strict=True)):
            if was != now:
                self.replace_option_prompt_at_index(index, now)
        self._update_lines()

    def _rebuild(self, prompts: tuple[Text, ...]) -> None:
        highlighted = self.highlighted
        options = [Option(prompt, id=str(i)) for i, prompt in enumerate(prompts)]
        if not options:
            options = [Option(Text("No findings: every rule is kept.", "italic"), disabled=True)]
        # One call: adding options one by one lays the whole list out again for each.
        self.clear_options()
        self.add_options(options)
        if prompts:
            self.highlighted = min(highlighted or 0, len(prompts) - 1)

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id is not None:
            self.post_message(self.Jump(self._findings[int(event.option_id)]))
