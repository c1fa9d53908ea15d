"""A test rule system shipped as a distribution of its own (``billhooks-duel``): a band of
fighters, each with a skill. It reaches billhooks only through its ``billhooks.rulesets``
entry point and keeps its card words and crib sheet in its own package (``folders``).

```toml
ruleset = "duel"
name = "The Red Blades"
side = "Anyone"              # free text

[[fighters]]
name = "Ann"                 # required
skill = 3                    # 1-6, default 3
```
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from builder.core.base import (
    Entry,
    Facts,
    Finding,
    Folders,
    Line,
    Metric,
    Offer,
    QuickAction,
    Roller,
    Row,
    Ruleset,
    Sides,
    Summary,
)
from builder.core.commands import Command
from builder.core.package import ArmyKind, Kind, PackagedRuleset
from builder.core.printables import (
    Back,
    Deck,
    Face,
    Paragraphs,
    Printables,
    PrintOptions,
    Source,
    Stat,
    StatRows,
    Text,
    crib_document,
)
from builder.core.roster import facts_roster
from builder.core.schema import CORE_FIELDS, Child, Field, Table
from builder.resources import crib_words, ruleset_words, situations_words

ACCENT = "#3d5a40"


@dataclass
class Fighter:
    name: str
    skill: int = 3


@dataclass
class Band:
    ruleset: str
    name: str
    player: str | None = None
    side: str | None = None
    fighters: list[Fighter] = field(default_factory=list)


FIGHTER = Table(
    "fighter",
    Fighter,
    (
        Field("name", "str", required=True, max_len=40, label="Name"),
        Field("skill", "int", min=1, max=6, label="Skill"),
    ),
)
SCHEMA = Table(
    "band",
    Band,
    (*CORE_FIELDS, Field("side", "str", max_len=40, label="Side")),
    children=(Child("fighters", FIGHTER, "unit"),),
)


def check(band: Band) -> list[Finding]:
    """A band of nobody cannot fight."""
    if band.fighters:
        return []
    return [Finding("error", "no-fighters", "a band needs at least one fighter", "fighters")]


def summary(band: Band) -> Summary:
    lines = tuple(Line(f"fighters[{i}]", str(f.skill), f.name) for i, f in enumerate(band.fighters))
    metrics = (
        Metric("fighters", "Fighters", len(band.fighters)),
        Metric("skill", "Skill", sum(f.skill for f in band.fighters)),
    )
    return Summary(metrics, lines, tuple(check(band)))


def band_offers(band: Band) -> tuple[Offer, ...]:
    return (Offer(SCHEMA.field("name"), band.name), Offer(SCHEMA.field("side"), band.side))


class Duel(PackagedRuleset[Band]):
    """The ruleset object."""

    name = "duel"
    title = "Duel test rules"
    schema = SCHEMA
    sides = Sides(max_len=40)
    file_comment = "A duel test band."
    #: Its card words and crib sheet travel in this package, not in billhooks'.
    folders = Folders.beside(__file__)
    roller: Roller | None = None
    muster = None
    quick_actions: tuple[QuickAction, ...] = ()
    codes: tuple[str, ...] = ("no-fighters",)
    commands: tuple[Command, ...] = ()
    army = ArmyKind(
        Band, lambda band: band.name, lambda band: Facts(band.name), band_offers, check, summary
    )
    kinds = (
        Kind[Band, Fighter](
            Fighter,
            lambda _, __, f: f.name,
            lambda _, __, f: Facts(f.name, rows=(Row("Skill", str(f.skill)),)),
            lambda _, __, f: (
                Offer(FIGHTER.field("name"), f.name),
                Offer(FIGHTER.field("skill"), f.skill),
            ),
        ),
    )

    def new_army(self, name: str) -> Band:
        return Band(self.name, name, fighters=[Fighter("Champion", 4)])

    def catalogue(self) -> tuple[Entry, ...]:
        return (
            Entry(
                "fighter",
                "Fighter",
                "fighter",
                "one who fights",
                "fighters",
                lambda: Fighter("New"),
            ),
        )

    def pack(self, armies: Sequence[Source[Band]], options: PrintOptions[Band]) -> Printables:
        """The roster, a card per fighter in its own card words, and its own crib sheet."""
        words = ruleset_words(self.folders, "fighter-cards")
        cards = tuple(
            Face(
                words["label"],
                ACCENT,
                (
                    Text(f.name, "bold", 12, 8, 10, max_lines=2, valign="middle"),
                    StatRows((Stat(words["skill"], str(f.skill), words["skill_note"]),)),
                    Paragraphs((words["rule"],)),
                ),
            )
            for source in armies
            for f in source.army.fighters
        )
        deck = Deck(
            "fighter-cards", "Fighter cards", cards, Back(words["back"], words["back_note"], ACCENT)
        )
        crib = crib_document(
            self.title, crib_words(self.folders), {}, situations_words(self.folders)
        )
        return Printables(
            self.name, "Duel test print pack", (facts_roster(self, armies), deck, crib)
        )


RULESET: Ruleset = Duel()
