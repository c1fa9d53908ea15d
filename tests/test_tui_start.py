"""What the builder's first screen does without (benchmarks/bench_tui.py times it): the
collector's passes over what it loads, and the stylesheets of screens not yet shown."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

import pytest
from pilot import SIZE, run_async, wait_until

from builder.cli import main
from builder.resources import examples_dir
from builder.tui.app import BuilderApp
from builder.tui.modals.help import HelpScreen
from builder.tui.session import Session

#: The screens' own stylesheets, beside builder.tcss.
OWN_STYLES = ("dialogs.tcss", "muster.tcss", "print.tcss")


def test_tui_pauses_the_collector_until_its_first_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off while the builder loads and draws its first screen; then on, skipping (frozen) all
    there was by then; as it was once the builder is closed."""
    seen: list[tuple[bool, bool]] = []

    def collector() -> tuple[bool, bool]:
        return gc.isenabled(), gc.get_freeze_count() > 0

    async def first_screen(app: BuilderApp) -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app._dom_ready)
            await pilot.pause()
            seen.append(collector())

    def run(app: BuilderApp) -> None:
        seen.append(collector())
        asyncio.run(first_screen(app))

    monkeypatch.setattr(BuilderApp, "run", run)
    assert collector() == (True, False)
    assert main(["tui", str(examples_dir() / "lancaster.toml")]) == 0
    assert seen == [(False, False), (True, True)]
    assert collector() == (True, False)


@run_async
async def test_screen_styles_are_added_when_first_shown() -> None:
    """The first screen parses builder.tcss alone; a dialog's rules come with the first dialog
    (their look is the snapshots'), once."""
    app = BuilderApp(Session.open(examples_dir() / "lancaster.toml"))

    def added() -> list[str]:
        sources: Any = app.stylesheet.source
        return [path.rsplit("/", 1)[-1] for path, _ in sources if path.endswith(OWN_STYLES)]

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert added() == []
        for _ in range(2):
            await pilot.press("f1")
            await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
            assert added() == ["dialogs.tcss"]
            await pilot.press("escape")
            await wait_until(pilot, lambda: not isinstance(app.screen, HelpScreen))


def test_an_app_run_after_the_command_leaves_the_collector_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The app `billhooks tui` made, run once the command is over (as tests run it): nothing
    is frozen, the collector stays on."""
    made: list[BuilderApp] = []
    monkeypatch.setattr(BuilderApp, "run", lambda app: made.append(app))
    assert main(["tui", str(examples_dir() / "lancaster.toml")]) == 0

    async def first_screen() -> None:
        async with made[0].run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: made[0]._dom_ready)
            await pilot.pause()
            assert gc.isenabled() and gc.get_freeze_count() == 0

    asyncio.run(first_screen())
