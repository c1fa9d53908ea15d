"""A tiny test-only ruleset for the builder's form, with a flat shape (``[[leaders]]`` and
``[[stands]]``, no groups) and every kind of field a form can show: a select, a checkbox, a
number, text, a list and a nested table. Points, so the form shows costs and totals. The builder
must serve it with no change of its own (issue 14)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

from builder.core import schema
from builder.core.base import (
    ArmyRecord,
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
    Row,
    Ruleset,
    Sides,
    Summary,
)
from builder.core.commands import Command
from builder.core.event import EventRules
from builder.core.inputs import InputFile
from builder.core.printables import Printables, PrintOptions, Source
from builder.core.roster import facts_roster
from builder.core.schema import CORE_FIELDS, Child, Field, Table

GRADES = {"raw": 0, "drilled": 2, "elite": 4}
KINDS = {"spear": 3, "bow": 4}
DRILLS = ("wedge", "screen", "charge")


@dataclass
class Banner:
    colour: str = "red"
    motto: str | None = None


@dataclass
class Stand:
    kind: str
    grade: str = "raw"
    shields: bool = False
    width: int = 1
    drills: list[str] = field(default_factory=list)
    banner: Banner | None = None
    note: str | None = None


@dataclass
class Chief:
    name: str
    bold: bool = False


@dataclass
class FlatArmy:
    ruleset: str
    name: str
    points: int | None = 30
    player: str | None = None
    leaders: list[Chief] = field(default_factory=list)
    stands: list[Stand] = field(default_factory=list)


BANNER = Table(
    "banner",
    Banner,
    (
        Field("colour", "str", choices=("red", "blue")),
        Field("motto", "str", max_len=20),
    ),
)
STAND = Table(
    "stand",
    Stand,
    (
        Field("kind", "str", required=True, choices=tuple(KINDS)),
        Field("grade", "str", choices=tuple(GRADES)),
        Field("shields", "bool"),
        Field("width", "int", min=1, max=4),
        Field("drills", "list", choices=DRILLS),
        Field("banner", "table", table=BANNER),
        Field("note", "str", max_len=30),
    ),
)
CHIEF = Table(
    "chief",
    Chief,
    (
        Field("name", "str", required=True, max_len=40),
        Field("bold", "bool"),
    ),
)
SCHEMA = Table(
    "army",
    FlatArmy,
    (
        *CORE_FIELDS,
        Field("points", "int", min=0, max=1000, label="Agreed points"),
    ),
    children=(Child("leaders", CHIEF, "leader"), Child("stands", STAND, "unit")),
)


def stand_points(stand: Stand) -> int:
    return (
        KINDS.get(stand.kind, 0) + GRADES.get(stand.grade, 0) + (1 if stand.shields else 0)
    ) * stand.width


def _flat(army: ArmyRecord) -> FlatArmy:
    assert isinstance(army, FlatArmy)
    return army


def _rally(army: ArmyRecord, where: str) -> None:
    chief = schema.get(army, where)
    assert isinstance(chief, Chief)
    chief.bold = not chief.bold


class FormTest:
    name = "formtest"
    title = "Form test rules"
    schema = SCHEMA
    sides = Sides()
    file_comment = "A form test army."
    #: No card words or templates of its own (it prints only the core's documents).
    folders = Folders.beside(__file__)
    roller = None
    muster = None
    codes: tuple[str, ...] = ()
    inputs: tuple[InputFile, ...] = ()
    commands: tuple[Command, ...] = ()
    event: EventRules | None = None
    quick_actions: tuple[QuickAction, ...] = (
        QuickAction("b", "Bold", "Make the chief bold or not", "leader", ("bold",), _rally),
    )

    def new_army(self, name: str) -> FlatArmy:
        return FlatArmy(self.name, name)

    def reference(self) -> tuple[Grid, ...]:
        return ()

    def printables(self, armies: Sequence[Source], options: PrintOptions) -> Printables:
        return Printables(self.name, "Form test print pack", (facts_roster(self, armies),))

    def catalogue(self) -> tuple[Entry, ...]:
        return (
            *(
                Entry(
                    k,
                    f"{k.capitalize()} stand",
                    "stand",
                    "one base",
                    "stands",
                    partial(Stand, k),
                    float(p),
                )
                for k, p in KINDS.items()
            ),
            Entry("chief", "Chief", "leader", "a leader", "leaders", partial(Chief, "Chief")),
        )

    def offered(self, army: ArmyRecord, where: str) -> tuple[Offer, ...]:
        record = schema.get(army, where)
        if isinstance(record, Stand):

            def cost(**change: object) -> float:
                changed = Stand(**{**record.__dict__, **change})
                return float(stand_points(changed) - stand_points(record))

            banner = record.banner or Banner()
            return (
                Offer(
                    STAND.field("kind"),
                    record.kind,
                    tuple(Choice(k, k.capitalize(), cost(kind=k)) for k in KINDS),
                ),
                Offer(
                    STAND.field("grade"),
                    record.grade,
                    tuple(Choice(g, g.capitalize(), cost(grade=g)) for g in GRADES),
                ),
                Offer(
                    STAND.field("shields"),
                    record.shields,
                    (Choice(False, "No", 0.0), Choice(True, "Yes", cost(shields=True))),
                ),
                Offer(STAND.field("width"), record.width),
                Offer(STAND.field("drills"), record.drills),
                Offer(
                    STAND.field("banner"),
                    banner,
                    offers=(
                        Offer(BANNER.field("colour"), banner.colour),
                        Offer(BANNER.field("motto"), banner.motto),
                    ),
                ),
                Offer(STAND.field("note"), record.note),
            )
        if isinstance(record, Chief):
            return (
                Offer(CHIEF.field("name"), record.name),
                Offer(CHIEF.field("bold"), record.bold),
            )
        flat = _flat(army)
        return (Offer(SCHEMA.field("name"), flat.name), Offer(SCHEMA.field("points"), flat.points))

    def title_of(self, army: ArmyRecord, where: str) -> str:
        record = schema.get(army, where)
        if isinstance(record, Stand):
            return f"{record.grade.capitalize()} {record.kind} stand"
        if isinstance(record, Chief):
            return f"{record.name}{' (bold)' if record.bold else ''}"
        return _flat(army).name

    def check(self, army: ArmyRecord) -> list[Finding]:
        flat = _flat(army)
        total = sum(stand_points(s) for s in flat.stands)
        if flat.points is not None and total > flat.points:
            return [Finding("error", "over", f"{total} points, over {flat.points}", "points")]
        return []

    def summary(self, army: ArmyRecord) -> Summary:
        flat = _flat(army)
        lines = tuple(
            Line(
                f"stands[{i}]",
                s.kind,
                self.title_of(army, f"stands[{i}]"),
                points=float(stand_points(s)),
            )
            for i, s in enumerate(flat.stands)
        )
        total = sum(stand_points(s) for s in flat.stands)
        return Summary(
            (
                Metric("points", "Points", total, flat.points, short="Pts"),
                Metric("stands", "Stands", len(flat.stands)),
            ),
            lines,
            tuple(self.check(army)),
        )

    def facts(self, army: ArmyRecord, where: str) -> Facts:
        return Facts(self.title_of(army, where), rows=(Row("Place", where or "army"),))


RULESET: Ruleset = FormTest()
