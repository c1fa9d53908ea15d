"""The roster as plain data, one frame for every ruleset (``templates/_roster-frame.html``).

Every army's part of ``roster.pdf`` has the same frame: a header (name, side and system, a LEGAL
stamp or the broken rules, a tally of the army's numbers, the share code), a running header
with the name, side and system on every page, and a footer with the date, the version, the file
name and its hash, and "page N of M". Inside it each ruleset prints a dense table
(:class:`Table`): column headings repeated on every page, a heading line per group (a ward and
its leader), a row per unit with its numbers under the headings, its notes and its trackers.
A ruleset may keep a body template of its own (its roster :class:`Document`'s template); the
shared one prints a :class:`Table`, which any new ruleset fills. Nothing here imports a
drawing library.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import builder
from builder.core.base import ArmyRecord, Metric, Ruleset, Tracker, number, player_of
from builder.core.printables import Document, Source, short_hash
from builder.core.schema import parent_of, walk

# --- The frame ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TallyCell:
    """One number of the header's tally: "Troop points 99 of 100 agreed"."""

    label: str
    value: str
    #: Words after the value ("of 100 agreed").
    of: str = ""
    #: Tick boxes under it, in runs (the Army Morale tokens, in ranks of six).
    boxes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Frame:
    """What the frame prints for one army, on its first page and on every page."""

    name: str
    #: The side as printed ("Norse", "Flanders"); "" for none.
    side: str
    #: The ruleset's title.
    system: str
    legal: bool
    #: Broken rules and advice, each (place as a player reads it, message).
    errors: tuple[tuple[str, str], ...]
    warnings: tuple[tuple[str, str], ...]
    tally: tuple[TallyCell, ...]
    #: The footer's parts: the day printed (ISO), the army file's name and short hash.
    printed: str
    file: str
    digest: str
    #: A badge for systems of fixed sides: the side's emblem ("rose-white"; "" for none).
    badge: bool = False
    emblem: str = ""
    #: Words after the system on the header's second line ("not English").
    remark: str = ""
    #: Who plays the army ("" for no ``player`` key).
    player: str = ""

    @property
    def side_text(self) -> str:
        return self.side or "No side"

    def footer(self, file: str | None = None) -> str:
        """ "Printed 2026-01-02 · billhooks 1.0 · army.toml #0123456789abcdef", with ``file``
        for the file's name when given (a name too long for the line, shortened); the hash is
        the one ``billhooks share`` and ``verify`` print."""
        return (
            f"Printed {self.printed} · billhooks {builder.__version__}"
            f" · {self.file if file is None else file} #{self.digest}"
        )


def tally_of(metrics: Sequence[Metric]) -> tuple[TallyCell, ...]:
    """The summary's metrics as the tally prints them: "Starting army morale 4 of 5"."""
    return tuple(
        TallyCell(
            m.label, f"{number(m.value)}", m.note or ("" if m.of is None else f"of {number(m.of)}")
        )
        for m in metrics
    )


def frame(
    ruleset: Ruleset,
    source: Source,
    today: dt.date,
    *,
    tally: Sequence[TallyCell] | None = None,
    place: Callable[[str], str] | None = None,
    remark: str = "",
) -> Frame:
    """The frame of ``source``'s army from its ruleset's summary: its findings placed by
    ``place`` (default: the ruleset's title of the record), its metrics as the tally unless
    ``tally`` is given."""
    army = source.army
    found = ruleset.summary(army)

    def titled(where: str) -> str:
        return ruleset.title_of(army, where) if where else ""

    where_of = place or titled
    key = ruleset.sides.of(army)
    side = ruleset.sides.get(key)
    return Frame(
        name=army.name,
        side=ruleset.sides.name_of(key),
        system=ruleset.title,
        legal=found.legal,
        errors=tuple((where_of(f.where), f.message) for f in found.errors),
        warnings=tuple((where_of(f.where), f.message) for f in found.warnings),
        tally=tuple(tally) if tally is not None else tally_of(found.metrics),
        printed=today.isoformat(),
        file=source.path.name,
        digest=short_hash(source),
        badge=bool(ruleset.sides.fixed),
        emblem=side.emblem if side else "",
        remark=remark,
        player=player_of(army),
    )


# --- The table ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """A column of the table: its heading, an italic line under it, and its share of the
    width (the widths are shares, so the table fits any paper)."""

    heading: str
    sub: str = ""
    share: float = 1.0
    #: A heading spanning this column and the next ones with the same group.
    group: str = ""


@dataclass(frozen=True)
class Unit:
    """A unit's row: its title column, its cells, then its notes and trackers on a line."""

    title: str
    #: Lines under the title in its column (the label, "archers · retinue · 12 figures").
    details: tuple[str, ...] = ()
    #: Lines of cells, one a column after the title column; a cell may wrap. A unit with
    #: several actions has a line each (shooting, then melee).
    lines: tuple[tuple[str, ...], ...] = ()
    notes: tuple[str, ...] = ()
    trackers: tuple[Tracker, ...] = ()
    #: A broken rule points at it.
    flagged: bool = False


