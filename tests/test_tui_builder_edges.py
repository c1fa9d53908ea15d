"""Issue 38's builder edges (items 10-15), found by building a new army in each system: the
Print screen's Export key and its list of files, M where there is no draw, shieldwall's
leaders on stands, KISS's choices and defaults, and the smaller ones. Driven as a player
drives the builder, in every system where the edge can be met."""

from __future__ import annotations

import io
import shutil
from pathlib import Path
from typing import Any

import pytest
from pilot import palette_search, run_async, wait_until
from rich.console import Console
from textual.widgets import Input, Label, Select, SelectionList, Static

from builder import armyfile
from builder.export.base import ArmyInput, ExportJob, ExportOptions
from builder.export.pack import outputs, printables
from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.tui.app import BuilderApp
from builder.tui.modals.help import HelpScreen
from builder.tui.screens.army import ArmyScreen
from builder.tui.screens.print import PrintScreen
from builder.tui.session import Session

#: An example army of each built-in system.
EXAMPLES = {
    "billhooks": "york.toml",
    "kiss": "kiss-york.toml",
    "feudal": "feudal-normandy.toml",
    "shieldwall": "shieldwall-norse.toml",
}
WIDE = (120, 40)


def copied(tmp_path: Path, system: str) -> Path:
    name = EXAMPLES[system]
    return Path(shutil.copy(examples_dir() / name, tmp_path / name))


def text_of(renderable: Any, width: int = 120) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def shown(widget: Static) -> str:
    return text_of(widget.content)


async def open_print(pilot: Any) -> PrintScreen:
    await pilot.press("p")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, PrintScreen))
    screen = pilot.app.screen
    assert isinstance(screen, PrintScreen)
    await pilot.pause()
    return screen


# --- 10: Export has a key, in the footer and the palette; Print's help first ---------------


@run_async
async def test_print_exports_with_its_key_shown_in_the_footer_and_palette(
    tmp_path: Path,
) -> None:
    path = copied(tmp_path, "kiss")
    out = tmp_path / "pack"
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=WIDE) as pilot:
        screen = await open_print(pilot)
        footer = {
            b.binding.key: b.binding.description
            for b in screen.active_bindings.values()
            if b.binding.show
        }
        assert footer.get("e") == "Export"
        await pilot.press("ctrl+p")
        prompts = await palette_search(pilot, "export")
        assert any(p.splitlines()[0] == "Export (e)" for p in prompts), prompts
        await pilot.press("escape")
        # In the Folder field "e" is a letter, not the key: the path is typed whole and
        # nothing is written yet.
        folder = screen.query_one("#print-out", Input)
        folder.focus()
        await pilot.press("home", "ctrl+k")
        await pilot.press(*str(out))
        assert folder.value == str(out) and not out.exists()
        assert "Writing" not in str(screen.query_one("#print-status", Label).render())
        # Enter on a list of choices opens it: it does not export.
        paper = screen.query_one("#print-paper", Select)
        paper.focus()
        await pilot.press("enter")
        await pilot.press("escape")
        assert not out.exists()
        await pilot.press("e")
        await app.workers.wait_for_complete()
        await wait_until(pilot, lambda: "Done" in str(screen.query_one("#print-status").render()))
    assert (out / "tokens.pdf").is_file() and (out / "manifest.json").is_file()


@run_async
async def test_export_is_not_in_the_palette_of_the_army_screen(tmp_path: Path) -> None:
    app = BuilderApp(Session.open(copied(tmp_path, "billhooks")))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("ctrl+p")
        prompts = await palette_search(pilot, "export")
        assert not any(p.startswith("Export (e)") for p in prompts), prompts
        await pilot.press("escape")
        await pilot.press("e")  # on the army screen, e edits as before
        await pilot.pause()
        assert not isinstance(app.screen, PrintScreen)


