"""An unexpected error in the builder (a bug) loses no work: the army goes to a recovery file
beside its own, a dialog (or, when the builder must close, the command line) says where, and
a builder that closes on one exits 1. Keys typed after ``q`` in one burst do nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pilot import SIZE, run_async, tree_labels, type_text
from textual import events
from textual.widgets import Label

from builder import armyfile
from builder.cli import main
from builder.eventfile import is_event_file
from builder.resources import examples_dir
from builder.tui import edits
from builder.tui.app import BuilderApp
from builder.tui.modals.confirm import Confirm
from builder.tui.screens.army import ArmyScreen
from builder.tui.session import Session
from builder.tui.widgets.detail import DetailPane

EXAMPLES = sorted(
    p.name
    for p in examples_dir().glob("*.toml")
    if not p.name.endswith("collection.toml") and not is_event_file(p)
)


def army_copy(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.write_bytes((examples_dir() / name).read_bytes())
    return path


def _broken(*_: object) -> None:
    raise RuntimeError("injected bug")


@pytest.mark.parametrize("name", EXAMPLES)
@run_async
async def test_a_failing_action_saves_a_recovery_file_and_the_builder_goes_on(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = army_copy(tmp_path, name)
    before = path.read_bytes()
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")  # Army settings: rename the army, an unsaved edit
        await pilot.press("home", "ctrl+k")
        await type_text(pilot, "Renamed")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session.dirty and app.session.army.name == "Renamed"
        monkeypatch.setattr(ArmyScreen, "action_edit", _broken)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        recovered = tmp_path / f"{path.stem}.recovered.toml"
        told = str(app.screen.query_one(".question", Label).render())
        assert "RuntimeError: injected bug" in told and str(recovered) in told
        assert armyfile.load(recovered).name == "Renamed"
        assert path.read_bytes() == before  # never over the army's own file
        await pilot.press("enter")  # Go on
        assert isinstance(app.screen, ArmyScreen) and app.is_running
        assert app.session.dirty and app.session.army.name == "Renamed"


@run_async
async def test_a_failing_edit_is_not_half_made_and_a_second_recovery_is_numbered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = army_copy(tmp_path, "york.toml")
    (tmp_path / "york.recovered.toml").write_text("an earlier recovery")
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.session.apply("rename", lambda army: setattr(army, "name", "Renamed"))
        renamed = armyfile.load(path)
        renamed.name = "Renamed"
        app.army_screen.show_army()
        await pilot.pause()
        labels = tree_labels(app)

        def half(army: object, where: str) -> None:
            edits.add(
                army, "", "wards", edits.blank(app.session.ruleset.schema.child("wards").table)
            )
            raise KeyError("Magnate 4")

        monkeypatch.setattr("builder.core.schema.remove", half)
        await pilot.press("x")  # remove the unit: its edit fails halfway
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert (tmp_path / "york.recovered.toml").read_text() == "an earlier recovery"
        assert armyfile.load(tmp_path / "york.recovered-2.toml") == renamed
        await pilot.press("enter")
        assert tree_labels(app) == labels and app.session.undo() == "rename"


def test_an_error_the_builder_cannot_survive_exits_1_with_the_army_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An error outside an action (here in a timer redrawing the detail pane) closes the
    builder: the command line says where the army went and exits 1."""
    path = tmp_path / "new-army.toml"

    async def drive(app: BuilderApp) -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.session.apply("rename", lambda army: setattr(army, "name", "Renamed"))
            monkeypatch.setattr(DetailPane, "show", _broken)
            app.army_screen.set_timer(0.01, app.army_screen.show_army)
            await asyncio.wait_for(app._exception_event.wait(), 5)

    def run(self: BuilderApp) -> None:
        with pytest.raises(RuntimeError, match="injected bug"):
            asyncio.run(drive(self))

    monkeypatch.setattr(BuilderApp, "run", run)
    assert main(["tui", str(path), "--ruleset", "kiss"]) == 1
    err = capsys.readouterr().err
    recovered = tmp_path / "new-army.recovered.toml"
    assert f"saved in {recovered}" in err and "injected bug" in err
    assert armyfile.load(recovered).ruleset == "kiss" and not path.exists()


@pytest.mark.parametrize("second", ["p", "M", "question_mark", "s", "e", "a", "w"])
@run_async
async def test_q_with_another_screen_key_in_one_burst_quits_cleanly(
    second: str, tmp_path: Path
) -> None:
    app = BuilderApp(Session.open(army_copy(tmp_path, "york.toml")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in ("q", second):  # one burst: both queued before either is handled
            app.post_message(events.Key(key, None))
        await pilot.pause()
    assert app.return_code == 0
