"""The core and `check` load none of the heavy libraries (as harlequin's test does)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hygiene import HEAVY, loaded_after

from builder.resources import examples_dir

CORE = ["builder.registry", "builder.armyfile", "builder.cli", "builder.files"]


def pure_modules() -> list[str]:
    """Every module of the core and of every rule system (a new system's included)."""
    import pkgutil

    import builder.core
    import builder.systems

    found = []
    for package in (builder.core, builder.systems):
        found += [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
    return found


@pytest.mark.parametrize("module", CORE)
def test_core_modules_stay_light(module: str) -> None:
    assert not loaded_after(f"import {module}") & set(HEAVY)


def test_every_core_and_system_module_stays_light() -> None:
    """All of them at once, their printables and documents too: the rules decide what is
    printed as data, and only the exporter draws it."""
    modules = pure_modules()
    assert {"builder.core.validate", "builder.systems.shieldwall.printables"} <= set(modules)
    assert not loaded_after("\n".join(f"import {m}" for m in modules)) & set(HEAVY)


def test_check_command_stays_light() -> None:
    army = examples_dir() / "lancaster.toml"
    code = (
        f"from builder.cli import main\nimport contextlib, io\n"
        f"with contextlib.redirect_stdout(io.StringIO()): main(['check', {str(army)!r}])"
    )
    assert not loaded_after(code) & set(HEAVY)


def test_the_contracts_forbid_every_heavy_library() -> None:
    """One list of heavy libraries: one import contract names them, exactly HEAVY, and no
    other contract names any of them but Textual (printing's, which forbids the builder)."""
    import tomllib

    config = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    heavy = [c for c in contracts if "heavy library" in c["name"]]
    assert len(heavy) == 1
    assert set(heavy[0]["forbidden_modules"]) == set(HEAVY)
    assert {"builder.core", "builder.systems", "builder.armyfile", "builder.cli"} <= set(
        heavy[0]["source_modules"]
    )
    for contract in contracts:
        if contract is not heavy[0]:
            named = set(contract.get("forbidden_modules", ())) & set(HEAVY)
            assert named <= {"textual", "textual_serve"}, contract["name"]


def test_check_imports_only_its_own_rule_system() -> None:
    """The export's input-file options (``--events``) and the systems' own commands
    (``muster``) come from every system's declaration, so only a parser that needs them
    imports them all: ``check`` of a KISS army loads KISS alone."""
    army = examples_dir() / "kiss-york.toml"
    code = (
        f"from builder.cli import main\nimport contextlib, io, sys, json\n"
        f"with contextlib.redirect_stdout(io.StringIO()): main(['check', {str(army)!r}])\n"
        "print(json.dumps(sorted(m for m in sys.modules\n"
        "                        if m.startswith('builder.systems.'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    systems = {m.split(".")[2] for m in json.loads(out.splitlines()[-1])}
    assert systems == {"kiss"}


#: What `check` of a built-in system's army, printed to a pipe, has no use for: the print
#: side (its sizes, its data types, its share-code hash), rich (a pipe takes the words alone),
#: the installed distributions' metadata (read only for a ruleset not built in), the
#: package's data files (found when a shipped file is read), the Mustering draw's types, the
#: hashes (a share code's), and the share list and its reader of pasted text (check lists its
#: groups through builder.core.groups); nor the other commands' argument modules (only the
#: parser of the command run is built), a writer's temporary files, the "did you mean" of a
#: mistake or the event rules (read with ``--event``).
NOT_FOR_CHECK = (
    "builder.export",
    "builder.share",
    "builder.shareread",
    "builder.sharediff",
    "builder.pasted",
    "builder.core.printables",
    "builder.core.roster",
    "builder.core.mustering",
    "rich",
    "importlib.metadata",
    "importlib.resources",
    "typing_extensions",
    "hashlib",
    "builder.listfacts",
    "builder.commands.muster",
    "builder.commands.event",
    "tempfile",
    "difflib",
    "builder.core.event",
)


def test_check_loads_only_what_it_uses() -> None:
    army = examples_dir() / "lancaster.toml"
    code = (
        f"from builder.cli import main\nimport contextlib, io, sys, json\n"
        f"with contextlib.redirect_stdout(io.StringIO()): main(['check', {str(army)!r}])\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    loaded = set(json.loads(out.splitlines()[-1]))
    assert "builder.systems.billhooks" in loaded
    assert not {m for m in loaded if m.startswith(NOT_FOR_CHECK)}


def test_a_ruleset_not_built_in_is_found_through_its_entry_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The entry points are read for a name the registry does not hold, and only then."""
    import importlib.metadata

    from builder import registry

    asked: list[str] = []

    def entry_points(group: str) -> list[importlib.metadata.EntryPoint]:
        asked.append(group)
        return [importlib.metadata.EntryPoint("plugged", "flat_ruleset", group)]

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    registry._installed.cache_clear()
    try:
        assert registry.get_ruleset("kiss").name == "kiss"
        assert registry.known("feudal") and not asked
        assert registry.known("plugged") and asked == ["billhooks.rulesets"]
        assert registry.get_ruleset("plugged").name == "flat"
        assert "plugged" in registry.names()
    finally:
        registry._installed.cache_clear()


#: What the builder's first screen (an army opened, its status drawn) has no use for: an
#: event's rules and the systems' input files and commands (read by `--event`, an export and
#: the command line), the dialogs, Mustering and Print (each loads when first opened), the
#: Print screen's settings, the package's data finder and the hashes (the session keeps the
#: bytes it read to tell a change on disk).
NOT_FOR_THE_FIRST_SCREEN = (
    "builder.core.event",
    "builder.core.inputs",
    "builder.core.commands",
    "builder.systems.billhooks.eventrules",
    "builder.systems.billhooks.events",
    "builder.tui.modals",
    "builder.tui.screens.muster",
    "builder.tui.screens.print",
    "builder.tui.print_settings",
    "importlib.resources",
    "hashlib",
)


def test_the_first_screen_loads_only_what_it_shows() -> None:
    army = examples_dir() / "lancaster.toml"
    code = (
        "import asyncio, json, sys\n"
        "from pathlib import Path\n"
        "from builder.tui.app import BuilderApp\n"
        "from builder.tui.session import Session\n"
        "async def first_screen() -> None:\n"
        f"    app = BuilderApp(Session.open(Path({str(army)!r})))\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        while not app._dom_ready:\n"
        "            await pilot.pause(0.01)\n"
        "asyncio.run(first_screen())\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    loaded = set(json.loads(out.splitlines()[-1]))
    assert {"builder.tui.screens.army", "builder.systems.billhooks"} <= loaded
    assert not {m for m in loaded if m.startswith(NOT_FOR_THE_FIRST_SCREEN)}
