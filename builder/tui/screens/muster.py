"""The Mustering screen: a collection, agreed troops, leaders, a seed, one side or both, and the
keep-proportions house rule; the deal plays out card by card with the running total, then the
result opens for editing. Whether the army is English (dealt with a core) comes from the
collection file."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, DataTable, Footer, Header, Input, Label, Select

from builder import armyfile
from builder.core.base import Ruleset, number
from builder.core.mustering import FREE_SIDES, Collection, Deal, DrawError, Mustering
from builder.core.validate import ArmyFileError
from builder.resources import examples_dir
from builder.tui.modals.base import row
from builder.tui.screens.base import BuilderScreen
from builder.tui.widgets.lists import Choices
from builder.tui.widgets.ticks import Tick

if TYPE_CHECKING:
    pass

BOTH = "both"


def _button_id(side: str, index: int) -> str:
    """A widget id for a side's button: its key, or its place where the side is
    free text ("Side A" cannot be an id)."""
    return side if re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", side) else f"side-{index + 1}"


def _shown(path: Path) -> str:
    """A path as short as it can be: relative to the current folder when it is inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


class MusterScreen(BuilderScreen):
    """Deals an army (or two) from a collection; ``app.open_mustered`` takes the result."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back to the army")]
    STYLES = "muster.tcss"

    #: Seconds between cards as the deal plays out (tests set 0).
    delay = 0.12

    def __init__(self, ruleset: Ruleset, muster: Mustering, side: str | None) -> None:
        """Deals under ``ruleset``'s Mustering rules; a single army for ``side`` (the army
        being edited) unless the player picks another."""
        super().__init__()
        self.ruleset = ruleset
        self.muster = muster
        fixed = tuple(s.key for s in ruleset.sides.fixed)
        #: The sides a draw deals for: the system's own, or "Side A" and "Side B".
        self.sides = fixed or FREE_SIDES
        self.side = side if side in self.sides else muster.default_side
        self.deal_result: Deal | None = None

    def compose(self) -> ComposeResult:
        yield Header(icon="⚔")
        with Vertical(id="muster-form"):
            sample = self.muster.sample_collection
            yield row(
                "Collection",
                Input(
                    _shown(examples_dir() / sample) if sample else "",
                    id="muster-collection",
                    compact=True,
                ),
            )
            with Horizontal(classes="row"):
                # The size's word: troop points -> Troops, figures -> Figures.
                word = self.muster.measure.split()[0].capitalize()
                measure = word if word.endswith("s") else f"{word}s"
                yield Label(measure, classes="row-label")
                size = str(self.muster.usual_size)
                yield Input(size, id="muster-troops", type="integer", compact=True)
                yield Label("Leaders", classes="inline-label")
                leaders = self.muster.default_leaders
                yield Input(
                    "" if leaders is None else str(leaders),
                    id="muster-leaders",
                    type="integer",
                    placeholder="usual",
                    compact=True,
                )
                yield Label("Seed", classes="inline-label")
                yield Input(
                    "", id="muster-seed", type="integer", placeholder="random", compact=True
                )
            with Horizontal(classes="row"):
                yield Label("Side", classes="row-label")
                yield Choices(
                    [(self.ruleset.sides.name_of(side), side) for side in self.sides]
                    + [("All (club draft)", BOTH)],
                    value=self.side,
                    allow_blank=False,
                    id="muster-side",
                    compact=True,
                )
                yield Button("Deal", id="muster-deal", variant="primary", compact=True)
            # The rules deal every card; this house rule is off unless asked for, and shown
            # only for a draw that has it.
            house = row(
                "House rule",
                Tick(
                    "Keep proportions: set aside skirmish cards over one fifth",
                    id="muster-keep",
                    compact=True,
                ),
            )
            house.display = self.muster.keeps_proportions
            yield house
        yield DataTable(id="muster-deal-table", cursor_type="row", zebra_stripes=True)
        yield Label("", id="muster-result")
        yield Horizontal(id="muster-open")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Mustering"
        table = self.query_one("#muster-deal-table", DataTable)
        # A card's size in the draw's measure: troop points -> points, figures, units, stands.
        table.add_columns("step", "side", self.muster.measure.split()[-1], "running", "card")
        table.border_title = "The deal"
        self.query_one("#muster-troops", Input).focus()

    def _int(self, selector: str, what: str, low: int) -> int | None:
        text = self.query_one(selector, Input).value.strip()
        if not text and selector in ("#muster-seed", "#muster-leaders"):
            return None
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"{what} must be a whole number") from None
        if value < low:
            raise ValueError(f"{what} must be {low} or more")
        return value

    @on(Button.Pressed, "#muster-deal")
    @on(Input.Submitted)
    def deal(self) -> None:
        result = self.query_one("#muster-result", Label)
        try:
            troops = self._int("#muster-troops", self.muster.measure.capitalize(), 1)
            leaders = self._int("#muster-leaders", "Leaders", 1)
            seed = self._int("#muster-seed", "Seed", 0)
        except ValueError as exc:
            result.update(Text(str(exc), "bold red"))
            return
        assert troops is not None
        if seed is None:
            seed = self.builder.next_seed()
        side = str(self.query_one("#muster-side", Select).value)
        sides = self.sides if side == BOTH else (side,)
        path = Path(self.query_one("#muster-collection", Input).value.strip()).expanduser()
        keep = self.query_one("#muster-keep", Checkbox).value
        try:
            deal = self.muster.deal(
                self._collection(path), troops, leaders, sides, random.Random(seed), seed, keep
            )
        except (ArmyFileError, DrawError) as exc:
            result.update(Text(f"No army dealt: {exc}", "bold red"))
            return
        self.deal_result = deal
        self.play(deal)

    def _collection(self, path: Path) -> Collection:
        """The collection at ``path``; it must be one of this ruleset's."""
        ruleset, collection = armyfile.load_collection(path)
        if ruleset.name != self.ruleset.name:
            raise ArmyFileError(path, f"a {ruleset.title} collection, not {self.ruleset.title}")
        return collection

    @work(exclusive=True)
    async def play(self, deal: Deal) -> None:
        """Show the draw a card at a time, say where each side's deal stops, then offer the
        armies for editing."""
        table = self.query_one("#muster-deal-table", DataTable)
        table.clear()
        result = self.query_one("#muster-result", Label)
        buttons = self.query_one("#muster-open", Horizontal)
        await buttons.remove_children()
        name = self.ruleset.sides.name_of
        result.update(f"Seed {deal.seed}: dealing {deal.target} {self.muster.measure} ...")
        if deal.opening:
            table.add_row("", "", "", "", Text(deal.opening, "italic"))
        shuffled = False
        for step, event in enumerate(deal.steps, 1):
            if event.kind != "core" and not shuffled:
                shuffled = True
                table.add_row(
                    "",
                    "",
                    "",
                    "",
                    Text(
                        f"shuffled {deal.deck_size} cards, cut: the top {deal.cut} to the bottom",
                        "italic",
                    ),
                )
            what = {"core": "core", "deal": "total", "set-aside": "set aside"}[event.kind]
            card = Text(event.card)
            if event.kind == "set-aside":
                card.stylize("strike")
            table.add_row(
                str(step),
                name(event.side),
                Text(f"{number(event.points)}", justify="right"),
                f"{what} {number(event.total)}",
                card,
            )
            if event.kind == "deal" and event.total >= deal.target:
                table.add_row(
                    "",
                    "",
                    "",
                    "",
                    Text(
                        f"{name(event.side)} stops: {number(event.total)} reaches {deal.target}",
                        "italic",
                    ),
                )
            table.move_cursor(row=table.row_count - 1)
            if self.delay:
                await asyncio.sleep(self.delay)
        lines = [
            f"{name(a.side)}: {number(a.troop_points)} {self.muster.measure} for "
            f"{deal.target} agreed"
            + (
                f", leaders {number(a.leader_points)}, total {number(a.total_points)}"
                if a.leader_points
                else ""
            )
            for a in deal.armies
        ]
        result.update(f"Seed {deal.seed}. " + "; ".join(lines) + ".")
        await buttons.mount_all(
            Button(
                f"Edit the {name(a.side)} army",
                id=f"open-{_button_id(a.side, i)}",
                variant="primary",
                compact=True,
            )
            for i, a in enumerate(deal.armies)
        )
        buttons.query(Button).first().focus()

    @on(Button.Pressed, "#muster-open Button")
    def _open(self, event: Button.Pressed) -> None:
        assert self.deal_result is not None and event.button.id is not None
        ids = {_button_id(a.side, i): a.side for i, a in enumerate(self.deal_result.armies)}
        side = ids[event.button.id.removeprefix("open-")]
        self.builder.open_mustered(self.muster, self.deal_result, side)
