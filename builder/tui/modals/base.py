"""What every dialog shares: Escape cancels (dismisses with None); fields checked as the army
file loader checks them, the first problem shown in the dialog."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual import on
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.validation import ValidationResult, Validator
from textual.widget import Widget
from textual.widgets import Input, Label

from builder.core.schema import Field
from builder.core.validate import ArmyFileError, Ctx, check_field

T = TypeVar("T")


class FileCheck(Validator):
    """Accepts what the army-file loader accepts for ``key``: the loader's own check, so a
    dialog never keeps a value the saved file would then refuse."""

    def __init__(self, key: str, spec: Field, name: str) -> None:
        super().__init__()
        self.key, self.spec, self.name = key, spec, name

    def validate(self, value: str) -> ValidationResult:
        typed: object = value.strip()  # what the dialogs keep
        if self.spec.type == "int":
            try:
                typed = int(value)
            except ValueError:
                return self.failure(f"{self.name} must be a whole number.")
        try:
            check_field(Ctx("", ""), self.key, typed, self.spec)
        except ArmyFileError as exc:
            return self.failure(f"{self.name}: {exc.message}.")
        return self.success()


class Dialog(ModalScreen[T]):
    """A modal dialog; Escape dismisses it with None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    #: The id of the label that says what is wrong with a field (None: the dialog has none).
    ERROR_LABEL: str | None = None
    #: The dialogs' stylesheet (see :func:`builder.tui.screens.base.add_styles`).
    STYLES: ClassVar[str] = "dialogs.tcss"

    def action_cancel(self) -> None:
        self.dismiss(None)

    def fields_ok(self, focus: bool = True) -> bool:
        """Whether every field passes its checks; else the first problem is shown (and that
        field focused)."""
        for field in self.query(Input):
            result = field.validate(field.value)
            if result is not None and not result.is_valid:
                self._say(result.failure_descriptions[0])
                if focus:
                    field.focus()
                return False
        self._say("")
        return True

    def _say(self, problem: str) -> None:
        if self.ERROR_LABEL is not None:
            self.query_one(f"#{self.ERROR_LABEL}", Label).update(problem)

    @on(Input.Changed)
    def _field_changed(self) -> None:
        # Said as it is typed, not only when the dialog is closed.
        if self.ERROR_LABEL is not None:
            self.fields_ok(focus=False)


def row(label: str, widget: Widget, row_id: str | None = None) -> Horizontal:
    """A dialog field: its name on the left, the compact widget beside it."""
    return Horizontal(Label(label, classes="row-label"), widget, classes="row", id=row_id)
