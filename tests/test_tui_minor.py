"""Issue 22's minor items, each driven through the builder: KISS anti- traits, shieldwall
leaders with their stands, Feudal's first C-in-C, the Open dialog's messages, the cursor after
undo, at most two toasts, Roll and Mustering only where the rules have them, and the words of
help and the points column."""

from __future__ import annotations

import shutil
from pathlib import Path

from test_tui import run_async
from textual.widgets import SelectionList

from builder import armyfile
from builder.resources import examples_dir
from builder.tui.app import BillhooksApp
from builder.tui.modals.record import RecordForm
from builder.tui.screens.army import ArmyScreen
from builder.tui.session import Session
from builder.tui.widgets.army_tree import ArmyTree


def copied(tmp_path: Path, name: str) -> Path:
    return Path(shutil.copy(examples_dir() / name, tmp_path / name))


async def select(pilot: object, where: str) -> None:
    app = pilot.app  # type: ignore[attr-defined]
    tree = app.army_screen.query_one("#tree", ArmyTree)
    node = tree.find(where)
    assert node is not None, where
    tree.move_cursor(node)
    tree.focus()
    await pilot.pause()  # type: ignore[attr-defined]


@run_async
async def test_kiss_offers_anti_each_other_magnate_and_each_side(tmp_path: Path) -> None:
    path = copied(tmp_path, "kiss-york.toml")
    app = BillhooksApp(Session.open(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await select(pilot, "wards[2]")  # Sir John Conyers
        await pilot.press("e")
        assert isinstance(app.screen, RecordForm)
        traits = app.screen.query_one("#field-traits", SelectionList)
        shown = [str(traits.get_option_at_index(i).value) for i in range(traits.option_count)]
        assert shown[-4:] == ["anti-Richard Neville, Earl of Warwick",
                              "anti-John Neville, Lord Montagu", "anti-York", "anti-Lancaster"]
        traits.focus()
        await pilot.press("end", "up", "space", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ArmyScreen)
        assert "anti-York" in app.session.army.wards[2].leader.traits
        # Anti his own side: he may turn, and the findings say so.
        assert any("own side" in f.message for f in app.session.summary.findings)


@run_async
async def test_kiss_a_cause_of_his_own_survives_the_form(tmp_path: Path) -> None:
    path = copied(tmp_path, "kiss-lancaster.toml")
    app = BillhooksApp(Session.open(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        where = next(f"wards[{i}]" for i, w in enumerate(app.session.army.wards)
                     if "anti-Neville" in w.leader.traits)
        await select(pilot, where)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        held = app.session.army
        assert "anti-Neville" in armyfile.loads(armyfile.dumps(held), "x.toml").wards[
            int(where[6])].leader.traits
