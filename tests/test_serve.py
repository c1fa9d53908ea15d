"""`billhooks serve` in a real browser: Debian's Chromium driven by Playwright (never a
downloaded browser). For an example of each rule system the page opens (with this run's token
only), shows the army, an edit and its undo show in the status bar, an edit is saved, the
Print screen's pack downloads as a zip, nothing is fetched from outside the server, nothing
listens anywhere but 127.0.0.1, and Ctrl+C stops the server and every tab's builder. Without
a browser: a tab's size is clamped, ``--ruleset`` starts a new army of that system, and a
server killed outright takes its builders with it.

Where /usr/bin/chromium is missing the browser test is skipped, naming the package to install
(failed instead under $BILLHOOKS_REQUIRE_SYSTEM_PACKAGES=1, which CI sets: conftest.py).

xterm.js draws the terminal on a canvas, so the text is read from its buffer: an init script
catches the Terminal object as it is made (its constructor sets ``_addonManager`` once).
"""

from __future__ import annotations

import asyncio
import functools
import io
import ipaddress
import json
import os
import re
import select
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import aiohttp
import pytest
from pilot import SIZE, clear_and_type
from playwright.sync_api import BrowserContext, Page, sync_playwright
from textual.widgets import Button, Label, SelectionList

from builder import armyfile
from builder.cli import main
from builder.commands.serve import (
    COLUMNS,
    ROWS,
    SHUTDOWN_S,
    LocalServer,
    builder_command,
    clamp,
)
from builder.core.base import Summary, number
from builder.export.job import ArmyInput, ExportJob, ExportOptions
from builder.export.pipeline.bundle import pack_files, pack_zip, zip_name
from builder.export.pipeline.pack import export_pack
from builder.registry import BUILT_IN, get_ruleset
from builder.resources import examples_dir
from builder.tui.app import BuilderApp
from builder.tui.screens.print import PrintScreen
from builder.tui.session import Session

T = TypeVar("T")
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_S = 15.0

CATCH_TERMINAL = """
window.__terminals = [];
Object.defineProperty(Object.prototype, "_addonManager", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "_addonManager", {value, writable: true, configurable: true});
    window.__terminals.push(this);
  },
});
"""
SCREEN = """() => {
  const term = window.__terminals[0];
  if (!term || !document.body.classList.contains("-first-byte")) return [];
  const buffer = term.buffer.active, rows = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows;
}"""
LOOK = """(y) => {
  const term = window.__terminals[0], buffer = term.buffer.active;
  const line = buffer.getLine(buffer.viewportY + y);
  let out = "";
  for (let x = 0; x < term.cols; x++) {
    const cell = line.getCell(x);
    out += cell.getChars() + cell.getFgColor() + "/" + cell.getBgColor() + " ";
  }
  return out;
}"""
STATUS = re.compile(r"✔ LEGAL|✖ \d+ broken rule")
#: The line serve prints at start: the page's address, with this run's token.
STARTED = re.compile(r"open (http://127\.0\.0\.1:(\d+)/\?token=([\w-]+)) in a web browser")


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=str(CHROMIUM),
            args=CHROMIUM_ARGS,
            headless=True,
            viewport={"width": 1280, "height": 800},
        )
        yield context
        context.close()


def in_a_thread(fn: Callable[..., Coroutine[Any, Any, T]]) -> Callable[..., T]:
    """Run the coroutine function ``fn`` in a thread of its own: Playwright's sync API (the
    browser fixture, alive for the whole module) holds this thread's event loop."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> T:
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, fn(*args, **kwargs)).result()

    return wrapper


def read_line(stream: object, timeout: float) -> str:
    assert hasattr(stream, "readline") and hasattr(stream, "fileno")
    ready, _, _ = select.select([stream], [], [], timeout)
    assert ready, f"nothing printed in {timeout:g} s"
    line: str = stream.readline()
    return line


def family(pid: int) -> set[int]:
    """``pid`` and every process under it."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found = {pid}
    while more := {p for p, parent in parents.items() if parent in found} - found:
        found |= more
    return found


