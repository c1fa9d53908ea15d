"""Driving the builder in tests as a player does (Textual's Pilot): the app run in a test, keys
typed and pasted, waits on conditions rather than times, and what the screen shows as text.
Shared by every TUI test file."""

from __future__ import annotations

import asyncio
import functools
import io
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual import events
from textual.widgets import Checkbox, Input, SelectionList, Static

from builder.cli import main
from builder.tui.app import BuilderApp
from builder.tui.screens.print import PrintScreen
from builder.tui.session import Session
from builder.tui.widgets.army_tree import ArmyTree
from builder.tui.widgets.detail import DetailPane

#: The terminal most TUI tests run in: the smallest the builder supports.
SIZE = (80, 24)


def run_async(fn: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        asyncio.run(fn(*args, **kwargs))

    return wrapper


def plain(widget: Static | DetailPane) -> str:
    """What a Static (or the detail pane) shows, as plain text."""
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


def status(app: BuilderApp) -> str:
    return plain(app.screen.query_one("#status", Static))


def detail(app: BuilderApp) -> str:
    return plain(app.army_screen.query_one("#detail", DetailPane))


def tree_labels(app: BuilderApp) -> list[str]:
    tree = app.army_screen.query_one("#tree", ArmyTree)
    out = []
    stack = [tree.root]
    while stack:
        node = stack.pop(0)
        out.append(str(node.label))
        stack[0:0] = list(node.children)
    return out


def cursor(app: BuilderApp) -> str | None:
    node = app.army_screen.query_one("#tree", ArmyTree).cursor_node
    return None if node is None else node.data


async def type_text(pilot: Any, text: str) -> None:
    await pilot.press(*["space" if c == " " else c for c in text])


async def wait_until(pilot: Any, done: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the app run until ``done()`` holds (a search finished, a toast shown): a wait on a
    condition, not a guess at a time; it fails if ``timeout`` seconds go by first."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"still waiting after {timeout} s"
        await pilot.pause(0.01)


async def palette_search(pilot: Any, query: str) -> list[str]:
    """Type ``query`` into the open command palette, wait until its search is over, and give
    the prompts it lists."""
    from textual.command import CommandList, CommandPalette

    await type_text(pilot, query)
    palette = pilot.app.screen
    assert isinstance(palette, CommandPalette)

    def searched() -> bool:
        return palette.query_one(Input).value == query and not any(
            w.group == palette._GATHER_COMMANDS_GROUP and not w.is_finished
            for w in pilot.app.workers
        )

    await wait_until(pilot, searched)
    found = palette.query_one(CommandList)
    return [str(found.get_option_at_index(i).prompt) for i in range(found.option_count)]


async def click_again(pilot: Any, selector: str) -> None:
    """Click a button that was clicked a moment ago, as a player can: Textual ignores a click
    within its 0.2 s of ``-active`` after the last one, which a quick test fell inside."""
    button = pilot.app.screen.query_one(selector)
    await wait_until(pilot, lambda: not button.has_class("-active"))
    await pilot.click(selector)


async def clear_and_type(pilot: Any, selector: str, text: str) -> None:
    """Clear an input with keys, then paste ``text`` into it (as a terminal pastes)."""
    field = pilot.app.screen.query_one(selector, Input)
    field.focus()
    await pilot.press("home", "ctrl+k")
    field.post_message(events.Paste(text))
    await pilot.pause()


def builder_on(args: list[str], monkeypatch: pytest.MonkeyPatch) -> BuilderApp:
    """The app ``billhooks ARGS`` would run, caught before it takes the terminal."""
    started: list[BuilderApp] = []
    monkeypatch.setattr(BuilderApp, "run", lambda self: started.append(self))
    assert main(args) == 0
    return started[0]


async def export_with_checkbox(army_path: Path, out: Path, checkbox: str, file: str) -> None:
    """On the Print screen: tick ``checkbox`` (found unticked), choose ``file`` alone (as the
    Files list names it: "tokens.pdf") and export it into ``out``."""
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        screen = app.screen
        assert isinstance(screen, PrintScreen)
        box = screen.query_one(checkbox, Checkbox)
        assert box.value is False
        box.focus()
        await pilot.press("space")
        assert box.value is True
        kinds = screen.query_one("#print-kinds", SelectionList)
        kinds.deselect_all()
        kinds.select(file)
        await clear_and_type(pilot, "#print-out", str(out))
        await pilot.click("#print-export")
        await app.workers.wait_for_complete()
        await pilot.pause()
