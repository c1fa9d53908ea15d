"""What a Billhooks army adds up to and what each record shows a player: the ruleset's
``summary``, ``title_of`` and ``facts`` (docs/architecture.md#how-a-new-rule-system-plugs-in),
built from the points and the numbers as :mod:`.shown` writes them.

The builder's detail pane and ``check`` show these as they are; the roster and the cards are
built from the same facts and numbers, so none of them works out or formats a number itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.core.base import Facts, Line, Metric, Row, Summary, Tracker, number

from . import rules as cat
from .checks import check_army
from .model import Army, Leader, Unit
from .points import (
    army_morale_tokens,
    figures,
    leader_points,
    total_leader_points,
    troop_points,
    unit_points,
    unit_title,
)
from .points import points_text as points

if TYPE_CHECKING:
    from .shown import UnitShown

#: The ward numbers as a roster heads them; a ninth ward and later are numbered.
WARD_ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth")


def ward_name(index: int) -> str:
    """ "First Ward", ..., "Ward 9"."""
    return f"{WARD_ORDINALS[index]} Ward" if index < len(WARD_ORDINALS) else f"Ward {index + 1}"


def summary(army: Army) -> Summary:
    """Troop, leader and total points, Army Morale tokens, every unit and every finding."""
    findings = tuple(check_army(army))
    lines = tuple(
        Line(where, u.troop, unit_title(u), figures(u), unit_points(u))
        for where, u in army.units_with_paths()
    )
    troops = troop_points(army)
    leaders = total_leader_points(army)
    agreed = army.agreed_troops
    note = f"of {agreed} agreed" if agreed is not None else ""
    if army.muster is not None:
        note += " (mustered)"
    wrong = any(f.code in ("over-points", "under-points") for f in findings)
    metrics = (
        Metric(
            "troop_points",
            "Troop points",
            number(troops),
            agreed,
            "error" if wrong else None,
            note,
            "Troop pts",
        ),
        Metric("leader_points", "Leader points", number(leaders), short="Leader pts"),
        Metric("total_points", "Total", number(troops + leaders), short="Total pts"),
        Metric(
            "army_morale_tokens",
            "Army Morale tokens",
            army_morale_tokens(army),
            short="Morale tokens",
        ),
    )
    return Summary(metrics, lines, findings)


def leader_title(army: Army, leader: Leader) -> str:
    """A leader with his rank, class and points (a ward is named by its leader)."""
    chief = ", C-in-C" if leader.c_in_c else ""
    horse = ", mounted" if leader.mounted else ""
    return (
        f"{leader.name} ({leader.rank}{chief}{horse}, {leader.class_name}, "
        f"{points(leader_points(army, leader))} pts)"
    )


def army_title(army: Army) -> str:
    """The army by its name and side."""
    side = cat.SIDES.name_of(army.side)
    return f"{army.name} ({side})" if side else army.name


#: What a unit of two companies is called, by its formation.
_FORMED = {"line": "line", "block": "block", "combined": "combined block"}


def _shooting(shown: UnitShown) -> str:
    """Each range with its dice and score, then the shots a turn, arrowstorms and the dice at
    bands or guns."""
    if not shown.shots:
        return "none"
    lines = [f"{s.name} {s.reach}: {s.dice} dice, hit {s.hit}" for s in shown.shots]
    n = shown.shots_per_turn
    extra = f"{n} shot{'s' if n != 1 else ''} a turn"
    if shown.arrows:
        extra += f"; {shown.arrows} arrowstorms a game"
    if shown.shots[0].at_skirmishers:
        extra += f"; {shown.shots[0].at_skirmishers} dice at bands or guns (half)"
    return "\n".join(lines) + f"\n{extra}"


def _melee(shown: UnitShown) -> str:
    """Dice round by round (a line a front for a combined block), then dice per figure."""
    lines = [
        (f"{m.front}: " if m.front else "")
        + f"{m.dice} ({m.rounds})"
        + (f", {m.saves}" if m.saves else "")
        for m in shown.melee
    ]
    return "\n".join(lines) + f"\n{shown.melee_per_figure}"


def _saves(shown: UnitShown) -> str:
    """A line per part of the unit: its saves, its armour and what crossbows pierce."""
    lines = []
    for s in shown.saves:
        armour = s.armour.split(" (")[0].lower()
        line = f"{s.who}: {s.shooting} shooting, {s.melee} melee ({armour} armour)"
        lines.append(line + (f"; {s.pierced} against crossbows and handguns" if s.pierced else ""))
    return "\n".join(lines)


def unit_facts(unit: Unit) -> Facts:
    """Everything a player looks up for ``unit``: move, shooting, melee, saves, morale."""
    # Imported here: `check` shows no record's facts.
    from .shown import unit_shown

    shown = unit_shown(unit)
    rows = []
    if unit.label:
        rows.append(Row("Label", unit.label))
    if unit.nationality:
        rows.append(Row("Nationality", unit.nationality))
    rows += [
        Row("Move", f"{shown.move} (good / bad going)"),
        Row("Shooting", _shooting(shown)),
        Row("Melee", _melee(shown)),
        Row("Saves", _saves(shown)),
        Row("Morale", f"{shown.morale} for a morale crisis test"),
    ]
    # Two companies together are a line or a block, not a company.
    kind = _FORMED.get(unit.formation, cat.TROOPS[unit.troop].kind)
    return Facts(
        shown.title,
        f"{unit.troop} · {kind} · {shown.figures} figures · {shown.points} points",
        tuple(rows),
        shown.specials,
        shown.trackers,
    )


def leader_facts(army: Army, ward_index: int) -> Facts:
    """A leader: rank, class, C-in-C, mounted, his points and his ward's size."""
    from .shown import leader_shown

    ward = army.wards[ward_index]
    leader = ward.leader
    shown = leader_shown(army, leader)
    ward_points = points(sum(unit_points(u) for u in ward.units))
    n = len(ward.units)
    rows = (
        Row("Rank", leader.rank),
        Row("Command class", shown.command_class),
        Row("C-in-C", "yes" if leader.c_in_c else "no"),
        Row("Mounted", "yes" if leader.mounted else "no"),
        Row("Leader points", shown.points),
        Row("Ward", f"{n} unit{'s' if n != 1 else ''}, {ward_points} troop points"),
    )
    return Facts(
        leader.name, f"Ward {ward_index + 1}", rows, trackers=(Tracker("wounds", shown.wounds),)
    )


def army_facts(army: Army) -> Facts:
    """The army's settings and totals."""
    totals = summary(army)
    rows = [
        Row("Rules", "Never Mind the Billhooks"),
        Row("Side", cat.SIDES.name_of(army.side) or "not set"),
        Row(
            "English army",
            "yes: the English restrictions apply"
            if army.english
            else "no: the English restrictions are advice",
        ),
    ]
    if army.muster is not None:
        seed = f", seed {army.muster.seed}" if army.muster.seed is not None else ""
        rows.append(Row("Agreed", f"{army.muster.troops} troop points (mustered{seed})"))
    else:
        rows.append(
            Row("Agreed", "not set" if army.points is None else f"{army.points} troop points")
        )
    rows += [Row("Wards", str(len(army.wards))), Row("Units", str(len(totals.lines)))]
    rows += [Row(m.label, f"{m.value}") for m in totals.metrics]
    return Facts(army.name, rows=tuple(rows))