def alive(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (a zombie, waiting for its parent to reap it, is not)."""
    running = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state not in ("Z", "X"):
            running.add(pid)
    return running


def _address(hex_address: str) -> str:
    host, port = hex_address.split(":")
    raw = bytes.fromhex(host)
    # /proc/net/tcp* print each 32-bit word in host (little-endian) order.
    raw = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4))
    return f"{ipaddress.ip_address(raw)}:{int(port, 16)}"


def listening(pids: set[int]) -> list[str]:
    """Every TCP socket in LISTEN state that one of ``pids`` holds, as address:port."""
    inodes = set()
    for pid in pids:
        try:
            fds = list(Path(f"/proc/{pid}/fd").iterdir())
        except OSError:
            continue
        for fd in fds:
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    out = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            cols = row.split()
            if cols[3] == "0A" and cols[9] in inodes:  # 0A: LISTEN
                out.append(_address(cols[1]))
    return out


def start_server(args: list[str], cwd: Path) -> tuple[subprocess.Popen[str], str, int, str]:
    """``billhooks serve ARGS --port 0`` started in ``cwd`` (where Print writes by default),
    with the page's address, port and token it printed."""
    server = subprocess.Popen(
        [sys.executable, "-m", "builder", "serve", *args, "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        cwd=cwd,
    )
    line = read_line(server.stdout, WAIT_S)
    found = STARTED.search(line)
    assert found, line
    return server, found.group(1), int(found.group(2)), found.group(3)


def get(port: int, path: str, origin: str | None = None, websocket: bool = False) -> int:
    """The status ``GET path`` gets from the server (as a websocket opening if asked),
    sent with ``origin``."""
    upgrade = (
        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if websocket
        else ""
    )
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT_S) as conn:
        conn.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{upgrade}"
                + ("" if origin is None else f"Origin: {origin}\r\n")
                + "Connection: close\r\n\r\n" * (not websocket)
                + "\r\n" * websocket
            ).encode()
        )
        return int(conn.recv(64).split()[1])


def handshake(port: int, path: str, origin: str | None) -> int:
    """The status a websocket opening of ``path`` gets, sent with ``origin``."""
    return get(port, path, origin, websocket=True)


def assert_refused_without_token(port: int, token: str) -> None:
    """The page and the websocket need this run's token, where the page puts it: not none,
    not another, not only in the Origin a local program can send; and no other site's page
    may use it."""
    own = f"http://127.0.0.1:{port}"
    assert get(port, "/") == 403
    assert get(port, "/?token=" + token[:-1]) == 403
    assert get(port, "/?token=" + token[:-1] + ("A" if token[-1] != "A" else "B")) == 403
    assert get(port, "/", origin=f"{own}/?token={token}") == 403
    assert get(port, "/static/") == 403  # no folder listings
    assert get(port, f"/?token={token}") == 200
    assert handshake(port, "/ws", own) == 403
    assert handshake(port, "/ws/" + token[::-1], own) == 403
    assert handshake(port, f"/ws?token={token}", own) == 403
    assert handshake(port, "/ws", f"{own}/?token={token}") == 403
    assert handshake(port, f"/ws/{token}", "http://evil.example") == 403
    assert handshake(port, f"/ws/{token}", None) == 403


def metrics_line(summary: Summary) -> str:
    """The status bar's numbers as the builder words them ("Troop pts 96 of 100  ...")."""
    return "  ".join(
        f"{m.short or m.label} {number(m.value)}" + ("" if m.of is None else f" of {number(m.of)}")
        for m in summary.metrics
    )


def screen_until(page: Page, ok: Callable[[list[str]], bool], what: str) -> list[str]:
    deadline = time.monotonic() + WAIT_S
    rows: list[str] = []
    while time.monotonic() < deadline:
        rows = page.evaluate(SCREEN)
        if rows and ok(rows):
            return rows
        time.sleep(0.1)
    raise AssertionError(f"the page never showed {what}; it shows:\n" + "\n".join(rows))


def status_of(rows: list[str]) -> str:
    return next((r.strip() for r in reversed(rows) if STATUS.search(r)), "")


def click_cell(page: Page, x: float, y: int) -> None:
    """Click the terminal's cell at column ``x``, row ``y``, as a player would."""
    cols, lines = page.evaluate("() => [window.__terminals[0].cols, window.__terminals[0].rows]")
    box = page.locator(".xterm-screen").bounding_box()
    assert box is not None
    cell_w, cell_h = box["width"] / cols, box["height"] / lines
    page.mouse.click(box["x"] + x * cell_w, box["y"] + (y + 0.5) * cell_h)


