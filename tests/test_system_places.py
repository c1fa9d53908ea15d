"""Every place a system shipped with billhooks must fill
(docs/architecture.md#how-a-new-rule-system-plugs-in): a system that forgets one fails here, the
test naming what is missing."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from armies import ARMIES

from builder.core.base import Folders
from builder.core.validate import parse_toml
from builder.registry import BUILT_IN, get_ruleset

ROOT = Path(__file__).resolve().parent.parent


def _packages() -> list[str]:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        found: list[str] = tomllib.load(fh)["tool"]["setuptools"]["packages"]
    return found


def _exampled() -> set[str]:
    return {parse_toml(p, p.read_text(encoding="utf-8"))["ruleset"] for p in ARMIES}


def missing(name: str, folders: Folders) -> list[str]:
    """What system ``name`` (its files in ``folders``) lacks of the places every one fills."""
    wanted = {
        f"an example army (examples/*.toml with ruleset = {name!r})": name in _exampled(),
        f"its crib sheet's words ({folders.templates / 'crib-sheet.toml'})": (
            folders.templates / "crib-sheet.toml"
        ).is_file(),
        f"its card words ({folders.cards}/*.toml)": any(folders.cards.glob("*.toml")),
        f"its rules page (docs/rules/{name}.md)": (
            ROOT / "docs" / "rules" / f"{name}.md"
        ).is_file(),
        f"its sources' fingerprints (tests/fingerprints/{name}.toml)": (
            ROOT / "tests" / "fingerprints" / f"{name}.toml"
        ).is_file(),
        f"its package in pyproject.toml's packages (builder.systems.{name})": (
            f"builder.systems.{name}" in _packages()
        ),
    }
    return [what for what, there in wanted.items() if not there]


@pytest.mark.parametrize("name", list(BUILT_IN))
def test_every_built_in_system_fills_every_place(name: str) -> None:
    assert not missing(name, get_ruleset(name).folders), name


def test_a_system_with_nothing_is_told_each_place(tmp_path: Path) -> None:
    found = missing("nosuch", Folders(tmp_path / "cards", tmp_path / "templates"))
    assert [what.split(" (")[0] for what in found] == [
        "an example army",
        "its crib sheet's words",
        "its card words",
        "its rules page",
        "its sources' fingerprints",
        "its package in pyproject.toml's packages",
    ]
    assert "examples/*.toml with ruleset = 'nosuch'" in found[0]


def test_a_system_with_fixed_sides_draws_each_sides_badge() -> None:
    """The roster's badge of each fixed side is HTML in the system's own templates."""
    for name in BUILT_IN:
        ruleset = get_ruleset(name)
        emblems = ruleset.folders.templates / "emblems"
        for side in ruleset.sides.fixed:
            assert (emblems / f"{side.emblem}.html").is_file(), (name, side.key)
