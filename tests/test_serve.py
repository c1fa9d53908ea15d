"""`billhooks serve` in a real browser: Debian's Chromium driven by Playwright (never a
downloaded browser). The page opens, shows the army, an edit and its undo show in the status
bar, nothing is fetched from outside the server, nothing listens anywhere but 127.0.0.1, and
Ctrl+C stops the server and every tab's builder.

xterm.js draws the terminal on a canvas, so the text is read from its buffer: an init script
catches the Terminal object as it is made (its constructor sets ``_addonManager`` once).
"""

from __future__ import annotations

import ipaddress
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
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, sync_playwright

from builder import armyfile
from builder.cli import main
from builder.commands.serve import SHUTDOWN_S, builder_command
from builder.resources import examples_dir
from builder.rules import get_ruleset
from builder.rules.base import Summary, number

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
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
STATUS = re.compile(r"✔ LEGAL|✖ \d+ broken rule")


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    # Fails (never skips) without it: CI installs Debian's chromium (.ci/run).
    assert CHROMIUM.is_file(), f"{CHROMIUM} is missing: apt-get install chromium"
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=str(CHROMIUM),
            args=CHROMIUM_ARGS, headless=True, viewport={"width": 1280, "height": 800})
        yield context
        context.close()


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


def _address(hex_address: str) -> str:
    host, port = hex_address.split(":")
    raw = bytes.fromhex(host)
    # /proc/net/tcp* print each 32-bit word in host (little-endian) order.
    raw = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
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


def handshake(port: int, origin: str | None) -> int:
    """The status a websocket opening of the builder gets, sent with ``origin``."""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT_S) as conn:
        conn.sendall(("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                      "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                      "Sec-WebSocket-Version: 13\r\n"
                      + ("" if origin is None else f"Origin: {origin}\r\n") + "\r\n").encode())
        return int(conn.recv(64).split()[1])


def metrics_line(summary: Summary) -> str:
    """The status bar's numbers as the builder words them ("Troop pts 96 of 100  ...")."""
    return "  ".join(f"{m.short or m.label} {number(m.value)}"
                     + ("" if m.of is None else f" of {number(m.of)}") for m in summary.metrics)


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


# The page opened by either name of this computer (the websocket takes only those origins);
# two ways to stop: Ctrl+C in the terminal (SIGINT to its whole process group, so each builder
# gets it too), or `kill` of the server alone (SIGTERM: the server must stop its builders).
@pytest.mark.parametrize(("example", "host", "ctrl_c"), [
    ("york.toml", "127.0.0.1", True), ("kiss-lancaster.toml", "localhost", False),
    ("feudal-normandy.toml", "localhost", True), ("shieldwall-norse.toml", "127.0.0.1", False)])
def test_the_served_builder_in_chromium(example: str, host: str, ctrl_c: bool, tmp_path: Path,
                                        browser: BrowserContext) -> None:
    # A name a shell would mangle: the path reaches textual-serve's shell command quoted.
    army = tmp_path / f"{Path(example).stem} it's $(touch PWNED) `id`.toml"
    shutil.copy(examples_dir() / example, army)
    record = armyfile.load(army)
    before = metrics_line(get_ruleset(record.ruleset).summary(record))

    server = subprocess.Popen([sys.executable, "-m", "builder", "serve", str(army), "--port",
                               "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              start_new_session=True)
    try:
        line = read_line(server.stdout, WAIT_S)
        found = re.search(r"open (http://127\.0\.0\.1:(\d+)/) in a web browser", line)
        assert found, line
        url, port = found.group(1), int(found.group(2))

        page = browser.new_page()
        requests: list[str] = []
        failures: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        page.on("requestfailed", lambda r: failures.append(r.url))
        page.on("response", lambda r: failures.append(r.url) if r.status >= 400 else None)
        page.add_init_script(CATCH_TERMINAL)
        page.goto(f"http://{host}:{port}/")

        rows = screen_until(page, lambda rows: before in status_of(rows), "the army's numbers")
        # As a player clicks into the page: keys go to the terminal, the app is told "focus".
        page.locator(".xterm-helper-textarea").focus()
        screen_until(page, lambda rows: "Undo" in rows[-1], "the footer of a focused builder")
        assert f"{record.name} — {army.name}" in rows[0]
        opened = status_of(rows)
        assert "unsaved" not in opened

        # An edit: remove the record the builder opens on; the numbers change, unsaved.
        page.keyboard.press("x")
        rows = screen_until(page, lambda rows: "● unsaved" in status_of(rows),
                            "the edit in the status bar")
        assert before not in status_of(rows)
        page.keyboard.press("Control+z")
        screen_until(page, lambda rows: status_of(rows) == opened, "the undo")

        # Everything came from the server itself, and nothing was refused.
        assert requests and all(r.startswith((url, f"http://{host}:{port}/"))
                                for r in requests), requests
        assert not failures, failures
        assert not (tmp_path / "PWNED").exists()

        # The server and its tab's builder listen on 127.0.0.1 and nowhere else.
        processes = family(server.pid)
        # Only the page itself may start a builder: not another site, not a page from nowhere.
        assert handshake(port, "http://evil.example") == 403
        assert handshake(port, None) == 403
        assert family(server.pid) == processes
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
        assert time.monotonic() - stopping < SHUTDOWN_S
        assert server.stderr is not None and server.stderr.read() == ""
        assert not [p for p in processes if Path(f"/proc/{p}").exists()]
        page.close()
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def test_a_busy_port_is_a_clear_message(army_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", str(army_path), "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"billhooks serve: cannot listen on 127.0.0.1:{port}: ")
    assert "in use" in err and "--port 0" in err and "Traceback" not in err


def test_a_missing_folder_is_refused_as_build_refuses_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
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
    server = subprocess.Popen([sys.executable, "-m", "builder", "serve", str(army), "--port",
                               "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert f"the builder on {army}: open http://127.0.0.1:" in read_line(server.stdout,
                                                                                WAIT_S)
    finally:
        server.terminate()
    assert server.wait(WAIT_S) == 0 and server.stderr is not None
    assert server.stderr.read() == ""


@pytest.mark.parametrize("port", ["-1", "65536", "http"])
def test_a_bad_port_is_refused(port: str, army_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["serve", str(army_path), "--port", port])
    assert info.value.code == 2 and "--port" in capsys.readouterr().err


def test_the_command_quotes_the_army_path(tmp_path: Path) -> None:
    # The browser test runs such a name through the real shell; this pins the words.
    army = tmp_path / "a b; rm -rf ~ $(x) 'q'.toml"
    assert shlex.split(builder_command(army)) == [sys.executable, "-m", "builder", "tui",
                                                  str(army)]
    assert shlex.split(builder_command(None)) == [sys.executable, "-m", "builder", "tui"]
