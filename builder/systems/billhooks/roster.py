"""Billhooks' roster as data: per army its frame (the shared header: tally, LEGAL or the broken
rules) and, ward by ward, the leader's line and a row per unit with every number a player
looks up and its tick boxes. A unit's title, notes and trackers are its facts
(:func:`.views.unit_facts`); its cells are the numbers :mod:`.shown` writes, set at their
columns here. The template (``templates/billhooks/roster.html``) only lays them out.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from builder.core.printables import Document, Source
from builder.core.roster import TallyCell, document, frame

from . import rules as cat
from .model import Army, Unit
from .profile import MELEE_LATER_HIT
from .shown import Action, UnitShown, leader_shown, points, ranks, score, unit_shown
from .views import summary, unit_facts, ward_name

#: The columns right of a unit's name, in kill columns from the first: each value of a line
#: is set at one. Figures, points, move, morale and saves take one each, the action four,
#: dice and hits one each, then a column of expected kills per armour class.
FIGURES, POINTS, MOVE, MORALE, SAVES, ACTION, DICE, HITS, KILLS = 0, 1, 2, 3, 4, 5, 9, 10, 11
#: The action's words start this far (mm) into their column, under their indented heading.
ACTION_INSET = 0.4
#: A value at its place: (kill columns, mm more, text).
Cell = tuple[int, float, str]


@dataclass(frozen=True)
class RosterUnit:
    """One unit of the roster's table, every value ready to print."""

    title: str
    label: str
    details: str
    flagged: bool
    #: Its lines of values, each at its place (the first: its stats, saves and first action).
    lines: tuple[tuple[Cell, ...], ...]
    #: Its shots and rounds of melee, as the lines after the saves show them.
    actions: tuple[Action, ...]
    notes: tuple[str, ...]
    #: Tick boxes: (label, runs of boxes).
    trackers: tuple[tuple[str, tuple[int, ...]], ...]


@dataclass(frozen=True)
class RosterWard:
    """A ward: its leader's line and its units."""

    heading: str
    name: str
    rank: str
    #: "C-in-C", and "mounted" or "on foot".
    tags: tuple[str, ...]
    command_class: str
    wounds: int
    order_tokens: str
    move: str
    command_range: str
    points: str
    units: tuple[RosterUnit, ...]


#: Where a heading's word too long for a kill column may break (soft hyphens): set by hand,
#: since WeasyPrint's own hyphenation loads a dictionary and hyphenates every word of the
#: headings, a quarter of the roster's layout time.
HEADING_BREAKS = {"skirmishers": "skir\u00admish\u00aders"}


def armour_columns() -> list[str]:
    """A heading per armour class, naming the troops players know it by: "Heavy (men-at-arms)"
    is headed "men-at-arms"; a class with no example ("Light horse") keeps its name. A long
    word may break where :data:`HEADING_BREAKS` says."""
    headings = [armour.troops or armour.name.lower() for armour in cat.ARMOUR.values()]
    return [re.sub(r"[a-z]+", lambda m: HEADING_BREAKS.get(m[0], m[0]), h) for h in headings]


def _details(unit: Unit) -> str:
    """The troop, and for a company its quality and formation, and the unit's nationality."""
    troop = cat.TROOPS[unit.troop]
    details = [troop.name]
    if troop.is_company:
        details.append((unit.quality or cat.DEFAULT_QUALITY).capitalize())
        details.append(
            {
                "single": "single company",
                "line": "two companies in line",
                "block": "two companies in block",
                "combined": "combined block",
            }.get(unit.formation, unit.formation)
        )
    if unit.nationality:
        details.append(unit.nationality)
    return " · ".join(details)


def _lines(shown: UnitShown) -> tuple[tuple[Cell, ...], ...]:
    """The unit's values by line: its stats on the first; its saves ("shot / melee", under
    the name of each part of a unit of two) a line each; an action a line each."""
    saves: list[str] = []
    for save in shown.saves:
        if len(shown.saves) > 1:
            saves.append(save.who)
        saves.append(f"{save.shooting} / {save.melee}")
    lines = []
    for i in range(max(len(shown.actions), len(saves), 1)):
        line: list[Cell] = []
        if i == 0:
            stats = (shown.figures, shown.points, shown.move, shown.morale)
            places = (FIGURES, POINTS, MOVE, MORALE)
            line += [(col, 0.0, text) for col, text in zip(places, stats, strict=True)]
        if i < len(saves):
            line.append((SAVES, 0.0, saves[i]))
        if i < len(shown.actions):
            act = shown.actions[i]
            line += [
                (ACTION, ACTION_INSET, f"{act.name} {act.reach}".rstrip()),
                (DICE, 0.0, act.dice),
                (HITS, 0.0, act.hit),
            ]
            line += [(KILLS + k, 0.0, kills) for k, kills in enumerate(act.kills) if kills]
        elif i == 0:
            line.append((ACTION, ACTION_INSET, "no shooting or fighting"))
        lines.append(tuple(line))
    return tuple(lines)


