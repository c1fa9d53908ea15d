"""The one record form: the fields the ruleset offers for a record (``offered``), whatever the
rule system.

Each :class:`~builder.core.base.Offer` becomes a widget by its field's type: a select (with
each choice's cost), a checkbox (on or off at a glance, with what switching it on costs), a
number or text checked exactly as the army-file loader checks it, a multi-select for a list, a
sub-form for a nested table. Every change is made to a copy of the army and offered again, so
what the form shows (the fields, the costs, the record's and the army's totals, the findings)
is always the ruleset's answer for the record as it now stands.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.suggester import SuggestFromList
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, SelectionList, Static

from builder.core import schema
from builder.core.base import ArmyRecord, Choice, Offer, Ruleset, number
from builder.core.schema import Field
from builder.tui import edits
from builder.tui.advice import form_message
from builder.tui.modals.base import Dialog, FileCheck, row
from builder.tui.widgets.colours import theme_colours
from builder.tui.widgets.lists import Choices
from builder.tui.widgets.status import metrics_text
from builder.tui.widgets.ticks import Tick, TickList


def cost_text(choice: Choice) -> str:
    """A choice with its cost, where it has one: "Elite +3", "Raw -1", "Plain"."""
    if not choice.cost:
        return choice.label
    return f"{choice.label} {number(choice.cost):+}"


class OnOff(Tick):
    """A checkbox that reads on or off at a glance: "✔ on" or "  off", then what switching it
    on costs ("+3")."""

    def __init__(self, cost: str, value: bool, **kwargs: Any) -> None:
        self.cost = cost
        super().__init__(self._words(value), value, **kwargs)

    def _words(self, value: bool) -> str:
        return ("on" if value else "off") + (f"  {self.cost}" if self.cost else "")

    def set_cost(self, cost: str) -> None:
        self.cost = cost
        self.label = self._words(self.value)

    def watch_value(self) -> None:
        self.label = self._words(self.value)
        super().watch_value()


def _at_limit(widget: Widget, spec: Field) -> str:
    """What the form says when a text field is full: typing more does nothing, so say why."""
    if isinstance(widget, Input) and widget.max_length and len(widget.value) >= widget.max_length:
        return f"{spec.title}: at most {widget.max_length} characters."
    return ""


def _id(path: tuple[str, ...]) -> str:
    return "field-" + "-".join(path)


def _path(widget_id: str | None) -> tuple[str, ...]:
    return tuple((widget_id or "")[len("field-") :].split("-"))


def _choices(offer: Offer) -> tuple[Choice, ...]:
    """The offer's choices, or the field's own (without costs) where the ruleset gave none."""
    if offer.choices:
        return offer.choices
    return tuple(Choice(v, v.replace("-", " ").capitalize()) for v in offer.field.choices or ())


def _shape(offers: tuple[Offer, ...]) -> tuple[object, ...]:
    """What decides which widgets the form has: rebuilt only when this changes."""
    return tuple(
        (o.field.key, o.field.type, tuple(c.value for c in o.choices), _shape(o.offers))
        for o in offers
    )


class RecordForm(Dialog[object | None]):
    """Dismisses with the edited record (a new object, for its place), or None."""

    BINDINGS = [Binding("ctrl+s", "keep", "Keep", priority=True)]

    def __init__(self, ruleset: Ruleset, army: ArmyRecord, where: str, heading: str) -> None:
        """``army`` is copied: nothing changes until the caller puts the result at ``where``."""
        super().__init__()
        self.ruleset = ruleset
        self.work: ArmyRecord = copy.deepcopy(army)
        self.where = where
        self.heading = heading
        self.table = schema.table_at(ruleset.schema, where)
        self.offers = ruleset.offered(self.work, where)
        #: Every field the form has shown: one it stops offering goes back to its default.
        self.seen: set[str] = {o.field.key for o in self.offers}
        self._settle()

    # --- building --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.heading, id="form-title", classes="title", markup=False)
            with VerticalScroll(id="form-fields", classes="fields"):
                yield from self._rows(self.offers, ())
            # The whole of the choice under the cursor in a list of choices (a trait, a
            # stratagem), which the list's line cuts short.
            yield Static("", id="form-choice", markup=False)
            yield Static("", id="form-totals", classes="points")
            yield Static("", id="form-findings")
            yield Label("", id="form-error", classes="error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Keep (Ctrl+S)", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def _rows(self, offers: tuple[Offer, ...], under: tuple[str, ...]) -> list[Widget]:
        out: list[Widget] = []
        for offer in offers:
            path = (*under, offer.field.key)
            if offer.field.type == "table":
                out.append(Label(offer.field.title, classes="subform-title"))
                out.append(Vertical(*self._rows(offer.offers, path), classes="subform"))
            else:
                out.append(
                    row(
                        offer.field.title, self._widget(offer, path), row_id=f"row-{'-'.join(path)}"
                    )
                )
        return out

    def _widget(self, offer: Offer, path: tuple[str, ...]) -> Widget:
        spec, value = offer.field, offer.value
        if spec.type == "bool":
            on_cost = next((c.cost for c in offer.choices if c.value is True), None)
            label = "" if not on_cost else f"{number(on_cost):+}"
            return OnOff(label, bool(value), id=_id(path), compact=True)
        if spec.type == "list":
            held = value if isinstance(value, (list, tuple)) else ()
            items = [(cost_text(c), str(c.value), c.value in held) for c in _choices(offer)]
            return TickList(*items, id=_id(path), compact=True)
        choices = _choices(offer)
        if choices:
            index = next((i for i, c in enumerate(choices) if c.value == value), 0)
            return Choices(
                [(cost_text(c), i) for i, c in enumerate(choices)],
                value=index,
                allow_blank=False,
                id=_id(path),
                compact=True,
            )
        text = "" if value is None else str(value)
        extra: dict[str, Any] = {
            "max_length": spec.max_len or 0,
            "validators": [FileCheck(spec.key, spec, spec.title)],
        }
        if spec.type == "int":
            extra |= {"type": "integer", "valid_empty": self._may_be_blank(spec)}
        if spec.suggestions:  # completed as typed (Right takes it); any other text is allowed
            extra["suggester"] = SuggestFromList(spec.suggestions, case_sensitive=False)
        return Input(text, id=_id(path), compact=True, **extra)

    def _may_be_blank(self, spec: Field) -> bool:
        return not spec.required and self.table.default(spec.key) is None

    def on_mount(self) -> None:
        self._say("")
        self._show_totals()
        first = self._fields()
        if first:
            first[0].focus()

    def _fields(self) -> list[Widget]:
        return [w for w in self.query("#form-fields *") if w.id and w.id.startswith("field-")]

    # --- reading and applying ------------------------------------------------------------

    def _offer(self, path: tuple[str, ...]) -> Offer | None:
        offers, found = self.offers, None
        for key in path:
            found = next((o for o in offers if o.field.key == key), None)
            if found is None:
                return None
            offers = found.offers
        return found

    def _typed(self, widget: Widget, offer: Offer) -> tuple[bool, object]:
        """The widget's value as the record holds it; (False, message) if it is not one."""
        spec = offer.field
        if isinstance(widget, Checkbox):
            return True, widget.value
        if isinstance(widget, SelectionList):
            chosen = set(widget.selected)
            return True, [c.value for c in _choices(offer) if str(c.value) in chosen]
        if isinstance(widget, Select):
            return True, _choices(offer)[int(widget.value)].value  # type: ignore[arg-type]
        assert isinstance(widget, Input)
        text = widget.value.strip()
        if not text:
            if spec.required:
                return False, f"{spec.title} is needed."
            if spec.type == "int" and not self._may_be_blank(spec):
                return False, f"{spec.title} must be a whole number."
            return True, self.table.default(spec.key) if len(_path(widget.id)) == 1 else None
        result = widget.validate(widget.value)
        if result is not None and not result.is_valid:
            return False, result.failure_descriptions[0]
        return True, int(text) if spec.type == "int" else text

    def _set(self, path: tuple[str, ...], value: object) -> None:
        if len(path) == 1:
            schema.set_value(self.work, self.where, path[0], value)
            return
        outer = self._offer(path[:1])
        assert outer is not None
        nested = getattr(schema.get(self.work, self.where), path[0]) or outer.value
        changed = dataclasses.replace(nested, **{path[1]: value})  # type: ignore[type-var]
        schema.set_value(self.work, self.where, path[0], changed)

    def _settle(self) -> None:
        """Offer again; a field no longer offered goes back to its default, and a nested table
        offered with a value the record lacks (a combined block's rear) is filled in."""
        record = schema.get(self.work, self.where)
        for _ in range(3):  # each pass can only reveal fields the last one hid or filled
            self.offers = self.ruleset.offered(self.work, self.where)
            offered = {o.field.key: o for o in self.offers}
            changed = False
            for key in sorted((self.seen | self._refused()) - set(offered)):
                default = self.table.default(key)
                if getattr(record, key) != default:
                    schema.set_value(self.work, self.where, key, default)
                    changed = True
            for offer in self.offers:
                if (
                    offer.field.type == "table"
                    and getattr(record, offer.field.key) is None
                    and offer.value is not None
                ):
                    schema.set_value(self.work, self.where, offer.field.key, offer.value)
                    changed = True
            self.seen |= set(offered)
            if not changed:
                return

    def _refused(self) -> set[str]:
        """Fields of this record a finding says to change that the ruleset does not offer
        here (an option the unit may not take): the form drops them, as it shows none."""
        here = edits.place_of(self.ruleset.schema, self.work, self.where)
        fields = {f.key for f in self.table.fields if not f.path}
        return {
            f.fix.key
            for f in self.ruleset.check(self.work)
            if f.fix is not None
            and f.fix.key in fields
            and edits.place_of(self.ruleset.schema, self.work, f.where) == here
        }

    async def _changed(self, widget: Widget) -> None:
        path = _path(widget.id)
        offer = self._offer(path)
        if offer is None:
            return
        ok, value = self._typed(widget, offer)
        if not ok:
            self._say(str(value))
            return
        self._say(_at_limit(widget, offer.field))
        if value == offer.value:
            return  # nothing new (a widget saying its first value): defaults stay unwritten
        self._set(path, value)
        before = _shape(self.offers)
        self._settle()
        if _shape(self.offers) != before:
            await self._rebuild(widget.id)
        else:
            self._relabel()
        self._show_totals()

    async def _rebuild(self, focus_id: str | None) -> None:
        fields = self.query_one("#form-fields", VerticalScroll)
        await fields.remove_children()
        await fields.mount_all(self._rows(self.offers, ()))
        again = [w for w in self._fields() if w.id == focus_id]
        if again:
            again[0].focus()

    def _relabel(self) -> None:
        """New costs for the same widgets (a cost is against the record as it now stands)."""
        for widget in self._fields():
            offer = self._offer(_path(widget.id))
            if offer is None:
                continue
            if isinstance(widget, Select):
                current = widget.value
                with widget.prevent(Select.Changed):
                    widget.set_options([(cost_text(c), i) for i, c in enumerate(_choices(offer))])
                    widget.value = current
            elif isinstance(widget, OnOff):
                on_cost = next((c.cost for c in offer.choices if c.value is True), None)
                widget.set_cost("" if not on_cost else f"{number(on_cost):+}")

    def _show_totals(self) -> None:
        summary = self.ruleset.summary(self.work)
        self.query_one("#form-title", Label).update(self.ruleset.title_of(self.work, self.where))
        line = next((ln for ln in summary.lines if ln.where == self.where), None)
        text = Text()
        if line is not None and (line.points is not None or line.figures is not None):
            bits = []
            if line.figures is not None:
                bits.append(f"{line.figures} figures")
            if line.points is not None:
                bits.append(f"{number(line.points)} points")
            text.append(f"This {self.table.noun}: {', '.join(bits)}\n", "bold")
        text.append("Army: ")
        text.append_text(metrics_text(summary, theme_colours(self.app)))
        self.query_one("#form-totals", Static).update(text)
        here = edits.place_of(self.ruleset.schema, self.work, self.where)
        about = [
            f
            for f in summary.findings
            if edits.place_of(self.ruleset.schema, self.work, f.where) == here
        ]
        colours = theme_colours(self.app)
        found = Text()
        for f in about[:3]:
            colour = colours.error if f.level == "error" else colours.warning
            found.append("✖ " if f.level == "error" else "▲ ", f"bold {colour}")
            found.append(form_message(f, self.ruleset, self.table) + "\n")
        self.query_one("#form-findings", Static).update(found)

    def _say(self, problem: str) -> None:
        # Said in the form, under the fields (never only in a toast); no empty red bar.
        label = self.query_one("#form-error", Label)
        label.update(problem)
        label.display = bool(problem)

    # --- events ----------------------------------------------------------------------------

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # The focused field's row is marked, so its name stands out (":focus-within" on the
        # row did not follow Tab).
        for row_ in self.query(".row"):
            row_.set_class(event.widget in row_.query("*"), "-current")
        widget = event.widget
        if not (widget.id or "").startswith("field-"):
            return  # a button: what is said stays put (it moving would move the button)
        index = widget.highlighted if isinstance(widget, SelectionList) else None
        self._show_choice(widget, index)

    @on(SelectionList.SelectionHighlighted)
    def _choice_highlighted(self, event: SelectionList.SelectionHighlighted[str]) -> None:
        if event.selection_list.has_focus:
            self._show_choice(event.selection_list, event.selection_index)

    def _show_choice(self, widget: Widget, index: int | None) -> None:
        """Under the fields: the focused field's note (what the rules say of it while
        choosing: "a leader leads one stand"), and the whole of the choice under the cursor
        in a list of choices, which the list's line may cut short."""
        offer = self._offer(_path(widget.id)) if widget.id else None
        said = [offer.note] if offer is not None and offer.note else []
        if isinstance(widget, SelectionList) and index is not None:
            said.append(str(widget.get_option_at_index(index).prompt))
        shown = self.query_one("#form-choice", Static)
        shown.update("\n".join(said))
        shown.display = bool(said)

    @on(Select.Changed)
    @on(Checkbox.Changed)
    @on(SelectionList.SelectedChanged)
    @on(Input.Changed)
    async def _widget_changed(
        self,
        event: Select.Changed
        | Checkbox.Changed
        | SelectionList.SelectedChanged[str]
        | Input.Changed,
    ) -> None:
        widget = event.control
        if widget is not None and widget.id and widget.id.startswith("field-"):
            await self._changed(widget)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        # Enter moves on, and keeps on the last field.
        fields = self._fields()
        if fields and event.input is fields[-1]:
            self.action_keep()
        else:
            self.focus_next()

    def _all_ok(self) -> bool:
        for widget in self._fields():
            offer = self._offer(_path(widget.id))
            if offer is None:
                continue
            ok, message = self._typed(widget, offer)
            if not ok:
                self._say(str(message))
                widget.focus()
                return False
        self._say("")
        return True

    @on(Button.Pressed, "#ok")
    def action_keep(self) -> None:
        if self._all_ok():
            self.dismiss(schema.get(self.work, self.where))

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
