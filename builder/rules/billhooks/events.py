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

from builder.resources import cards_dir
from builder.rules.schema import Child, Field, Table
from builder.rules.validate import ArmyFileError, Ctx, array, build, parse_toml, read_text

TITLE_MAX = 60
EFFECT_MAX = 600
BLANKS_MAX = 60
EVENTS_MAX = 200


@dataclass(frozen=True)
class Event:
    title: str
    effect: str = ""


@dataclass(frozen=True)
class EventsFile:
    events: tuple[Event, ...]
    blank_cards: int = 0
    name: str = ""


@dataclass
class _File:
    events: list[Event] = field(default_factory=list)
    blank_cards: int = 0
    name: str = ""


_EVENT = Table("event", Event, (Field("title", "str", required=True, max_len=TITLE_MAX),
                                Field("effect", "str", max_len=EFFECT_MAX)))
_FILE = Table("events file", _File, (Field("name", "str", max_len=80),
                                      Field("blank_cards", "int", min=0, max=BLANKS_MAX)),
              (Child("events", _EVENT, "record"),))


def shipped_events() -> Path:
    """The events file shipped with the nine core titles and empty effects."""
    return cards_dir() / "special-events.toml"


def load_events(path: Path | str) -> EventsFile:
    """Read and validate an events file; ArmyFileError naming the file, line and key."""
    text = read_text(path)
    ctx = Ctx(str(path), text)
    data = parse_toml(path, text)
    if len(array(ctx, "events", data.get("events", []))) > EVENTS_MAX:
        raise ctx.error("events", f"{len(data['events'])} events; at most {EVENTS_MAX}")
    read: _File = build(ctx, _FILE, data)
    events = tuple(Event(e.title.strip(), e.effect.strip()) for e in read.events)
    if not events and not read.blank_cards:
        raise ArmyFileError(path, "no [[events]] and no blank_cards: nothing to print")
    return EventsFile(events, read.blank_cards, read.name)
