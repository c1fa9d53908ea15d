"""Checkboxes read on or off without colour (issue 22 item 7): a tick when on, nothing when off,
in the record forms (on/off and multiple choices: KISS traits and stratagems), the Print screen
and Mustering's house rule. Read from what the widgets render."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Checkbox, SelectionList

from builder.resources import examples_dir
from builder.tui.app import BuilderApp
from builder.tui.modals.record import RecordForm
from builder.tui.screens.muster import MusterScreen
from builder.tui.screens.print import PrintScreen
from builder.tui.session import Session
from builder.tui.widgets.ticks import Tick, TickList


def box(widget: Checkbox) -> str:
    """What a checkbox shows in its box (between ▐ and ▌)."""
    shown = str(widget.render())
    return shown[shown.index("▐") + 1 : shown.index("▌")]


def list_boxes(widget: SelectionList[str]) -> list[tuple[str, str]]:
    """Each line of a selection list: what its box holds, and its words."""
    out = []
    for y in range(widget.option_count):
        text = "".join(segment.text for segment in widget.render_line(y))
        out.append(
            (text[text.index("▐") + 1 : text.index("▌")], text[text.index("▌") + 1 :].strip())
        )
    return out


class Both(App[None]):
    def compose(self) -> ComposeResult:
        yield Tick("Ink saver", id="off")
        yield Tick("Gutters", True, id="on")
        yield TickList(("archers", "a", True), ("billmen", "b", False), id="kinds")


def test_a_tick_when_on_nothing_when_off() -> None:
    async def run() -> None:
        app = Both()
        async with app.run_test() as pilot:
            off, on = app.query_one("#off", Tick), app.query_one("#on", Tick)
            assert (box(off), box(on)) == (" ", "✔")
            off.toggle()
            on.toggle()
            await pilot.pause()
            assert (box(off), box(on)) == ("✔", " ")
            kinds = app.query_one("#kinds", TickList)
            assert list_boxes(kinds) == [("✔", "archers"), (" ", "billmen")]
            kinds.toggle_all()
            await pilot.pause()
            assert list_boxes(kinds) == [(" ", "archers"), ("✔", "billmen")]

    asyncio.run(run())


def _copy(name: str, tmp_path: Path) -> Path:
    path = tmp_path / name
    shutil.copy(examples_dir() / name, path)
    return path


def test_kiss_traits_and_stratagems_tick_what_he_has(tmp_path: Path) -> None:
    async def run() -> None:
        app = BuilderApp(Session.open(_copy("kiss-york.toml", tmp_path)))
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("home", "down", "e")
            assert isinstance(app.screen, RecordForm)
            lists = {w.id: w for w in app.screen.query(TickList)}
            traits, stratagems = lists["field-traits"], lists["field-stratagems"]
            leader = app.session.army.wards[0].leader  # type: ignore[attr-defined]
            for widget, held in ((traits, leader.traits), (stratagems, leader.stratagems)):
                lines = list_boxes(widget)
                assert {mark for mark, _ in lines} == {"✔", " "}
                ticked = [
                    widget.get_option_at_index(i).value
                    for i, (mark, _) in enumerate(lines)
                    if mark == "✔"
                ]
                assert ticked == [
                    v
                    for v in (
                        widget.get_option_at_index(i).value for i in range(widget.option_count)
                    )
                    if v in held
                ]

    asyncio.run(run())


def test_print_and_mustering_options_tick(tmp_path: Path) -> None:
    async def run() -> None:
        app = BuilderApp(Session.open(_copy("lancaster.toml", tmp_path)))
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("p")
            for _ in range(100):
                await pilot.pause()
                if isinstance(app.screen, PrintScreen):
                    break
            screen = app.screen
            assert isinstance(screen, PrintScreen)
            kinds = screen.query_one("#print-kinds", TickList)
            assert {mark for mark, _ in list_boxes(kinds)} == {"✔"}  # all printed at first
            ink = screen.query_one("#print-ink-saver", Tick)
            assert box(ink) == " "
            ink.toggle()
            await pilot.pause()
            assert box(ink) == "✔"
            await pilot.press("escape")
            await pilot.press("M")
            for _ in range(100):
                await pilot.pause()
                if isinstance(app.screen, MusterScreen):
                    break
            keep = app.screen.query_one("#muster-keep", Tick)
            assert box(keep) == " "
            keep.toggle()
            await pilot.pause()
            assert box(keep) == "✔"

    asyncio.run(run())
