"""The builder's detail pane shows what the ruleset's profile holds (issue 10: morale dice,
a pike block's attacking and defending dice, saves against crossbows, halved dice), driven
with Textual's Pilot."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from armies import army, unit
from rich.console import Console
from textual.widgets import Static

from builder import armyfile
from builder.tui.app import BuilderApp
from builder.tui.session import Session


def detail_text(app: BuilderApp) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(app.army_screen.query_one("#detail-body", Static).content)
    return console.export_text()


def test_detail_pane_shows_the_new_profile_fields(tmp_path: Path) -> None:
    path = tmp_path / "army.toml"
    path.write_text(
        armyfile.dumps(
            army(
                [
                    unit("pikemen", formation="block"),
                    unit("men-at-arms", quality="levy"),
                    unit("crossbowmen"),
                ],
                [unit("knights"), unit("billmen")],
            )
        ),
        encoding="utf-8",
    )

    async def go() -> list[str]:
        shown = []
        app = BuilderApp(Session.open(path))
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            for _ in range(3):  # the ward's three units, top to bottom
                shown.append(detail_text(app))
                await pilot.press("down")
                await pilot.pause()
        return shown

    pikes, maa, xbow = asyncio.run(go())
    assert "Block of Pikemen" in pikes
    assert "24 / 18 / 12 / 6 (round 1 attacking / defending, 2, 3 on)" in pikes
    assert "2D6 for a morale crisis test" in pikes
    assert "Company of Levy Men-at-Arms" in maa
    assert "3+ shooting, 3+ melee (heavy armour); 4+ against crossbows and handguns" in maa
    assert "Band of Crossbowmen" in xbow
    assert "3 dice at bands or guns (half)" in xbow
    assert "1D6 for a morale crisis test" in xbow
