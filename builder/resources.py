"""Where the shipped data lives: templates, card data and fonts, examples.

In an installed package they are the subpackages ``builder.templates``, ``builder.cards`` and
``builder.examples`` (pyproject maps the top-level folders there); in a source checkout they are
the top-level folders themselves.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module, resources
from pathlib import Path

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
