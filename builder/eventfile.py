"""Event files (docs/events.md): read, checked against the rule system they name, and told
apart from army files by name (``event-*.toml``) and by their keys."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder import files
from builder.armyfile import read_text, ruleset_of
from builder.core.validate import Ctx, parse_toml

if TYPE_CHECKING:
    from builder.core.event import Event

#: How an event file is named, so what walks a folder of armies can leave it out.
PREFIX = "event-"
SUFFIX = ".toml"


def is_event_file(path: str | Path) -> bool:
    """Whether ``path`` is named as an event file (``event-bosworth.toml``)."""
    name = Path(path).name
    return name.startswith(PREFIX) and name.endswith(SUFFIX)


def read(path: str | Path) -> Event:
    """The event file at ``path``; an ArmyFileError naming the file, line and key."""
    # Loaded here: `check` and `tui` without `--event` never need the event's rules.
    from builder.core.event import event_of

    text = read_text(path)
    data: dict[str, Any] = parse_toml(path, text)
    ctx = Ctx(str(path), text, files.file_folder(path))
    return event_of(ctx, data, ruleset_of(data, ctx))
