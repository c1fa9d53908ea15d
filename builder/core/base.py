"""What every ruleset provides, and the small typed values the rest of the program sees.

A ruleset is an object satisfying :class:`Ruleset`. The army file code, the commands, the
builder and the exporters talk to a rule system only through it: they walk its declared
:class:`~builder.core.schema.Table` tree and ask it for findings, metrics, facts and offers
at places (``where``), so a system with no points, other fields or no groups at all plugs in by
declaring its own.

Records (an army and everything in it) are the ruleset's own dataclasses; the core holds an
army as an :class:`ArmyRecord` (every army has a ``ruleset`` and a ``name``) and hands it back
to the ruleset that made it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol

from builder.core.record import Record
from builder.core.schema import Field, Role, Table

if TYPE_CHECKING:
    from builder.core.commands import Command
    from builder.core.event import EventRules
    from builder.core.inputs import InputFile
    from builder.core.mustering import Mustering
    from builder.core.printables import Printables, PrintOptions, Source

Level = Literal["error", "warning"]


class ArmyRecord(Protocol):
    """What the core may read of any ruleset's army: which ruleset, and its name."""

    ruleset: str
    name: str


def player_of(army: ArmyRecord) -> str:
    """Who plays ``army`` (the optional core key ``player``), or ""."""
    value = vars(army).get("player")
    return value if isinstance(value, str) else ""


@dataclass(frozen=True, eq=False, repr=False)
class Fix(Record):
    """A finding's remedy as data: which army-file key to change on what ``where`` names.

    ``message`` gives the remedy in army-file terms (``set role = "chief"``); an editor
    that changes the army its own way (the builder: a key to press) shows ``problem`` and says
    the rest in its own words.
    """

    #: The key to change: a field of the record ``where`` names (``verb`` "set"), or the
    #: child key records are added under (``verb`` "add": ``units`` of a ward, ``stands``);
    #: "" where ``role`` says which records.
    key: str
    #: The message without its army-file advice (all of it, with ``keep``).
    problem: str
    #: "set" the key; "add" records; "remove" or "move" (to another group) records of
    #: ``role``.
    verb: Literal["set", "add", "remove", "move"] = "set"
    #: The role of the records to change when ``where`` names none of them ("leader": set
    #: it on one of the leaders; "unit": add or remove units).
    role: Role | None = None
    #: Removing the record ``where`` names puts it right too ("add units or remove the ward").
    or_remove: bool = False
    #: The message's advice is in plain words already (amounts, choices): an editor keeps it
    #: and adds its own keys after it.
    keep: bool = False


@dataclass(frozen=True, eq=False, repr=False)
class Finding(Record):
    """One thing the rules forbid (error) or advise against (warning)."""

    level: Level
    code: str
    message: str
    #: Where in the army file, e.g. ``wards[2].units[1]``; "" for the army as a whole.
    where: str = ""
    #: The remedy as data, when the message's advice names army-file keys.
    fix: Fix | None = None

    @classmethod
    def advising(
        cls,
        level: Level,
        code: str,
        problem: str,
        key: str,
        advice: str,
        where: str = "",
        *,
        role: Role | None = None,
    ) -> Finding:
        """The finding ``problem: advice``, where ``advice`` changes the army-file ``key``
        (of a record of ``role`` when ``where`` names none)."""
        return cls(level, code, f"{problem}: {advice}", where, Fix(key, problem, role=role))

    @classmethod
    def adding(
        cls,
        level: Level,
        code: str,
        problem: str,
        key: str,
        advice: str,
        where: str = "",
        *,
        or_remove: bool = False,
    ) -> Finding:
        """The finding ``problem: advice``, where ``advice`` adds records under the child key
        ``key`` of ``where`` (or, with ``or_remove``, removes ``where``)."""
        return cls(
            level,
            code,
            f"{problem}: {advice}",
            where,
            Fix(key, problem, "add", or_remove=or_remove),
        )

    @classmethod
    def hinting(
        cls,
        level: Level,
        code: str,
        message: str,
        verb: Literal["add", "remove", "move"],
        role: Role,
        where: str = "",
    ) -> Finding:
        """A finding whose ``message`` is in plain words, put right by adding, removing or
        moving records of ``role`` (an editor adds the keys that do it)."""
        return cls(level, code, message, where, Fix("", message, verb, role, keep=True))

    def as_dict(self) -> dict[str, str]:
        return {
            "level": self.level,
            "code": self.code,
            "message": self.message,
            "where": self.where,
        }


