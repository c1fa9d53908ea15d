"""Run by the installed plug-in test's own interpreter (tests/test_plugin_install.py): the
builder on a new army of the installed ``duel`` system, driven with Pilot. Prints what a
player sees: the system, the status bar, and the saved file."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from builder.cli import main
from builder.tui.app import BuilderApp
from builder.tui.modals.record import RecordForm
from builder.tui.screens.army import ArmyScreen


async def drive(app: BuilderApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RecordForm), app.screen  # a new army's name first
        await pilot.press("escape")
        assert isinstance(app.screen, ArmyScreen), app.screen
        print("system:", app.session.ruleset.name, app.session.ruleset.title)
        print("status:", app.screen.query_one("#status").render())
        await pilot.press("ctrl+s")
        await pilot.pause()


def run(path: Path) -> None:
    started: list[BuilderApp] = []
    BuilderApp.run = lambda self, *a, **k: started.append(self)  # type: ignore[method-assign]
    assert main(["tui", str(path), "--ruleset", "duel"]) == 0
    asyncio.run(drive(started[0]))
    print("saved:", path.read_text(encoding="utf-8"))


if __name__ == "__main__":
    run(Path(sys.argv[1]))
