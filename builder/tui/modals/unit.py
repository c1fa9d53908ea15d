"""Edit a unit: quality, formation, the rear company of a combined block, extras, label.

Only the options the ruleset allows for the unit's troop are offered (``unit_options``); the
points shown update as the options change (from the ruleset, never worked out here).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Select

from builder.rules.base import Ruleset, number
from builder.rules.billhooks.model import RearCompany, Unit
from builder.rules.billhooks.options import unit_options
from builder.rules.billhooks.points import figures, unit_points, unit_title
from builder.rules.schema import table_at
from builder.tui.modals.base import Dialog, checked, row


def _choices(values: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(v.replace("-", " ").capitalize(), v) for v in values]


class UnitDialog(Dialog[Unit | None]):
    """Dismisses with the edited unit (a new object), or None."""

    ERROR_LABEL = "unit-error"

    def __init__(self, ruleset: Ruleset, unit: Unit) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.unit = unit
        self.options = unit_options(unit.troop)
        self.unit_table = table_at(ruleset.schema, "wards[0].units[0]")

    def compose(self) -> ComposeResult:
        opts, unit = self.options, self.unit
        with Vertical(classes="dialog"):
            yield Label(unit_title(unit), id="unit-title", classes="title",
                        markup=False)
            with VerticalScroll(classes="fields"):
                if opts.qualities:
                    yield row("Quality", Select(_choices(opts.qualities), allow_blank=False,
                                                id="unit-quality", compact=True,
                                                value=unit.quality or opts.default_quality))
                if len(opts.formations) > 1:
                    formation = unit.formation if unit.formation in opts.formations else "single"
                    yield row("Formation", Select(_choices(opts.formations), allow_blank=False,
                                                  id="unit-formation", value=formation,
                                                  compact=True))
                if opts.rear_troops:
                    rear = unit.rear
                    rear_troop = rear.troop if rear and rear.troop in opts.rear_troops \
                        else opts.rear_troops[0]
                    rear_quality = rear.quality if rear and rear.quality else \
                        opts.default_quality
                    with Vertical(id="unit-rear"):
                        yield row("Rear company", Select(_choices(opts.rear_troops),
                                                         allow_blank=False, compact=True,
                                                         id="unit-rear-troop", value=rear_troop))
                        yield row("Rear quality", Select(_choices(opts.qualities),
                                                         allow_blank=False, compact=True,
                                                         id="unit-rear-quality",
                                                         value=rear_quality))
                if opts.stakes:
                    yield row("", Checkbox("Stakes", unit.stakes, id="unit-stakes",
                                                 compact=True))
                if opts.pavises:
                    yield row("", Checkbox("Pavises", unit.pavises, id="unit-pavises",
                                                  compact=True))
                if opts.defences:
                    yield row("", Checkbox("Field defences", unit.defences,
                                                         id="unit-defences", compact=True))
                if opts.arms:
                    yield row("Arms", Select([("None", ""), *_choices(opts.arms)],
                                             allow_blank=False, compact=True, id="unit-arms",
                                             value=unit.arms or ""))
                yield row("Label", Input(unit.label or "", id="unit-label", compact=True,
                                         placeholder="e.g. Burgundian crossbows",
                                         **checked(self.unit_table, "label", "Label")))
                yield row("Nationality", Input(unit.nationality or "", id="unit-nationality",
                                               compact=True, placeholder="e.g. Irish",
                                               **checked(self.unit_table, "nationality",
                                                         "Nationality")))
            yield Label("", id="unit-points", classes="points")
            yield Label("", id="unit-error", classes="error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Keep", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self._update()

    def _value(self, selector: str, default: Any = None) -> Any:
        found = self.query(selector)
        if not found:
            return default
        widget: Any = found.first()
        return widget.value

    def result(self) -> Unit:
        """The unit as the form now stands."""
        opts, unit = self.options, self.unit
        quality = self._value("#unit-quality")
        if quality == opts.default_quality and unit.quality is None:
            quality = None
        formation = self._value("#unit-formation", "single")
        rear = None
        if formation == "combined":
            rear_quality = self._value("#unit-rear-quality")
            keep_none = unit.rear is None or unit.rear.quality is None
            rear = RearCompany(self._value("#unit-rear-troop"),
                               None if rear_quality == opts.default_quality and keep_none
                               else rear_quality)
        label = str(self._value("#unit-label", "")).strip() or None
        nationality = str(self._value("#unit-nationality", "")).strip() or None
        return dataclasses.replace(
            unit, quality=quality, formation=formation, rear=rear,
            stakes=bool(self._value("#unit-stakes", False)),
            pavises=bool(self._value("#unit-pavises", False)),
            defences=bool(self._value("#unit-defences", False)),
            arms=self._value("#unit-arms", "") or None,
            label=label, nationality=nationality,
        )

    def _update(self) -> None:
        if self.query("#unit-rear"):
            self.query_one("#unit-rear").display = self._value("#unit-formation") == "combined"
        unit = self.result()
        self.query_one("#unit-title", Label).update(unit_title(unit))
        self.query_one("#unit-points", Label).update(
            f"{figures(unit)} figures, {number(unit_points(unit))} points")

    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _changed(self) -> None:
        self._update()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        if self.fields_ok():
            self.dismiss(self.result())

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
