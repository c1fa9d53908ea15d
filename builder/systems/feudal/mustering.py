"""The Feudal draw, our own (the source has no Mustering rule: docs/rules/feudal.md#our-draw):
armies dealt from the player's units to an agreed number of units.

* **Core**: one cavalry unit and one infantry unit, at random (a feudal host is horse and
  foot); a club draft's sides pick in turn.
* **Deal**: the rest shuffled and cut, dealt a unit at a time to exactly the size.
* **Leaders**: a battle for every four units (rounded up; a player commands 1-4) unless
  ``--leaders`` says; the collection's leader figures first (shuffled), then placeholders.
  Charisma a figure does not fix is rolled (one D10 each, shown); command points too when the
  collection says ``command_points = true`` or any dealt leader has them fixed (the optional
  rule is the whole army's). The highest charisma is the C-in-C (the first dealt on a tie).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from builder.core.base import ArmyRecord
from builder.core.deal import CoreKind, Dealt, Leaders, Rules, Shared, optional, share
from builder.core.mustering import FREE_SIDES
from builder.core.schema import NAME_MAX, Field
from builder.core.stock import Card, Entry, Stock

from . import rules as cat
from .checks import check_army
from .derive import signed
from .model import Army, Battle, Leader, Unit
from .schema import LEADER, UNIT
from .views import unit_title


@dataclass
class Figure:
    """A leader figure of the collection: what the player fixed, None for the rest."""

    name: str | None = None
    charisma: int | None = None
    command_points: int | None = None


def _refuse_unit(unit: Unit) -> str | None:
    """A unit the rules forbid in any army (its size, skirmish, missile figures, width)."""
    probe = Army("feudal", "probe", battles=[Battle(Leader("probe", c_in_c=True), [unit])])
    errors = [f for f in check_army(probe) if f.level == "error"]
    return errors[0].message if errors else None


def _describe_unit(unit: Unit) -> tuple[str, int, frozenset[str]]:
    return unit_title(unit), 1, frozenset({unit.arm})


def _describe_figure(figure: Figure) -> tuple[str, int, frozenset[str]]:
    return figure.name or "a leader", 0, frozenset()


def _roll(
    rng: random.Random, table: tuple[tuple[int, int], ...], name: str, what: str
) -> tuple[int, str]:
    """One D10 on ``table``, and the line saying it ("rolls 7 for charisma: +1")."""
    die = rng.randint(1, 10)
    value = cat.from_table(table, die)
    shown = signed(value) if table is cat.CHARISMA_FOR_DIE else str(value)
    return value, f"{name} rolls {die} for {what}: {shown}"


def _leaders(
    figures: list[Card], n: int, units: list[Card], rng: random.Random, stock: Stock
) -> Leaders:
    chosen: list[Figure] = [c.record for c in figures[:n]]
    ids = [f" [{c.id}]" for c in figures[:n]]
    while len(chosen) < n:
        chosen.append(Figure())
        ids.append(" (placeholder)")
    points = bool(stock.head.get("command_points")) or any(
        f.command_points is not None for f in chosen
    )
    lines: list[str] = []
    made: list[Leader] = []
    for i, (figure, shown) in enumerate(zip(chosen, ids, strict=True), 1):
        name = figure.name or f"Leader {i}"
        lines.append(f"{name}{shown}")
        charisma = figure.charisma
        if charisma is None:
            charisma, said = _roll(rng, cat.CHARISMA_FOR_DIE, name, "charisma")
            lines.append(f"  {said}")
        cp = figure.command_points
        if points and cp is None:
            cp, said = _roll(rng, cat.COMMAND_POINTS_FOR_DIE, name, "command points")
            lines.append(f"  {said}")
        made.append(Leader(name, charisma=charisma, command_points=cp))
    chief = max(range(len(made)), key=lambda i: (made[i].charisma, -i))
    made.insert(0, made.pop(chief))
    made[0].c_in_c = True
    lines.append(f"C-in-C: {made[0].name} (charisma {signed(made[0].charisma)}, the highest)")
    return Leaders(made, lines)


def _army(
    stock: Stock, dealt: Dealt, leaders: list[Any], size: int, seed: int | None
) -> ArmyRecord:
    units = [_copy(c.record) for c in dealt.cards]
    name = f"{dealt.side} army mustered from {stock.name}"
    if len(name) > NAME_MAX:
        name = f"{dealt.side} army (mustered)"
    battles = [Battle(m, us) for m, us in zip(leaders, share(units, len(leaders)), strict=True)]
    return Army("feudal", name, dealt.side, battles=battles)


def _copy(unit: Unit) -> Unit:
    return Unit(**vars(unit))


def _leader_row(leader: Leader) -> tuple[str, str]:
    cp = "" if leader.command_points is None else f", {leader.command_points} command points"
    chief = ", C-in-C" if leader.c_in_c else ""
    return leader.name, f"charisma {signed(leader.charisma)}{cp}{chief}"


def _as_army(stock: Stock) -> ArmyRecord:
    units = [_copy(c.record) for c in stock.cards]
    return Army("feudal", stock.name, battles=[Battle(Leader(stock.name, c_in_c=True), units)])


RULES = Rules(
    title="Feudal convention rules",
    measure="units",
    exact=True,
    core=(
        CoreKind("cavalry", "cavalry unit", lambda size: 1),
        CoreKind("infantry", "infantry unit", lambda size: 1),
    ),
    group="battle",
    default_leaders=lambda units: max(1, math.ceil(units / cat.MAX_UNITS_PER_BATTLE)),
    unfit=lambda card, units: None,
    leaders=_leaders,
    army=_army,
    leader_row=_leader_row,
    sides=cat.SIDES,
)

MUSTER = Shared(
    rules=RULES,
    ruleset="feudal",
    head=(
        Field(
            "command_points",
            "bool",
            help="armies dealt from it use the optional command points rule",
        ),
    ),
    cards=Entry("cards", UNIT, _describe_unit, _refuse_unit),
    figures=Entry("leader_figures", optional(LEADER, Figure, ("c_in_c",)), _describe_figure),
    default_side=FREE_SIDES[0],
    sample_collection="feudal-collection.toml",
    usual_size=8,
    size_step=1,
    summary=(
        "Feudal (our own draw): a cavalry unit and an infantry unit first, then the rest "
        "shuffled, cut and dealt to exactly the size; a battle for every four units "
        "(--leaders to choose), the collection's leader figures first, charisma (and command "
        "points where the army uses them) rolled where not fixed, the highest charisma the "
        "C-in-C."
    ),
    as_army=_as_army,
)
