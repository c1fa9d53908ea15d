"""The Mustering and Print screens, driven with keys and clicks."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import bh
import bh as BH
import pytest
from bh import load_collection
from pilot import SIZE, clear_and_type, click_again, plain, run_async, status, tree_labels
from pypdf import PdfReader
from textual.widgets import (
    Button,
    Checkbox,
    DataTable,
    Input,
    Label,
    ProgressBar,
    Select,
    SelectionList,
    Static,
)

from builder.cli import main
from builder.registry import get_ruleset, names
from builder.resources import examples_dir
from builder.systems.billhooks.draw import muster
from builder.tui.app import BuilderApp
from builder.tui.screens.army import ArmyScreen
from builder.tui.screens.muster import MusterScreen
from builder.tui.screens.print import PrintScreen
from builder.tui.session import Session


@pytest.fixture
def army_path(tmp_path: Path) -> Path:
    path = tmp_path / "army.toml"
    shutil.copy(examples_dir() / "lancaster.toml", path)
    return path


@pytest.fixture(autouse=True)
def no_deal_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(MusterScreen, "delay", 0)


async def open_print(pilot: Any) -> PrintScreen:
    """Press p on the army screen: the Print screen it opens."""
    await pilot.press("p")
    screen = pilot.app.screen
    assert isinstance(screen, PrintScreen)
    return screen


@run_async
async def test_muster_plays_out_the_deal_and_opens_the_army(
    army_path: Path, tmp_path: Path
) -> None:
    collection = load_collection(examples_dir() / "collection.toml")
    expected = muster(collection, 100, 3, ("york",), random.Random(12), 12)
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("M")
        screen = app.screen
        assert isinstance(screen, MusterScreen)
        await clear_and_type(pilot, "#muster-seed", "12")
        screen.query_one("#muster-side", Select).focus()
        await pilot.press("enter", "up", "enter")  # Lancaster -> York
        await pilot.click("#muster-deal")
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = screen.query_one("#muster-deal-table", DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        cards = [r for r in rows if r[0]]
        assert len(cards) == len(expected.events)
        for shown, event in zip(cards, expected.events, strict=True):
            assert shown[1] == "York" and f"[{event.card.id}]" in shown[4]
            assert shown[2] == f"{event.card.points:g}"
            assert shown[3].endswith(f" {event.total:g}")
        assert any("shuffled" in r[4] and "cut" in r[4] for r in rows)
        result = str(screen.query_one("#muster-result", Label).render())
        assert "Seed 12" in result
        assert f"York: {expected.armies[0].troop_points:g} troop points" in result
        await pilot.click("#open-york")
        await pilot.pause()
        assert isinstance(app.screen, ArmyScreen)
        dealt = BH.army_of(app).muster
        assert dealt is not None and dealt.seed == 12
        assert "Troop pts 111 of 100" in status(app)
        assert tree_labels(app)[0].startswith(expected.armies[0].army.name)
        await pilot.press("ctrl+s")
        target = tmp_path / "dealt.toml"
        await clear_and_type(pilot, "#path", str(target))
        await pilot.press("enter")
    saved = bh.load(target)
    assert saved.muster is not None and saved.muster.troops == 100
    assert "seed 12" in target.read_text()  # the draw's header comments are kept
    assert len(bh.load(army_path).wards) == 3  # the old file is untouched


@run_async
async def test_a_dealt_army_replaces_unsaved_work_undoably(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x", "M")
        screen = app.screen
        assert isinstance(screen, MusterScreen)
        await clear_and_type(pilot, "#muster-seed", "3")
        screen.query_one("#muster-side", Select).focus()
        await pilot.press("enter", "down", "enter")  # Lancaster -> both
        await pilot.click("#muster-deal")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.query("#open-york") and screen.query("#open-lancaster")
        edited = app.session
        await pilot.click("#open-lancaster")
        await pilot.pause()
        assert BH.army_of(app).side == "lancaster" and BH.army_of(app).muster is not None
        assert app.session.path is None and app.session.dirty
        # Ctrl+Z brings back the army the draw replaced, its unsaved removal and all.
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session is edited and app.session.path == army_path and app.session.dirty
        assert sum(len(w.units) for w in BH.army_of(app).wards) == 6


@run_async
async def test_muster_reports_a_bad_collection(army_path: Path, tmp_path: Path) -> None:
    bad = tmp_path / "coll.toml"
    bad.write_text('ruleset = "billhooks"\nname = "c"\n[[cards]]\ntroop = "archerz"\n')
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("M")
        await clear_and_type(pilot, "#muster-collection", str(bad))
        await pilot.click("#muster-deal")
        await pilot.pause()
        result = str(app.screen.query_one("#muster-result", Label).render())
        assert "No army dealt" in result and "coll.toml:4" in result
        await pilot.press("escape")
        assert isinstance(app.screen, ArmyScreen)


@run_async
async def test_print_exports_the_chosen_files_with_progress(
    army_path: Path, tmp_path: Path
) -> None:
    out = tmp_path / "pack"
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x", "p")  # an unsaved edit is printed as it stands
        screen = app.screen
        assert isinstance(screen, PrintScreen)
        screen.query_one("#print-paper", Select).focus()
        await pilot.press("enter", "down", "enter")  # A4 -> Letter
        kinds = screen.query_one("#print-kinds", SelectionList)
        kinds.focus()
        # Keep play-deck and tokens only: untick the others with the keyboard.
        wanted = {"play-deck.pdf", "tokens.pdf"}
        for index in range(kinds.option_count):
            kinds.highlighted = index
            if kinds.get_option_at_index(index).value not in wanted:
                await pilot.press("space")
        assert set(kinds.selected) == wanted
        await clear_and_type(pilot, "#print-out", str(out))
        await pilot.click("#print-export")
        await app.workers.wait_for_complete()
        await pilot.pause()
        status_text = str(screen.query_one("#print-status", Label).render())
        assert "Done: 2 PDF files" in status_text and str(out) in status_text
        shown = plain(screen.query_one("#print-files", Static))
        assert "play-deck.pdf" in shown and "tokens.pdf" in shown and "LEADER" in shown
        assert screen.query_one("#print-progress", ProgressBar).percentage == 1
    manifest = json.loads((out / "manifest.json").read_text())
    assert [f["file"] for f in manifest["files"]] == ["play-deck.pdf", "tokens.pdf"]
    assert manifest["paper"]["name"] == "letter"
    page = PdfReader(out / "tokens.pdf").pages[0]
    assert round(float(page.mediabox.width) / 72 * 25.4) == 216  # Letter
    assert not (out / "roster.pdf").exists()


@run_async
async def test_print_counts_the_shared_token_sheets_as_one_file(tmp_path: Path) -> None:
    """Issue 24.9: KISS's order markers and tokens share their sheets, so ticking both
    writes one file, and the screen says so while writing and when done."""
    army = tmp_path / "kiss.toml"
    shutil.copy(examples_dir() / "kiss-york.toml", army)
    out = tmp_path / "pack"
    app = BuilderApp(Session.open(army))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_print(pilot)
        kinds = screen.query_one("#print-kinds", SelectionList)
        wanted = {"tokens.pdf"}  # magnate cards, order markers and tokens: one file
        for index in range(kinds.option_count):
            if kinds.get_option_at_index(index).value not in wanted:
                kinds.deselect(kinds.get_option_at_index(index).value)
        assert set(kinds.selected) == wanted
        await clear_and_type(pilot, "#print-out", str(out))
        await pilot.click("#print-export")
        await app.workers.wait_for_complete()
        await pilot.pause()
        status_text = str(screen.query_one("#print-status", Label).render())
        assert "Done: 1 PDF file " in status_text, status_text
        assert "tokens.pdf" in plain(screen.query_one("#print-files", Static))
        assert screen.query_one("#print-progress", ProgressBar).total == 1  # files, not kinds
    manifest = json.loads((out / "manifest.json").read_text())
    [entry] = manifest["files"]
    shared = ["magnate-cards", "order-markers", "tokens"]
    assert entry["file"] == "tokens.pdf" and entry["kinds"] == shared
    assert entry["pages"] == 1 and not (out / "order-markers.pdf").exists()


@run_async
async def test_print_writes_tabletop_simulator_decks_when_chosen(
    army_path: Path, tmp_path: Path
) -> None:
    out = tmp_path / "tts"
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_print(pilot)
        screen.query_one("#print-format", Select).value = "tts"
        await pilot.pause()  # the Files list names the folders of images
        kinds = screen.query_one("#print-kinds", SelectionList)
        kinds.deselect_all()
        kinds.select("bonus-deck")  # a folder of images
        await clear_and_type(pilot, "#print-out", str(out))
        await pilot.click("#print-export")
        await app.workers.wait_for_complete()
        await pilot.pause()
        status_text = str(screen.query_one("#print-status", Label).render())
        assert "Done: 1 file in" in status_text and "Tabletop Simulator" in status_text
        assert "bonus-deck/" in plain(screen.query_one("#print-files", Static))
    saved = json.loads((out / "bonus-deck" / "bonus-deck.json").read_text(encoding="utf-8"))
    assert saved["ObjectStates"][0]["Name"] == "DeckCustom"
    assert json.loads((out / "manifest.json").read_text())["format"] == "tts"


@run_async
async def test_print_reports_an_unusable_folder(army_path: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        screen = app.screen
        await clear_and_type(pilot, "#print-out", str(blocker))
        await pilot.click("#print-export")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Export failed" in str(screen.query_one("#print-status", Label).render())
        assert not screen.query_one("#print-export").disabled
        # The folder typed stays, to be corrected rather than typed again.
        assert screen.query_one("#print-out", Input).value == str(blocker)


@pytest.mark.parametrize("bleed", ["10.5", "-1", "1e400"])
@run_async
async def test_print_refuses_the_bleed_the_cli_refuses(
    army_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], bleed: str
) -> None:
    # One bound for both: the command line says no to the same value.
    with pytest.raises(SystemExit) as refused:
        main(["export", str(army_path), "--out", str(tmp_path / "cli"), "--bleed", bleed])
    assert refused.value.code == 2
    assert "bleed must be 0-10 mm" in capsys.readouterr().err
    out = tmp_path / "pack"
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        screen = app.screen
        await clear_and_type(pilot, "#print-out", str(out))
        await clear_and_type(pilot, "#print-bleed", bleed)
        shown = screen.query_one("#print-status", Label)
        assert "Bleed must be 0-10 mm" in str(shown.render())  # as it is typed
        await pilot.click("#print-export")
        await app.workers.wait_for_complete()
        assert "Bleed must be 0-10 mm" in str(shown.render())
        assert not screen.query_one("#print-progress").display and not out.exists()
        await clear_and_type(pilot, "#print-bleed", "10")
        assert str(shown.render()) == ""


@run_async
async def test_leaving_mustering_keeps_the_last_draw(army_path: Path) -> None:
    app = BuilderApp(Session.open(army_path), seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("M")
        await pilot.click("#muster-deal")
        await app.workers.wait_for_complete()
        rows = app.screen.query_one("#muster-deal-table", DataTable).row_count
        assert rows > 0
        await pilot.press("escape")
        assert isinstance(app.screen, ArmyScreen)
        await pilot.press("M")
        assert app.screen.query_one("#muster-deal-table", DataTable).row_count == rows
        assert app.screen.query("#open-lancaster")


@run_async
async def test_leaving_print_while_it_writes_still_reports(
    army_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from builder.tui.screens import print as print_screen

    started, release = threading.Event(), threading.Event()
    real_export = print_screen.export_pack  # type: ignore[attr-defined]

    def slow_export(*args: Any, **kwargs: Any) -> dict[str, Any]:
        started.set()
        release.wait(10)  # the player leaves the screen while this runs
        return real_export(*args, **kwargs)

    monkeypatch.setattr(print_screen, "export_pack", slow_export)
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await clear_and_type(pilot, "#print-out", str(tmp_path / "pack"))
        await pilot.click("#print-export")
        assert started.wait(10)
        await pilot.press("escape")
        assert isinstance(app.screen, ArmyScreen)
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.is_running
        assert any("Wrote 8 PDF files" in n.message for n in app._notifications)
    assert (tmp_path / "pack" / "manifest.json").exists()


@run_async
async def test_muster_keep_proportions_checkbox(army_path: Path) -> None:
    # Seed 97 deals 21 points of skirmishers for 100: the literal deal keeps them all; the
    # house rule sets the skirmish archers aside.
    collection = load_collection(examples_dir() / "collection.toml")
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("M")
        screen = app.screen
        assert isinstance(screen, MusterScreen)
        await clear_and_type(pilot, "#muster-seed", "97")
        assert screen.query_one("#muster-keep", Checkbox).value is False
        for keep in (False, True):
            expected = muster(
                collection, 100, 3, ("lancaster",), random.Random(97), 97, keep_proportions=keep
            )
            await click_again(pilot, "#muster-deal")
            await app.workers.wait_for_complete()
            await pilot.pause()
            table = screen.query_one("#muster-deal-table", DataTable)
            steps = [
                str(table.get_row_at(i)[3])
                for i in range(table.row_count)
                if str(table.get_row_at(i)[0])
            ]
            what = {"core": "core", "deal": "total", "set-aside": "set aside"}
            assert steps == [f"{what[e.kind]} {e.total:g}" for e in expected.events]
            assert any(s.startswith("set aside") for s in steps) is keep
            assert screen.deal_result is not None and screen.deal_result.keep_proportions is keep
            await pilot.click("#muster-keep")
            await pilot.pause()


@run_async
async def test_muster_collection_not_english_deals_without_a_core(
    army_path: Path, tmp_path: Path
) -> None:
    coll = tmp_path / "burgundians.toml"
    coll.write_text(
        'ruleset = "billhooks"\nname = "Burgundians"\nenglish = false\n'
        '[[cards]]\ntroop = "men-at-arms"\ncount = 5\n'
        '[[cards]]\ntroop = "archers"\ncount = 3\n',
        encoding="utf-8",
    )
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("M")
        screen = app.screen
        await clear_and_type(pilot, "#muster-collection", str(coll))
        await clear_and_type(pilot, "#muster-seed", "5")
        await pilot.click("#muster-deal")
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = screen.query_one("#muster-deal-table", DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        assert "not an English army" in rows[0][4]
        assert not any(r[3].startswith("core") for r in rows)
        await pilot.click("#open-lancaster")
        await pilot.pause()
        assert BH.army_of(app).english is False


def _drawing_systems() -> list[str]:
    from builder.registry import get_ruleset, names

    return [n for n in names() if get_ruleset(n).muster is not None]


@pytest.mark.parametrize("name", _drawing_systems())
@run_async
async def test_muster_deals_in_every_system(name: str, tmp_path: Path) -> None:
    """M opens the draw in every system with one: its sample collection offered, the size in
    its measure, both sides dealt; each army opens as a new, unsaved army its checks pass."""
    from builder.registry import get_ruleset

    ruleset = get_ruleset(name)
    muster = ruleset.muster
    assert muster is not None and muster.sample_collection is not None
    app = BuilderApp(Session.new(tmp_path / "army.toml", name))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("M")
        screen = app.screen
        assert isinstance(screen, MusterScreen)
        offered = screen.query_one("#muster-collection", Input).value
        assert offered.endswith(muster.sample_collection)
        assert screen.query_one("#muster-troops", Input).value == str(muster.usual_size)
        await clear_and_type(pilot, "#muster-seed", "5")
        screen.query_one("#muster-side", Select).value = "both"
        await pilot.click("#muster-deal")
        await app.workers.wait_for_complete()
        await pilot.pause()
        buttons = [b.id for b in screen.query("#muster-open Button")]
        assert len(buttons) == 2, str(screen.query_one("#muster-result", Label).render())
        assert f"{muster.measure} for {muster.usual_size} agreed" in str(
            screen.query_one("#muster-result", Label).render()
        )
        await pilot.click(f"#{buttons[1]}")
        await pilot.pause()
        assert isinstance(app.screen, ArmyScreen)
        army = app.session.army
        assert army.ruleset == name and app.session.path is None and app.session.dirty
        assert [f for f in ruleset.check(army) if f.level == "error"] == []


@pytest.mark.parametrize(
    "ruleset", [name for name in names() if get_ruleset(name).muster is not None]
)
@run_async
async def test_every_draw_deals_in_the_builder_and_opens_a_legal_army(
    ruleset: str, tmp_path: Path
) -> None:
    """M on a new army of each system with a draw: its sample collection is offered, the deal
    is played out card by card, and the dealt army opens as a new, unsaved, legal army."""
    app = BuilderApp(Session.new(tmp_path / "new.toml", ruleset))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("M")
        screen = app.screen
        assert isinstance(screen, MusterScreen)
        sample = get_ruleset(ruleset).muster.sample_collection  # type: ignore[union-attr]
        assert screen.query_one("#muster-collection", Input).value.endswith(str(sample))
        await clear_and_type(pilot, "#muster-seed", "5")
        await pilot.click("#muster-deal")
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = screen.query_one("#muster-deal-table", DataTable)
        assert sum(1 for i in range(table.row_count) if str(table.get_row_at(i)[0])) >= 2
        measure = get_ruleset(ruleset).muster.measure  # type: ignore[union-attr]
        assert str(table.columns[table.ordered_columns[2].key].label) == measure.split()[-1]
        opens = [b for b in screen.query(Button) if (b.id or "").startswith("open-")]
        assert opens, "no button opens the dealt army"
        await pilot.click(f"#{opens[0].id}")
        await pilot.pause()
        assert isinstance(app.screen, ArmyScreen)
        army = app.session.army
        assert army.ruleset == ruleset and app.session.dirty
        errors = [f for f in get_ruleset(ruleset).check(army) if f.level == "error"]
        assert errors == []
