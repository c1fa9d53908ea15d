"""Snapshots of the builder's main screens (pytest-textual-snapshot).

Deterministic: fixed terminal sizes, fixed seeds, no clock, a copied army file with a fixed
name, the current folder at the repository root (the Mustering snapshot deals from a copy of
the sample collection in a temporary folder, so its path reads the same wherever the package is
installed). Update with ``pytest --snapshot-update`` and look at the
SVGs in ``tests/__snapshots__/`` before committing them.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pilot import wait_until
from textual.pilot import Pilot
from textual.widgets import Input, Select

from builder.registry import BUILT_IN
from builder.resources import examples_dir
from builder.tui.app import BuilderApp
from builder.tui.screens.muster import MusterScreen
from builder.tui.session import Session

ROOT = Path(__file__).resolve().parent.parent
Snap = Callable[..., bool]


@pytest.fixture
def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., BuilderApp]:
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(MusterScreen, "delay", 0)

    def make(
        example: str = "lancaster.toml", edit: Callable[[str], str] | None = None
    ) -> BuilderApp:
        path = tmp_path / "army.toml"
        text = (examples_dir() / example).read_text()
        path.write_text(edit(text) if edit else text)
        return BuilderApp(Session.open(path), seed=1)

    return make


async def no_blink(pilot: Pilot[Any]) -> None:
    """Nothing on the screen that changes with time: no text cursor blinking, and no button
    still lit by a click (for its 0.2 s of ``-active``: a fast run took the picture then)."""
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await wait_until(pilot, lambda: not pilot.app.screen.query(".-active"))
    await pilot.pause()


def test_army_screen_80x24(snap_compare: Snap, make_app: Callable[..., BuilderApp]) -> None:
    assert snap_compare(make_app(), terminal_size=(80, 24))


def test_army_screen_160x48(snap_compare: Snap, make_app: Callable[..., BuilderApp]) -> None:
    assert snap_compare(make_app("york.toml"), terminal_size=(160, 48))


def test_findings_and_light_theme(snap_compare: Snap, make_app: Callable[..., BuilderApp]) -> None:
    def broken(text: str) -> str:
        return text.replace(
            'troop = "men-at-arms"', 'troop = "men-at-arms"\nstakes = true'
        ).replace("points = 100", "points = 90")

    assert snap_compare(make_app(edit=broken), press=["d", "f", "enter"], terminal_size=(100, 30))


def test_record_form(snap_compare: Snap, make_app: Callable[..., BuilderApp]) -> None:
    assert snap_compare(
        make_app(), press=["down", "down", "e"], run_before=None, terminal_size=(80, 24)
    )


def test_catalogue(snap_compare: Snap, make_app: Callable[..., BuilderApp]) -> None:
    async def search(pilot: Pilot[Any]) -> None:
        await pilot.pause()  # the army screen is up and its first unit selected
        await pilot.press("a", "b", "a", "n", "d")
        await no_blink(pilot)

    assert snap_compare(make_app(), run_before=search, terminal_size=(80, 24))


def test_roll_dialog(snap_compare: Snap, make_app: Callable[..., BuilderApp]) -> None:
    assert snap_compare(make_app(), press=["r"], terminal_size=(80, 24))


def test_help(snap_compare: Snap, make_app: Callable[..., BuilderApp]) -> None:
    assert snap_compare(make_app(), press=["question_mark"], terminal_size=(100, 40))


def test_muster_screen(
    snap_compare: Snap,
    make_app: Callable[..., BuilderApp],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shutil.copy(examples_dir() / "collection.toml", tmp_path)
    shutil.copytree(examples_dir() / "photos", tmp_path / "photos")
    monkeypatch.chdir(tmp_path)

    async def deal(pilot: Pilot[Any]) -> None:
        await pilot.press("M")
        # The default collection's path depends on where the package is installed: deal from
        # a copy in the current folder so the screen shows the same path everywhere.
        pilot.app.screen.query_one("#muster-collection", Input).value = "collection.toml"
        seed = pilot.app.screen.query_one("#muster-seed", Input)
        seed.value = "12"
        pilot.app.screen.query_one("#muster-side", Select).value = "both"
        await pilot.click("#muster-deal")
        await pilot.app.workers.wait_for_complete()
        await no_blink(pilot)

    assert snap_compare(make_app(), run_before=deal, terminal_size=(100, 40))


def test_print_screen(snap_compare: Snap, make_app: Callable[..., BuilderApp]) -> None:
    async def open_print(pilot: Pilot[Any]) -> None:
        await pilot.press("p")
        await pilot.pause()
        # The default folder is whole, beside the army's file (a tmp folder here): shown as
        # a player's would be, so the picture does not change with where the tests run.
        folder = pilot.app.screen.query_one("#print-out", Input)
        assert Path(folder.value).is_absolute() and folder.value.endswith("/output/army")
        folder.value = "/home/player/armies/output/army"
        await no_blink(pilot)

    assert snap_compare(make_app(), run_before=open_print, terminal_size=(80, 24))


def test_broken_file_dialog(
    snap_compare: Snap, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from builder.cli import main

    monkeypatch.chdir(tmp_path)  # the error names bad.toml, the same wherever tests run
    Path("bad.toml").write_text('ruleset = "billhooks"\nname = "x"\npoints = 100001\n')
    started: list[BuilderApp] = []
    with monkeypatch.context() as caught:  # the app the command would run, not run yet
        caught.setattr(BuilderApp, "run", lambda self: started.append(self))
        assert main(["tui", "bad.toml"]) == 0
    assert snap_compare(started[0], terminal_size=(80, 24))


#: One example of each other rule system, as the Billhooks snapshots above use Lancaster's.
SYSTEMS = {
    "kiss": "kiss-york.toml",
    "feudal": "feudal-normandy.toml",
    "shieldwall": "shieldwall-norse.toml",
}
#: Every system but Billhooks (snapshotted above), from the registry: a new one fails here
#: until it has its example and its broken rule.
OTHERS = sorted(set(BUILT_IN) - {"billhooks"})


@pytest.mark.parametrize("system", OTHERS)
def test_system_army_screen(
    system: str, snap_compare: Snap, make_app: Callable[..., BuilderApp]
) -> None:
    """The army screen of each system, its first unit selected (its card beside the tree)."""
    assert snap_compare(make_app(SYSTEMS[system]), terminal_size=(100, 30))


@pytest.mark.parametrize("system", OTHERS)
def test_system_record_form(
    system: str, snap_compare: Snap, make_app: Callable[..., BuilderApp]
) -> None:
    """Each system's record form, opened on its first unit."""
    assert snap_compare(
        make_app(SYSTEMS[system]), press=["e"], run_before=None, terminal_size=(80, 24)
    )