def click_text(page: Page, text: str) -> None:
    """Click the middle of ``text`` where the terminal first shows it."""
    rows = screen_until(page, lambda rows: any(text in r for r in rows), text)
    y = next(i for i, r in enumerate(rows) if text in r)
    click_cell(page, rows[y].index(text) + len(text) / 2, y)


def look(page: Page, y: int) -> str:
    """Row ``y`` of the terminal as drawn: each cell's text and colours."""
    return str(page.evaluate(LOOK, y))


def press_and_see(page: Page, key: str, y: int) -> None:
    """Press ``key`` and wait until row ``y`` is drawn otherwise: the builder has taken it.
    (A key is handed to the focused widget to handle in its own time, so the next one, or a
    click, could otherwise overtake it.)"""
    before = look(page, y)
    page.keyboard.press(key)
    deadline = time.monotonic() + WAIT_S
    while look(page, y) == before:
        assert time.monotonic() < deadline, f"{key} changed nothing on row {y}"
        time.sleep(0.05)


def still(page: Page, rows: range, quiet_s: float = 0.3) -> None:
    """Wait until ``rows`` are drawn the same for ``quiet_s`` seconds."""
    deadline = time.monotonic() + WAIT_S
    seen = [look(page, y) for y in rows]
    calm_since = time.monotonic()
    while time.monotonic() - calm_since < quiet_s:
        assert time.monotonic() < deadline, f"rows {rows} never settled"
        time.sleep(0.05)
        now = [look(page, y) for y in rows]
        if now != seen:
            seen, calm_since = now, time.monotonic()


def print_only_the_roster(page: Page) -> None:
    """On the Print screen, leave only the roster chosen in its Files list (the other files
    take the export a while): Shift+Tab to the list (the last field), then Down and Space on
    each file after the roster, each seen drawn before the next (so the Export click cannot
    overtake them)."""
    rows = screen_until(page, lambda rows: any("─ Files " in r for r in rows), "the Files")
    top = next(i for i, r in enumerate(rows) if "─ Files " in r)
    left = rows[top].index("╭─ Files ")
    kinds = []
    for row in rows[top + 1 :]:
        if row[left:].startswith("╰"):
            break
        found = re.search(r"([a-z][a-z.-]*)\s*│\s*$", row[left:])
        assert found, row
        kinds.append(found.group(1))
    assert kinds[0] == "roster.pdf", kinds  # the list names files (issue 38)
    # The screen settles first (its first field takes the focus once it is drawn): a key
    # before that could be overtaken, and its row be seen changing for another reason.
    still(page, range(top, top + 1 + len(kinds)))
    # The list takes the keys once it has the focus (its first file highlighted): a key
    # pressed before that would go to the field before it.
    press_and_see(page, "Shift+Tab", top + 1)
    for y in range(top + 2, top + 1 + len(kinds)):
        press_and_see(page, "ArrowDown", y)
        press_and_see(page, "Space", y)


def assert_holds_the_pack(data: bytes, out: Path) -> None:
    """A downloaded zip holds the pack written in ``out``: each file its manifest lists, the
    same bytes, and the manifest; nothing else."""
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        assert "roster.pdf" in names and "manifest.json" in names, names
        assert sorted(names) == sorted(pack_files(manifest))
        for name in names:
            assert archive.read(name) == (out / name).read_bytes(), name
        assert archive.read("roster.pdf").startswith(b"%PDF-")


