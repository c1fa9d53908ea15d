"""Edit the army's name, side, agreed points and whether it is an English army."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.validation import Integer
from textual.widgets import Button, Checkbox, Input, Label, Select

from builder import armyfile
from builder.army import Army
from builder.armyfile import NAME_MAX
from builder.rules.base import Ruleset
from builder.tui.edits import ArmySettings
from builder.tui.modals.base import Dialog, row

#: The Select value for "no side chosen".
NO_SIDE = "-"
#: The loader's own bounds on ``points``: the dialog never keeps a value the file refuses.
POINTS = armyfile._TOP["points"]


def points_validator() -> Integer:
    return Integer(POINTS.min, POINTS.max, failure_description=(
        f"Agreed points must be a whole number from {POINTS.min} to {POINTS.max}, or blank."))


class SettingsDialog(Dialog[ArmySettings | None]):
    """Dismisses with the new settings, or None."""

    def __init__(self, ruleset: Ruleset, army: Army) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.army = army

    def compose(self) -> ComposeResult:
        army = self.army
        with Vertical(classes="dialog"):
            yield Label("Army settings", classes="title")
            with VerticalScroll(classes="fields"):
                yield row("Name", Input(army.name, id="settings-name", max_length=NAME_MAX,
                                        compact=True))
                yield row("Side", Select([("Not set", NO_SIDE),
                                          *[(s.capitalize(), s) for s in self.ruleset.sides]],
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
                                                     validators=[points_validator()],
                                                     valid_empty=True, compact=True))
            yield Label("", id="settings-error", classes="error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Keep", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        error = self.query_one("#settings-error", Label)
        name = self.query_one("#settings-name", Input).value.strip()
        if not name:
            error.update("The army needs a name.")
            return
        points = self.army.points
        if self.query("#settings-points"):
            field = self.query_one("#settings-points", Input)
            result = field.validate(field.value)
            if result is not None and not result.is_valid:
                error.update(result.failure_descriptions[0])
                field.focus()
                return
            points = int(field.value) if field.value else None
        side = self.query_one("#settings-side", Select).value
        self.dismiss(ArmySettings(name, None if side == NO_SIDE else str(side),
                                  self.query_one("#settings-english", Checkbox).value, points))

    @on(Input.Changed, "#settings-points")
    def _points_changed(self, event: Input.Changed) -> None:
        # Said as it is typed, not only when Keep is pressed.
        result = event.validation_result
        self.query_one("#settings-error", Label).update(
            "" if result is None or result.is_valid else result.failure_descriptions[0])

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