# --- Its own files -----------------------------------------------------------------------------


@dataclass(frozen=True, eq=False, repr=False)
class Folders(Record):
    """Where a rule system's own files live: its card words (``cards/*.toml``, each read by
    :func:`builder.resources.ruleset_words`) and its templates (``crib-sheet.toml``, templates
    of its own that take the shared ones' place, and the HTML of its emblems, ``emblems/``).
    The systems shipped with billhooks keep them in the package's top-level ``cards/<name>/``
    and ``templates/<name>/`` (:func:`builder.resources.shipped`); a system installed as a
    package of its own carries them beside its code (:meth:`beside`)."""

    cards: Path
    templates: Path

    @classmethod
    def beside(cls, module_file: str) -> Folders:
        """``cards/`` and ``templates/`` in the folder of ``module_file`` (a ``__file__``)."""
        here = Path(module_file).parent  # __file__ is absolute: no disk is read here
        return cls(here / "cards", here / "templates")


# --- Sides --------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False, repr=False)
class Side(Record):
    """One of a rule system's fixed sides: its file key and how it is printed."""

    key: str
    name: str
    adjective: str
    #: Accent colour for cards, tokens and documents ("#24457a").
    accent: str
    #: The art registry's name for its emblem ("rose-white").
    emblem: str


@dataclass(frozen=True, eq=False, repr=False)
class Sides(Record):
    """A system's sides: fixed ones (with names and emblems), or free text up to ``max_len``."""

    fixed: tuple[Side, ...] = ()
    max_len: int = 40
    #: The army field that holds the side (declared in the ruleset's schema).
    field: str = "side"

    def of(self, army: ArmyRecord) -> str | None:
        """The side ``army`` is for, as its file names it (None: none)."""
        value = vars(army).get(self.field)
        return value if isinstance(value, str) else None

    def get(self, key: str | None) -> Side | None:
        return next((s for s in self.fixed if s.key == key), None)

    def name_of(self, key: str | None) -> str:
        """How a side is printed: a fixed side's name, free text as written, "" for none."""
        side = self.get(key)
        return side.name if side else (key or "")


# --- Summary -------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False, repr=False)
class Metric(Record):
    """One number an army adds up to: "Troop pts 99 of 100", "Morale tokens 5"."""

    #: The key in ``check --json`` ("troop_points").
    key: str
    label: str
    value: int | float
    #: What it is measured against, if anything ("of 100").
    of: int | float | None = None
    #: Set when the check finds this number wrong (the builder colours it).
    level: Level | None = None
    #: What ``check`` prints after the value ("of 100 agreed (mustered)").
    note: str = ""
    #: The status bar's label ("Troop pts"); "" means ``label``.
    short: str = ""


@dataclass(frozen=True, eq=False, repr=False)
class Line(Record):
    """A record as ``check`` and the builder's tree list it."""

    where: str
    #: Its kind in the file (a troop key); "" where the system has none.
    kind: str
    title: str
    figures: int | None = None
    points: float | None = None


@dataclass(frozen=True, eq=False, repr=False)
class Summary(Record):
    """What a check of an army says: its metrics, a line per record and the findings."""

    metrics: tuple[Metric, ...]
    lines: tuple[Line, ...]
    findings: tuple[Finding, ...]

    @property
    def legal(self) -> bool:
        return not any(f.level == "error" for f in self.findings)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "warning"]

    def metric(self, key: str) -> Metric | None:
        return next((m for m in self.metrics if m.key == key), None)


