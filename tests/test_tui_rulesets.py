"""Starting an army of any rule system: ``billhooks tui FILE --ruleset NAME``, and a dialog
naming the four as their own rules name them for Ctrl+N and a new file named alone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pilot import SIZE, builder_on, run_async
from textual.widgets import OptionList

from builder.cli import main
from builder.eventfile import is_event_file
from builder.registry import BUILT_IN, get_ruleset
from builder.resources import examples_dir
from builder.tui.app import BuilderApp
from builder.tui.modals.record import RecordForm
from builder.tui.modals.ruleset import RulesetDialog
from builder.tui.screens.army import ArmyScreen
from builder.tui.session import Session

#: Each system as its source text names itself (each rulebook's title).
TITLES = {
    "billhooks": "Never Mind the Billhooks",
    "kiss": "KISS Wars of the Roses",
    "feudal": "Feudal convention rules",
    "shieldwall": "Dark Ages shieldwall",
}


def offered(app: BuilderApp) -> list[str]:
    entries = app.screen.query_one("#rulesets", OptionList)
    return [str(entries.get_option_at_index(i).prompt) for i in range(entries.option_count)]


def test_the_four_are_named_as_their_sources_name_them() -> None:
    assert {name: get_ruleset(name).title for name in BUILT_IN} == TITLES


@pytest.mark.parametrize("ruleset", list(BUILT_IN))
def test_tui_ruleset_starts_a_new_army_of_that_system(
    ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "my-first-army.toml"
    app = builder_on(["tui", str(path), "--ruleset", ruleset], monkeypatch)
    assert app.session.ruleset.name == ruleset and app.session.path == path
    assert app.session.army.name == "My First Army" and not app.ask_ruleset
    assert not path.exists()


@pytest.mark.parametrize("ruleset", list(BUILT_IN))
@run_async
async def test_a_new_file_named_alone_asks_which_system(
    ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "new.toml"
    app = builder_on(["tui", str(path)], monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RulesetDialog)
        assert [t for t in offered(app) if t in TITLES.values()] == [TITLES[n] for n in BUILT_IN]
        await pilot.press(*["down"] * list(BUILT_IN).index(ruleset), "enter")
        assert isinstance(app.screen, RecordForm)  # its name and side first (issue 38)
        await pilot.press("escape")
        assert isinstance(app.screen, ArmyScreen)
        assert app.session.ruleset.name == ruleset and app.session.path == path
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert get_ruleset(ruleset).name in path.read_text()


@run_async
async def test_escape_keeps_the_default_system(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = builder_on(["tui", str(tmp_path / "new.toml")], monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        assert isinstance(app.screen, ArmyScreen) and app.session.ruleset.name == "billhooks"


@pytest.mark.parametrize("ruleset", list(BUILT_IN))
@run_async
async def test_ctrl_n_asks_which_system(ruleset: str, tmp_path: Path) -> None:
    app = BuilderApp(Session.open(Path(shutil.copy(examples_dir() / "york.toml", tmp_path))))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        assert isinstance(app.screen, RulesetDialog)
        assert TITLES["kiss"] in offered(app)
        await pilot.press("home", *["down"] * list(BUILT_IN).index(ruleset), "enter")
        assert isinstance(app.screen, RecordForm)  # its name and side first (issue 38)
        await pilot.press("escape")
        assert isinstance(app.screen, ArmyScreen)
        assert app.session.ruleset.name == ruleset and app.session.path is None
        assert app.session.army.name == "New army"


def test_an_existing_file_of_another_system_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(BuilderApp, "run", lambda self: None)
    assert main(["tui", str(examples_dir() / "kiss-york.toml"), "--ruleset", "feudal"]) == 2
    assert "a KISS Wars of the Roses army (kiss), not feudal" in capsys.readouterr().err
    assert main(["tui", "x.toml", "--ruleset", "chess"]) == 2
    assert "no rule system called 'chess'" in capsys.readouterr().err


@pytest.mark.parametrize("ruleset", list(BUILT_IN))
def test_the_own_system_of_an_existing_file_is_kept(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    example = next(
        p
        for p in sorted(examples_dir().glob("*.toml"))
        if f'ruleset = "{ruleset}"' in p.read_text()
        and not p.name.endswith("collection.toml")
        and not is_event_file(p)
    )
    app = builder_on(["tui", str(example)], monkeypatch)
    assert app.session.ruleset.name == ruleset and not app.ask_ruleset
    app = builder_on(["tui", str(example), "--ruleset", ruleset], monkeypatch)
    assert app.session.ruleset.name == ruleset
