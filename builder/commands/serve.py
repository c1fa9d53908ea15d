"""``billhooks serve [ARMY] [--port N]``: the builder in a web browser, on this computer only.

textual-serve runs a web page whose terminal (xterm.js) talks over a websocket to a shell
command it starts for each browser tab: here ``billhooks tui [ARMY] [--ruleset NAME] [--event
EVENT]`` with this same Python (an event file is read once here first, so a bad one is said
at the terminal, exit 2, rather than in every tab).
It listens on 127.0.0.1 alone, on a socket bound here first, so a busy port is a plain message
and ``--port 0`` (a free port) works: textual-serve writes the page's websocket address from
``public_url``, made from the port it is given, so that must be the real one. The page is
textual-serve's own (``templates/serve/``) with its fonts from its static folder: nothing is
fetched from the web.

A builder reads and writes files, so only the player may start one. Each run makes a secret
token, printed in the page's address (as Jupyter does): the page and the websocket that starts
a builder need it, or get 403; any local program could otherwise drive a builder. The
websocket also takes only the page's own origin (a browser sends every site's, so another web
page cannot use the player's browser to get in). A download's address is a one-time random key
that the builder sends down that websocket only. A tab's terminal size is clamped (a builder
draws every cell it is told it has), and each builder quits once the server is gone
(``builder.tui.served``), however it stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import hmac
import json
import logging
import secrets
import shlex
import socket
import sys
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from builder import eventfile
from builder.commands.tui import army_path, ruleset_name
from builder.commands.usage import EXIT_OK, UsageError
from builder.files import printable
from builder.resources import templates_dir

#: The loopback address only: the builder reads and writes files, so no other computer may
#: reach it.
HOST = "127.0.0.1"
#: How long Ctrl+C waits for a tab's websocket to finish once its builder has quit.
SHUTDOWN_S = 2.0
#: The terminal sizes a tab may ask for, as (fewest, most): columns, then rows.
COLUMNS = (20, 500)
ROWS = (10, 200)
log = logging.getLogger("billhooks.serve")
#: The driver each builder runs with: textual-serve's, quitting when the server goes.
DRIVER = "builder.tui.served:ServedDriver"


def builder_command(
    army: Path | None, ruleset: str | None = None, event: Path | None = None
) -> str:
    """The shell command textual-serve runs per tab; every word quoted (the paths are user
    text, and textual-serve hands the line to a shell)."""
    words = [sys.executable, "-m", "builder", "tui"]
    if army is not None:
        words.append(str(army))
    if ruleset is not None:
        words += ["--ruleset", ruleset]
    if event is not None:
        words += ["--event", str(event)]
    return shlex.join(words)


def clamp(value: object, bounds: tuple[int, int], default: int) -> int:
    """A terminal size a tab asked for, within ``bounds`` (``default`` if not a number)."""
    if not isinstance(value, (int, float, str)):
        return default
    try:
        number = int(value)
    except (ValueError, OverflowError):
        return default
    return max(bounds[0], min(bounds[1], number))


def listen(port: int) -> socket.socket:
    """A listening socket on 127.0.0.1:``port`` (0: any free port)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if sys.platform != "win32":
        # Lets a restart reuse the port while the last run's connections wind down
        # (TIME_WAIT); a port another program listens on is still refused (on Windows this
        # option would let two programs share a port instead).
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((HOST, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise UsageError(
            f"cannot listen on {HOST}:{port}: {exc.strerror or exc} (choose "
            "another --port, or --port 0 for a free one)"
        ) from None
    return sock


#: What a page's message carries with each kind: the text typed (stdin), a size (resize), a
#: token to send back (ping); focus and blur carry nothing.
_PAYLOAD: dict[str, type] = {"stdin": str, "resize": dict, "ping": object}
_BARE = frozenset({"focus", "blur"})


def envelope(text: str) -> tuple[str, Any] | None:
    """A page's message (``["stdin", "q"]``) as its kind and what it carries, or None when it
    is not one the page sends (not JSON, not a list, an unknown kind, the wrong payload)."""
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, list) or not message or not isinstance(message[0], str):
        return None
    kind = message[0]
    if kind in _BARE:
        return kind, None
    want = _PAYLOAD.get(kind)
    if want is None or len(message) < 2 or not isinstance(message[1], want):
        return None
    return kind, message[1]


class Tab(AppService):
    """One browser tab's builder process, at a clamped size, on the driver that quits with
    the server; stopping it waits until the process has ended."""

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(clamp(width, COLUMNS, 80), clamp(height, ROWS, 24))
        environment["TEXTUAL_DRIVER"] = DRIVER
        return environment

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(clamp(width, COLUMNS, 80), clamp(height, ROWS, 24))

    async def stop(self) -> None:
        await super().stop()
        if self._process is not None:
            await self._process.wait()


class LocalServer(Server):
    """textual-serve's server on a socket already bound, with billhooks' page and words."""

    def __init__(self, command: str, sock: socket.socket, what: str) -> None:
        port = sock.getsockname()[1]
        super().__init__(
            command,
            host=HOST,
            port=port,
            title="billhooks",
            templates_path=templates_dir() / "serve",
        )
        self.sock = sock
        self.what = what
        self.tabs: set[Tab] = set()
        # The page as opened by either name of this computer.
        self.origins = {self.public_url, self.public_url.replace(HOST, "localhost", 1)}
        #: This run's secret: the page's address and its websocket carry it.
        self.token = secrets.token_urlsafe(32)

    @property
    def page_url(self) -> str:
        return f"{self.public_url}/?token={self.token}"

    def _refuse_without_token(self, given: str | None) -> None:
        if given is None or not hmac.compare_digest(
            given.encode("utf-8", "surrogateescape"), self.token.encode()
        ):
            raise web.HTTPForbidden(
                text="open the address billhooks serve printed (it holds this run's token)"
            )

    async def _make_app(self) -> web.Application:
        # textual-serve's routes, with the token: the websocket's in its path, as textual.js
        # adds its own query (?width=...) to the address the page gives it. No folder
        # listings of the static files (textual-serve's fonts and scripts).
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket),
                web.get("/ws/{token}", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def handle_index(self, request: web.Request) -> web.Response:
        self._refuse_without_token(request.query.get("token"))
        return aiohttp_jinja2.render_template(
            "app_index.html",
            request,
            {
                "font_size": clamp(request.query.get("fontsize", "16"), (6, 64), 16),
                "app_websocket_url": "ws:" + self.public_url.split(":", 1)[1] + f"/ws/{self.token}",
                "application": {"name": self.title},
            },
        )

    def initialize_logging(self) -> None:
        # textual-serve logs every start at INFO; only problems are worth a line here.
        logging.basicConfig(level=logging.WARNING, format="billhooks serve: %(message)s")

    async def on_startup(self, app: web.Application) -> None:
        print(
            f"billhooks serve: the builder on {self.what}: open {self.page_url} in a "
            "web browser (this computer only). Ctrl+C stops.",
            flush=True,
        )

    async def on_shutdown(self, app: web.Application) -> None:
        # Before aiohttp closes the connections: no builder may outlive the server.
        await asyncio.gather(*(tab.stop() for tab in list(self.tabs)))

    async def _process_messages(self, websocket: web.WebSocketResponse, tab: AppService) -> None:
        """A tab's messages to its builder, as textual-serve passes them on; a message the
        page would never send (a broken or hostile page) is ignored, said in one line once
        per tab, where textual-serve's own raised and printed a traceback."""
        told = False
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            found = envelope(message.data)
            if found is None:
                if not told:
                    told = True
                    log.warning(
                        "ignored a message from a browser tab that is not one its page sends"
                    )
                continue
            kind, data = found
            if kind == "stdin":
                await tab.send_bytes(data.encode("utf-8", "surrogatepass"))
            elif kind == "resize":
                await tab.set_terminal_size(data.get("width"), data.get("height"))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await tab.blur()
            else:
                await tab.focus()

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A browser tab: its own builder, until the tab closes or the server stops
        (textual-serve's own, keeping each tab so that shutdown can stop it)."""
        self._refuse_without_token(request.match_info.get("token"))
        if request.headers.get("Origin") not in self.origins:
            raise web.HTTPForbidden(text="only the builder's own page may open the builder")
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)

        async def close() -> None:  # the builder quit (Ctrl+Q): the page says so
            await websocket.close()

        tab = Tab(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
        )
        self.tabs.add(tab)
        try:
            # Clamped where the environment is made (Tab._build_environment).
            await tab.start(
                to_int(request.query.get("width", "80"), 80),
                to_int(request.query.get("height", "24"), 24),
            )
            await self._process_messages(websocket, tab)
        finally:
            self.tabs.discard(tab)
            await tab.stop()
            await websocket.close()
        return websocket

    def serve(self, debug: bool = False) -> None:
        self.initialize_logging()
        # aiohttp turns SIGINT and SIGTERM into a clean shutdown: each open tab's builder is
        # told to quit, then the socket closes.
        web.run_app(
            self._make_app(),
            sock=self.sock,
            shutdown_timeout=SHUTDOWN_S,
            print=None,
            handle_signals=True,
        )


def event_path(text: str | None) -> Path | None:
    """The ``--event`` file, read here as each tab's builder will read it: a bad one is an
    ArmyFileError naming file, line and key (exit 2) before the server starts. Whole, as
    the tabs' builders may not start in this folder."""
    if text is None:
        return None
    path = Path(text).expanduser()
    eventfile.read(path)
    return path.absolute()


def run(args: argparse.Namespace) -> int:
    army = None if args.army is None else army_path(args.army).absolute()
    ruleset = ruleset_name(args.ruleset)
    event = event_path(args.event)
    what = (
        ("the sample army" if ruleset is None else f"a new {ruleset} army")
        if army is None
        else printable(str(army))
    )
    if event is not None:
        what += f", checked against the event {printable(str(event))}"
    LocalServer(builder_command(army, ruleset, event), listen(args.port), what).serve()
    return EXIT_OK
