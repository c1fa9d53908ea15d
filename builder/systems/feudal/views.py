"""What a Feudal army adds up to and what each record shows a player: the ruleset's
``summary``, ``title_of`` and ``facts``, built from :mod:`derive` (no number is worked out
here)."""

from __future__ import annotations

from builder.core.base import Facts, Line, Metric, Row, Summary, Tracker

from . import derive as d
from . import rules as cat
from .checks import check_army
from .model import Army, Leader, Unit

BATTLE_ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth")


def battle_name(index: int) -> str:
    """ "First Battle", ..., "Battle 9"."""
    return (
        f"{BATTLE_ORDINALS[index]} Battle"
        if index < len(BATTLE_ORDINALS)
        else f"Battle {index + 1}"
    )


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def kind(unit: Unit) -> str:
    """ "heavy cavalry", "light infantry"."""
    return f"{unit.armour} {unit.arm}"


def unit_title(unit: Unit) -> str:
    return f"{unit.label} ({kind(unit)}, {unit.grade})"


def summary(army: Army) -> Summary:
    """Battles, units, figures and leaders, every unit, every finding."""
    units = army.units_with_paths()
    lines = tuple(Line(where, kind(u), unit_title(u), u.figures) for where, u in units)
    metrics = (
        Metric("battles", "Battles", len(army.battles)),
        Metric("unit_count", "Units", len(units)),
        Metric("figures", "Figures", sum(u.figures for _, u in units)),
        Metric("leaders", "Leaders", len(army.leaders)),
    )
    return Summary(metrics, lines, tuple(check_army(army)))


def leader_title(leader: Leader) -> str:
    parts = ["C-in-C"] if leader.c_in_c else []
    parts.append(f"charisma {d.signed(leader.charisma)}")
    if leader.command_points is not None:
        parts.append(f"{leader.command_points} command point{_s(leader.command_points)}")
    return f"{leader.name} ({', '.join(parts)})"


def army_title(army: Army) -> str:
    """The army by name and side."""
    return f"{army.name} ({army.side})" if army.side else army.name


def shooting_text(unit: Unit) -> str:
    """ "Crossbows 16": 2 dice (4 figures); hit light 7-10, heavy 8-10, armored 9-10"."""
    hits = d.to_hit(unit)
    if unit.missile is None or hits is None:
        return "none"
    missile = cat.MISSILES[unit.missile]
    n = d.shooting_figures(unit)
    return (
        f'{missile.name} {missile.range}": {d.dice_text(d.shooting_dice(unit))} '
        f"({n} shooting figure{_s(n)})\n"
        f"hit light {hits[0]}, heavy {hits[1]}, armored {hits[2]}"
    )


def casualty_tracker(unit: Unit) -> Tracker:
    """A box a figure in ranks of the unit's width, marked at 25%, 50% and the shatter point;
    rout hits are losses too (docs/rules/feudal.md#our-readings)."""
    cas = d.casualties(unit.figures)
    rank = max(1, min(d.width(unit), unit.figures))
    groups = (rank,) * (unit.figures // rank) + (
        (unit.figures % rank,) if unit.figures % rank else ()
    )
    return Tracker(
        "casualties, rout hits too",
        unit.figures,
        groups,
        ((cas.quarter, "25%"), (cas.half, "50%"), (cas.shatter, "shatter")),
    )


def unit_facts(unit: Unit) -> Facts:
    """Every derived number of ``unit``: formation, move, shooting, combat, morale, rout,
    steadiness and the casualty marks."""
    w = d.width(unit)
    cas = d.casualties(unit.figures)
    move = f'{d.move(unit)}"'
    evade = d.evade_move(unit)
    if evade is not None:
        move += f', evading {evade}"'
    fighting = d.combat_figures(unit)
    per = cat.COMBAT_PER_DIE[unit.arm]
    steady = (
        "can be steady (grade D or better, close order)"
        if d.can_be_steady(unit)
        else "never steady (skirmishing)"
        if unit.skirmish
        else "never steady (grade E or F)"
    )
    rows = (
        # Skirmishers move as a line whatever their width, so "column" would mislead.
        Row("Formation", f"{'skirmish order' if unit.skirmish else d.formation(unit)}, {w} wide"),
        Row("Move", move),
        Row("Shooting", shooting_text(unit)),
        Row(
            "Combat",
            f"{d.dice_text(d.combat_dice(unit))} ({fighting} figure{_s(fighting)} "
            f"in the first two ranks, one die per {per}); hit "
            f"{d.score(cat.COMBAT_HIT)}",
        ),
        Row("Morale", f"pass on {d.morale_pass(unit)}+"),
        Row("Rout", f"{d.signed(d.rout_modifier(unit))} to the rout roll"),
        Row("Steady", steady),
        Row("Casualties", f"{cas.quarter} at 25%, {cas.half} at 50%, shattered at {cas.shatter}"),
    )
    notes = []
    if unit.missile is not None and cat.MISSILES[unit.missile].note:
        notes.append(f"{cat.MISSILES[unit.missile].name}: {cat.MISSILES[unit.missile].note}.")
    if unit.skirmish:
        notes.append("Skirmishers may evade a charge, may not charge, and are never steady.")
    return Facts(
        unit.label,
        f"{kind(unit)} · grade {unit.grade} · {unit.figures} figures",
        rows,
        tuple(notes),
        (casualty_tracker(unit),),
    )


#: A leader of an army that uses command points, with none of his own.
NO_POINTS = "no command points"


def leader_facts(army: Army, index: int) -> Facts:
    """A leader: C-in-C, charisma, command radius, command points and his battle's size."""
    battle = army.battles[index]
    leader = battle.leader
    figures = sum(u.figures for u in battle.units)
    n = len(battle.units)
    if leader.command_points is not None:
        points = f"{leader.command_points}: one burnt for each charge or formation change"
    elif army.uses_command_points:
        # The army plays the rule and he has none (the no-command-points warning).
        points = f"0: {NO_POINTS}"
    else:
        points = "not used"
    rows = (
        Row(
            "C-in-C", "yes: may influence any unit" if leader.c_in_c else "no: his own battle only"
        ),
        Row(
            "Charisma",
            f"{d.signed(leader.charisma)} to the morale and rout rolls of a unit he is with",
        ),
        Row("Command radius", f'{cat.COMMAND_RADIUS}"'),
        Row("Command points", points),
        Row("Move", f'{cat.MOVE_LEADER}"'),
        Row("Battle", f"{n} unit{_s(n)}, {figures} figures"),
    )
    trackers = (
        ()
        if not army.uses_command_points
        else (
            Tracker(
                "command points" if leader.command_points else NO_POINTS, leader.command_points or 0
            ),
        )
    )
    return Facts(leader.name, battle_name(index), rows, trackers=trackers)


def army_facts(army: Army) -> Facts:
    totals = summary(army)
    rows = [Row("Rules", "Feudal convention rules"), Row("Side", army.side or "not set")]
    rows += [Row(m.label, f"{m.value}") for m in totals.metrics]
    rows.append(
        Row("Command points", "used (optional rule)" if army.uses_command_points else "not used")
    )
    return Facts(army.name, rows=tuple(rows))
