"""Special events files: a title and an effect per event, the player's own text (TOML).

```toml
name = "Our events"          # optional
blank_cards = 3              # optional: extra blank cards to write on (default 0)
[[events]]
title = "False Colours"
effect = "..."               # may be empty: the card then has ruled lines to write on
```
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from builder.core.inputs import InputFile
from builder.core.schema import Child, Field, Table
from builder.core.validate import ArmyFileError, Ctx

TITLE_MAX = 60
EFFECT_MAX = 600
BLANKS_MAX = 60
EVENTS_MAX = 200


@dataclass(frozen=True)
class Event:
    """A special event's card: its title and, where the player writes one, its effect."""

    title: str
    effect: str = ""


@dataclass(frozen=True)
class EventsFile:
    """The events to print, the blank cards after them and the file's name."""

    events: tuple[Event, ...]
    blank_cards: int = 0
    name: str = ""


@dataclass
class _File:
    """The events file as read, before it is trimmed into an :class:`EventsFile`."""

    events: list[Event] = field(default_factory=list)
    blank_cards: int = 0
    name: str = ""


_EVENT = Table(
    "event",
    Event,
    (
        Field("title", "str", required=True, max_len=TITLE_MAX),
        Field("effect", "str", max_len=EFFECT_MAX),
    ),
)
_FILE = Table(
    "events file",
    _File,
    (Field("name", "str", max_len=80), Field("blank_cards", "int", min=0, max=BLANKS_MAX)),
    (Child("events", _EVENT, "record"),),
)


def shipped_events() -> Path:
    """The events file shipped with the nine core titles and empty effects."""
    # Imported here: the ruleset is made of this module, and its folders are found only
    # when asked (finding the package's data loads importlib.resources, which only a reader
    # of the file needs, not every command that loads the system).
    from . import RULESET

    return RULESET.folders.cards / "special-events.toml"


def _finish(read: object, ctx: Ctx) -> EventsFile:
    """The events read, trimmed; a file with nothing to print is refused."""
    assert isinstance(read, _File)
    events = tuple(Event(e.title.strip(), e.effect.strip()) for e in read.events)
    if not events and not read.blank_cards:
        raise ArmyFileError(ctx.path, "no [[events]] and no blank_cards: nothing to print")
    return EventsFile(events, read.blank_cards, read.name)


#: The special-events file, as the export reads it (``--events FILE``).
EVENTS_FILE = InputFile(
    "events", "a file of event cards", _FILE, _finish, shipped_events, {"events": EVENTS_MAX}
)