# The page opened by either name of this computer (the websocket takes only those origins);
# two ways to stop: Ctrl+C in the terminal (SIGINT to its whole process group, so each builder
# gets it too), or `kill` of the server alone (SIGTERM: the server must stop its builders).
@pytest.mark.parametrize(
    ("example", "host", "ctrl_c"),
    [
        ("york.toml", "127.0.0.1", True),
        ("kiss-lancaster.toml", "localhost", False),
        ("feudal-normandy.toml", "localhost", True),
        ("shieldwall-norse.toml", "127.0.0.1", False),
    ],
)
@pytest.mark.system_package("chromium", CHROMIUM)
def test_the_served_builder_in_chromium(
    example: str, host: str, ctrl_c: bool, tmp_path: Path, browser: BrowserContext
) -> None:
    # A name a shell would mangle: the path reaches textual-serve's shell command quoted.
    army = tmp_path / f"{Path(example).stem} it's $(touch PWNED) `id`.toml"
    shutil.copy(examples_dir() / example, army)
    original = army.read_bytes()
    record = armyfile.load(army)
    before = metrics_line(get_ruleset(record.ruleset).summary(record))

    server, url, port, token = start_server([str(army)], tmp_path)
    try:
        assert_refused_without_token(port, token)
        page = browser.new_page()
        requests: list[str] = []
        failures: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        page.on("requestfailed", lambda r: failures.append(r.url))
        page.on("response", lambda r: failures.append(r.url) if r.status >= 400 else None)
        page.add_init_script(CATCH_TERMINAL)
        page.goto(f"http://{host}:{port}/?token={token}")

        rows = screen_until(page, lambda rows: before in status_of(rows), "the army's numbers")
        # As a player clicks into the page: keys go to the terminal, the app is told "focus".
        page.locator(".xterm-helper-textarea").focus()
        screen_until(page, lambda rows: "Undo" in rows[-1], "the footer of a focused builder")
        assert f"{record.name} — {army.name}" in rows[0]
        opened = status_of(rows)
        assert "unsaved" not in opened

        # An edit: remove the record the builder opens on; the numbers change, unsaved.
        page.keyboard.press("x")
        rows = screen_until(
            page, lambda rows: "● unsaved" in status_of(rows), "the edit in the status bar"
        )
        assert before not in status_of(rows)
        page.keyboard.press("Control+z")
        screen_until(page, lambda rows: status_of(rows) == opened, "the undo")

        # The edit again, saved: the file changes, and `check` reads it (legal or not).
        page.keyboard.press("x")
        screen_until(page, lambda rows: "● unsaved" in status_of(rows), "the edit again")
        page.keyboard.press("Control+s")
        screen_until(
            page,
            lambda rows: "unsaved" not in status_of(rows) and status_of(rows) != opened,
            "the save",
        )
        assert army.read_bytes() != original
        saved = armyfile.load(army)
        assert saved.ruleset == record.ruleset and saved != record
        assert main(["check", str(army)]) in (0, 1)

        # Print writes on the server's disk; the page gets the pack as one zip.
        page.keyboard.press("p")
        print_only_the_roster(page)
        click_text(page, "Export")
        screen_until(
            page, lambda rows: any("Done: 1 PDF file" in r for r in rows), "the export done"
        )
        out = tmp_path / "output" / re.sub(r"[^\w.-]+", "-", army.stem).strip(".-")
        # In the page itself: a new tab, as textual-serve opens, is what popup blockers stop.
        with page.expect_download(timeout=WAIT_S * 1000) as downloading:
            page.keyboard.press("Shift+D")
        download = downloading.value
        assert download.suggested_filename == zip_name(out)
        assert_holds_the_pack(Path(download.path()).read_bytes(), out)
        screen_until(
            page, lambda rows: any(f"Sent {zip_name(out)}" in r for r in rows), "the download said"
        )

        # The draw (every system has one) and the list import open in the page as in a terminal.
        title = f"{saved.name} — {army.name}"
        page.keyboard.press("Escape")
        screen_until(page, lambda rows: title in rows[0], "the army again")
        page.keyboard.press("Shift+M")
        screen_until(page, lambda rows: "— Mustering" in rows[0], "the Mustering screen")
        page.keyboard.press("Escape")
        screen_until(page, lambda rows: title in rows[0], "the army after the draw")
        page.keyboard.press("Shift+I")
        screen_until(page, lambda rows: any("Import a list" in r for r in rows), "the import")
        page.keyboard.press("Escape")
        screen_until(page, lambda rows: not any("Import a list" in r for r in rows), "its close")

        # Everything came from the server itself, and nothing was refused.
        base = f"http://{host}:{port}/"
        assert requests and all(r.startswith((url, base)) for r in requests), requests
        assert not failures, failures
        assert not (tmp_path / "PWNED").exists()

        # The server and its tab's builder listen on 127.0.0.1 and nowhere else.
        processes = family(server.pid)
        assert len(processes) >= 2, "no builder started for the tab"
        sockets = listening(processes)
        assert sockets == [f"127.0.0.1:{port}"], sockets

        # It stops, quietly, and no builder outlives it.
        stopping = time.monotonic()
        if ctrl_c:
            os.killpg(server.pid, signal.SIGINT)
        else:
            server.terminate()
        assert server.wait(WAIT_S) == 0
        # Each tab's builder is told to quit at once, not left to aiohttp's timeout.
        assert time.monotonic() - stopping < SHUTDOWN_S, time.monotonic() - stopping
        assert server.stderr is not None and server.stderr.read() == ""
        assert not alive(processes)
        page.close()
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


