"""A test-only ruleset with a flat army (no wards, no troop key, a free-text side) that prints
one deck and one token sheet: it shows a new rule system exports through ``builder/export``
with no change there (issue 13). Registered by the tests that use it (``RULESETS``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from builder.rules.base import Finding, Sides
from builder.rules.printables import (
    TOKEN_MM,
    Back,
    Boxes,
    Deck,
    Emblem,
    Face,
    Paragraphs,
    Printables,
    PrintOptions,
    Source,
    Stat,
    StatRows,
    Text,
    Token,
    TokenGroup,
    TokenSheet,
)
from builder.rules.schema import CORE_FIELDS, Child, Field, Table

NAME = "flat"


@dataclass
class Stand:
    name: str = ""
    wounds: int = 1


@dataclass
class FlatArmy:
    ruleset: str = NAME
    name: str = ""
    side: str = ""
    stands: list[Stand] = field(default_factory=list)


SCHEMA = Table("army", FlatArmy, (*CORE_FIELDS, Field("side", "str", max_len=40)), (
    Child("stands", Table("stand", Stand, (Field("name", "str", required=True),
                                            Field("wounds", "int", min=1, max=9))), "unit"),
))


class Flat:
    name = NAME
    title = "Flat Test Game"
    schema = SCHEMA
    sides = Sides(max_len=40)
    file_comment = "A flat test army."
    roller = None
    muster = None

    def check(self, army: object) -> list[Finding]:
        return []

    def printables(self, armies: Sequence[Source], options: PrintOptions) -> Printables:
        stands = [(a.army, s) for a in armies for s in a.army.stands]  # type: ignore[attr-defined]
        cards = tuple(Face("STAND", "#445566", (
            Text(stand.name, "bold", 12, 8, 10, max_lines=2, valign="middle"),
            Text(army.side or "no side", "italic", 9, 7, 5, tint="accent"),
            Emblem("initial", share=0.3, letter=stand.name[:1]),
            StatRows((Stat("Wounds", str(stand.wounds), "cross one off a hit"),)),
            Boxes("Wounds", stand.wounds),
            Paragraphs(("Every word on this card is test data.",)),
        )) for army, stand in stands)
        deck = Deck("stand-cards", "Stand cards", cards,
                    Back("Flat Test Game", "All backs alike.", "#445566"))
        chits = TokenGroup("chits", "Wound chits", (TOKEN_MM, TOKEN_MM), (
            Token("order", "#445566", "WOUND", sum(s.wounds for _, s in stands), "hit"),))
        return Printables(NAME, "Flat test print pack",
                          (deck, TokenSheet("chits", "Chits", (chits,))))


RULESET = Flat()
