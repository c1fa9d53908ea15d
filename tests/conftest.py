"""Fixtures shared by several test files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.resources import examples_dir
from builder.rules import register

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
