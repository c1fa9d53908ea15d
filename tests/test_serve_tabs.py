"""`billhooks serve` and what browser tabs send it (issue 38.8): a message the page never sends
(not JSON, the wrong shape) is ignored, said once per tab in one line, never a traceback on the
server's terminal, and the tab goes on working; a tab closed within moments of opening leaves
nothing behind (no recovery file: there was nothing unsaved)."""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from builder.commands.serve import envelope
from builder.resources import examples_dir
from builder.tui import crash
from builder.tui.session import Session

#: The line serve prints at start: the page's address, with this run's token.
STARTED = re.compile(r"127\.0\.0\.1:(\d+)/\?token=([\w-]+)")
#: Messages no page of billhooks sends.
MALFORMED = [
    "not json",
    "[",
    "[]",
    "null",
    '{"stdin": "q"}',
    "[5]",
    '["stdin"]',
    '["stdin", 5]',
    '["resize", "80x24"]',
    '["ping"]',
    '["explode", 1]',
    "[" * 5000 + "]" * 5000,
]


@pytest.mark.parametrize("text", MALFORMED)
def test_a_malformed_message_is_none(text: str) -> None:
    assert envelope(text) is None


@pytest.mark.parametrize(
    "text, found",
    [
        ('["stdin", "q"]', ("stdin", "q")),
        ('["resize", {"width": 90, "height": 30}]', ("resize", {"width": 90, "height": 30})),
        ('["ping", "1234"]', ("ping", "1234")),
        ('["focus"]', ("focus", None)),
        ('["blur"]', ("blur", None)),
    ],
)
def test_the_pages_own_messages_pass(text: str, found: tuple[str, object]) -> None:
    assert envelope(text) == found


def start(army: Path) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "builder", "serve", str(army), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        cwd=army.parent,
    )
    assert server.stdout is not None
    found = STARTED.search(server.stdout.readline())
    assert found, "serve printed its address"
    return server, f"ws://127.0.0.1:{found.group(1)}/ws/{found.group(2)}?width=100&height=30"


def stop(server: subprocess.Popen[str]) -> str:
    """Ctrl+C (the server alone: each tab is stopped by it); what it printed on stderr."""
    server.send_signal(signal.SIGINT)
    _, err = server.communicate(timeout=60)
    return err


async def tabs(url: str, frames: list[str], quick: list[float]) -> object:
    """One tab sent ``frames`` then a ping (its pong returned); then tabs opened and closed
    after each of ``quick`` seconds."""
    origin = url.split("/ws/")[0].replace("ws:", "http:")
    async with aiohttp.ClientSession() as client:
        async with client.ws_connect(url, origin=origin) as websocket:
            for frame in frames:
                await websocket.send_str(frame)
            await websocket.send_json(["ping", "still here"])
            deadline = time.monotonic() + 30
            while True:
                message = await websocket.receive(timeout=max(deadline - time.monotonic(), 0.01))
                if message.type == aiohttp.WSMsgType.TEXT:
                    return_value: object = message.json()
                    break
        for wait in quick:
            async with client.ws_connect(url, origin=origin):
                await asyncio.sleep(wait)
    return return_value


def test_malformed_messages_and_tabs_closed_at_once(tmp_path: Path) -> None:
    army = tmp_path / "army.toml"
    army.write_bytes((examples_dir() / "lancaster.toml").read_bytes())
    server, url = start(army)
    try:
        pong = asyncio.run(tabs(url, MALFORMED, [0.0, 0.05, 0.3, 1.0]))
    finally:
        err = stop(server)
    assert pong == ["pong", "still here"]  # the tab kept working
    assert "Traceback" not in err and "Error handling request" not in err
    assert err.count("ignored a message from a browser tab") == 1, err
    assert len(err.splitlines()) == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["army.toml"]


def test_an_error_with_nothing_unsaved_writes_no_recovery_file(tmp_path: Path) -> None:
    army = tmp_path / "army.toml"
    army.write_bytes((examples_dir() / "york.toml").read_bytes())
    session = Session.open(army)
    told = crash.recover(session, RuntimeError("injected bug"))
    assert "Nothing was unsaved, so no recovery file was written" in told
    assert [p.name for p in tmp_path.iterdir()] == ["army.toml"]
    session.apply("rename", lambda record: setattr(record, "name", "Renamed"))
    assert "army.recovered.toml" in crash.recover(session, RuntimeError("injected bug"))