def _pierced_notes(shown: UnitShown) -> tuple[str, ...]:
    """The saves against crossbows and handguns, as notes (the table has no column for them)."""
    return tuple(
        f"{s.who + ' save' if len(shown.saves) > 1 else 'Saves'} {s.pierced} against crossbows"
        " and handguns"
        for s in shown.saves
        if s.pierced
    )


def roster_unit(unit: Unit, flagged: bool) -> RosterUnit:
    facts = unit_facts(unit)
    shown = unit_shown(unit)
    return RosterUnit(
        title=facts.heading,
        label=unit.label or "",
        details=_details(unit),
        flagged=flagged,
        lines=_lines(shown),
        actions=shown.actions,
        notes=facts.notes + _pierced_notes(shown),
        trackers=tuple((t.label, t.groups or (t.boxes,)) for t in facts.trackers),
    )


def _wards(army: Army, flagged: set[str]) -> list[RosterWard]:
    wards = []
    for wi, ward in enumerate(army.wards):
        leader = ward.leader
        shown = leader_shown(army, leader)
        tags = ("C-in-C",) if leader.c_in_c else ()
        units = (
            roster_unit(unit, f"wards[{wi}].units[{ui}]" in flagged)
            for ui, unit in enumerate(ward.units)
        )
        wards.append(
            RosterWard(
                heading=ward_name(wi),
                name=leader.name,
                rank=leader.rank,
                tags=(*tags, "mounted" if leader.mounted else "on foot"),
                command_class=shown.command_class,
                wounds=shown.wounds,
                order_tokens=str(shown.order_tokens),
                move=shown.move,
                command_range=shown.command_range,
                points=shown.points,
                units=tuple(units),
            )
        )
    return wards


def roster_context(item: Source[Army], today: dt.date) -> dict[str, Any]:
    """Everything the roster template prints for one army, as plain data."""
    # Imported here: the package imports this module while it makes RULESET.
    from . import RULESET

    army = item.army
    found = summary(army)
    metric = {m.key: m.value for m in found.metrics}
    flagged = {f.where for f in found.findings if f.level == "error"}
    titles = {line.where: line.title for line in found.lines}

    def place(where: str) -> str:
        """A finding's place as a player reads it: "Ward 2, Company of Billmen"."""
        ward_no = re.match(r"wards\[(\d+)\]", where)
        if ward_no is None:
            return ""
        ward = f"Ward {int(ward_no[1]) + 1}"
        return f"{ward}, {titles[where]}" if where in titles else ward

    agreed = army.agreed_troops
    morale = int(metric["army_morale_tokens"])
    tally = [
        TallyCell(
            "Troop points",
            points(metric["troop_points"]),
            "" if agreed is None else f"of {agreed} agreed",
        ),
        TallyCell("Leader points", points(metric["leader_points"])),
        TallyCell("Total points", points(metric["total_points"])),
        TallyCell("Army Morale tokens", str(morale), boxes=ranks(morale)),
    ]
    if army.muster:
        seed = "" if army.muster.seed is None else f", seed {army.muster.seed}"
        tally.append(TallyCell("Muster table", str(army.muster.troops), f"troop points{seed}"))
    return {
        "frame": frame(
            RULESET,
            item,
            today,
            tally=tally,
            place=place,
            remark="" if army.english else "not English",
        ),
        "leader_points": points(metric["leader_points"]),
        "wards": _wards(army, flagged),
        "armour_columns": armour_columns(),
        "no_rerolls": cat.NO_REROLLS,
        "later_hit": score(MELEE_LATER_HIT),
    }


def roster(sources: Sequence[Source[Army]], today: dt.date | None = None) -> Document:
    """``roster.pdf``: a page or more per army."""
    day = today or dt.date.today()
    armies = [roster_context(item, day) for item in sources]
    return document(
        sources,
        armies,
        {
            "armies": [item.army.name for item in sources],
            "units": sum(len(ward.units) for a in armies for ward in a["wards"]),
        },
    )
