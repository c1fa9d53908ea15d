"""The builder driven as a player drives it (Textual's Pilot: keys and clicks), checked on the
saved file and on what the screen shows."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import bh as RULES
import pytest
from pilot import (
    SIZE,
    builder_on,
    clear_and_type,
    click_again,
    cursor,
    detail,
    palette_search,
    plain,
    run_async,
    status,
    tree_labels,
    type_text,
    wait_until,
)
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Select, Static

from builder.cli import main
from builder.registry import get_ruleset
from builder.resources import examples_dir, sample_army
from builder.tui.app import BuilderApp
from builder.tui.modals.broken import BrokenFileDialog
from builder.tui.modals.catalogue import CataloguePicker
from builder.tui.modals.confirm import Confirm
from builder.tui.modals.help import HelpScreen
from builder.tui.modals.path import PathDialog
from builder.tui.modals.record import RecordForm
from builder.tui.modals.roll import RollDialog
from builder.tui.screens.army import ArmyScreen
from builder.tui.session import Session


@run_async
async def test_opens_on_the_first_unit_with_status_and_detail(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ArmyScreen)
        assert cursor(app) == "wards[0].units[0]"
        text = status(app)
        assert "Troop pts 99 of 100" in text and "Leader pts 10" in text
        assert "Total pts 109" in text and "Morale tokens 5" in text and "LEGAL" in text
        assert "Company of Veteran Archers with stakes" in detail(app)
        assert "Move" in detail(app) and "arrowstorms" in detail(app)
        labels = tree_labels(app)
        assert labels[0].startswith("The Earl of Oxford's Retinue (Lancaster)")
        assert "John de Vere, Earl of Oxford (Earl, C-in-C" in labels[1]
        assert labels[1].startswith(" 51 ")  # the ward's troop points, added up
        assert app.sub_title == "army.toml"


def test_the_sample_army_opens_quickly() -> None:
    """The goal is under a second (benchmarks/bench_tui.py measures it); a loaded CI machine
    gets slack so the test does not flake."""

    async def go() -> float:
        started = time.process_time()
        app = BuilderApp(Session.sample(sample_army()))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            shown = time.process_time() - started
            assert "sample army" in app.sub_title
        return shown

    assert asyncio.run(go()) < 3.0


@run_async
async def test_add_a_unit_from_the_catalogue_rechecks_and_saves(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        assert isinstance(app.screen, CataloguePicker)
        await type_text(pilot, "pike")
        troops = app.screen.query_one("#troops", OptionList)
        # The pikemen, and the combined block with pikemen behind archers.
        assert troops.option_count == 2
        first = str(troops.get_option_at_index(0).prompt)
        assert first.startswith("Pikemen") and "12 pts" in first
        assert "-11 over" not in first and "✖ 11 over" in first  # 99 of 100 + 12: no room
        await pilot.press("enter")
        assert isinstance(app.screen, ArmyScreen)
        assert cursor(app) == "wards[0].units[3]"
        assert "Company of Pikemen" in detail(app)
        text = status(app)
        assert "Troop pts 111 of 100" in text and "1 broken rule" in text and "unsaved" in text
        findings = app.army_screen.query_one("#findings", OptionList)
        assert "over the agreed 100" in str(findings.get_option_at_index(0).prompt)
        assert app.sub_title == "army.toml ●"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.sub_title == "army.toml"
    saved = RULES.load(army_path)
    assert [u.troop for u in saved.wards[0].units][-1] == "pikemen"
    assert "# The C-in-C's ward" in army_path.read_text()


@run_async
async def test_the_catalogue_lists_every_troop_with_points_and_size(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        troops = app.screen.query_one("#troops", OptionList)
        prompts = [str(troops.get_option_at_index(i).prompt) for i in range(troops.option_count)]
        assert len(prompts) == len(RULES.entries())
        assert any("Knights" in p and "24 pts" in p and "8 figures" in p for p in prompts)
        assert any("Artillery" in p and "1 gun + 3 crew" in p for p in prompts)
        await pilot.press("escape")
        assert isinstance(app.screen, ArmyScreen) and not app.session.dirty


@run_async
async def test_unit_dialog_offers_only_what_the_rules_allow(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "e")  # the billmen
        dialog = app.screen
        assert isinstance(dialog, RecordForm)
        assert dialog.query("#field-quality") and dialog.query("#field-defences")
        assert not dialog.query("#field-stakes") and not dialog.query("#field-pavises")
        formations = dialog.query_one("#field-formation", Select)
        assert [str(label) for label, _ in formations._options] == [
            "Single",
            "Line +12",
            "Block +12",
        ]  # each choice with what it adds
        # Quality: open the list, one down from Retinue is Veteran.
        dialog.query_one("#field-quality", Select).focus()
        await pilot.press("enter", "down", "enter")
        totals = plain(dialog.query_one("#form-totals", Static))
        assert "This unit: 12 figures, 15 points" in totals
        assert "Troop pts 102 of 100" in totals  # the army's total as it would be
        await pilot.click("#ok")
        assert isinstance(app.screen, ArmyScreen)
        assert RULES.army_of(app).wards[0].units[1].quality == "veteran"
        assert "Company of Veteran Billmen" in detail(app)
        # The kern: no quality, no formation, no extras.
        await pilot.press("down", "down", "down", "down", "down", "down", "down", "e")
        assert str(app.screen.query_one("#form-title", Label).render()) == "Band of Kern"
        assert not app.screen.query("#field-quality") and not app.screen.query("#field-formation")
        await pilot.press("escape")


@run_async
async def test_make_a_combined_block_with_stakes(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "down", "down", "e")  # Savage's levy archers
        dialog = app.screen
        assert isinstance(dialog, RecordForm)
        assert not dialog.query("#field-rear-troop")
        dialog.query_one("#field-formation", Select).focus()
        await pilot.press("enter", "down", "down", "down", "enter")  # single -> combined
        await pilot.pause()
        assert dialog.query("#field-rear-troop") and dialog.query("#field-rear-quality")
        stakes = dialog.query_one("#field-stakes", Checkbox)
        assert str(stakes.label) == "off  +3" and stakes.BUTTON_INNER == " "  # off at a glance
        stakes.focus()
        await pilot.press("space")
        assert stakes.value and stakes.BUTTON_INNER == "✔" and str(stakes.label) == "on  +3"
        await pilot.press("ctrl+s")  # keeps, from any field
        await pilot.pause()
    unit = RULES.army_of(app).wards[1].units[0]
    assert unit.formation == "combined" and unit.rear is not None
    assert unit.rear.troop == "billmen" and unit.stakes and unit.quality == "levy"
    # Every option the form offered is one the rules allow: nothing is flagged on the unit.
    assert [f.code for f in app.session.summary.findings if f.where == "wards[1].units[0]"] == []
    assert RULES.unit_title(unit) == "Combined block: Levy Archers before Billmen with stakes"


@run_async
async def test_move_remove_undo_redo(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        entries = app.screen.query_one("#entries", OptionList)
        offered = [str(entries.get_option_at_index(i).prompt) for i in range(entries.option_count)]
        assert [o.split(" (")[0] for o in offered] == ["Sir John Savage", "Rhys ap Thomas"]
        await pilot.press("down", "enter")  # to Rhys's ward
        assert [u.troop for u in RULES.army_of(app).wards[2].units] == [
            "crossbowmen",
            "kern",
            "archers",
        ]
        assert cursor(app) == "wards[2].units[2]"
        await pilot.press("x")
        assert len(RULES.army_of(app).wards[2].units) == 2
        assert "Troop pts 81 of 100" in status(app)
        await pilot.press("ctrl+z")
        assert len(RULES.army_of(app).wards[2].units) == 3
        await pilot.press("ctrl+z")
        assert [u.troop for u in RULES.army_of(app).wards[0].units][0] == "archers"
        assert not app.session.dirty and "unsaved" not in status(app)
        await pilot.press("ctrl+y", "ctrl+y")
        assert len(RULES.army_of(app).wards[2].units) == 2 and app.session.dirty


@run_async
async def test_leaders_add_rename_c_in_c_class_and_remove(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")
        assert isinstance(app.screen, RecordForm)
        assert app.screen.query_one("#field-name", Input).has_focus  # the first field
        await clear_and_type(pilot, "#field-name", "Jasper Tudor")
        await pilot.press("enter")  # not the last field: on to the next
        assert isinstance(app.screen, RecordForm)
        assert app.screen.query_one("#field-rank", Input).has_focus
        await pilot.press("ctrl+s")
        army = RULES.army_of(app)
        assert army.wards[3].leader.name == "Jasper Tudor" and cursor(app) == "wards[3]"
        assert "empty-ward" in [f.code for f in app.session.summary.findings]
        assert "4 units" not in status(app) and "broken rule" in status(app)
        await pilot.press("c")
        assert [w.leader.c_in_c for w in RULES.army_of(app).wards] == [False, False, False, True]
        await pilot.press("k")  # Commander -> Hero
        assert RULES.army_of(app).wards[3].leader.command_class == 3
        await pilot.press("e")
        await clear_and_type(pilot, "#field-name", "Jasper, Earl of Pembroke")
        await pilot.press("ctrl+s")
        assert RULES.army_of(app).wards[3].leader.name == "Jasper, Earl of Pembroke"
        assert any(
            "Jasper, Earl of Pembroke (Captain, C-in-C, Hero" in label for label in tree_labels(app)
        )
        await pilot.press("x")
        assert len(RULES.army_of(app).wards) == 3
        await pilot.press("ctrl+s")
    assert len(RULES.load(army_path).wards) == 3


@run_async
async def test_roll_shows_every_die_and_keeps_the_classes(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path), seed=5)
    expected_seed = random.Random(5).randrange(1_000_000)
    expected = RULES.roll_command_classes(RULES.load(army_path), random.Random(expected_seed))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        assert f"seed {expected_seed}" in str(dialog.query_one(".title").render())
        shown = plain(dialog.query_one("#rolls", Static))
        for roll in expected:
            assert roll.name.split(",")[0] in shown
            assert ", ".join(str(d) for d in roll.dice) in shown
            assert roll.class_name in shown
        await pilot.click("#ok")
        assert [w.leader.command_class for w in RULES.army_of(app).wards] == [
            r.command_class for r in expected
        ]
        await pilot.press("ctrl+s")
    assert [w.leader.command_class for w in RULES.load(army_path).wards] == [
        r.command_class for r in expected
    ]


@run_async
async def test_choosing_a_finding_jumps_to_its_unit(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    text = (examples_dir() / "lancaster.toml").read_text()
    path.write_text(text.replace('troop = "men-at-arms"', 'troop = "men-at-arms"\nstakes = true'))
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=SIZE) as pilot:
        assert "1 broken rule" in status(app)
        assert any(label.endswith("✖") for label in tree_labels(app))
        await pilot.press("f", "enter")
        assert cursor(app) == "wards[1].units[1]"
        assert app.army_screen.query_one("#tree").has_focus
        assert "stakes are only for archer companies" in detail(app)
        await pilot.press("e")  # the dialog offers no stakes: keeping it drops them
        await pilot.click("#ok")
        assert "LEGAL" in status(app)


def findings_shown(app: BuilderApp) -> list[str]:
    panel = app.army_screen.query_one("#findings", OptionList)
    return [str(panel.get_option_at_index(i).prompt) for i in range(panel.option_count)]


@run_async
async def test_findings_say_which_key_to_press(army_path: Path) -> None:
    text = army_path.read_text()
    army_path.write_text(
        text.replace("c_in_c = true\n", "")
        .replace('rank = "Captain"\ncommand_class = 2', 'rank = "Captain"\ncommand_class = 3')
        .replace(
            'rank = "Knight Banneret"\ncommand_class = 2',
            'rank = "Knight Banneret"\ncommand_class = 3',
        )
    )
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        shown = findings_shown(app)
        assert any(
            line.endswith("no leader is the C-in-C: select the leader and press c (Make C-in-C)")
            for line in shown
        ), shown
        assert any(
            line.endswith(
                "Rhys ap Thomas is a second Hero, and an army has at most "
                "one: select the leader and press k (Set class)"
            )
            for line in shown
        ), shown
        assert not any("command_class" in line or "c_in_c" in line for line in shown)
        # Doing what it says puts it right: Enter goes to the leader, k sets his class.
        hero = next(i for i, line in enumerate(shown) if "second Hero" in line)
        await pilot.press("f")
        app.army_screen.query_one("#findings", OptionList).highlighted = hero
        await pilot.press("enter")
        assert cursor(app) == "wards[2]"
        assert "press k (Set class)" in detail(app)
        await pilot.press("k")
        assert not any("second Hero" in line for line in findings_shown(app))
        await pilot.press("up", "up", "up", "c")  # Sir John Savage becomes the C-in-C
        assert cursor(app) == "wards[1]" and RULES.army_of(app).wards[1].leader.c_in_c
        assert "LEGAL" in status(app), findings_shown(app)


@run_async
async def test_army_settings(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await clear_and_type(pilot, "#field-name", "Henry's Host")
        app.screen.query_one("#field-side", Select).focus()
        await pilot.press("enter", "up", "enter")  # Lancaster -> York
        await pilot.click("#field-english")
        await clear_and_type(pilot, "#field-points", "120")
        await pilot.click("#ok")
        assert "Troop pts 99 of 120" in status(app)
        assert tree_labels(app)[0].startswith("Henry's Host (York)")
        await pilot.press("ctrl+s")
    saved = RULES.load(army_path)
    assert (saved.name, saved.side, saved.english, saved.points) == (
        "Henry's Host",
        "york",
        False,
        120,
    )


@run_async
async def test_agreed_points_take_only_what_the_loader_reads_back(army_path: Path) -> None:
    bounds = get_ruleset("billhooks").schema.field("points")
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        error = app.screen.query_one("#form-error", Label)
        assert bounds.max is not None
        await clear_and_type(pilot, "#field-points", str(bounds.max + 1))
        # Said as it is typed, in the dialog, and Keep does not close it.
        assert f"Agreed points: {bounds.max + 1} is out of range 0-{bounds.max}" in str(
            error.render()
        )
        await pilot.click("#ok")
        assert isinstance(app.screen, RecordForm) and RULES.army_of(app).points == 100
        await clear_and_type(pilot, "#field-points", "-1")
        await pilot.press("enter")
        assert isinstance(app.screen, RecordForm) and "out of range" in str(error.render())
        await clear_and_type(pilot, "#field-points", str(bounds.max))
        assert str(error.render()) == ""
        await pilot.press("enter")
        assert isinstance(app.screen, ArmyScreen)
        await pilot.press("ctrl+s")
    assert RULES.load(army_path).points == bounds.max


@run_async
async def test_text_fields_take_only_what_the_loader_reads_back(army_path: Path) -> None:
    """Names, ranks and labels are checked as the loader checks them (control characters,
    lengths), so Keep never leaves a value the saved file would refuse."""
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        for keys, field, error, good in [
            (["s"], "#field-name", "#form-error", "Henry's Host"),
            (["down", "e"], "#field-label", "#form-error", "Oxford's archers"),
            (["up", "up", "e"], "#field-rank", "#form-error", "Baron"),
        ]:
            await pilot.press(*keys)
            dialog = app.screen
            await clear_and_type(pilot, field, "Bad\x1b[31m name")
            shown = str(dialog.query_one(error, Label).render())
            assert "contains a control character (U+001B): remove it" in shown, shown
            await pilot.click("#ok")
            assert app.screen is dialog  # Keep does not close it
            await clear_and_type(pilot, field, good)
            assert str(dialog.query_one(error, Label).render()) == ""
            await click_again(pilot, "#ok")
            assert isinstance(app.screen, ArmyScreen)
        await pilot.press("down", "e")
        await clear_and_type(pilot, "#field-label", "L" * 81)  # over the file's 80: refused
        assert app.screen.query_one("#field-label", Input).value == ""
        await clear_and_type(pilot, "#field-label", "L" * 80)
        await pilot.click("#ok")
        await pilot.press("ctrl+s")
    army = RULES.load(army_path)
    assert army.name == "Henry's Host" and army.wards[0].leader.rank == "Baron"
    assert [u.label for u in army.wards[0].units[:2]] == ["L" * 80, "Oxford's archers"]


@run_async
async def test_agreed_points_may_be_left_blank(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await clear_and_type(pilot, "#field-points", "")
        await pilot.click("#ok")
        assert isinstance(app.screen, ArmyScreen) and RULES.army_of(app).points is None


@run_async
async def test_quitting_with_unsaved_changes_asks_first(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x", "q")
        assert isinstance(app.screen, Confirm)
        await pilot.click("#cancel")
        assert isinstance(app.screen, ArmyScreen) and app.is_running
        await pilot.press("q")
        await pilot.click("#save")
        await pilot.pause()
        assert not app.is_running
    assert len(RULES.load(army_path).wards[0].units) == 2


@run_async
async def test_quit_without_saving_leaves_the_file(army_path: Path) -> None:
    before = army_path.read_text()
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x", "q")
        await pilot.click("#discard")
        await pilot.pause()
        assert not app.is_running
    assert army_path.read_text() == before


@run_async
async def test_save_as_then_open_another_file(army_path: Path, tmp_path: Path) -> None:
    app = BuilderApp(Session.sample(sample_army()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x", "ctrl+s")  # the sample has no file: Save asks for one
        target = tmp_path / "mine.toml"
        await clear_and_type(pilot, "#path", str(target))
        await pilot.press("enter")
        assert app.sub_title == "mine.toml" and target.exists()
        assert "# The C-in-C's ward" in target.read_text()
        await pilot.press("ctrl+o")
        await clear_and_type(pilot, "#path", str(tmp_path / "nope.toml"))
        await pilot.press("enter")
        assert "No such file" in str(app.screen.query_one("#path-error").render())
        await clear_and_type(pilot, "#path", str(examples_dir() / "york.toml"))
        await pilot.press("enter")
        assert RULES.army_of(app).name == "The Duke of Norfolk's Affinity"
        assert tree_labels(app)[0].startswith("The Duke of Norfolk's Affinity (York)")
    assert len(RULES.load(target).wards[0].units) == 2


@run_async
async def test_a_new_file_from_the_command_line_is_created_on_save(tmp_path: Path) -> None:
    path = tmp_path / "fresh.toml"
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=SIZE) as pilot:
        assert "1 broken rule" in status(app) and app.sub_title == "fresh.toml ●"
        await pilot.press("down", "a")
        await type_text(pilot, "billmen")
        await pilot.press("enter", "ctrl+s")
    army = RULES.load(path)
    assert army.name == "Fresh" and army.wards[0].units[0].troop == "billmen"


@run_async
async def test_command_palette_help_and_theme(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        assert any("Add ward" in p for p in await palette_search(pilot, "add ward"))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RecordForm)
        await pilot.press("escape", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        shown = plain(app.screen.query_one("#help-text", Static))
        assert "Roll command classes" in shown and "Ctrl+Z" in shown and "Add ward" in shown
        assert "Make C-in-C" in shown  # the ruleset's own keys are listed too
        assert "Mustering (M)" in shown
        await pilot.press("escape", "d")
        assert app.theme == "textual-light"
        await pilot.press("d")
        assert app.theme == "textual-dark"


@pytest.mark.parametrize("query", ["export", "pdf", "print"])
@run_async
async def test_the_palette_finds_print_and_shows_each_key(army_path: Path, query: str) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        prompts = await palette_search(pilot, query)
        assert any(p.startswith("Print (p)") for p in prompts), prompts
        await pilot.press("escape")


@run_async
async def test_works_in_a_big_terminal(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        tree = app.army_screen.query_one("#tree")
        assert tree.size.width > 70 and tree.size.height > 25
        # A long label fits in full.
        assert any(
            "Combined block: Archers before Levy Billmen" in label for label in tree_labels(app)
        )


BAD = 'ruleset = "billhooks"\nname = "x"\nsidee = "york"\n'


def path_error(app: BuilderApp) -> str:
    return str(app.screen.query_one("#path-error", Label).render())


def test_cli_refuses_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tui", str(tmp_path / "no" / "such" / "army.toml")]) == 2
    assert "no such folder" in capsys.readouterr().err


@run_async
async def test_a_broken_file_opens_the_builder_with_its_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD)
    app = builder_on(["tui", str(bad)], monkeypatch)
    assert app.session.path is None and not app.session.dirty
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, BrokenFileDialog)
        shown = str(app.screen.query_one("#broken-error", Label).render())
        assert shown.startswith(f"{bad}:3: sidee: unknown key (did you mean 'side'?)")
        buttons = {str(b.label) for b in app.screen.query(Button)}
        assert {"Open... (Ctrl+O)", "New army (Ctrl+N)", "Quit"} <= buttons
        await pilot.press("ctrl+n", "enter")  # Enter: the rule system highlighted
        await pilot.press("escape")  # the new army's settings form (issue 38): as offered
        assert isinstance(app.screen, ArmyScreen) and RULES.army_of(app).name == "New army"
        await pilot.press("down", "a")
        await type_text(pilot, "billmen")
        await pilot.press("enter", "ctrl+s")  # no file yet: Save asks, and not for bad.toml
        assert app.screen.query_one("#path", Input).value == "my-army.toml"
        await pilot.press("escape")
    assert bad.read_text() == BAD


@run_async
async def test_open_from_the_broken_file_dialog_keeps_the_error_in_view(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD)
    app = builder_on(["tui", str(bad)], monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        assert app.screen.query_one("#path", Input).value == str(bad)
        await pilot.press("enter")  # still broken: the dialog stays, the error in it
        assert isinstance(app.screen, PathDialog) and f"{bad}:3: sidee" in path_error(app)
        bad.write_text(BAD.replace("sidee", "side"))  # mended in an editor
        await pilot.press("enter")
        assert isinstance(app.screen, ArmyScreen) and app.session.path == bad
        assert RULES.army_of(app).side == "york"


@run_async
async def test_quit_from_the_broken_file_dialog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "bad.toml").write_text(BAD)
    app = builder_on(["tui", str(tmp_path / "bad.toml")], monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#quit")
        await pilot.pause()
        assert not app.is_running


@run_async
async def test_ctrl_o_on_a_broken_file_shows_the_error_in_the_dialog(
    army_path: Path, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD)
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await clear_and_type(pilot, "#path", str(bad))
        await pilot.press("enter")
        await wait_until(
            pilot, lambda: isinstance(app.screen, PathDialog) and bool(path_error(app))
        )
        assert path_error(app).startswith(f"{bad}:3: sidee: unknown key")
        assert app.session.path == army_path  # the army being edited is kept
        await pilot.press("escape")
        assert isinstance(app.screen, ArmyScreen)


@run_async
async def test_new_army_then_save_as_over_an_existing_file_asks(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+n", "enter", "escape")  # escape: its settings as offered
        assert app.session.path is None and RULES.army_of(app).name == "New army"
        assert tree_labels(app)[1].startswith("Commander-in-Chief (Lord, C-in-C")
        assert "sample" not in app.sub_title and app.sub_title.endswith("●")
        await pilot.press("ctrl+s")
        await clear_and_type(pilot, "#path", str(army_path))
        await pilot.press("enter")
        assert isinstance(app.screen, Confirm)
        await pilot.click("#no")
        assert RULES.load(army_path).name == "The Earl of Oxford's Retinue"
        await pilot.press("ctrl+w")
        await clear_and_type(pilot, "#path", str(army_path))
        await pilot.press("enter")
        await pilot.click("#yes")
        assert not app.session.dirty and app.session.path == army_path
    assert RULES.load(army_path).name == "New army"


@run_async
async def test_user_text_is_never_markup(tmp_path: Path) -> None:
    path = tmp_path / "evil.toml"
    text = (examples_dir() / "lancaster.toml").read_text()
    text = text.replace("The Earl of Oxford's Retinue", "[b]Evil[/i] host")
    text = text.replace("Sir John Savage", "[red]Sir[/] John")
    text = text.replace("Irish kern", "[link=http://x]kern[/link]")
    path.write_text(text)
    app = BuilderApp(Session.open(path), seed=1)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        labels = tree_labels(app)
        assert labels[0].startswith("[b]Evil[/i] host")
        assert any("[red]Sir[/] John (" in label for label in labels)
        assert "[b]Evil[/i] host" in str(app.screen.query_one("HeaderTitle").render())
        await pilot.press("down", "down", "down", "r")
        assert "[red]Sir[/] John" in plain(app.screen.query_one("#rolls", Static))
        await pilot.click("#ok")
        await pilot.press("e")
        assert app.screen.query_one("#field-name", Input).value == "[red]Sir[/] John"
        await pilot.press("escape", "x")
        # His ward has units: they may move to another ward, or go with him.
        entries = app.screen.query_one("#entries", OptionList)
        assert (
            str(entries.get_option_at_index(entries.option_count - 1).prompt) == "Remove them too"
        )
        entries.highlighted = entries.option_count - 1
        await pilot.press("enter", "ctrl+z", "ctrl+y")
        await wait_until(
            pilot,
            lambda: any("Redid" in str(toast.render()) for toast in app.screen.query("Toast")),
        )
        assert app.is_running
        toasts = [str(toast.render()) for toast in app.screen.query("Toast")]
        # The newest two toasts ("Undid: remove ...", "Redid: ..."), his name as typed.
        assert all("remove [red]Sir[/] John" in shown for shown in toasts), toasts
        assert "[red]Sir[/] John" not in [w.leader.name for w in RULES.army_of(app).wards]
