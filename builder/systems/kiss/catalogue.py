"""The KISS catalogue: what *Add* offers (one entry per troop type) and the look-up grids
``catalogue --ruleset kiss`` prints after them (troops, commitment, orders, abilities, traits,
stratagems, army morale, casualties), all read from the rules data (:mod:`.rules`)."""

from __future__ import annotations

from functools import partial

from builder.core.base import Entry, Grid

from . import derive as d
from . import rules as cat
from .model import Unit


def entries() -> tuple[Entry, ...]:
    """One entry per troop: a retinue unit of 12 figures, added to a ward's units. Its only
    choices are its commitment and size, the same for every troop (the Commitment grid)."""
    out = []
    for troop in cat.TROOPS.values():
        # Short, so a narrow terminal keeps the keys whole: the troop grid has the rest.
        what = (
            f"{cat.FIGURES_DEFAULT} figures ({cat.FIGURES_MIN}-{cat.FIGURES_MAX}), "
            f"move {d.move_text(Unit(troop.key))}"
        )
        out.append(
            Entry(
                troop.key,
                troop.name,
                "troop",
                what,
                "units",
                partial(Unit, troop.key),
                None,
                (),
                cat.FIGURES_DEFAULT,
            )
        )
    return tuple(out)


def _saves(save: dict[str, int | None] | None) -> str:
    """A save by commitment: "5+", or the retinue's save with the grades that differ
    ("5+, arrayed 6")."""
    if save is None:
        return "-"
    first = save[cat.COMMITMENTS[0]]
    odd = [f"{c} {d.die(save[c])}" for c in cat.COMMITMENTS[1:] if save[c] != first]
    return ", ".join([d.die(first), *odd])


def troop_grid() -> Grid:
    rows = []
    for troop in cat.TROOPS.values():
        unit = Unit(troop.key)
        fire = _saves(troop.save_fire)
        if troop.save_longbow is not None:
            fire = f"{d.die(troop.save_longbow)} vs longbows, {fire} other"
        rows.append(
            (
                troop.name,
                d.move_text(unit),
                d.range_text(unit),
                d.fire_text(unit) if troop.fire_hit else "-",
                d.hand_text(unit) if troop.hand_first else "-",
                fire,
                _saves(troop.save_hand),
            )
        )
    return Grid(
        "Troops (saves against crossbow fire are 2 worse)",
        (
            "troop",
            "move",
            "range",
            "fire to hit",
            "handstrokes",
            "save vs fire",
            "save in handstrokes",
        ),
        tuple(rows),
    )


def reference() -> tuple[Grid, ...]:
    return (
        troop_grid(),
        Grid(
            "Troop notes",
            ("troop", "note"),
            tuple((t.name, t.special) for t in cat.TROOPS.values() if t.special),
        ),
        Grid(
            "Commitment",
            ("commitment", "morale fails on"),
            tuple((cat.COMMITMENT_NAMES[c], d.die(cat.MORALE_FAIL[c])) for c in cat.COMMITMENTS),
        ),
        Grid(
            "Orders (a change needs 2+; any order may go back to Stand)",
            ("order", "changes to", "effect"),
            tuple(
                (o.name, ", ".join(cat.ORDERS[t].name for t in o.to), o.effect)
                for o in cat.ORDERS.values()
            ),
        ),
        Grid(
            "Abilities",
            ("ability", "order roll", "changes a turn", "stratagems", "reminder"),
            tuple(
                (a.key, f"{a.order_mod:+d}", str(a.changes), str(a.stratagems), a.reminder)
                for a in cat.ABILITIES.values()
            ),
        ),
        Grid(
            "Traits",
            ("trait", "reminder"),
            (
                *((t.key, t.reminder) for t in cat.TRAITS.values()),
                (f"{cat.ANTI}<name or cause>", cat.ANTI_REMINDER),
            ),
        ),
        Grid(
            "Stratagems",
            ("stratagem", "needs", "reminder"),
            tuple((s.key, s.needs or "-", s.reminder) for s in cat.STRATAGEMS.values()),
        ),
        Grid(
            "Army morale (starts at 5, -1 for each pre-battle condition)",
            ("level", "effect"),
            tuple((str(level), effect) for level, effect in cat.MORALE_LEVELS.items()),
        ),
        Grid(
            "Magnate casualties (2D6, when his unit lost figures)",
            ("when", "2D6"),
            tuple(
                (table, ", ".join(f"{t} {r}" for t, r in d.casualty_rows(table)))
                for table in cat.CASUALTIES
            ),
        ),
    )
