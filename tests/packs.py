"""Each rule system's example pack as the print tests read it: its two example armies, the decks
and token sheets they print, and the card sizes and ellipses the tests look for."""

from __future__ import annotations

from armies import examples_of

from builder.commands.export import _load
from builder.core.printables import Deck, Document, TokenSheet
from builder.export.job import ExportJob, ExportOptions
from builder.export.pipeline.pack import printables
from builder.registry import BUILT_IN

#: Each rule system's example armies (two), exported together as a player would (iterated, the
#: rule systems' names), found through the registry.
RULESETS = {name: tuple(p.name for p in examples_of(name)) for name in BUILT_IN}


def armies(ruleset: str) -> list[str]:
    return [str(p) for p in examples_of(ruleset)]


def sheet_items(ruleset: str) -> list[Deck | TokenSheet]:
    """The ruleset's decks and token sheets for its two example armies."""
    loaded, collections = _load(armies(ruleset))
    pack = printables(ExportJob(loaded, ExportOptions(), collections))
    return [item for item in pack.items if not isinstance(item, Document)]


SIZES = ("poker", "mini", "tarot")
ELLIPSES = ("\u2026", "...")