#: Where the builder puts each line it draws: ESC [ row ; column H.
CURSOR = re.compile(rb"\x1b\[(\d+);(\d+)H")


async def drawn(websocket: aiohttp.ClientWebSocketResponse, last_row: int) -> bytes:
    """What the builder sends until it has drawn row ``last_row`` (its footer)."""
    data = b""
    deadline = time.monotonic() + WAIT_S
    while not any(int(row) == last_row for row, _ in CURSOR.findall(data)):
        try:
            message = await websocket.receive(timeout=max(deadline - time.monotonic(), 0.01))
        except TimeoutError:
            raise AssertionError(f"row {last_row} never drawn in {WAIT_S:g} s") from None
        assert message.type == aiohttp.WSMsgType.BINARY, message
        data += message.data
    return data


def extent(data: bytes) -> tuple[int, int]:
    """The last row and column the builder placed a line at in ``data``."""
    places = [(int(row), int(column)) for row, column in CURSOR.findall(data)]
    return max(r for r, _ in places), max(c for _, c in places)


def builder_of(server: subprocess.Popen[str]) -> int:
    """The process id of the server's one builder (the shell before it may have gone)."""
    found = [
        p
        for p in family(server.pid) - {server.pid}
        if b"builder\0tui" in Path(f"/proc/{p}/cmdline").read_bytes()
    ]
    assert len(found) == 1, found
    return found[0]


def size_told(pid: int) -> tuple[int, int]:
    """The terminal size the builder ``pid`` was started with (COLUMNS, ROWS)."""
    words = dict(
        w.split(b"=", 1)
        for w in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        if b"=" in w
    )
    return int(words[b"COLUMNS"]), int(words[b"ROWS"])


def rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024  # type: ignore[union-attr]


async def open_a_huge_tab(port: int, token: str, server: subprocess.Popen[str]) -> int:
    """A tab asking for a 100000 x 100000 terminal, shrunk, then grown as large again; its
    builder's process id, left idle on its new army (unsaved)."""
    own = f"http://127.0.0.1:{port}"
    async with (
        aiohttp.ClientSession() as client,
        client.ws_connect(
            f"ws://127.0.0.1:{port}/ws/{token}?width=100000&height=100000", origin=own
        ) as websocket,
    ):
        data = await drawn(websocket, ROWS[1])
        assert extent(data) <= (ROWS[1], COLUMNS[1])
        assert b" Battles " in data  # the tree of a Feudal army
        builder = builder_of(server)
        assert size_told(builder) == (COLUMNS[1], ROWS[1])
        await websocket.send_json(["resize", {"width": 100, "height": 30}])
        await drawn(websocket, 30)
        await websocket.send_json(["resize", {"width": 100000, "height": 100000}])
        assert extent(await drawn(websocket, ROWS[1])) <= (ROWS[1], COLUMNS[1])
        # Drawn at 500 x 200, not at 10^10 cells (2.4 GB before the clamp).
        assert rss_mb(builder) < 400
        return builder


def kill_and_outlive(server: subprocess.Popen[str], builder: int) -> None:
    """``kill -9`` the server; its builder ``builder`` must be gone within WAIT_S."""
    server.kill()
    server.wait()
    deadline = time.monotonic() + WAIT_S
    while alive({builder}):
        assert time.monotonic() < deadline, "the builder outlived its server"
        time.sleep(0.05)


def test_a_tab_is_clamped_and_its_builder_dies_with_the_server(tmp_path: Path) -> None:
    # A new army of the system --ruleset names, through serve (the four: tui's own test).
    army = tmp_path / "new army.toml"
    server, _, port, token = start_server([str(army), "--ruleset", "feudal"], tmp_path)
    try:
        builder = in_a_thread(open_a_huge_tab)(port, token, server)
        assert Path(f"/proc/{builder}/cmdline").read_bytes().endswith(b"\0--ruleset\0feudal\0")
        # kill -9: the server cannot stop its builders; an idle one (drawing nothing, so
        # never finding its output gone) must see its input end, and quit.
        kill_and_outlive(server, builder)
        # The new army was never touched: nothing is written, not even a recovery file.
        assert not list(tmp_path.glob("*.toml"))
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


