"""The friction a usability test found, each driven as a player meets it (Pilot)."""

from __future__ import annotations

from pathlib import Path

import bh as BH
import pytest
from pilot import run_async, wait_until
from rich.style import Style
from rich.text import Text
from textual.widgets import Input, Label, OptionList

from builder.tui import config
from builder.tui.app import BuilderApp
from builder.tui.modals.confirm import Confirm
from builder.tui.modals.path import PathDialog
from builder.tui.modals.record import RecordForm
from builder.tui.screens.print import PrintScreen
from builder.tui.session import Session, new_army
from builder.tui.widgets.army_tree import ArmyTree, fit
from builder.tui.widgets.detail import DetailPane

SIZE = (80, 24)


def shown_keys(app: BuilderApp) -> set[str]:
    return {b.binding.key for b in app.army_screen.active_bindings.values() if b.binding.show}


@run_async
async def test_the_theme_is_remembered_between_sessions(army_path: Path, own_config: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme == "textual-dark"
        await pilot.press("d")
    assert config.path().is_relative_to(own_config)
    assert 'theme = "textual-light"' in config.path().read_text()
    again = BuilderApp(Session.open(army_path))
    async with again.run_test(size=SIZE):
        assert again.theme == "textual-light"


def test_a_broken_config_file_is_no_settings(own_config: Path) -> None:
    config.path().parent.mkdir(parents=True, exist_ok=True)
    config.path().write_text("theme = [")
    assert config.load() == {}
    config.save({"theme": "textual-light"})
    assert config.load() == {"theme": "textual-light"}


@run_async
async def test_an_untouched_new_army_quits_without_asking() -> None:
    app = BuilderApp(Session(new_army(), None, saved=False))
    async with app.run_test(size=SIZE) as pilot:
        assert app.session.dirty and app.session.untouched
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, Confirm)
    assert app.return_code == 0


@run_async
async def test_an_edited_new_army_still_asks(tmp_path: Path) -> None:
    app = BuilderApp(Session(new_army(), None, saved=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "enter")  # a unit from the catalogue
        assert not app.session.untouched
        await pilot.press("q")
        assert isinstance(app.screen, Confirm)


@run_async
async def test_a_failed_save_is_said_in_a_dialog_that_offers_save_as(
    army_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = BuilderApp(Session.open(army_path))
    real_save = Session.save
    refused = army_path.parent / "locked.toml"

    def save(self: Session, path: Path | None = None, overwrite: bool = False) -> Path:
        if path == refused:
            raise PermissionError(13, "Permission denied")
        return real_save(self, path, overwrite)

    monkeypatch.setattr(Session, "save", save)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "x")  # an edit to save
        await pilot.press("ctrl+w")
        assert isinstance(app.screen, PathDialog)
        path_field = app.screen.query_one("#path", Input)
        path_field.value = str(refused)
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, Confirm)
        assert f"Could not save {refused}: Permission denied" in dialog.question
        await pilot.press("enter")  # Save as... is the first answer
        await pilot.pause()
        again = app.screen
        assert isinstance(again, PathDialog)
        assert "Permission denied" in str(again.query_one("#path-error", Label).render())
        again.query_one("#path", Input).value = str(tmp_path / "elsewhere.toml")
        await pilot.press("enter")
        await pilot.pause()
        assert not app.session.dirty
    assert len(BH.load(tmp_path / "elsewhere.toml").wards[0].units) == 2


