"""The builder's "Import a list" (issue 40.5): on its key and in the palette, and as the last
choice of Ctrl+N, a pasted list (as a forum shows it) opens as a new, unsaved army of its
system, with every value; a paste that is not a list is refused in the dialog."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from armies import EXAMPLE_OF
from pilot import SIZE, run_async
from textual.widgets import Label, OptionList, TextArea

from builder import armyfile, listfacts, share
from builder.export.job import ArmyInput
from builder.registry import BUILT_IN
from builder.resources import examples_dir
from builder.tui.actions import ACTIONS
from builder.tui.app import BuilderApp
from builder.tui.modals.import_list import ImportDialog
from builder.tui.screens.army import ArmyScreen
from builder.tui.session import Session

EXAMPLE = EXAMPLE_OF


def _posted(name: str, fmt: listfacts.Format = "bbcode") -> tuple[str, str]:
    """A list as a forum shows it, and its Facts hash."""
    path = examples_dir() / name
    listed = share.share_list(ArmyInput(armyfile.load(path), path, path.read_text()))
    quoted = "\n".join("> " + line for line in share.render(listed, fmt).splitlines())
    return f"My list for Friday:\r\n{quoted}\r\ncheers", listed.facts_hash


def test_the_action_is_offered() -> None:
    found = [a for a in ACTIONS if a.action == "import_list"]
    assert len(found) == 1 and found[0].title == "Import a list" and found[0].scope == "app"


@pytest.mark.parametrize("system", list(BUILT_IN))
@run_async
async def test_a_pasted_list_opens_as_a_new_army(system: str, tmp_path: Path) -> None:
    app = BuilderApp(Session.open(Path(shutil.copy(examples_dir() / "york.toml", tmp_path))))
    text, facts = _posted(EXAMPLE[system])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("I")
        assert isinstance(app.screen, ImportDialog)
        app.screen.query_one("#paste", TextArea).text = "no list here"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ImportDialog)
        said = str(app.screen.query_one("#paste-error", Label).render())
        assert said.startswith("Not a list billhooks can import")
        app.screen.query_one("#paste", TextArea).text = text
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ArmyScreen)
        session = app.session
        assert session.ruleset.name == system and session.path is None and session.dirty
        again = share.share_list(ArmyInput(session.army, Path("x.toml"), ""))
        assert again.facts_hash == facts


@run_async
async def test_ctrl_n_offers_import(tmp_path: Path) -> None:
    app = BuilderApp(Session.open(Path(shutil.copy(examples_dir() / "york.toml", tmp_path))))
    text, facts = _posted("kiss-york.toml", "markdown")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        entries = app.screen.query_one("#rulesets", OptionList)
        last = entries.get_option_at_index(entries.option_count - 1)
        assert str(last.prompt).startswith("Import a list")
        await pilot.press("end", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ImportDialog)
        app.screen.query_one("#paste", TextArea).text = text
        await pilot.click("#ok")
        await pilot.pause()
        assert isinstance(app.screen, ArmyScreen)
        assert app.session.army.name == "Warwick's affinity"
        again = share.share_list(ArmyInput(app.session.army, Path("x.toml"), ""))
        assert again.facts_hash == facts
