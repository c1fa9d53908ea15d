"""The Feudal catalogue: what *Add* offers (a unit of each arm and armour class) and the
look-up grids ``catalogue`` prints (grades, missile weapons, leaders' rolls, rout)."""

from __future__ import annotations

from functools import partial

from builder.core.base import Entry, Grid

from . import rules as cat
from .derive import score, signed
from .model import Unit

#: A new unit: the usual size, average grade.
NEW_FIGURES = 12
NEW_GRADE = "D"


def _moves(arm: str, armour: str) -> str:
    if arm == "cavalry":
        return f'move {cat.MOVE_CAVALRY[armour]}"'
    penalty = cat.ARMORED_FOOT_PENALTY if armour == "armored" else 0
    return f'move {cat.MOVE_COLUMN - penalty}" in column, {cat.MOVE_LINE - penalty}" in line'


def entries() -> tuple[Entry, ...]:
    rows = []
    for arm in cat.ARMS:
        for armour in cat.ARMOURS:
            name = f"{armour.capitalize()} {arm}"
            options = [cat.KIND_NOTES[arm, armour], _moves(arm, armour)]
            if armour == "light":
                options.append("may skirmish")
            # What missile figures may carry, so a search for "bow" finds the units.
            options.append(
                "missile figures: " + ", ".join(m.name.lower() for m in cat.MISSILES.values())
            )
            rows.append(
                Entry(
                    f"{armour}-{arm}",
                    name,
                    arm,
                    f"{NEW_FIGURES} figures, grade {NEW_GRADE}",
                    "units",
                    partial(Unit, name, arm, armour, NEW_GRADE, NEW_FIGURES),
                    options=tuple(options),
                    figures=NEW_FIGURES,
                )
            )
    return tuple(rows)


def _die_table(table: tuple[tuple[int, int], ...], show: str) -> str:
    low = 1
    parts = []
    for top, value in table:
        dice = str(top) if top == low else f"{low}-{top}"
        parts.append(f"{dice}: {show.format(value)}")
        low = top + 1
    return ", ".join(parts)


def reference() -> tuple[Grid, ...]:
    grades = Grid(
        "Morale grades",
        ("grade", "morale pass", "rout", "steady", "note"),
        tuple(
            (
                g,
                f"{cat.MORALE_PASS[g]}+",
                signed(cat.ROUT_MODIFIER[g]),
                "yes" if g in cat.STEADY_GRADES else "no",
                cat.GRADE_NOTES[g],
            )
            for g in cat.GRADES
        ),
    )
    missiles = Grid(
        "Missile weapons (D10 to hit)",
        ("missile", "weapon", "range", "vs light", "vs heavy", "vs armored", "note"),
        tuple(
            (m.key, m.name, f'{m.range}"', *(score(h) for h in m.hits), m.note)
            for m in cat.MISSILES.values()
        ),
    )
    arms = Grid(
        "Arms and armour",
        ("arm", "armour", "move", "combat dice"),
        tuple(
            (
                arm,
                armour,
                _moves(arm, armour).removeprefix("move "),
                f"1 per {cat.COMBAT_PER_DIE[arm]} in the first two ranks, a final "
                f"{cat.COMBAT_ROUND_UP[arm]} rounds up",
            )
            for arm in cat.ARMS
            for armour in cat.ARMOURS
        ),
    )
    leaders = Grid(
        "Leaders (1D10 each)",
        ("roll", "results"),
        (
            ("charisma", _die_table(cat.CHARISMA_FOR_DIE, "{:+d}")),
            ("command points (optional)", _die_table(cat.COMMAND_POINTS_FOR_DIE, "{}")),
            ("command radius", f'{cat.COMMAND_RADIUS}"'),
        ),
    )
    rout = Grid(
        "Rout distance (1D10 + modifiers)",
        ("score", "result"),
        (
            (f"{cat.ROUT_SHATTERED} or less", "shattered at once"),
            *(
                (f"{low}-{high}", f'recoil {inches}", {hits} rout hits')
                for low, high, inches, hits in cat.ROUT_TABLE
            ),
        ),
    )
    modifiers = Grid(
        "Modifiers to the D10 rolls",
        ("roll", "when", "modifier"),
        tuple(
            (roll, when, signed(value))
            for roll, table in (
                ("shooting", cat.SHOOTING_MODIFIERS),
                ("combat", cat.COMBAT_MODIFIERS),
                ("morale", cat.MORALE_MODIFIERS),
                ("rout", cat.ROUT_MODIFIERS),
            )
            for when, value in table
        )
        + tuple((roll, "A leader with the unit", "+charisma") for roll in ("morale", "rout")),
    )
    return grades, missiles, arms, modifiers, leaders, rout
