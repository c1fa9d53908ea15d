"""What a KISS army adds up to and what each record shows a player: the ruleset's
``summary``, ``title_of`` and ``facts``, built from :mod:`.derive` alone."""

from __future__ import annotations

from builder.core.base import Facts, Line, Metric, Row, Summary, Tracker

from . import derive as d
from . import rules as cat
from .checks import check_army, unmet
from .model import Army, Magnate, Unit, Ward


def unit_title(unit: Unit) -> str:
    """ "Neville's bowmen (Archers)", or "Archers" for an unlabelled unit."""
    name = cat.TROOPS[unit.troop].name
    return f"{unit.label} ({name})" if unit.label else name


def magnate_title(magnate: Magnate) -> str:
    chief = ", C-in-C" if magnate.c_in_c else ""
    return f"{magnate.name} (level {magnate.level}, {magnate.ability}{chief})"


def summary(army: Army) -> Summary:
    """Wards, units, figures, starting army morale and the cup; every unit; the findings."""
    lines = tuple(
        Line(where, u.troop, unit_title(u), u.figures) for where, u in army.units_with_paths()
    )
    cup = d.cup(army)
    morale = d.starting_morale(army)
    metrics = (
        Metric("ward_count", "Wards", len(army.wards)),
        Metric("unit_count", "Units", len(lines)),
        Metric("figures", "Figures", d.figures(army)),
        Metric(
            "starting_morale",
            "Starting army morale",
            morale,
            cat.MORALE_START,
            note=f"of {cat.MORALE_START}",
            short="Morale",
        ),
        Metric(
            "cup_chits",
            "Chits in the cup",
            cup.total,
            note=f"{cup.ward} ward, {cup.lethargy} lethargy, {cup.treacherous} treacherous",
            short="Cup",
        ),
    )
    return Summary(metrics, lines, tuple(check_army(army)))


def army_title(army: Army) -> str:
    return f"{army.name} ({cat.SIDES.name_of(army.side)})"


def unit_facts(army: Army, ward: Ward, unit: Unit) -> Facts:
    """Move, range, fire, handstrokes, saves, morale and the rout point, with a figure track
    marking where the unit routs, and its dice, one a figure (docs/rules/kiss.md#our-readings).
    Morale is its magnate's, with its ward's dominant grade for when he falls
    (docs/rules/kiss.md#our-decisions)."""
    troop = cat.TROOPS[unit.troop]
    rout = d.rout_point(unit.figures)
    rows = [Row("Label", unit.label)] if unit.label else []
    rows += [
        Row("Move", d.move_text(unit)),
        Row("Range", d.range_text(unit)),
        Row("Fire to hit", d.fire_text(unit)),
    ]
    if troop.hand_first is not None:
        rows.append(Row("Handstrokes to hit", d.hand_text(unit)))
    rows.append(Row("Dice", d.dice(unit).text))
    if troop.save_fire is not None:
        rows += [
            Row("Save against fire", d.save_fire_text(unit)),
            Row("Save in handstrokes", d.die(d.save_hand(unit))),
        ]
    rows += [
        Row(
            "Morale",
            f"fails on {d.ward_morale_text(army, ward, 'as its magnate ')}; if "
            f"he falls: {d.fallen_morale_text(ward)}. Shaken; "
            "failing again routs it",
        ),
        Row(
            "Rout point",
            f"{rout} figures left"
            if unit.figures > rout
            else "its first loss (it starts at 4 figures or fewer)",
        ),
    ]
    notes = (troop.special,) if troop.special else ()
    track = Tracker("figures lost", unit.figures, marks=((d.losses_to_rout(unit.figures), "rout"),))
    return Facts(
        unit_title(unit),
        f"{unit.troop} · {unit.commitment} · {unit.figures} figures",
        tuple(rows),
        notes,
        (track,),
    )


def _first_up(text: str) -> str:
    """A label from a trait or stratagem: its first letter a capital, the rest as written
    ("anti-Lord A" -> "Anti-Lord A")."""
    return text[:1].upper() + text[1:]


def _casualty_text(table: str) -> str:
    return ", ".join(f"{totals} {result}" for totals, result in d.casualty_rows(table))


def magnate_facts(army: Army, ward_index: int) -> Facts:
    """Level, scores, ability, order roll and changes, stratagems and traits with a reminder
    each, his chits and the casualty tables, with two wound boxes."""
    ward = army.wards[ward_index]
    m = ward.leader
    roll = d.order_roll(m)
    c = d.chits(m, army.side)
    allowed = d.stratagems_allowed(m)
    rows = [
        Row("C-in-C", "yes" if m.c_in_c else "no"),
        Row("Level", f"{m.level}" + (" (a peer)" if d.peer(m) else "")),
        Row("Puissance", str(m.puissance)),
        Row("Forwardness", str(m.forwardness)),
        Row("Ability", f"{m.ability}: {cat.ABILITIES[m.ability].reminder}"),
        Row("Order roll", roll.text),
        Row("Order changes", d.changes_text(m)),
        Row("Stratagems", f"{len(m.stratagems)} of {allowed}"),
    ]
    for s in m.stratagems:
        need = unmet(army, m, s)
        rows.append(
            Row(_first_up(s), cat.STRATAGEMS[s].reminder + (f" (needs {need})" if need else ""))
        )
    own = "his own" if m.commitment is not None else "his ward's, by figures"
    rows.append(
        Row(
            "Commitment",
            f"{d.magnate_grade(ward)} ({own}); his units fail morale "
            f"on {d.ward_morale_text(army, ward)}",
        )
    )
    rows.append(Row("Traits", ", ".join(m.traits) or "none"))
    rows += [Row(_first_up(t), d.trait_reminder(t)) for t in m.traits]
    chits = f"{c.ward} ward"
    if c.lethargy:
        chits += f", {c.lethargy} lethargy"
    if c.treacherous:
        chits += f", {c.treacherous} treacherous"
    rows += [
        Row("Chits in the cup", chits),
        Row("Casualties, shooting", _casualty_text("shooting")),
        Row("Casualties, handstrokes", _casualty_text("handstrokes")),
        Row(
            "I'll not shrink back",
            f"+{m.puissance} to share among his ward's to-hit dice that turn, as he likes "
            "(his puissance); casualties " + _casualty_text("I'll not shrink back"),
        ),
    ]
    notes = ("two wounds kill him",)
    n = len(ward.units)
    return Facts(
        m.name,
        f"Ward {ward_index + 1} · {n} unit{'s' if n != 1 else ''}",
        tuple(rows),
        notes,
        (Tracker("wounds", cat.WOUNDS_TO_KILL),),
    )


def army_facts(army: Army) -> Facts:
    totals = summary(army)
    chief = next((m.name for m in army.magnates if m.c_in_c), "none")
    rows = [
        Row("Rules", "KISS Wars of the Roses"),
        Row("Side", cat.SIDES.name_of(army.side)),
        Row("C-in-C", chief),
        Row("Pre-battle", ", ".join(army.pre_battle) or "none"),
    ]
    rows += [
        Row(m.label, str(m.value) + (f" ({m.note})" if m.note and m.key == "cup_chits" else ""))
        for m in totals.metrics
    ]
    levels = tuple(f"{level}: {effect}" for level, effect in cat.MORALE_LEVELS.items())
    start = d.starting_morale(army)
    return Facts(
        army.name,
        cat.SIDES.name_of(army.side),
        tuple(rows),
        levels,
        (Tracker("army morale lost", start, marks=d.morale_marks(start)),),
    )
