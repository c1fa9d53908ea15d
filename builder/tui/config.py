"""The builder's own settings between sessions (the theme), in a small TOML file under
``$XDG_CONFIG_HOME/billhooks`` (default ``~/.config/billhooks``).

A missing or unreadable file is no settings at all: the builder never fails over it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from builder.files import atomic_write, config_folder


def path() -> Path:
    return config_folder() / "builder.toml"


def load() -> dict[str, str]:
    try:
        data = tomllib.loads(path().read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, str)}


def save(settings: dict[str, str]) -> None:
    """Merge ``settings`` into the file; a place that cannot be written is left alone."""
    merged = load() | settings
    text = "".join(f"{key} = {_quoted(value)}\n" for key, value in sorted(merged.items()))
    try:
        path().parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path(), text, follow=False)  # a link planted there is not followed
    except OSError:
        pass  # a read-only home: the theme is just not remembered


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