@dataclass(frozen=True)
class Group:
    """A group's heading line (a ward and its leader: "Ward 1 Richard Neville [C-in-C]"), a
    line of his numbers, his notes and trackers, then its units."""

    heading: str
    name: str = ""
    #: Short words after the name, boxed ("C-in-C", "mounted").
    tags: tuple[str, ...] = ()
    #: (label, value) pairs on one line: "level 4 · puissance 4".
    stats: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()
    trackers: tuple[Tracker, ...] = ()
    units: tuple[Unit, ...] = ()


@dataclass(frozen=True)
class Table:
    """The body of one army's roster."""

    #: The first is the units' title column.
    columns: tuple[Column, ...]
    groups: tuple[Group, ...]
    #: Lines about the army above the table (its orders of battle, its morale track).
    preamble: tuple[tuple[str, str], ...] = ()
    preamble_trackers: tuple[Tracker, ...] = ()
    #: What the columns' words mean, under the table.
    legend: tuple[str, ...] = ()


def tracker_parts(tracker: Tracker) -> list[tuple[str, list[int], str]]:
    """A tracker as a tracker line prints it, ``(label, runs, words after)`` parts: its boxes
    in their runs (ranks), split at each mark with the mark's words after the boxes up to it
    ("figures lost [6] rout [6]", "casualties [3] 25% [3] 50% [3] shatter [3]")."""
    runs = list(tracker.groups) or [tracker.boxes]
    parts: list[tuple[str, list[int], str]] = []
    label, done, pending = tracker.label, 0, runs[:]

    def take(count: int) -> list[int]:
        """The next ``count`` boxes from the runs left, as runs."""
        out = []
        while count and pending:
            n = min(count, pending[0])
            out.append(n)
            pending[0] -= n
            count -= n
            if not pending[0]:
                pending.pop(0)
        return out

    for box, words in sorted(tracker.marks):
        if box > tracker.boxes:
            continue
        parts.append((label, take(box - done), words))
        label, done = "", box
    rest = take(tracker.boxes - done)
    if rest or not parts:
        parts.append((label, rest, ""))
    return parts


# --- The document ------------------------------------------------------------------------------


def document(
    sources: Sequence[Source],
    armies: Sequence[Mapping[str, object]],
    details: Mapping[str, object] | None = None,
) -> Document:
    """``roster.pdf`` for ``armies`` (each a frame and its body), one army after another,
    each from a new page, with the share code of each."""
    names = [item.army.name for item in sources]
    return Document(
        "roster",
        "roster.html",
        "Roster: " + "; ".join(names),
        {"title": "Roster", "armies": list(armies)},
        details=details if details is not None else {"armies": names},
        share_codes=True,
    )


# --- Any ruleset: a table from its facts -------------------------------------------------------


def facts_table(ruleset: Ruleset, army: ArmyRecord) -> Table:
    """A table from the ruleset's facts alone (for a ruleset without a table of its own): a
    group per group record (shown by its leader's facts) and per leader outside one, a column
    per row label its units give, in the order they first come."""
    nodes = [n for n in walk(army, ruleset.schema) if n.where]
    groups_at = [n.where for n in nodes if n.role == "group"]
    heads = [
        n.where
        for n in nodes
        if n.role == "group" or (n.role == "leader" and parent_of(n.where) not in groups_at)
    ]
    members: dict[str, list[str]] = {where: [] for where in heads}
    loose: list[str] = []
    for node in nodes:
        if node.role == "unit":
            members.get(parent_of(node.where), loose).append(node.where)
    facts = {
        where: ruleset.facts(army, where)
        for where in [*heads, *loose, *(w for units in members.values() for w in units)]
    }
    labels = list(
        dict.fromkeys(
            r.label
            for where in [*loose, *(w for units in members.values() for w in units)]
            for r in facts[where].rows
        )
    )

    def unit(where: str) -> Unit:
        f = facts[where]
        values = {r.label: r.value for r in f.rows}
        return Unit(
            f.heading,
            (f.subheading,) if f.subheading else (),
            (tuple(values.get(label, "") for label in labels),),
            f.notes,
            f.trackers,
        )

    def group(where: str) -> Group:
        f = facts[where]
        return Group(
            f.subheading or f.heading,
            f.heading if f.subheading else "",
            stats=tuple((r.label, r.value) for r in f.rows),
            notes=f.notes,
            trackers=f.trackers,
            units=tuple(unit(w) for w in members[where]),
        )

    groups = [group(where) for where in heads]
    if loose:
        groups.append(Group("Units", units=tuple(unit(w) for w in loose)))
    top = ruleset.facts(army, "")
    return Table(
        (Column("Unit", share=3.0), *(Column(label) for label in labels)),
        tuple(groups),
        preamble=tuple((r.label, r.value) for r in top.rows),
        preamble_trackers=top.trackers,
        legend=top.notes,
    )


def facts_roster(
    ruleset: Ruleset, sources: Sequence[Source], today: dt.date | None = None
) -> Document:
    """The roster of any ruleset, from its summary and facts (:func:`facts_table`)."""
    day = today or dt.date.today()
    tables = [facts_table(ruleset, item.army) for item in sources]
    armies = [
        {"frame": frame(ruleset, item, day), "table": table}
        for item, table in zip(sources, tables, strict=True)
    ]
    units = sum(len(g.units) for table in tables for g in table.groups)
    return document(sources, armies, {"armies": [s.army.name for s in sources], "units": units})
