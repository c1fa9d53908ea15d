"""The command class roll: every die shown, then keep the classes or not."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from builder.tui.modals.base import Dialog


def roll_table(rolls: list[Any]) -> Table:
    """One row per leader: the dice in order, why each re-roll, the class that stands."""
    table = Table(box=None, padding=(0, 1), expand=True)
    table.add_column("Leader", ratio=3)
    table.add_column("Dice", ratio=3)
    table.add_column("Class", ratio=2, no_wrap=True)
    for roll in rolls:
        dice = Text(", ".join(str(d) for d in roll.dice), "bold")
        for die, why in zip(roll.dice, roll.rerolls, strict=False):
            dice.append(f"\n{die}: {why}", "italic")
        table.add_row(Text(roll.name), dice, f"{roll.class_name} ({roll.command_class})")
    return table


class RollDialog(Dialog[bool | None]):
    """Dismisses with True to keep the rolled classes."""

    def __init__(self, rolls: list[Any], seed: int) -> None:
        super().__init__()
        self.rolls = rolls
        self.seed = seed

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"Command class rolls (seed {self.seed})", classes="title")
            yield Label("One die each: 6 Hero, 2-5 Commander, 1 Dolt.", classes="note")
            yield Static(roll_table(self.rolls), id="rolls")
            with Horizontal(classes="buttons"):
                yield Button("Keep these classes", id="ok", variant="primary",
                             compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
