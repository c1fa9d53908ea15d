"""The builder on the test-only flat ruleset of the core's own tests (``flat_ruleset``, a
pointless shape: no groups, no troop key, a free-text side, a list, a nested table): built from
nothing, every kind of field edited, saved and read back, with no change to ``builder/tui/``."""

from __future__ import annotations

import asyncio
from pathlib import Path

import flat_ruleset
from pilot import clear_and_type
from textual.widgets import Checkbox, Select, SelectionList

from builder import armyfile
from builder.tui.app import BuilderApp
from builder.tui.modals.record import RecordForm
from builder.tui.session import Session, new_army


def band(app: BuilderApp) -> flat_ruleset.Band:
    army = app.session.army
    assert isinstance(army, flat_ruleset.Band)
    return army


async def build(path: Path) -> None:
    app = BuilderApp(Session(new_army("Test band", "flat"), path, saved=False))
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        screen = app.army_screen
        # A thing from the catalogue, its label (text) and weight (a number, checked as the
        # loader checks it).
        await pilot.press("a", *"thing", "enter")
        assert screen.place == "things[0]"
        await pilot.press("e")
        form = app.screen
        assert isinstance(form, RecordForm)
        await clear_and_type(pilot, "#field-label", "Anvil")
        await clear_and_type(pilot, "#field-weight", "12")
        assert "out of range 1-9" in str(form.query_one("#form-error").render())
        await clear_and_type(pilot, "#field-weight", "7")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert band(app).things == [flat_ruleset.Thing("Anvil", 7)]
        assert "heavy" in [f.code for f in app.session.summary.findings]
        # The chief the new band starts with: a choice and a nested table (a checkbox, text).
        screen.show_army("people[0]")
        await pilot.press("e")
        form = app.screen
        assert isinstance(form, RecordForm)
        form.query_one("#field-role", Select).focus()
        form.query_one("#field-kit-blade", Checkbox).focus()
        await pilot.press("space")
        await clear_and_type(pilot, "#field-kit-note", "sharp")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert band(app).people[0].kit == flat_ruleset.Kit(True, "sharp")
        # The band itself: free-text side, a list of choices.
        screen.show_army("")
        await pilot.press("e")
        form = app.screen
        assert isinstance(form, RecordForm)
        await clear_and_type(pilot, "#field-side", "The Blues")
        form.query_one("#field-tags", SelectionList).focus()
        await pilot.press("space", "down", "space")
        await pilot.press("ctrl+s")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not app.session.dirty
    read = armyfile.load(path)
    assert isinstance(read, flat_ruleset.Band)
    assert (read.side, read.tags) == ("The Blues", ["bold", "quick"])
    assert read.people[0].kit == flat_ruleset.Kit(True, "sharp")
    assert read.things == [flat_ruleset.Thing("Anvil", 7)]
    assert Session.open(path).army == read


def test_the_flat_ruleset_is_built_from_nothing(tmp_path: Path) -> None:
    asyncio.run(build(tmp_path / "band.toml"))
