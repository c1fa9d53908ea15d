"""Fixtures shared by several test files."""

from __future__ import annotations

import compileall
import ctypes.util
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from builder.registry import register
from builder.resources import examples_dir

# The test-only flat rule system (tests/flat_ruleset.py) plugs in as any installed one would.
register("flat", "flat_ruleset")

#: Set to 1 where the system packages the tests mark are installed (CI: .ci/run): a test
#: needing a missing one then fails instead of being skipped, so CI always runs it.
REQUIRE_SYSTEM_PACKAGES = "BILLHOOKS_REQUIRE_SYSTEM_PACKAGES"
#: Libraries WeasyPrint loads for every PDF document, with their Debian packages: without them
#: the print pack cannot work at all, so the run stops at once rather than skip half of it.
PRINT_LIBRARIES = {"pango-1.0": "libpango-1.0-0", "pangoft2-1.0": "libpangoft2-1.0-0"}


@pytest.fixture
def army_path(tmp_path: Path) -> Path:
    """A copy of the sample Lancastrian army, free to edit and save."""
    path = tmp_path / "army.toml"
    shutil.copy(examples_dir() / "lancaster.toml", path)
    return path


@pytest.fixture(autouse=True)
def own_config(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The builder's settings file (the theme) in a folder of the test's own, never the
    user's."""
    folder = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    return folder


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under ``pytest -n`` (``--dist loadgroup``), the tests of a file that builds something
    once for the file (a module or session fixture of its own: a pack rendered, rosters read
    back) run on one worker, so it is built once, not once on every worker. A test already in
    a group (the print sweep's, one group a layout) keeps it. First, before xdist reads the
    groups."""
    for item in items:
        if not isinstance(item, pytest.Function) or item.get_closest_marker("xdist_group"):
            continue
        shared = [
            d
            for defs in item._fixtureinfo.name2fixturedefs.values()
            for d in defs
            if d.scope != "function" and d.baseid.endswith(".py")
        ]
        if shared:
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test marked ``system_package(PACKAGE, PATH)`` (it needs the file PATH, which the
    Debian package PACKAGE installs) is skipped where PATH is missing, saying what to install,
    or failed instead under $BILLHOOKS_REQUIRE_SYSTEM_PACKAGES=1; first, before its fixtures
    start anything."""
    for mark in item.iter_markers("system_package"):
        package, path = mark.args
        if not Path(path).is_file():
            message = f"{path} is missing: apt-get install {package}"
            if os.environ.get(REQUIRE_SYSTEM_PACKAGES) == "1":
                pytest.fail(f"{message} (${REQUIRE_SYSTEM_PACKAGES} is set)", pytrace=False)
            pytest.skip(message)


def pytest_configure(config: pytest.Config) -> None:
    """Compiled code is kept, whatever ``PYTHONDONTWRITEBYTECODE`` says (the machines here set
    it): every command and probe the tests start in a fresh interpreter compiled billhooks
    from source again, a fifth of the time of the files that start many (test_kills,
    test_cli, test_serve). So the run compiles the package once, before xdist starts its
    workers, which then read it, and keeps pytest's rewritten test modules for the next run."""
    config.addinivalue_line(
        "markers", "system_package(package, path): needs the file a Debian package installs"
    )
    sys.dont_write_bytecode = False
    if not hasattr(config, "workerinput"):
        missing = [p for lib, p in PRINT_LIBRARIES.items() if not ctypes.util.find_library(lib)]
        if missing:
            raise pytest.UsageError(
                f"the print pack needs Pango: apt-get install {' '.join(missing)}"
            )
        import builder

        compileall.compile_dir(Path(builder.__file__).parent, quiet=1)
    _quick_idle()
    _paint_last()


# Textual's private internals the two patches below use, and why. They make the TUI tests
# fast (a test spent two fifths of its time asleep in Textual's clock-based idle wait, and half
# of the rest painting frames nobody reads); they change no behaviour a test asserts.
#   textual.app.wait_for_idle, textual.pilot.wait_for_idle  (textual._wait's, imported by both)
#       replaced: idle is read off the event loop instead of the clock (_quick_idle).
#   textual._context.active_app  the running app, to ask its screen what it still owes.
#   App._batch_count  a batch update in progress: no refresh is owed until it ends.
#   Screen._layout_required, _scroll_required, _repaint_required, _recompose_required,
#       _dirty_widgets  what the next refresh would do; Screen._on_timer_update() does it now.
#   Screen._callbacks  call_after_refresh callbacks still waiting.
#   Worker._thread_worker  a thread worker, whose work shows only on the clock.
#   Screen._compositor_refresh  replaced: no paint until the test ends (_paint_last), which
#       clears Screen._dirty_widgets and Screen._compositor._dirty_regions and keeps
#       App._update_mouse_over(screen) up as the paint would.
# And asyncio's BaseEventLoop._ready and ._scheduled (the ready queue and the timers).
# wait_for_idle, _compositor_refresh, _update_mouse_over and the loop's two are checked first:
# without them Textual's own waits and paints are kept. The others would fail every TUI test
# loudly, never silently, and pyproject.toml bounds Textual below its next major version, which
# is where such names change; a new major is taken by checking this list against it.


def _quick_idle() -> None:
    """Pilot waits for the builder to go idle after each key (twice) and each pause. Textual
    tells idle by the clock (sleeps of 20 ms until one passes with under 1 ms of work), so a
    TUI test spent two fifths of its time asleep, a core idle under ``-n``. Here idle is read
    off the event loop, asked twice a turn apart (a message handled can post the next):
    nothing ready to run; no refresh owed (the layout the refresh timer would make within
    1/60 s is made at once, as Pilot's ``pause`` does); no callback waiting for the refresh
    (``call_after_refresh``: opening the Print screen); no timer due within a refresh (an
    animation's). A thread worker (the Print screen's export) shows only on the clock: it is
    idle when a turn of 10 ms passes with under 1 ms of work, as before. A timer due later (a
    cursor's blink, a toast's timeout, the Mustering draw's pause between cards) is not work
    to wait for, as it was not by the clock; nor is anything once the builder has quit. As
    Textual's, the wait ends after ``max_sleep`` seconds whatever the loop holds. Textual's
    and asyncio's private names are checked, so a Textual or a loop without them keeps
    Textual's own waits."""
    import asyncio
    import time

    from textual import app as textual_app
    from textual import pilot
    from textual._context import active_app

    loop = asyncio.new_event_loop()
    readable = hasattr(loop, "_ready") and hasattr(loop, "_scheduled")
    loop.close()
    if not readable or not all(hasattr(m, "wait_for_idle") for m in (textual_app, pilot)):
        return
    #: Longer than a screen refresh (1/60 s): a timer due sooner is work still to do.
    soon = 1 / 50
    #: The turn of the clock a thread worker is watched for.
    THREAD = 0.01
    #: What a screen has still to do at its next refresh.
    REFRESH = (
        "_layout_required",
        "_scroll_required",
        "_repaint_required",
        "_recompose_required",
        "_dirty_widgets",
    )

    def waiting(loop: Any) -> float | None:
        """None if the builder is idle; else how long to let the loop run first."""
        if loop._ready:
            return 0.0
        app = active_app.get(None)
        if app is None or not app.is_running or not app.screen_stack:
            return None  # the builder has quit: its timers are not work to wait for
        screen = app.screen
        if (
            screen.is_current
            and not app._batch_count
            and any(getattr(screen, flag, False) for flag in REFRESH)
        ):
            # Work the refresh timer would do within 1/60 s: done now, as Pilot's
            # pause does, rather than waited for.
            screen._on_timer_update()
            return 0.0
        if getattr(screen, "_callbacks", ()):
            return 0.0
        if any(w._thread_worker and not w.is_finished for w in app.workers):
            return THREAD
        due: float | None = min(
            (h.when() for h in loop._scheduled if not h.cancelled()), default=None
        )
        now: float = loop.time()
        if due is not None and due - now < soon:
            return max(0.0, due - now)
        return None

    async def wait_for_idle(min_sleep: float = 0.0, max_sleep: float = 1) -> None:
        loop = asyncio.get_running_loop()
        deadline = time.monotonic() + max_sleep
        quiet = 0
        while quiet < 2 and time.monotonic() < deadline:
            delay = waiting(loop)
            if delay == THREAD:
                # A thread at work shows only on the clock: idle if it did not work for a
                # turn of the clock (it may be waiting, as a test's stand-in export does).
                cpu = time.process_time()
                await asyncio.sleep(THREAD)
                quiet = quiet + 1 if time.process_time() - cpu < THREAD / 10 else 0
                continue
            quiet = quiet + 1 if delay is None else 0
            await asyncio.sleep(delay or 0)

    textual_app.wait_for_idle = pilot.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]


def _paint_last() -> None:
    """A builder under test paints its screen once, when the test is done with it, not after
    every key: painting (each widget turned into terminal cells, thrown away unseen by the
    headless driver) was half of a TUI test's time, and no test reads it but a screenshot,
    which paints afresh. What a test asserts comes from the layout (regions, focus, what each
    widget holds), which Textual keeps up without painting. The one paint at the end, of the
    screen and those under it, still fails the test if a widget cannot be drawn; the snapshot
    tests paint every screen of every system as a player sees it. Textual's private names are
    checked, so a Textual without them paints as it always did."""
    from contextlib import asynccontextmanager

    from textual.app import App
    from textual.screen import Screen

    if not hasattr(Screen, "_compositor_refresh") or not hasattr(App, "_update_mouse_over"):
        return

    def unpainted(screen: Screen[Any]) -> None:
        app = screen.app
        if screen is app.screen:
            screen._dirty_widgets.clear()
            screen._compositor._dirty_regions.clear()
        app._update_mouse_over(screen)

    run_test = App.run_test

    @asynccontextmanager
    async def run_test_painting_last(app: App[Any], **options: Any) -> Any:
        async with run_test(app, **options) as pilot:
            yield pilot
            if app.is_running and app.screen_stack:
                app.export_screenshot()

    Screen._compositor_refresh = unpainted  # type: ignore[method-assign,assignment]
    App.run_test = run_test_painting_last  # type: ignore[method-assign,assignment]
