"""A test-only rule system with a flat, pointless shape: no groups, no ``troop`` key, a
free-text side, a list field, a nested table, and a print pack of one deck and one token
sheet. It is made as the built-in systems are, of typed kinds of record
(:mod:`builder.core.package`), and plugs into the core, the exporter and the builder with no
change outside ``tests/`` (``builder.registry.register("flat", "flat_ruleset")``), which
proves they name no system of their own.

```toml
ruleset = "flat"
name = "The test band"
side = "Anyone at all"       # free text
tags = ["bold", "quick"]     # each of bold | quick | quiet, once

[[people]]
name = "Ann"                 # required
role = "chief"               # chief (exactly one) | hand; default hand
kit = { blade = true, note = "a good one" }

[[things]]
label = "Cart"               # required
weight = 3                   # 1-9, default 1; over 5 is a warning
```
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from builder.core.base import (
    Choice,
    Entry,
    Facts,
    Finding,
    Folders,
    Grid,
    Line,
    Metric,
    Offer,
    QuickAction,
    Roller,
    Row,
    Ruleset,
    Sides,
    Summary,
    Tracker,
)
from builder.core.commands import Command
from builder.core.package import ArmyKind, Kind, PackagedRuleset
from builder.core.printables import (
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
from builder.core.roster import facts_roster
from builder.core.schema import CORE_FIELDS, Child, Field, Table

TAGS = ("bold", "quick", "quiet")
ROLES = ("chief", "hand")
HEAVY = 5


@dataclass
class Kit:
    blade: bool = False
    note: str | None = None


@dataclass
class Person:
    name: str
    role: str = "hand"
    kit: Kit | None = None


@dataclass
class Thing:
    label: str
    weight: int = 1


@dataclass
class Band:
    ruleset: str
    name: str
    side: str | None = None
    tags: list[str] = field(default_factory=list)
    people: list[Person] = field(default_factory=list)
    things: list[Thing] = field(default_factory=list)
    player: str | None = None


KIT = Table(
    "kit",
    Kit,
    (Field("blade", "bool", label="Blade"), Field("note", "str", max_len=40, label="Note")),
)
PERSON = Table(
    "person",
    Person,
    (
        Field("name", "str", required=True, max_len=40, label="Name"),
        Field("role", "str", choices=ROLES, label="Role"),
        Field("kit", "table", table=KIT, label="Kit"),
    ),
)
THING = Table(
    "thing",
    Thing,
    (
        Field("label", "str", required=True, max_len=40, label="Label"),
        Field("weight", "int", min=1, max=9, label="Weight"),
    ),
)
SCHEMA = Table(
    "band",
    Band,
    (
        *CORE_FIELDS,
        Field("side", "str", max_len=40, label="Side"),
        Field("tags", "list", choices=TAGS, label="Tags"),
    ),
    children=(Child("people", PERSON, "leader"), Child("things", THING, "unit")),
)


def check_one_chief(band: Band) -> list[Finding]:
    """Exactly one person is the chief."""
    chiefs = [i for i, p in enumerate(band.people) if p.role == "chief"]
    if len(chiefs) == 1:
        return []
    return [
        Finding(
            "error",
            "one-chief",
            f"{len(chiefs)} chiefs: make exactly one person the chief",
            "people",
        )
    ]


def check_heavy(band: Band) -> list[Finding]:
    """A thing over weight 5 slows the band: advice."""
    return [
        Finding("warning", "heavy", f"{t.label} weighs {t.weight}, over {HEAVY}", f"things[{i}]")
        for i, t in enumerate(band.things)
        if t.weight > HEAVY
    ]


def check(band: Band) -> list[Finding]:
    return sorted(check_one_chief(band) + check_heavy(band), key=lambda f: f.level != "error")


def summary(band: Band) -> Summary:
    lines = tuple(Line(f"things[{i}]", "", t.label) for i, t in enumerate(band.things))
    return Summary(
        (
            Metric("people", "People", len(band.people)),
            Metric("things", "Things", len(band.things)),
        ),
        lines,
        tuple(check(band)),
    )


def person_offers(_: Band, __: str, person: Person) -> tuple[Offer, ...]:
    kit = person.kit or Kit()
    return (
        Offer(PERSON.field("name"), person.name),
        Offer(PERSON.field("role"), person.role, tuple(Choice(r, r.capitalize()) for r in ROLES)),
        # A nested table is offered as a record to edit (its defaults if absent).
        Offer(
            PERSON.field("kit"),
            kit,
            offers=(Offer(KIT.field("blade"), kit.blade), Offer(KIT.field("note"), kit.note)),
        ),
    )


def band_offers(band: Band) -> tuple[Offer, ...]:
    return (
        Offer(SCHEMA.field("name"), band.name),
        Offer(SCHEMA.field("side"), band.side),
        Offer(
            SCHEMA.field("tags"), list(band.tags), tuple(Choice(t, t.capitalize()) for t in TAGS)
        ),
    )


def band_facts(band: Band) -> Facts:
    return Facts(band.name, band.side or "", (Row("Tags", ", ".join(band.tags) or "none"),))


class Flat(PackagedRuleset[Band]):
    """The test-only ruleset (see the module docstring), made of typed kinds of record as a
    built-in system is (``tests/form_ruleset.py`` implements the protocol by hand instead)."""

    name = "flat"
    title = "Flat test rules"
    schema = SCHEMA
    sides = Sides(max_len=40)
    file_comment = "A flat test band."
    #: No card words or templates of its own (it prints only the core's documents).
    folders = Folders.beside(__file__)
    roller: Roller | None = None
    muster = None
    quick_actions: tuple[QuickAction, ...] = ()
    codes: tuple[str, ...] = ("one-chief", "heavy")
    commands: tuple[Command, ...] = (
        Command(
            "weigh",
            "the load a flat band carries",
            "Add up a flat band's things by weight (a command of the flat test system's own).",
            "flat_command",
        ),
    )
    army = ArmyKind(Band, lambda band: band.name, band_facts, band_offers, check, summary)
    kinds = (
        Kind[Band, Person](
            Person,
            lambda _, __, person: f"{person.name} ({person.role})",
            lambda _, __, person: Facts(person.name, person.role),
            person_offers,
        ),
        Kind[Band, Thing](
            Thing,
            lambda _, __, thing: thing.label,
            lambda _, __, thing: Facts(
                thing.label,
                rows=(Row("Weight", str(thing.weight)),),
                trackers=(Tracker("load", thing.weight),),
            ),
            lambda _, __, thing: (
                Offer(THING.field("label"), thing.label),
                Offer(THING.field("weight"), thing.weight),
            ),
        ),
    )

    def new_army(self, name: str) -> Band:
        return Band(self.name, name, people=[Person("Chief", role="chief")])

    def catalogue(self) -> tuple[Entry, ...]:
        return (
            Entry(
                "person",
                "Person",
                "person",
                "someone in the band",
                "people",
                lambda: Person("Someone"),
            ),
            Entry(
                "thing",
                "Thing",
                "thing",
                "something the band carries",
                "things",
                lambda: Thing("Something"),
            ),
        )

    def reference(self) -> tuple[Grid, ...]:
        return (Grid("Tags", ("tag",), tuple((t,) for t in TAGS)),)

    def pack(self, armies: Sequence[Source[Band]], options: PrintOptions[Band]) -> Printables:
        """A card per thing and a load chit per point of weight: one deck, one token sheet."""
        things = [(a.army, t) for a in armies for t in a.army.things]
        cards = tuple(
            Face(
                "THING",
                "#445566",
                (
                    Text(thing.label, "bold", 12, 8, 10, max_lines=2, valign="middle"),
                    Text(band.side or "no side", "italic", 9, 7, 5, tint="accent"),
                    Emblem("initial", share=0.3, letter=thing.label[:1]),
                    StatRows((Stat("Weight", str(thing.weight), "cross one off as it lightens"),)),
                    Boxes("Load", thing.weight),
                    Paragraphs(("Every word on this card is test data.",)),
                ),
            )
            for band, thing in things
        )
        deck = Deck(
            "thing-cards",
            "Thing cards",
            cards,
            Back("Flat test rules", "All backs alike.", "#445566"),
        )
        chits = TokenGroup(
            "chits",
            "Load chits",
            (TOKEN_MM, TOKEN_MM),
            (Token("badge", "#445566", "LOAD", sum(t.weight for _, t in things), "weight"),),
        )
        return Printables(
            self.name,
            "Flat test print pack",
            (facts_roster(self, armies), deck, TokenSheet("chits", "Chits", (chits,))),
        )


RULESET: Ruleset = Flat()


def example() -> Band:
    """A band of every field kind, for tests to write and read."""
    return Band(
        "flat",
        "The test band",
        "Anyone at all",
        ["bold", "quick"],
        [Person("Ann", "chief", Kit(True, "a good one")), Person("Bo")],
        [Thing("Cart", 3), Thing("Anvil", 7)],
    )


__all__ = ["RULESET", "example"]