async def edit_in_a_tab(port: int, token: str, server: subprocess.Popen[str]) -> int:
    """A tab whose player adds a battle (`w`, then Ctrl+S keeps the new leader's form) and
    leaves it unsaved; then ``kill -9`` of the server while the tab is still open (closing
    the tab first would let the server end the builder politely, racing the kill); the
    builder's id."""
    async with (
        aiohttp.ClientSession() as client,
        client.ws_connect(
            f"ws://127.0.0.1:{port}/ws/{token}?width=100&height=30",
            origin=f"http://127.0.0.1:{port}",
        ) as websocket,
    ):
        await drawn(websocket, 30)
        seen, deadline = b"", time.monotonic() + WAIT_S
        # A new army opens its settings form first (issue 38): kept as offered, then the
        # army screen (its footer's Add battle) takes the keys.
        while b"Keep" not in seen:
            message = await websocket.receive(timeout=max(deadline - time.monotonic(), 0.01))
            assert message.type == aiohttp.WSMsgType.BINARY, message
            seen += message.data
        await websocket.send_json(["stdin", "\x13"])
        seen = b""
        while b"Add battle" not in seen:
            message = await websocket.receive(timeout=max(deadline - time.monotonic(), 0.01))
            assert message.type == aiohttp.WSMsgType.BINARY, message
            seen += message.data
        await websocket.send_json(["stdin", "w"])
        seen = b""
        while b"Keep" not in seen:
            message = await websocket.receive(timeout=max(deadline - time.monotonic(), 0.01))
            assert message.type == aiohttp.WSMsgType.BINARY, message
            seen += message.data
        await websocket.send_json(["stdin", "\x13"])
        # The unsaved mark in the header: the form is kept and the battle is in the army
        # ("Leader 2", waited for before, is in the form's own name field, which redraws as
        # its cursor blinks: the kill could come before the Ctrl+S was read, with nothing
        # unsaved to recover).
        seen = b""
        while "●".encode() not in seen:
            message = await websocket.receive(timeout=max(deadline - time.monotonic(), 0.01))
            assert message.type == aiohttp.WSMsgType.BINARY, message
            seen += message.data
        builder = builder_of(server)
        server.kill()
        server.wait()
        return builder


def test_unsaved_work_goes_to_a_recovery_file_when_the_server_dies(tmp_path: Path) -> None:
    army = tmp_path / "host.toml"
    server, _, port, token = start_server([str(army), "--ruleset", "feudal"], tmp_path)
    try:
        builder = in_a_thread(edit_in_a_tab)(port, token, server)
        kill_and_outlive(server, builder)
        # The army's own file is never written; the battle added is in the recovery file.
        assert not army.exists()
        recovered = tmp_path / "host.recovered.toml"
        assert subprocess.run(
            [sys.executable, "-m", "builder", "check", str(recovered)], capture_output=True
        ).returncode in (0, 1)
        assert recovered.read_text(encoding="utf-8").count("[[battles]]") == 2
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def test_a_busy_port_is_a_clear_message(
    army_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", str(army_path), "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"billhooks serve: cannot listen on 127.0.0.1:{port}: ")
    assert "in use" in err and "--port 0" in err and "Traceback" not in err


def test_a_missing_folder_is_refused_as_build_refuses_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "no" / "army.toml")
    assert main(["tui", missing]) == 2
    built = capsys.readouterr().err
    assert main(["serve", missing, "--port", "0"]) == 2
    served = capsys.readouterr().err
    assert "no such folder" in built
    assert served.removeprefix("billhooks serve:") == built.removeprefix("billhooks tui:")