#: An edit that breaks one rule of each system's example (its C-in-C or commander unset).
BREAKS: dict[str, Callable[[str], str]] = {
    "kiss": lambda text: text.replace("c_in_c = true", "c_in_c = false"),
    "feudal": lambda text: text.replace("c_in_c = true", "c_in_c = false"),
    "shieldwall": lambda text: text.replace('role = "commander"', 'role = "hero"', 1),
}


@pytest.mark.parametrize("system", OTHERS)
def test_system_findings(
    system: str, snap_compare: Snap, make_app: Callable[..., BuilderApp]
) -> None:
    """Each system's broken rule in the findings panel, opened with ``f``, in the light
    theme, as Billhooks' is above."""
    assert snap_compare(
        make_app(SYSTEMS[system], edit=BREAKS[system]),
        press=["d", "f", "enter"],
        terminal_size=(100, 30),
    )


@pytest.mark.parametrize("system", OTHERS)
def test_system_catalogue(
    system: str, snap_compare: Snap, make_app: Callable[..., BuilderApp]
) -> None:
    """Each system's catalogue, opened with ``a`` on the army's first unit."""

    async def open_catalogue(pilot: Pilot[Any]) -> None:
        await pilot.pause()  # the army screen is up and its first unit selected
        await pilot.press("a")
        await no_blink(pilot)

    assert snap_compare(
        make_app(SYSTEMS[system]), run_before=open_catalogue, terminal_size=(80, 24)
    )


@pytest.mark.parametrize("system", OTHERS)
def test_system_print_screen(
    system: str, snap_compare: Snap, make_app: Callable[..., BuilderApp]
) -> None:
    """Each system's print screen: its own kinds offered."""

    async def open_print(pilot: Pilot[Any]) -> None:
        await pilot.press("p")
        await pilot.pause()
        pilot.app.screen.query_one("#print-out", Input).value = "/home/player/armies/output/army"
        await no_blink(pilot)

    assert snap_compare(make_app(SYSTEMS[system]), run_before=open_print, terminal_size=(80, 24))


def test_feudal_roll_dialog(snap_compare: Snap, make_app: Callable[..., BuilderApp]) -> None:
    """The one other system with rolls: Feudal's charisma and command points."""
    assert snap_compare(make_app(SYSTEMS["feudal"]), press=["r"], terminal_size=(80, 24))