@run_async
async def test_help_on_the_print_screen_starts_with_its_own_keys(tmp_path: Path) -> None:
    app = BuilderApp(Session.open(copied(tmp_path, "billhooks")))
    async with app.run_test(size=WIDE) as pilot:
        await open_print(pilot)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        text = shown(app.screen.query_one("#help-text", Static))
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        assert lines[0] == "Print screen" and lines[1].startswith("e") and "Export" in lines[1]
        assert text.index("Print screen") < text.index("billhooks: the army builder")
        assert text.count("Export") >= 2 and text.count("Print screen") == 1
        await pilot.press("escape", "escape")
        await pilot.press("question_mark")  # on the army screen: the introduction first
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        text = shown(app.screen.query_one("#help-text", Static))
        assert text.strip().startswith("billhooks: the army builder")
        assert "Print screen" in text  # its keys are still listed, further down


# --- 11: the Files list is the export's own plan, by file ---------------------------------


def plan(path: Path, fmt: str) -> list[tuple[str, list[str]]]:
    """The files an export of ``path`` writes in ``fmt``, each with the titles of what it
    holds, from the export itself."""
    army = armyfile.load(path)
    job = ExportJob((ArmyInput(army, path, path.read_text()),), ExportOptions(format=fmt))
    pack = printables(job)
    return [(name, [i.title for i in items]) for name, items in outputs(job, pack, pack.items)]


@pytest.mark.parametrize("system", list(EXAMPLES))
@run_async
async def test_print_lists_the_files_it_writes_with_what_each_holds(
    system: str, tmp_path: Path
) -> None:
    path = copied(tmp_path, system)
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=WIDE) as pilot:
        screen = await open_print(pilot)
        files = screen.query_one("#print-kinds", SelectionList)
        for fmt in ("pdf", "png"):
            screen.query_one("#print-format", Select).value = fmt
            await pilot.pause()
            expected = plan(path, fmt)
            listed = [str(files.get_option_at_index(i).value) for i in range(files.option_count)]
            assert listed == [name for name, _ in expected]
            table = shown(screen.query_one("#print-files", Static))
            for name, titles in expected:
                line = next(row for row in table.splitlines() if row.split()[:1] == [name])
                assert ", ".join(titles) in line, (name, line)
        # Each file the list names is written: none is printed inside another.
        screen.query_one("#print-format", Select).value = "pdf"
        await pilot.pause()
        out = tmp_path / "pack"
        screen.query_one("#print-out", Input).value = str(out)
        screen.query_one("#print-paper", Select).focus()
        await pilot.press("e")
        await app.workers.wait_for_complete()
        await wait_until(pilot, lambda: "Done" in str(screen.query_one("#print-status").render()))
        listed = [str(files.get_option_at_index(i).value) for i in range(files.option_count)]
    assert sorted(p.name for p in out.iterdir()) == sorted([*listed, "manifest.json"])
    if system == "kiss":
        assert "order-markers" not in " ".join(listed)  # printed inside tokens.pdf
    if system == "shieldwall":
        assert "stand-labels" not in " ".join(listed)


@run_async
async def test_unticking_a_shared_file_leaves_out_every_kind_in_it(tmp_path: Path) -> None:
    path = copied(tmp_path, "shieldwall")
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=WIDE) as pilot:
        screen = await open_print(pilot)
        files = screen.query_one("#print-kinds", SelectionList)
        files.deselect("tokens.pdf")
        await pilot.pause()
        assert "tokens.pdf" not in shown(screen.query_one("#print-files", Static))
        assert {"tokens", "stand-labels"} <= app.print_settings.unticked
        # As folders of images the two are two files, both still left out.
        screen.query_one("#print-format", Select).value = "png"
        await pilot.pause()
        assert "tokens" not in files.selected and "stand-labels" not in files.selected
        assert "roster.pdf" in files.selected


# --- 12: M where the system has no draw --------------------------------------------------


@pytest.mark.parametrize("system", list(EXAMPLES))
@run_async
async def test_mustering_key_says_when_the_system_has_no_draw(system: str, tmp_path: Path) -> None:
    app = BuilderApp(Session.open(copied(tmp_path, system)))
    ruleset = get_ruleset(system)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("M")
        await pilot.pause()
        if ruleset.muster is not None:
            assert not isinstance(app.screen, ArmyScreen)  # the Mustering screen
            return
        assert isinstance(app.screen, ArmyScreen)
        toasts = list(app._notifications)
        assert len(toasts) == 1 and ruleset.title in toasts[0].message
        assert "no Mustering draw" in toasts[0].message
