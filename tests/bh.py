"""Never Mind the Billhooks for its own tests: the ruleset's protocol methods and the rule
functions behind them (profiles, kill tables, rolls), under one name."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from builder import armyfile
from builder.core.base import ArmyRecord, Summary, number
from builder.systems.billhooks import RULESET, rules
from builder.systems.billhooks.collection import Collection
from builder.systems.billhooks.model import Army
from builder.systems.billhooks.options import unit_options
from builder.systems.billhooks.points import leader_points, unit_points, unit_title
from builder.systems.billhooks.profile import kill_table, leader_profile, profile, reaction_text
from builder.systems.billhooks.rolls import roll_command_classes
from builder.systems.billhooks.schema import UNIT

if TYPE_CHECKING:
    from builder.tui.app import BuilderApp
    from builder.tui.session import Session

check = RULESET.check
summary = RULESET.summary
facts = RULESET.facts
offered = RULESET.offered
entries = RULESET.catalogue
title_of = RULESET.title_of


def billhooks_army(army: ArmyRecord) -> Army:
    """``army`` as the Billhooks army it is."""
    assert isinstance(army, Army), type(army).__name__
    return army


def army_of(holder: BuilderApp | Session) -> Army:
    """The Billhooks army an app or session holds (its army is typed as any ruleset's)."""
    from builder.tui.app import BuilderApp

    session = holder.session if isinstance(holder, BuilderApp) else holder
    return billhooks_army(session.army)


def metric(totals: Summary, key: str) -> int | float:
    """The value of the metric ``key`` ("troop_points", "army_morale_tokens")."""
    found = totals.metric(key)
    assert found is not None, key
    return number(found.value)


#: The keys a unit table may hold.
unit_keys = UNIT.keys

__all__ = [
    "army_of",
    "billhooks_army",
    "rules",
    "unit_options",
    "unit_keys",
    "check",
    "summary",
    "facts",
    "offered",
    "entries",
    "title_of",
    "metric",
    "leader_points",
    "unit_points",
    "unit_title",
    "kill_table",
    "leader_profile",
    "profile",
    "reaction_text",
    "roll_command_classes",
    "load_collection",
    "loads_collection",
    "load",
    "loads",
]


def load_collection(path: str | Path) -> Collection:
    """A Billhooks Mustering collection file, read as the commands read it."""
    _, collection = armyfile.load_collection(path)
    assert isinstance(collection, Collection)
    return collection


def loads_collection(text: str, path: str = "<collection>") -> Collection:
    """Billhooks collection text, read as a collection file is (photos looked for beside
    ``path``)."""
    collection = armyfile.loads_collection(text, path)
    assert isinstance(collection, Collection)
    return collection


def load(path: str | Path) -> Army:
    """A Billhooks army file, read as every command reads it."""
    return billhooks_army(armyfile.load(path))


def loads(text: str, path: str = "<army>") -> Army:
    return billhooks_army(armyfile.loads(text, path))
