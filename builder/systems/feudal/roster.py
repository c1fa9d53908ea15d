"""The Feudal roster's body as a dense table (:class:`builder.core.roster.Table`): a group per
battle (its leader's numbers on one line, his command-point boxes), a row per unit with its
numbers under column headings and its casualty track marked at 25%, 50% and the shatter
point. Every number comes from :mod:`.derive`; how the dice are counted and what the marks
mean is said once, in the legend.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from builder.core.base import Ruleset, Tracker
from builder.core.printables import Document, Source
from builder.core.roster import Column, Group, Table, Unit, document, frame

from . import derive as d
from . import rules as cat
from .model import Army
from .model import Unit as FeudalUnit
from .views import NO_POINTS, battle_name, casualty_tracker, kind

COLUMNS = (
    Column("Unit", share=3.6),
    Column("Formation", "front rank", 1.5),
    Column("Move", share=1.4),
    Column("Shooting", "range: dice", 2.4),
    Column("Light", share=0.8, group="shooting hits"),
    Column("Heavy", share=0.8, group="shooting hits"),
    Column("Armored", share=0.9, group="shooting hits"),
    Column("Combat", "dice", 1.0),
    Column("Morale", "pass on", 0.9),
    Column("Rout", "roll", 0.8),
    Column("Steady", share=0.9),
    Column("Casualties", "25% · 50% · shatter", 1.4),
)


def _unit(unit: FeudalUnit) -> Unit:
    formation = "skirmish" if unit.skirmish else d.formation(unit)
    move = f'{d.move(unit)}"'
    evade = d.evade_move(unit)
    if evade is not None:
        move += f', evade {evade}"'
    hits = d.to_hit(unit)
    shooting = "–"
    hit_cells: tuple[str, ...] = ("–",) * 3
    if unit.missile is not None and hits is not None:
        missile = cat.MISSILES[unit.missile]
        shooting = f'{missile.name} {missile.range}": {d.dice_text(d.shooting_dice(unit))}'
        hit_cells = tuple("–" if h == "none" else h for h in hits)
    cas = d.casualties(unit.figures)
    steady = "yes" if d.can_be_steady(unit) else "never"
    cells = (
        f"{formation}, {d.width(unit)}",
        move,
        shooting,
        *hit_cells,
        d.dice_text(d.combat_dice(unit)),
        f"{d.morale_pass(unit)}+",
        d.signed(d.rout_modifier(unit)),
        steady,
        f"{cas.quarter} · {cas.half} · {cas.shatter}",
    )
    notes = []
    if unit.missile is not None and d.shooting_figures(unit) < unit.figures:
        notes.append(f"{d.shooting_figures(unit)} shooting figures")
    if unit.missile is not None and cat.MISSILES[unit.missile].note:
        notes.append(f"{cat.MISSILES[unit.missile].name}: {cat.MISSILES[unit.missile].note}")
    if unit.skirmish:
        notes.append("Skirmishers may evade a charge, may not charge, and are never steady")
    return Unit(
        unit.label,
        (f"{kind(unit)} · grade {unit.grade} · {unit.figures} figures",),
        (cells,),
        tuple(notes),
        (casualty_tracker(unit),),
    )


def _battle(army: Army, index: int) -> Group:
    battle = army.battles[index]
    leader = battle.leader
    stats = [("charisma", d.signed(leader.charisma)), ("command radius", f'{cat.COMMAND_RADIUS}"')]
    if army.uses_command_points:
        stats.append(("command points", str(leader.command_points or 0)))
    figures = sum(u.figures for u in battle.units)
    stats += [
        ("move", f'{cat.MOVE_LEADER}"'),
        ("battle", f"{len(battle.units)} unit{'s' * (len(battle.units) != 1)}, {figures} figures"),
    ]
    trackers: tuple[Tracker, ...] = ()
    if army.uses_command_points:
        trackers = (
            Tracker(
                "command points" if leader.command_points else NO_POINTS, leader.command_points or 0
            ),
        )
    return Group(
        battle_name(index),
        leader.name,
        ("C-in-C",) if leader.c_in_c else (),
        tuple(stats),
        (),
        trackers,
        tuple(_unit(u) for u in battle.units),
    )


def legend(army: Army) -> tuple[str, ...]:
    per = cat.COMBAT_PER_DIE
    up = cat.COMBAT_ROUND_UP
    lines = [
        f"Combat: every figure in the first {cat.FIGHTING_RANKS} ranks fights, one die per "
        f"{per['infantry']} foot (a final {up['infantry']} count) or {per['cavalry']} horse (a "
        f"final {up['cavalry']}), hitting on {d.score(cat.COMBAT_HIT)}. Shooting: the figures "
        f"with missiles in the first {cat.FIRING_RANKS} ranks, one die per "
        f"{cat.SHOOTING_PER_DIE} (a final {cat.SHOOTING_ROUND_UP} counts), hitting light, "
        "heavy and armored targets on the scores under their names (D10); our reading: a shot "
        "overhead takes -1, as a shooter that moved does.",
        "Morale: pass on the score or more (D10); the rout column is added to the rout roll. "
        "Steady: grade D or better in close order. Casualties, rout hits among them: the "
        "unit's morale worsens at 25% and 50% lost and it is shattered at 75%, as its boxes are "
        "marked.",
        "A leader: the C-in-C may influence any unit, the others their own battle only; his "
        "charisma is added to the morale and rout rolls of a unit he is with.",
    ]
    if army.uses_command_points:
        lines[-1] += " A command point is burnt for each charge or formation change."
    return tuple(lines)


def table(army: Army) -> Table:
    return Table(
        COLUMNS,
        tuple(_battle(army, i) for i in range(len(army.battles))),
        preamble=(
            ("command points", "used (optional rule)" if army.uses_command_points else "not used"),
        ),
        legend=legend(army),
    )


def roster(
    ruleset: Ruleset, sources: Sequence[Source[Army]], today: dt.date | None = None
) -> Document:
    """``roster.pdf``: a page or more per army, in the shared frame."""
    day = today or dt.date.today()
    armies, units = [], 0
    for source in sources:
        army = source.army
        armies.append({"frame": frame(ruleset, source, day), "table": table(army)})
        units += len(army.units_with_paths())
    return document(sources, armies, {"armies": [s.army.name for s in sources], "units": units})
