"""Edit the army's name, side, agreed points and whether it is an English army."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Select

from builder.rules.base import Ruleset
from builder.rules.billhooks.model import Army
from builder.tui.edits import ArmySettings
from builder.tui.modals.base import Dialog, checked, row

#: The Select value for "no side chosen".
NO_SIDE = "-"


class SettingsDialog(Dialog[ArmySettings | None]):
    """Dismisses with the new settings, or None."""

    ERROR_LABEL = "settings-error"

    def __init__(self, ruleset: Ruleset, army: Army) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.army = army

    def compose(self) -> ComposeResult:
        army = self.army
        with Vertical(classes="dialog"):
            yield Label("Army settings", classes="title")
            with VerticalScroll(classes="fields"):
                yield row("Name", Input(army.name, id="settings-name", compact=True,
                                        **checked(self.ruleset.schema, "name", "Name")))
                yield row("Side", Select([("Not set", NO_SIDE),
                                          *[(s.name, s.key) for s in self.ruleset.sides.fixed]],
                                         allow_blank=False, value=army.side or NO_SIDE,
                                         id="settings-side", compact=True))
                yield row("English army", Checkbox("the English restrictions apply",
                                                   army.english, id="settings-english",
                                                   compact=True))
                if army.muster is not None:
                    yield row("Agreed points", Label(f"{army.muster.troops}, set by the "
                                                     "Mustering draw"))
                else:
                    yield row("Agreed points", Input("" if army.points is None
                                                     else str(army.points),
                                                     id="settings-points", type="integer",
                                                     placeholder="blank: none",
                                                     valid_empty=True, compact=True,
                                                     **checked(self.ruleset.schema, "points",
                                                               "Agreed points")))
            yield Label("", id="settings-error", classes="error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Keep", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        if not self.fields_ok():
            return
        name = self.query_one("#settings-name", Input).value.strip()
        points = self.army.points
        if self.query("#settings-points"):
            text = self.query_one("#settings-points", Input).value
            points = int(text) if text else None
        side = self.query_one("#settings-side", Select).value
        self.dismiss(ArmySettings(name, None if side == NO_SIDE else str(side),
                                  self.query_one("#settings-english", Checkbox).value, points))

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
