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

from dataclasses import dataclass
from pathlib import Path

from builder.armyfile import ArmyFileError, Ctx, check_table, parse_toml, read_text
from builder.resources import cards_dir
from builder.rules.base import FieldSpec

TITLE_MAX = 60
EFFECT_MAX = 600
BLANKS_MAX = 60
EVENTS_MAX = 200

_TOP = {
    "name": FieldSpec("str", max_len=80),
    "blank_cards": FieldSpec("int", min=0, max=BLANKS_MAX),
    "events": FieldSpec("table"),  # checked by hand: an array of tables
}
_EVENT = {
    "title": FieldSpec("str", required=True, max_len=TITLE_MAX),
    "effect": FieldSpec("str", max_len=EFFECT_MAX),
}


@dataclass(frozen=True)
class Event:
    title: str
    effect: str = ""


@dataclass(frozen=True)
class EventsFile:
    events: tuple[Event, ...]
    blank_cards: int = 0
    name: str = ""


def shipped_events() -> Path:
    """The events file shipped with the nine core titles and empty effects."""
    return cards_dir() / "special-events.toml"


def load_events(path: Path | str) -> EventsFile:
    """Read and validate an events file; ArmyFileError naming the file, line and key."""
    text = read_text(path)
    ctx = Ctx(str(path), text)
    data = parse_toml(path, text)
    events_raw = data.get("events", [])
    top = check_table(ctx, "", {k: v for k, v in data.items() if k != "events"}, _TOP)
    if not isinstance(events_raw, list) or not all(isinstance(e, dict) for e in events_raw):
        raise ctx.error("events", "expected a list of tables ([[events]])")
    if len(events_raw) > EVENTS_MAX:
        raise ctx.error("events", f"{len(events_raw)} events; at most {EVENTS_MAX}")
    events = []
    for i, raw in enumerate(events_raw):
        values = check_table(ctx, f"events[{i}]", raw, _EVENT)
        events.append(Event(values["title"].strip(), values.get("effect", "").strip()))
    if not events and not top.get("blank_cards"):
        raise ArmyFileError(path, "no [[events]] and no blank_cards: nothing to print")
    return EventsFile(tuple(events), top.get("blank_cards", 0), top.get("name", ""))
