"""What a Billhooks army adds up to and what each record shows a player: the ruleset's
``summary``, ``title_of`` and ``facts`` (docs/architecture.md#how-a-new-rule-system-plugs-in),
built from the profiles and points.

The builder's detail pane, ``check`` and (as they move onto it) the roster and cards show these
as they are; none of them works a number out for itself.
"""

from __future__ import annotations

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
from .points import (
    points_text as _pts,
)
from .profile import daunted_tokens, leader_profile, profile

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
        f"{_pts(leader_points(army, leader))} pts)"
    )


def army_title(army: Army) -> str:
    """The army by its name and side."""
    side = cat.SIDES.name_of(army.side)
    return f"{army.name} ({side})" if side else army.name


#: What a unit of two companies is called, by its formation.
_FORMED = {"line": "line", "block": "block", "combined": "combined block"}


def _ranks(count: int) -> tuple[int, ...]:
    """Boxes in ranks of six: a company stands two ranks deep."""
    rank = cat.KIND_FIGURES[cat.COMPANY] // 2
    return (rank,) * (count // rank) + ((count % rank,) if count % rank else ())


def unit_facts(unit: Unit) -> Facts:
    """Everything a player looks up for ``unit``: move, shooting, melee, saves, morale."""
    prof = profile(unit)
    rows = []
    if unit.label:
        rows.append(Row("Label", unit.label))
    if unit.nationality:
        rows.append(Row("Nationality", unit.nationality))
    rows.append(Row("Move", f"{prof.move_text} (good / bad going)"))
    if prof.shooting:
        lines = [f"{s.name} {s.range_text}: {s.dice} dice, hit {s.hit_on}+" for s in prof.shooting]
        extra = f"{prof.shots_per_turn} shot{'s' if prof.shots_per_turn != 1 else ''} a turn"
        if prof.arrow_supply:
            extra += f"; {prof.arrow_supply} arrowstorms a game"
        halved = prof.shooting[0].dice_at_skirmishers
        if halved is not None:
            extra += f"; {halved} dice at bands or guns (half)"
        rows.append(Row("Shooting", "\n".join(lines) + f"\n{extra}"))
    else:
        rows.append(Row("Shooting", "none"))
    if prof.melee_defending != prof.melee_first_round:
        first = (
            f"{prof.melee_first_round} dice first round attacking, {prof.melee_defending} defending"
        )
    else:
        first = f"{prof.melee_first_round} dice first round"
    rows.append(Row("Melee", f"{first}, {prof.melee_later} later ({prof.melee_per_figure})"))
    rows.append(
        Row(
            "Saves",
            "\n".join(
                f"{s.who}: {s.shooting}+ shooting, {s.melee}+ melee "
                f"({s.armour.split(' (')[0].lower()} armour)"
                + ("" if s.pierced is None else f"; {s.pierced}+ against crossbows and handguns")
                for s in prof.saves
            ),
        )
    )
    rows.append(Row("Morale", f"{prof.morale_dice} for a morale crisis test"))
    trackers = [
        Tracker("casualties", prof.figures, _ranks(prof.figures)),
        Tracker("disarray", cat.DISARRAY_MAX),
        Tracker("daunted", daunted_tokens(unit)),
    ]
    if prof.arrow_supply:
        trackers.append(Tracker("arrows", prof.arrow_supply))
    # Two companies together are a line or a block, not a company.
    kind = _FORMED.get(unit.formation, prof.kind)
    return Facts(
        prof.title,
        f"{unit.troop} · {kind} · {prof.figures} figures · {_pts(prof.points)} points",
        tuple(rows),
        prof.specials,
        tuple(trackers),
    )


def leader_facts(army: Army, ward_index: int) -> Facts:
    """A leader: rank, class, C-in-C, mounted, his points and his ward's size."""
    ward = army.wards[ward_index]
    leader = ward.leader
    lp = leader_profile(army, leader)
    ward_points = sum(unit_points(u) for u in ward.units)
    n = len(ward.units)
    rows = (
        Row("Rank", leader.rank),
        Row("Command class", f"{leader.class_name} ({leader.command_class})"),
        Row("C-in-C", "yes" if leader.c_in_c else "no"),
        Row("Mounted", "yes" if leader.mounted else "no"),
        Row("Leader points", _pts(lp.points)),
        Row("Ward", f"{n} unit{'s' if n != 1 else ''}, {_pts(ward_points)} troop points"),
    )
    return Facts(
        leader.name, f"Ward {ward_index + 1}", rows, trackers=(Tracker("wounds", lp.wounds),)
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
