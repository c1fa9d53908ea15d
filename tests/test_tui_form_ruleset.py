"""The builder serves a rule system it has never heard of: a flat test ruleset of its own
(``form_ruleset``) (no groups, a
leader list and a stand list, every field kind) is built from nothing, edited in every kind of
field, saved and read back, with no change to ``builder/tui/``."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import Any

import form_ruleset
import pytest
from pilot import clear_and_type
from rich.console import Console
from textual.widgets import Checkbox, Input, Select, SelectionList, Static

from builder import armyfile, registry
from builder.tui.app import BuilderApp
from builder.tui.modals.catalogue import CataloguePicker
from builder.tui.modals.record import RecordForm
from builder.tui.session import Session, new_army
from builder.tui.widgets.army_tree import ArmyTree


@pytest.fixture(autouse=True)
def flat_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._registered, "formtest", "form_ruleset")


def army_of(app: BuilderApp) -> form_ruleset.FlatArmy:
    army = app.session.army
    assert isinstance(army, form_ruleset.FlatArmy)
    return army


def plain(widget: Static) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


async def pick(pilot: Any, selector: str, downs: int) -> None:
    """Open a select and move ``downs`` choices down from the current one."""
    pilot.app.screen.query_one(selector, Select).focus()
    await pilot.press("enter", *["down"] * downs, "enter")
    await pilot.pause()


def test_a_flat_army_is_built_from_nothing(tmp_path: Path) -> None:
    asyncio.run(build(tmp_path))


async def build(tmp_path: Path) -> None:
    path = tmp_path / "formtest.toml"
    app = BuilderApp(Session(new_army("Flat host", "formtest"), path, saved=False))
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        screen = app.army_screen
        assert screen.query_one("#tree", ArmyTree).border_title == "Army"
        keys = {b.binding.key for b in screen.active_bindings.values() if b.binding.show}
        # No groups, no dice, no draw: no "Add ward", no Roll, no Mustering.
        assert not {"w", "r", "m"} & keys
        assert not [a for a in screen.actions if a.action in ("add_group", "roll")]
        assert next(a.title for a in screen.actions if a.action == "add") == "Add stand"
        await pilot.press("a")
        assert isinstance(app.screen, CataloguePicker)
        await pilot.press(*"spear", "enter")
        assert army_of(app).stands[0].kind == "spear"
        assert screen.place == "stands[0]"
        # One form for every field kind.
        await pilot.press("e")
        form = app.screen
        assert isinstance(form, RecordForm)
        assert form.query_one("#field-kind", Select).has_focus  # the first field
        grades = form.query_one("#field-grade", Select)
        assert [str(label) for label, _ in grades._options] == ["Raw", "Drilled +2", "Elite +4"]
        await pick(pilot, "#field-grade", 2)
        assert "This stand: 7 points" in plain(form.query_one("#form-totals", Static))
        form.query_one("#field-shields", Checkbox).focus()
        await pilot.press("space")
        await clear_and_type(pilot, "#field-width", "9")  # over the declared 1-4: said in the form
        assert "out of range 1-4" in str(form.query_one("#form-error").render())
        await clear_and_type(pilot, "#field-width", "2")
        totals = plain(form.query_one("#form-totals", Static))
        assert "This stand: 16 points" in totals and "Pts 16 of 30" in totals
        drills = form.query_one("#field-drills", SelectionList)
        drills.focus()
        await pilot.press("space")  # the first drill
        await pick(pilot, "#field-banner-colour", 1)
        await clear_and_type(pilot, "#field-banner-motto", "Onward")
        await clear_and_type(pilot, "#field-note", "front rank")
        form.query_one("#field-note", Input).focus()
        await pilot.press("enter")  # Enter on the last field keeps
        await pilot.pause()
        assert app.screen_stack[-1] is screen
        stand = army_of(app).stands[0]
        assert (stand.grade, stand.shields, stand.width, stand.drills, stand.note) == (
            "elite",
            True,
            2,
            ["wedge"],
            "front rank",
        )
        assert stand.banner == form_ruleset.Banner("blue", "Onward")
        # A leader from the catalogue, the ruleset's own quick key, then the army's form.
        await pilot.press("a", *"chief", "enter")
        assert screen.place == "leaders[0]"
        keys = {b.binding.key for b in screen.active_bindings.values() if b.binding.show}
        assert "b" in keys
        await pilot.press("b")
        assert army_of(app).leaders[0].bold
        await pilot.press("e")
        await clear_and_type(pilot, "#field-name", "Ulf")
        await pilot.press("ctrl+s")
        await pilot.press("s")
        await clear_and_type(pilot, "#field-points", "10")
        await pilot.press("ctrl+s")
        assert "1 broken rule" in plain(screen.query_one("#status", Static))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not app.session.dirty
    army = armyfile.load(path)
    assert isinstance(army, form_ruleset.FlatArmy)
    assert army.points == 10 and army.leaders == [form_ruleset.Chief("Ulf", True)]
    assert army.stands == [
        form_ruleset.Stand(
            "spear",
            "elite",
            True,
            2,
            ["wedge"],
            form_ruleset.Banner("blue", "Onward"),
            "front rank",
        )
    ]
    again = Session.open(path)
    assert again.army == army and not again.dirty


def test_help_lists_only_what_the_ruleset_has() -> None:
    from rich.console import Console as Shown

    from builder.registry import get_ruleset
    from builder.tui.actions import ruleset_actions
    from builder.tui.modals.help import help_renderable

    console = Shown(width=120, record=True, file=io.StringIO())
    console.print(help_renderable(ruleset_actions(get_ruleset("formtest"))))
    text = console.export_text()
    assert "Add stand" in text and "Bold" in text and "Print (p)" in text
    assert "Mustering" not in text and "Roll" not in text and "Add ward" not in text
