"""Fixtures shared by several test files."""

from __future__ import annotations

import compileall
import shutil
import sys
from pathlib import Path

import pytest

from builder.registry import register
from builder.resources import examples_dir

# The test-only flat rule system (tests/flat_ruleset.py) plugs in as any installed one would.
register("flat", "flat_ruleset")


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
        shared = [d for defs in item._fixtureinfo.name2fixturedefs.values() for d in defs
                  if d.scope != "function" and d.baseid.endswith(".py")]
        if shared:
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))



def pytest_configure(config: pytest.Config) -> None:
    """Compiled code is kept, whatever ``PYTHONDONTWRITEBYTECODE`` says (the machines here set
    it): every command and probe the tests start in a fresh interpreter compiled billhooks
    from source again, a fifth of the time of the files that start many (test_kills,
    test_cli, test_journals). So the run compiles the package once, before xdist starts its
    workers, which then read it, and keeps pytest's rewritten test modules for the next run."""
    sys.dont_write_bytecode = False
    if not hasattr(config, "workerinput"):
        import builder

        compileall.compile_dir(Path(builder.__file__).parent, quiet=1)
    _quick_idle()


def _quick_idle() -> None:
    """Pilot waits for the builder to go idle after each key (twice) and each pause, in sleeps
    of 20 ms until a sleep passes with under 1 ms of work: most of a TUI test's time was spent
    asleep. Sleeps of 10 ms (idle: under 1 ms of work in one) tell idle as surely, sooner
    (5 ms was too soon: a click on a form's button was sometimes not yet acted on). A
    callback waiting for the next screen refresh (``call_after_refresh``: opening the Print
    screen, say) is work still to do: the wait goes on until the screen has none, as the
    20 ms sleeps, longer than a refresh, made sure by accident. Textual's private names are
    checked, so a Textual without them keeps its own waits."""
    import textual._wait as wait
    from textual import app as textual_app
    from textual import pilot
    from textual._context import active_app

    if not all(hasattr(m, "wait_for_idle") for m in (wait, textual_app, pilot)):
        return
    wait.SLEEP_GRANULARITY = 1 / 100
    wait.SLEEP_IDLE = 1 / 1000
    idle = wait.wait_for_idle

    async def wait_for_idle(min_sleep: float = wait.SLEEP_GRANULARITY,
                            max_sleep: float = 1) -> None:
        await idle(min_sleep, max_sleep)
        for _ in range(100):
            app = active_app.get(None)
            if app is None or not app.is_running or not getattr(app.screen, "_callbacks", ()):
                return
            await idle(min_sleep, max_sleep)

    textual_app.wait_for_idle = pilot.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]