@run_async
async def test_toasts_stand_above_the_status_bar(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.notify("A message long enough to need a toast of its own")
        await wait_until(pilot, lambda: any(t.region.height for t in app.screen.query("Toast")))
        toast = app.screen.query_one("Toast")
        status = app.army_screen.query_one("#status")
        assert toast.region.bottom <= status.region.y, (toast.region, status.region)


@run_async
async def test_print_remembers_its_folder_and_exports_on_enter(
    army_path: Path, tmp_path: Path
) -> None:
    out = tmp_path / "prints"
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("p")
        screen = app.screen
        assert isinstance(screen, PrintScreen)
        field = screen.query_one("#print-out", Input)
        field.value = str(out)
        field.focus()
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert sorted(p.suffix for p in out.iterdir() if p.suffix == ".pdf")
        await pilot.press("escape", "p")
        assert app.screen.query_one("#print-out", Input).value == str(out)


@run_async
async def test_print_keeps_its_settings_for_the_next_visit(army_path: Path) -> None:
    from textual.widgets import Checkbox, Select, SelectionList

    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("p")
        screen = app.screen
        screen.query_one("#print-paper", Select).value = "letter"
        screen.query_one("#print-gutter", Checkbox).value = True
        screen.query_one("#print-bleed", Input).value = "3"
        kinds = screen.query_one("#print-kinds", SelectionList)
        kinds.deselect("tokens.pdf")
        await pilot.pause()
        await pilot.press("escape", "p")
        again = app.screen
        assert isinstance(again, PrintScreen) and again is not screen
        assert again.query_one("#print-paper", Select).value == "letter"
        assert again.query_one("#print-gutter", Checkbox).value is True
        assert again.query_one("#print-bleed", Input).value == "3"
        ticked = set(again.query_one("#print-kinds", SelectionList).selected)
        assert "tokens.pdf" not in ticked and "unit-cards.pdf" in ticked


@run_async
async def test_removing_a_leader_offers_to_move_his_units(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("up", "x")  # the first ward's leader, with 3 units
        entries = app.screen.query_one("#entries", OptionList)
        options = [str(entries.get_option_at_index(i).prompt) for i in range(entries.option_count)]
        assert options[0].startswith("Move them to Sir John Savage")
        assert options[-1] == "Remove them too"
        await pilot.press("enter")
        army = BH.army_of(app)
        assert len(army.wards) == 2 and len(army.wards[0].units) == 5
        await pilot.press("ctrl+z")
        assert len(BH.army_of(app).wards) == 3


def test_long_names_end_in_an_ellipsis_at_a_word() -> None:
    assert fit(Text("Company of Veteran Archers"), 40).plain == "Company of Veteran Archers"
    assert fit(Text("Company of Veteran Archers"), 20).plain == "Company of Veteran…"
    assert fit(Text("Unbreakable"), 6).plain == "Unbre…"  # one word: cut, but marked


@run_async
async def test_a_long_name_in_the_tree_is_never_cut_mid_word(army_path: Path) -> None:
    text = army_path.read_text().replace(
        "Sir John Savage",
        "Sir John Savage of Clifton and Rock Savage in the County Palatine of Chester",
    )
    army_path.write_text(text)
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tree = app.army_screen.query_one("#tree", ArmyTree)
        node = next(n for n in tree._all() if "Clifton" in str(n.label))
        label = tree.render_label(node, Style(), Style())
        shown = label.plain.removeprefix(tree.ICON_NODE_EXPANDED)
        assert shown.endswith("…") and len(shown) < len(str(node.label))
        assert str(node.label).startswith(shown[:-1]) and str(node.label)[len(shown) - 1] == " "


@run_async
async def test_the_footer_shows_the_keys_that_apply(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        on_unit = shown_keys(app)
        assert {"a", "e", "m", "r"} <= on_unit and not {"c", "k"} & on_unit
        await pilot.press("up")  # the leader: his quick keys, nothing to move
        on_leader = shown_keys(app)
        assert {"c", "k"} <= on_leader and "m" not in on_leader


@run_async
async def test_the_form_shows_costs_totals_and_errors(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "e")  # the billmen, retinue
        form = app.screen
        assert isinstance(form, RecordForm)
        quality = form.query_one("#field-quality")
        labels = [str(label) for label, _ in quality._options]  # type: ignore[attr-defined]
        assert labels == ["Levy -3", "Retinue", "Veteran +3"]
        assert str(form.query_one("#field-defences").label) == "off  +3"  # type: ignore[attr-defined]
        await pilot.press("escape")


@run_async
async def test_combined_blocks_are_found_by_combined_and_called_blocks(army_path: Path) -> None:

    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.press("a", *"combined")
        troops = app.screen.query_one("#troops", OptionList)
        found = [str(troops.get_option_at_index(i).prompt) for i in range(troops.option_count)]
        blocks = [f for f in found if f.startswith("Combined block")]
        assert len(blocks) == 3 and any("Archers before Men-at-Arms" in b for b in blocks)
        await pilot.press(*["backspace"] * 8, *"before billmen", "enter")
        unit = BH.army_of(app).wards[0].units[-1]
        assert (unit.troop, unit.formation, unit.rear and unit.rear.troop) == (
            "archers",
            "combined",
            "billmen",
        )
        body = app.army_screen.query_one("#detail", DetailPane)
        assert body.content is not None and body.content.subheading is not None
        assert "· combined block ·" in body.content.subheading.plain
