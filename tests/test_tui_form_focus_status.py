"""Issue 22 minor items: the form's highlighted field name follows Tab; a text field at its
length limit says so; at 80 columns the status bar keeps "● unsaved" (every ruleset)."""

from __future__ import annotations

import asyncio
import io
import shutil
from pathlib import Path

import pytest
from armies import EXAMPLE_OF
from rich.console import Console
from textual.widgets import Input, Label, Static

from builder.resources import examples_dir
from builder.tui.app import BuilderApp
from builder.tui.modals.record import RecordForm
from builder.tui.session import Session

EXAMPLE = EXAMPLE_OF


def _open(ruleset: str, tmp_path: Path) -> BuilderApp:
    path = tmp_path / "army.toml"
    shutil.copy(examples_dir() / EXAMPLE[ruleset], path)
    return BuilderApp(Session.open(path))


def _marked(form: RecordForm) -> list[str]:
    """The names of the rows the form marks as the focused one."""
    return [
        str(label.content)
        for row in form.query(".row.-current")
        for label in row.query(".row-label").results(Label)
    ]


@pytest.mark.parametrize("ruleset", sorted(EXAMPLE))
def test_the_highlighted_field_name_follows_tab(ruleset: str, tmp_path: Path) -> None:
    async def run() -> None:
        app = _open(ruleset, tmp_path)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("e")
            form = app.screen
            assert isinstance(form, RecordForm)
            names = []
            for _ in range(3):
                await pilot.pause()
                marked = _marked(form)
                assert len(marked) == 1, marked
                # The marked row is the one holding the focused widget, and it stands out.
                row = next(iter(form.query(".row.-current")))
                assert app.focused is not None and app.focused in list(row.query("*"))
                assert row.query_one(".row-label", Label).rich_style.reverse
                names.append(marked[0])
                await pilot.press("tab")
            assert len(set(names)) == 3, names

    asyncio.run(run())


@pytest.mark.parametrize("ruleset", sorted(EXAMPLE))
def test_a_full_text_field_says_its_limit(ruleset: str, tmp_path: Path) -> None:
    async def run() -> None:
        app = _open(ruleset, tmp_path)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("e")
            form = app.screen
            assert isinstance(form, RecordForm)
            field = next(w for w in form.query(Input) if w.max_length)
            limit = field.max_length
            assert limit is not None
            field.focus()
            await pilot.pause()
            # Filled to two short of the limit at once (a key is a tenth of a second in
            # Pilot), then typed key by key to it and past it.
            field.value = "a" * (limit - 2)
            field.cursor_position = limit - 2
            await pilot.pause()
            said = form.query_one("#form-error", Label)
            await pilot.press("a")
            assert "at most" not in str(said.content)
            await pilot.press("b", "c")  # the c is refused: the form says why
            assert len(field.value) == limit
            assert said.display and str(said.content).endswith(f": at most {limit} characters.")
            await pilot.press("backspace")
            assert str(said.content) == ""

    asyncio.run(run())


def _status(app: BuilderApp) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(app.screen.query_one("#status", Static).content)
    return console.export_text().rstrip("\n")


@pytest.mark.parametrize("ruleset", sorted(EXAMPLE))
def test_the_status_bar_keeps_unsaved_at_80_columns(ruleset: str, tmp_path: Path) -> None:
    async def run() -> None:
        app = _open(ruleset, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            before = _status(app)
            await pilot.press("x")  # an edit: the first record goes
            for _ in range(20):
                await pilot.pause()
                if app.session.dirty:
                    break
            shown = _status(app)
            assert app.session.dirty and "● unsaved" in shown
            assert len(shown) <= 80 - 2, shown  # within the bar, inside its padding
            assert "unsaved" not in before

    asyncio.run(run())
