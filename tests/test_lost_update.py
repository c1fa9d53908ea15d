"""No lost update (issue 38.2): the builder remembers the file as it read or last wrote it
(SHA-256 and time), and a save over it once it has changed on disk (`roll --write`, a hand
edit, another builder tab of `serve`: each tab is a builder of its own) asks first: reload
it, save as another file, or overwrite it; never a silent overwrite. In every rule system."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from armies import EXAMPLE_OF
from pilot import SIZE, clear_and_type, run_async, wait_until

from builder import armyfile
from builder.cli import main
from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.tui.app import BuilderApp
from builder.tui.modals.changed import ChangedOnDiskDialog
from builder.tui.modals.path import PathDialog
from builder.tui.session import ChangedOnDisk, Session

#: One sample army per rule system.
EXAMPLES = EXAMPLE_OF
RULESETS = sorted(EXAMPLES)


def army_of(tmp_path: Path, ruleset: str) -> Path:
    path = tmp_path / "army.toml"
    path.write_bytes((examples_dir() / EXAMPLES[ruleset]).read_bytes())
    return path


def hand_edit(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r'(?m)^name = ".*"$', 'name = "Edited by hand"', text, count=1))


def change_elsewhere(path: Path, ruleset: str) -> None:
    """What another program does to the file: `roll --write` where the system rolls, else a
    hand edit."""
    before = path.read_bytes()
    if get_ruleset(ruleset).roller is None:
        hand_edit(path)
    # A roll may deal what the file holds already: the first seed that changes it.
    for seed in range(1, 30):
        if path.read_bytes() != before:
            break
        assert main(["roll", str(path), "--seed", str(seed), "--write"]) == 0
    assert path.read_bytes() != before


def rename(app: BuilderApp, name: str = "Renamed") -> None:
    app.session.apply("rename", lambda army: setattr(army, "name", name))


def same_but_name(a: Path, b: Path) -> bool:
    one, two = armyfile.load(a), armyfile.load(b)
    one.name = two.name = ""
    return one == two


async def save_and_get_asked(app: BuilderApp, pilot: object) -> ChangedOnDiskDialog:
    await pilot.press("ctrl+s")  # type: ignore[attr-defined]
    await wait_until(pilot, lambda: isinstance(app.screen, ChangedOnDiskDialog))
    assert isinstance(app.screen, ChangedOnDiskDialog)
    return app.screen


@pytest.mark.parametrize("ruleset", RULESETS)
@run_async
async def test_cancel_then_overwrite(tmp_path: Path, ruleset: str) -> None:
    path = army_of(tmp_path, ruleset)
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=SIZE) as pilot:
        rename(app)
        change_elsewhere(path, ruleset)
        theirs = path.read_bytes()
        dialog = await save_and_get_asked(app, pilot)
        assert "army.toml has changed on disk" in dialog.question
        await pilot.click("#cancel")
        assert path.read_bytes() == theirs and app.session.dirty
        await save_and_get_asked(app, pilot)
        await pilot.press("escape")  # Escape cancels too
        assert path.read_bytes() == theirs
        await save_and_get_asked(app, pilot)
        await pilot.click("#overwrite")
        await pilot.pause()
        assert not app.session.dirty
        assert armyfile.load(path).name == "Renamed" and path.read_bytes() != theirs
        # Written by this builder: the next save does not ask.
        rename(app, "Again")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, ChangedOnDiskDialog)
        assert armyfile.load(path).name == "Again"


@pytest.mark.parametrize("ruleset", RULESETS)
@run_async
async def test_reload_takes_the_file_as_it_is(tmp_path: Path, ruleset: str) -> None:
    path = army_of(tmp_path, ruleset)
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=SIZE) as pilot:
        rename(app)
        change_elsewhere(path, ruleset)
        theirs = tmp_path / "theirs.toml"
        theirs.write_bytes(path.read_bytes())
        await save_and_get_asked(app, pilot)
        await pilot.click("#reload")
        await pilot.pause()
        assert path.read_bytes() == theirs.read_bytes()
        assert not app.session.dirty and app.session.army.name != "Renamed"
        rename(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, ChangedOnDiskDialog)
        # Their change kept, and the edit made after the reload.
        assert armyfile.load(path).name == "Renamed" and same_but_name(path, theirs)


@pytest.mark.parametrize("ruleset", RULESETS)
@run_async
async def test_save_as_keeps_both(tmp_path: Path, ruleset: str) -> None:
    path = army_of(tmp_path, ruleset)
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=SIZE) as pilot:
        rename(app)
        hand_edit(path)
        theirs = path.read_bytes()
        await save_and_get_asked(app, pilot)
        await pilot.click("#save_as")
        await wait_until(pilot, lambda: isinstance(app.screen, PathDialog))
        mine = tmp_path / "mine.toml"
        await clear_and_type(pilot, "#path", str(mine))
        await pilot.press("enter")
        await pilot.pause()
        assert path.read_bytes() == theirs
        assert armyfile.load(mine).name == "Renamed" and app.session.path == mine


@pytest.mark.parametrize("ruleset", RULESETS)
@run_async
async def test_two_tabs_on_one_file(tmp_path: Path, ruleset: str) -> None:
    """Two browser tabs of `serve` are two builders, each its own app: both open the file,
    the first saves, and the second is asked rather than undoing the first's save."""
    path = army_of(tmp_path, ruleset)
    first, second = BuilderApp(Session.open(path)), BuilderApp(Session.open(path))
    async with first.run_test(size=SIZE) as pilot:
        rename(first, "First tab")
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert armyfile.load(path).name == "First tab"
    async with second.run_test(size=SIZE) as pilot:
        rename(second, "Second tab")
        await save_and_get_asked(second, pilot)
        assert armyfile.load(path).name == "First tab"
        await pilot.click("#cancel")
        # Quitting with unsaved changes, Save: asked again; Overwrite saves, then quits.
        await pilot.press("q")
        await pilot.click("#save")
        await wait_until(pilot, lambda: isinstance(second.screen, ChangedOnDiskDialog))
        assert armyfile.load(path).name == "First tab"
        await pilot.click("#overwrite")
        await wait_until(pilot, lambda: not second.is_running)
    assert armyfile.load(path).name == "Second tab"


def test_only_a_change_of_what_the_file_holds_counts(tmp_path: Path) -> None:
    """The time alone (a `touch`, a copy that writes the same bytes) is no change; a file
    removed is none either (saving puts it back); a file made where a new army is to be
    saved is one."""
    path = army_of(tmp_path, "billhooks")
    session = Session.open(path)
    os.utime(path, (1, 1))
    session.apply("rename", lambda army: setattr(army, "name", "Renamed"))
    session.save()
    path.unlink()
    session.save()
    assert armyfile.load(path).name == "Renamed"
    new = Session.open(tmp_path / "new.toml", "kiss")
    (tmp_path / "new.toml").write_bytes((examples_dir() / "kiss-york.toml").read_bytes())
    with pytest.raises(ChangedOnDisk):
        new.save()
    new.save(overwrite=True)