# --- Facts: what one record shows a player ---------------------------------------------------


@dataclass(frozen=True, eq=False, repr=False)
class Row(Record):
    """One labelled value of a record's facts ("Move", '6" / 4"')."""

    label: str
    value: str


@dataclass(frozen=True, eq=False, repr=False)
class Tracker(Record):
    """Boxes to tick during a game: casualties, wounds, shots left."""

    label: str
    boxes: int
    #: Boxes in runs of these sizes (ranks of six); () is one run.
    groups: tuple[int, ...] = ()
    #: Box numbers (1-based) carrying a mark: ((3, "25%"), (9, "shatter")).
    marks: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True, eq=False, repr=False)
class Facts(Record):
    """What one record shows a player: a heading, rows, notes and tick boxes."""

    heading: str
    subheading: str = ""
    rows: tuple[Row, ...] = ()
    notes: tuple[str, ...] = ()
    trackers: tuple[Tracker, ...] = ()


@dataclass(frozen=True, eq=False, repr=False)
class Grid(Record):
    """A table to look things up in: ``catalogue`` prints the ruleset's reference grids (a
    troop table, the abilities with their reminders) after its entries."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    #: Columns set flush right (numbers).
    right: tuple[int, ...] = ()
    #: Rows before which a rule is drawn (a totals block).
    sections: tuple[int, ...] = ()


# --- Editing -------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False, repr=False)
class Choice(Record):
    """One value a field may take, with what it costs where the system has points."""

    value: object
    label: str
    #: Points it adds to the record against the record's current value ("+3"); None: no points.
    cost: float | None = None


@dataclass(frozen=True, eq=False, repr=False)
class Offer(Record):
    """A field an editor may show for a record right now, with its current value."""

    field: Field
    value: object
    choices: tuple[Choice, ...] = ()
    #: For a nested table ("table" field): its own offers.
    offers: tuple[Offer, ...] = ()
    note: str = ""


# Holds functions: equal to itself alone, so no __eq__ or __hash__ is made at import.
@dataclass(frozen=True, eq=False)
class Entry:
    """What *Add* offers: a kind of record, a line to show, and how to make one."""

    key: str
    name: str
    kind: str
    summary: str
    #: Where it goes: the child key under its parent ("units", "stands").
    into: str
    make: Callable[[], object]
    points: float | None = None
    options: tuple[str, ...] = ()
    #: Figures in one, where the system counts them.
    figures: int | None = None


# --- Capabilities --------------------------------------------------------------------------


@dataclass(frozen=True, eq=False, repr=False)
class RollLine(Record):
    """One record's roll: every die in order, why each but the last was re-rolled, and what
    the last one gives."""

    where: str
    who: str
    dice: tuple[int, ...]
    #: One reason for each die before the last.
    rerolls: tuple[str, ...]
    result: str


@dataclass(frozen=True, eq=False, repr=False)
class Setting(Record):
    """A value a roll sets: ``key`` on the record at ``where``."""

    where: str
    key: str
    value: object


@dataclass(frozen=True, eq=False, repr=False)
class Roll(Record):
    """A seeded roll of an army's build-time dice, every die shown."""

    #: What was rolled, as a heading ("<quality> rolls").
    title: str
    #: How to read a die, as the ruleset words it.
    legend: str
    lines: tuple[RollLine, ...]
    #: What ``roll --write`` (or the builder's Keep) sets, at its places.
    settings: tuple[Setting, ...]
    #: What is written, for messages: "classes".
    what: str


class Roller(Protocol):
    """A system's build-time dice (its leaders' qualities, rolled when the army is made)."""

    @property
    def title(self) -> str:
        """The builder's command for it: "Roll <quality>"."""
        ...

    def roll(self, army: ArmyRecord, rng: random.Random) -> Roll: ...


