"""The KISS roster's body as a dense table (:class:`builder.core.roster.Table`): a group per
ward (its magnate's numbers on one line, his ability, stratagems and traits as reminders, his
wound boxes), a row per unit with its numbers under column headings, its figure track marked
at its rout point. Every number comes from :mod:`.derive`; what is the same for every unit or
magnate (the casualty tables, what a failed test does) is said once, in the legend.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from builder.core.base import Tracker
from builder.core.printables import Document, Source
from builder.core.roster import Column, Group, Table, Unit, document, frame

from . import derive as d
from . import rules as cat
from .checks import unmet
from .model import Army, Ward
from .model import Unit as KissUnit
from .views import _casualty_text, _first_up

COLUMNS = (
    Column("Unit", share=3.5),
    Column("Move", share=0.8),
    Column("Range", share=0.8),
    Column("Fire", "to hit", 0.8, group="to hit"),
    Column("Handstrokes", "first, later", 2.3, group="to hit"),
    Column("Fire", share=1.5, group="saves"),
    Column("Cross\u00adbow", share=0.9, group="saves"),
    Column("Hand\u00adstrokes", share=1.0, group="saves"),
    Column("With him", "his magnate's grade", 2.6, group="morale fails on"),
    Column("He falls", "his ward's grade", 1.6, group="morale fails on"),
    Column("Routs", "at figures left", 1.0),
)


def _dash(text: str) -> str:
    return "–" if text in ("-", "none", "does not shoot") else text


def _unit(army: Army, ward: Ward, unit: KissUnit) -> Unit:
    troop = cat.TROOPS[unit.troop]
    rout = d.rout_point(unit.figures)
    save = d.save_fire(unit)
    fire_save = "–" if save is None else d.die(save)
    if troop.save_longbow is not None and save is not None:
        fire_save = f"{d.die(troop.save_longbow)} longbows, {fire_save} other"
    hand = (
        "–"
        if troop.hand_first is None
        else (
            d.die(troop.hand_first)
            if troop.hand_first == troop.hand_later
            else (
                f"{d.die(troop.hand_first)} {troop.hand_first_when}, "
                f"{d.die(troop.hand_later)} later"
            )
        )
    )
    cells = (
        d.move_text(unit),
        _dash(d.range_text(unit)),
        "–" if troop.fire_hit is None else d.die(troop.fire_hit),
        hand,
        fire_save,
        "–" if save is None else d.die(d.save_vs_crossbow(unit)),
        "–" if troop.save_hand is None else d.die(d.save_hand(unit)),
        d.ward_morale_text(army, ward),
        d.fallen_morale_text(ward),
        str(rout) if unit.figures > rout else "first loss",
    )
    notes = [f"Dice: {d.dice(unit).text}"]
    if (
        troop.fire_hit is not None
        and troop.fire_better
        and troop.fire_better_who in ("", unit.commitment)
    ):
        notes.append(f"Fire hits on 5+ {troop.fire_better}")
    if troop.special:
        notes.append(troop.special[:1].upper() + troop.special[1:])
    track = Tracker("figures lost", unit.figures, marks=((d.losses_to_rout(unit.figures), "rout"),))
    name = cat.TROOPS[unit.troop].name
    return Unit(
        unit.label or name,
        (*((name,) if unit.label else ()), f"{unit.commitment} · {unit.figures} figures"),
        (cells,),
        tuple(notes),
        (track,),
    )


def _ward(army: Army, index: int) -> Group:
    ward = army.wards[index]
    m = ward.leader
    c = d.chits(m, army.side)
    chits = ", ".join(
        f"{n} {kind}"
        for n, kind in ((c.ward, "ward"), (c.lethargy, "lethargy"), (c.treacherous, "treacherous"))
        if n
    )
    own = "his own" if m.commitment is not None else "his ward's"
    stats = (
        ("level", f"{m.level}" + (" (a peer)" if d.peer(m) else "")),
        ("puissance", str(m.puissance)),
        ("forwardness", str(m.forwardness)),
        ("order roll", d.order_roll(m).text),
        ("changes", d.changes_text(m)),
        ("stratagems", f"{len(m.stratagems)} of {d.stratagems_allowed(m)}"),
        ("commitment", f"{d.magnate_grade(ward)} ({own})"),
        ("chits", chits),
    )
    notes = [f"{_first_up(m.ability)}: {cat.ABILITIES[m.ability].reminder}"]
    for s in m.stratagems:
        need = unmet(army, m, s)
        notes.append(
            f"{_first_up(s)}: {cat.STRATAGEMS[s].reminder}" + (f" (needs {need})" if need else "")
        )
    notes += [f"{_first_up(t)}: {d.trait_reminder(t)}" for t in m.traits]
    return Group(
        f"Ward {index + 1}",
        m.name,
        ("C-in-C",) if m.c_in_c else (),
        stats,
        tuple(notes),
        (Tracker("wounds", cat.WOUNDS_TO_KILL),),
        tuple(_unit(army, ward, u) for u in ward.units),
    )


def legend(army: Army) -> tuple[str, ...]:
    """What every unit's and magnate's numbers mean, and the tables they share."""
    shrink = _casualty_text("I'll not shrink back")
    # Only the levels that do something (MORALE_MARKS'): the others have no effect.
    levels = ", ".join(f"at {level} {mark}" for level, mark in cat.MORALE_MARKS.items())
    return (
        "Dice: one a figure (at chargers the front rank: half the figures, rounded up; "
        "enfilading doubles the handstrokes); a hit not saved removes a figure. Morale: by the "
        "magnate's grade while he leads the unit, by his ward's dominant grade (by figures) if he "
        "falls; a first fail Shakes a unit, a second routs it. Saves against crossbow fire are "
        f"{cat.TROOPS['crossbows'].pierce} worse. A unit of {cat.ROUT_FLOOR} figures or fewer "
        f"routs at its first loss. Army morale: {levels}.",
        f"A magnate: {cat.WOUNDS_TO_KILL} wounds kill him. Casualties (2D6): shooting "
        f"{_casualty_text('shooting')}; handstrokes {_casualty_text('handstrokes')}. I'll not "
        "shrink back: his puissance is a pool of +1s for his ward's to-hit dice that turn, "
        f"spread as he likes (3: +1 on three dice or +3 on one); casualties {shrink}.",
    )


def table(army: Army) -> Table:
    start = d.starting_morale(army)
    chief = next((m.name for m in army.magnates if m.c_in_c), "none")
    return Table(
        COLUMNS,
        tuple(_ward(army, i) for i in range(len(army.wards))),
        preamble=(("C-in-C", chief), ("pre-battle", ", ".join(army.pre_battle) or "none")),
        preamble_trackers=(Tracker("army morale lost", start, marks=d.morale_marks(start)),),
        legend=legend(army),
    )


def roster(sources: Sequence[Source[Army]], today: dt.date | None = None) -> Document:
    """``roster.pdf``: a page or more per army, in the shared frame."""
    # Imported here: the package imports this module while it makes RULESET.
    from . import RULESET

    day = today or dt.date.today()
    armies, units = [], 0
    for source in sources:
        army = source.army
        armies.append({"frame": frame(RULESET, source, day), "table": table(army)})
        units += len(army.units_with_paths())
    return document(sources, armies, {"armies": [s.army.name for s in sources], "units": units})
