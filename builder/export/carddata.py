"""The card and token definitions shipped in ``cards/*.toml`` (what is printed, as data)."""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from builder.resources import cards_dir


@cache
def load(name: str) -> dict[str, Any]:
    """The parsed ``cards/<name>.toml``."""
    with open(cards_dir() / f"{name}.toml", "rb") as fh:
        return tomllib.load(fh)