# Holds functions: equal to itself alone, so no __eq__ or __hash__ is made at import.
@dataclass(frozen=True, eq=False)
class QuickAction:
    """A key an editor offers for one kind of record, belonging to one rule system (making a
    leader the army's commander, cycling a rating): the editor binds it and shows it only where it
    applies, and never knows what it does."""

    #: The key to press ("c").
    key: str
    #: The editor's name for it, for the footer, palette and undo ("Make commander").
    title: str
    help: str
    #: The role of the records it applies to ("leader").
    role: Role
    #: The army-file keys it changes: a finding whose fix names one says to press this key.
    keys: tuple[str, ...]
    #: Changes the army in place at the record ``where`` names (pure: no I/O).
    run: Callable[[ArmyRecord, str], None]
    #: The footer's word for it, where ``title`` is long for 80 columns ("C-in-C").
    short: str = ""
    #: Whether it does anything for the record at ``where`` (None: for every record of
    #: ``role``); an editor offers it only where it does (no split of a single stand).
    applies: Callable[[ArmyRecord, str], bool] | None = None


class Ruleset(Protocol):
    """The interface every rule system implements
    (docs/architecture.md#how-a-new-rule-system-plugs-in).

    Records are the ruleset's own dataclasses; everything here takes the army and a place in
    it (``where``) and answers in the plain types above.
    """

    #: The value of ``ruleset =`` in army files.
    name: str
    #: The rule system's title for people.
    title: str
    #: The army file's shape: the army table, its fields and children.
    schema: Table
    sides: Sides
    #: The first comment of an army file written from nothing.
    file_comment: str
    #: Every finding code its checks can give (docs/contracts.md#findings).
    codes: tuple[str, ...]

    #: Keys of its own for the editor (none for most systems).
    quick_actions: tuple[QuickAction, ...]
    #: Commands of its own for the command line (none for most systems).
    commands: tuple[Command, ...]

    @property
    def inputs(self) -> tuple[InputFile, ...]:
        """Files of its own its pack reads beside the armies (none for most systems): the core
        reads them."""
        ...

    @property
    def event(self) -> EventRules | None:
        """What an event of the system may agree: its size's measure, its limits' selectors and
        measures, its house rules (None: a size in units, limits by kind of record)."""
        ...

    @property
    def folders(self) -> Folders:
        """Where its card words, crib sheet, templates and emblems live."""
        ...

    @property
    def roller(self) -> Roller | None:
        """Build-time dice, where the system has them."""
        ...

    @property
    def muster(self) -> Mustering | None:
        """The Mustering draw, where the system has it."""
        ...

    def new_army(self, name: str) -> ArmyRecord:
        """A fresh army to start building from."""
        ...

    def catalogue(self) -> tuple[Entry, ...]:
        """What *Add* offers."""
        ...

    def reference(self) -> tuple[Grid, ...]:
        """Look-up tables ``catalogue`` prints after the entries (none: ``()``)."""
        ...

    def offered(self, army: ArmyRecord, where: str) -> tuple[Offer, ...]:
        """The fields an editor may show for the record at ``where`` right now."""
        ...

    def title_of(self, army: ArmyRecord, where: str) -> str:
        """The record at ``where`` as a player names it."""
        ...

    def check(self, army: ArmyRecord) -> list[Finding]:
        """Every finding, errors first."""
        ...

    def summary(self, army: ArmyRecord) -> Summary:
        """The army's metrics, its record lines and its findings."""
        ...

    def facts(self, army: ArmyRecord, where: str) -> Facts:
        """What the record at ``where`` shows a player."""
        ...

    # --- Printing (issue 13) ---------------------------------------------------------------

    def printables(self, armies: Sequence[Source], options: PrintOptions) -> Printables:
        """Everything the print pack holds for ``armies``, as data (:mod:`builder.core.
        printables`): documents, decks and token sheets, every count decided."""
        ...


def number(value: float) -> int | float:
    """Show whole numbers of points as ints (12, not 12.0); halves stay floats."""
    return int(value) if float(value).is_integer() else value
