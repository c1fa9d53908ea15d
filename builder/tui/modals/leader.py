"""Edit a leader: name, rank, command class by hand, mounted, C-in-C."""

from __future__ import annotations

import dataclasses

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Select

from builder.rules.base import Ruleset
from builder.rules.billhooks.catalogue import COMMAND_CLASSES
from builder.rules.billhooks.model import Leader
from builder.rules.schema import table_at
from builder.tui.modals.base import Dialog, checked, row


class LeaderDialog(Dialog[Leader | None]):
    """Dismisses with the edited leader (a new object), or None."""

    ERROR_LABEL = "leader-error"

    def __init__(self, ruleset: Ruleset, leader: Leader, title: str = "Leader") -> None:
        super().__init__()
        self.ruleset = ruleset
        self.leader = leader
        self.title_text = title

    def compose(self) -> ComposeResult:
        leader = self.leader
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="title", markup=False)
            with VerticalScroll(classes="fields"):
                schema = table_at(self.ruleset.schema, "wards[0].leader")
                yield row("Name", Input(leader.name, id="leader-name", compact=True,
                                        **checked(schema, "name", "Name")))
                yield row("Rank", Input(leader.rank, id="leader-rank", compact=True,
                                        **checked(schema, "rank", "Rank")))
                yield row("Command class",
                          Select([(f"{name} ({n})", n) for n, name in COMMAND_CLASSES.items()],
                                 allow_blank=False, value=leader.command_class,
                                 id="leader-class", compact=True))
                yield row("", Checkbox("C-in-C", leader.c_in_c, id="leader-c-in-c",
                                             compact=True))
                yield row("", Checkbox("Mounted", leader.mounted, id="leader-mounted",
                                              compact=True))
            yield Label("", id="leader-error", classes="error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Keep", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        if not self.fields_ok():
            return
        name = self.query_one("#leader-name", Input).value.strip()
        self.dismiss(dataclasses.replace(
            self.leader, name=name,
            rank=self.query_one("#leader-rank", Input).value.strip() or self.leader.rank,
            command_class=int(self.query_one("#leader-class", Select).value),  # type: ignore[arg-type]
            c_in_c=self.query_one("#leader-c-in-c", Checkbox).value,
            mounted=self.query_one("#leader-mounted", Checkbox).value,
        ))

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