def test_a_file_tui_opens_with_its_error_is_served_too(tmp_path: Path) -> None:
    # A symlink loop: the builder opens and says what is wrong; serve must not choke on it.
    army = tmp_path / "loop.toml"
    army.symlink_to(army)
    server = subprocess.Popen(
        [sys.executable, "-m", "builder", "serve", str(army), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert f"the builder on {army}: open http://127.0.0.1:" in read_line(server.stdout, WAIT_S)
    finally:
        server.terminate()
    assert server.wait(WAIT_S) == 0 and server.stderr is not None
    assert server.stderr.read() == ""


@pytest.mark.parametrize("port", ["-1", "65536", "http"])
def test_a_bad_port_is_refused(
    port: str, army_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["serve", str(army_path), "--port", port])
    assert info.value.code == 2 and "--port" in capsys.readouterr().err


def test_the_command_quotes_the_army_path(tmp_path: Path) -> None:
    # The browser test runs such a name through the real shell; this pins the words.
    army = tmp_path / "a b; rm -rf ~ $(x) 'q'.toml"
    assert shlex.split(builder_command(army)) == [sys.executable, "-m", "builder", "tui", str(army)]
    assert shlex.split(builder_command(None)) == [sys.executable, "-m", "builder", "tui"]


def test_the_command_passes_the_ruleset_on(tmp_path: Path) -> None:
    army = tmp_path / "new.toml"
    for name in BUILT_IN:
        assert shlex.split(builder_command(army, name))[-3:] == [str(army), "--ruleset", name]
    assert shlex.split(builder_command(None, "kiss"))[-2:] == ["--ruleset", "kiss"]


#: An example army and event file of each system (`serve --event` is tried in all four).
EVENTS = {
    "billhooks": ("york.toml", "event-bosworth.toml"),
    "kiss": ("kiss-york.toml", "event-kiss.toml"),
    "feudal": ("feudal-normandy.toml", "event-feudal.toml"),
    "shieldwall": ("shieldwall-norse.toml", "event-shieldwall.toml"),
}


def test_every_system_serves_an_event() -> None:
    assert set(EVENTS) == set(BUILT_IN)


@pytest.mark.parametrize("system", sorted(EVENTS))
def test_serve_event_gives_each_tab_the_event(
    system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`serve ARMY --event EVENT` (the event named from another folder) runs each tab's
    builder as `tui ARMY --event EVENT`, the event's path whole; that builder holds the
    event for the session. The server and the browser are not started: the command is what
    each tab runs, as the browser test shows for a command without an event."""
    army_name, event_name = EVENTS[system]
    army = tmp_path / army_name
    shutil.copy(examples_dir() / army_name, army)
    (tmp_path / "events").mkdir()
    shutil.copy(examples_dir() / event_name, tmp_path / "events" / event_name)
    served: list[LocalServer] = []
    monkeypatch.setattr(LocalServer, "serve", lambda server: served.append(server))
    monkeypatch.chdir(tmp_path)
    assert main(["serve", army_name, "--event", f"events/{event_name}", "--port", "0"]) == 0
    served[-1].sock.close()
    words = shlex.split(served[-1].command)
    event = tmp_path / "events" / event_name
    assert words == [sys.executable, "-m", "builder", "tui", str(army), "--event", str(event)]
    assert served[-1].what == f"{army}, checked against the event {event}"
    opened: list[BuilderApp] = []
    monkeypatch.setattr(BuilderApp, "run", lambda app: opened.append(app))
    monkeypatch.chdir("/")
    assert main(words[3:]) == 0
    session = opened[-1].session
    assert session.event is not None and session.event.ruleset == system
    assert session.event.path == str(event) and session.path == army


def test_a_bad_event_file_stops_serve_before_it_listens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    event = tmp_path / "event-bad.toml"
    event.write_text('name = "X"\nruleset = "billhooks"\npoints = 100\nround = 3\n')
    listened: list[int] = []
    monkeypatch.setattr("builder.commands.serve.listen", listened.append)
    army = str(examples_dir() / "york.toml")
    assert main(["serve", army, "--event", str(event), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert f"{event}:4: round: unknown key" in err and "Traceback" not in err
    assert main(["serve", army, "--event", str(tmp_path / "none.toml"), "--port", "0"]) == 2
    assert "none.toml" in capsys.readouterr().err and listened == []


def test_the_command_passes_the_event_on(tmp_path: Path) -> None:
    event = tmp_path / "event a; b.toml"
    assert shlex.split(builder_command(None, None, event))[-2:] == ["--event", str(event)]
    assert "--event" not in shlex.split(builder_command(None, "kiss"))


@pytest.mark.parametrize("ruleset", list(BUILT_IN))
def test_tui_ruleset_starts_a_new_army_of_that_system(
    ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What serve's builders run: `tui FILE --ruleset NAME`, the app itself not run here.
    opened: list[BuilderApp] = []
    monkeypatch.setattr(BuilderApp, "run", lambda app: opened.append(app))
    army = tmp_path / "new.toml"
    assert main(["tui", str(army), "--ruleset", ruleset]) == 0
    session = opened[-1].session
    assert session.path == army and session.army.ruleset == ruleset and session.dirty
    assert get_ruleset(ruleset).check(session.army) is not None
    # No file: a new army of that system, not the sample.
    assert main(["tui", "--ruleset", ruleset]) == 0
    assert opened[-1].session.path is None and opened[-1].session.army.ruleset == ruleset


@pytest.mark.parametrize("command", ["tui", "serve"])
def test_an_unknown_ruleset_is_refused(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, str(tmp_path / "new.toml"), "--ruleset", "warhammer"]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith(f"billhooks {command}: --ruleset: no rule system called 'warhammer'")
        and "kiss" in err
        and "Traceback" not in err
    )


@pytest.mark.parametrize(
    ("asked", "told"),
    [
        (100000, COLUMNS[1]),
        (-5, COLUMNS[0]),
        (0, COLUMNS[0]),
        (132, 132),
        ("90", 90),
        (1e400, 80),
        (float("nan"), 80),
        ("wide", 80),
        (None, 80),
        ([500], 80),
    ],
)
def test_a_terminal_size_is_clamped(asked: object, told: int) -> None:
    assert clamp(asked, COLUMNS, 80) == told
    assert clamp(10**9, ROWS, 24) == ROWS[1] and clamp(1, ROWS, 24) == ROWS[0]


def test_the_zip_holds_the_pack_and_nothing_else_in_its_folder(tmp_path: Path) -> None:
    # A folder of images (PNG), in a folder holding the player's other files and a PDF of an
    # earlier pack (other settings: the manifest names it stale, not part of this pack).
    out = tmp_path / "home"
    out.mkdir()
    (out / "diary.txt").write_text("not for the pack")
    army = examples_dir() / "shieldwall-norse.toml"
    record = armyfile.load(army)
    job = ExportJob((ArmyInput(record, army, army.read_text(encoding="utf-8")),))
    export_pack(job, out, {"roster"})
    png = ExportJob(job.armies, ExportOptions(format="png", dpi=60))
    manifest = export_pack(png, out, {"tokens"})
    data = pack_zip(out, manifest)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names_in = set(archive.namelist())
    listed = pack_files(manifest)
    assert names_in == set(listed) and "diary.txt" not in names_in
    assert manifest["stale_files"] == ["roster.pdf"] and "roster.pdf" not in names_in
    pngs = [n for n in names_in if n.startswith("tokens/") and n.endswith(".png")]
    assert pngs and names_in == {*pngs, "manifest.json"}
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert all(archive.read(n) == (out / n).read_bytes() for n in names_in)
    assert zip_name(out) == "home.zip"
    assert zip_name(tmp_path / "a b;$(x)" / ".." / "Norse host?") == "Norse-host.zip"


@pytest.mark.parametrize("name", ["../secret.txt", "/etc/passwd", "tokens/../../x", ""])
def test_the_zip_never_reaches_out_of_its_folder(name: str) -> None:
    with pytest.raises(ValueError, match="not a file of the pack"):
        pack_files(
            {"files": [{"file": "roster.pdf"}, {"file": "tokens", "images": [{"file": name}]}]}
        )


@in_a_thread
async def test_print_in_a_terminal_offers_no_download(army_path: Path, tmp_path: Path) -> None:
    # The files are at hand there: Download is for the builder in a browser.
    app = BuilderApp(Session.open(army_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        screen = app.screen
        assert isinstance(screen, PrintScreen)
        kinds = screen.query_one("#print-kinds", SelectionList)
        kinds.deselect_all()
        kinds.select("roster.pdf")
        await clear_and_type(pilot, "#print-out", str(tmp_path / "pack"))
        await pilot.click("#print-export")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Done: 1 PDF file" in str(screen.query_one("#print-status", Label).render())
        assert not screen.query_one("#print-download", Button).display
        assert "download" not in {b.binding.action for b in screen.active_bindings.values()}
