"""Where the shipped data lives (templates, card data and fonts, examples), and the two
readers of a system's own words in it.

In an installed package they are the subpackages ``builder.templates``, ``builder.cards`` and
``builder.examples`` (pyproject maps the top-level folders there); in a source checkout they are
the top-level folders themselves.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import import_module, resources
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parent.parent


@cache
def _folder(name: str) -> Path:
    try:
        found = Path(str(resources.files(f"builder.{name}")))
        if found.is_dir():
            return found
    except ModuleNotFoundError:
        pass
    return _ROOT / name


def templates_dir() -> Path:
    """Jinja2 templates and CSS for the WeasyPrint documents."""
    return _folder("templates")


def cards_dir() -> Path:
    """Deck and token definitions, card text, artwork."""
    return _folder("cards")


def fonts_dir() -> Path:
    """The bundled OFL fonts (TTF) and their licence."""
    return cards_dir() / "fonts"


def examples_dir() -> Path:
    """Sample armies and the sample Mustering collection."""
    return _folder("examples")


def sample_army() -> Path:
    """The army the builder opens when given none; the examples package names it."""
    try:
        examples = import_module("builder.examples")
    except ModuleNotFoundError:  # a source checkout run without installing
        examples = import_module("examples")
    return examples_dir() / str(examples.SAMPLE)


@cache
def ruleset_words(ruleset: str, name: str) -> dict[str, Any]:
    """The parsed ``cards/<ruleset>/<name>.toml``: what a ruleset's cards and tokens print
    besides the army's own numbers (read once a process)."""
    with open(cards_dir() / ruleset / f"{name}.toml", "rb") as fh:
        return tomllib.load(fh)


def situations_words(ruleset: str) -> dict[str, Any]:
    """The parsed ``templates/<ruleset>/situations.toml``: the crib's second sheet, "Situations
    and readings" (what comes up less often, the terrain, the end of the game, the markers, the
    flow chart and the readings), read afresh as :func:`crib_words` is."""
    with open(templates_dir() / ruleset / "situations.toml", "rb") as fh:
        return tomllib.load(fh)


def crib_words(ruleset: str) -> dict[str, Any]:
    """The parsed ``templates/<ruleset>/crib-sheet.toml``: a crib sheet's words in our own
    words, read afresh (each system fills numbers and tables into its copy)."""
    with open(templates_dir() / ruleset / "crib-sheet.toml", "rb") as fh:
        return tomllib.load(fh)
