"""The ruleset's build-time roll (its leaders' qualities): every die shown, then keep the
results or not."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from builder.core.base import Roll
from builder.tui.modals.base import Dialog


def roll_table(roll: Roll) -> Table:
    """One row per roll: who, the dice in order with why each re-roll, what stands."""
    table = Table(box=None, padding=(0, 1), expand=True)
    table.add_column("Who", ratio=3)
    table.add_column("Dice", ratio=3)
    table.add_column("Result", ratio=2, no_wrap=True)
    for line in roll.lines:
        dice = Text(", ".join(str(d) for d in line.dice), "bold")
        for die, why in zip(line.dice, line.rerolls, strict=False):
            dice.append(f"\n{die}: {why}", "italic")
        table.add_row(Text(line.who), dice, line.result)
    return table


class RollDialog(Dialog[bool | None]):
    """Dismisses with True to keep what was rolled."""

    def __init__(self, roll: Roll, seed: int) -> None:
        super().__init__()
        self.roll = roll
        self.seed = seed

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"{self.roll.title} (seed {self.seed})", classes="title")
            yield Label(f"One die each: {self.roll.legend}.", classes="note")
            yield Static(roll_table(self.roll), id="rolls")
            with Horizontal(classes="buttons"):
                yield Button(
                    f"Keep these {self.roll.what}", id="ok", variant="primary", compact=True
                )
                yield Button("Cancel", id="cancel", compact=True)

    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
