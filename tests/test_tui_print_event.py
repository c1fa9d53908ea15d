"""The Print screen with the session's event and in large print (issues 42 and 44 in the
builder): a session opened with ``--event`` prints with the event's house rules, as
``export --event`` does, and says which on the screen; the Large print switch prints as
``export --large-print``. Every system's example event is tried; one real export
(Billhooks' crib sheet, the one kit a house rule changes today) checks what is printed."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfread
import pytest
from pilot import SIZE, builder_on, clear_and_type, run_async
from textual.widgets import Checkbox, Label, SelectionList

from builder import eventfile
from builder.export.job import ExportJob
from builder.export.pipeline.manifest import MANIFEST
from builder.registry import BUILT_IN
from builder.resources import examples_dir
from builder.tui.app import BuilderApp
from builder.tui.screens import print as print_screen
from builder.tui.screens.print import PrintScreen

#: An example army and event file of each system.
EVENTS = {
    "billhooks": ("york.toml", "event-bosworth.toml"),
    "kiss": ("kiss-york.toml", "event-kiss.toml"),
    "feudal": ("feudal-normandy.toml", "event-feudal.toml"),
    "shieldwall": ("shieldwall-norse.toml", "event-shieldwall.toml"),
}


def test_every_system_is_tried() -> None:
    assert set(EVENTS) == set(BUILT_IN)


def no_duel(tmp_path: Path) -> Path:
    """Bosworth with the C-in-C duel turned off."""
    text = (examples_dir() / "event-bosworth.toml").read_text(encoding="utf-8")
    assert "duel = true" in text
    path = tmp_path / "event-noduel.toml"
    path.write_text(text.replace("duel = true", "duel = false"), encoding="utf-8")
    return path


def app_on(
    army: str, event: Path | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> BuilderApp:
    """The builder as ``tui ARMY [--event EVENT]`` opens it, on a copy of the example."""
    path = tmp_path / army
    shutil.copy(examples_dir() / army, path)
    return builder_on(["tui", str(path)] + (["--event", str(event)] if event else []), monkeypatch)


def catcher(asked: list[ExportJob]) -> Callable[..., dict[str, Any]]:
    """An export that keeps the job it is asked for and writes nothing."""

    def caught(job: ExportJob, *_: object) -> dict[str, Any]:
        asked.append(job)
        return {"files": [], "format": "pdf"}

    return caught


async def open_print(pilot: Any) -> PrintScreen:
    await pilot.press("p")
    screen = pilot.app.screen
    assert isinstance(screen, PrintScreen)
    return screen


def rules_line(screen: PrintScreen) -> str | None:
    """The House rules line as shown, or None when its row is hidden."""
    if not screen.query_one("#print-house-rules-row").display:
        return None
    return str(screen.query_one("#print-house-rules", Label).render())


async def tick_large_print(pilot: Any, screen: PrintScreen) -> None:
    box = screen.query_one("#print-large-print", Checkbox)
    assert box.value is False
    box.focus()
    await pilot.press("space")
    assert box.value is True


async def export(pilot: Any, screen: PrintScreen, file: str, out: Path) -> None:
    kinds = screen.query_one("#print-kinds", SelectionList)
    kinds.deselect_all()
    kinds.select(file)
    await clear_and_type(pilot, "#print-out", str(out))
    await pilot.click("#print-export")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("system", sorted(EVENTS))
@run_async
async def test_the_event_and_large_print_reach_the_export_in_every_system(
    system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the screen hands the export: the session event's house rules turned off and the
    Large print switch (the writing itself is export's, tested there; not run here)."""
    army, event_name = EVENTS[system]
    event = examples_dir() / event_name
    asked: list[ExportJob] = []
    monkeypatch.setattr(print_screen, "export_pack", catcher(asked))
    app = app_on(army, event, tmp_path, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_print(pilot)
        line = rules_line(screen)
        read = eventfile.read(event)
        assert line is not None
        # No example event turns a house rule off: the rules as written, said so.
        assert not read.off() and line == f"As written: {read.name} turns none off"
        await tick_large_print(pilot, screen)
        first = next(iter(screen.query_one("#print-kinds", SelectionList).selected))
        await export(pilot, screen, first, tmp_path / "out")
        assert app.print_settings.large_print is True
    (job,) = asked
    assert job.options.large_print is True
    assert job.options.house_rules_off == read.off()


@run_async
async def test_without_an_event_no_house_rules_line_and_none_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[ExportJob] = []
    monkeypatch.setattr(print_screen, "export_pack", catcher(asked))
    app = app_on("york.toml", None, tmp_path, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_print(pilot)
        assert rules_line(screen) is None
        await export(pilot, screen, "crib-sheet.pdf", tmp_path / "out")
    assert asked[0].options.house_rules_off == frozenset()
    assert asked[0].options.large_print is False


@run_async
async def test_an_event_of_another_system_says_its_rules_are_not_applied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[ExportJob] = []
    monkeypatch.setattr(print_screen, "export_pack", catcher(asked))
    app = app_on("kiss-york.toml", no_duel(tmp_path), tmp_path, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_print(pilot)
        line = rules_line(screen)
        assert line == "None applied: The Bosworth Cup is an event for Never Mind the Billhooks"
        first = next(iter(screen.query_one("#print-kinds", SelectionList).selected))
        await export(pilot, screen, first, tmp_path / "out")
    assert asked[0].options.house_rules_off == frozenset()


@run_async
async def test_a_duel_turned_off_leaves_the_crib_in_large_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As ``export --event --large-print`` prints it: no duel on the crib, no type under 8 pt;
    a second visit keeps the switch."""
    out = tmp_path / "pack"
    app = app_on("york.toml", no_duel(tmp_path), tmp_path, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_print(pilot)
        line = rules_line(screen)
        assert line == "The C-in-C duel off, for The Bosworth Cup"
        await tick_large_print(pilot, screen)
        await export(pilot, screen, "crib-sheet.pdf", out)
        assert "Done:" in str(screen.query_one("#print-status", Label).render())
        await pilot.press("escape", "p")
        assert app.screen.query_one("#print-large-print", Checkbox).value is True
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["large_print"] is True
    with pdfread.pages(out / "crib-sheet.pdf") as pages:
        said = " ".join(page.text for page in pages).lower()
        smallest = min(c["size"] for page in pages for c in page.chars if c["text"].strip())
    assert "duel" not in said and "dolt" in said
    assert smallest >= 7.95, smallest
