"""KISS's draw, our own (the source has no Mustering rule: docs/rules/kiss.md#our-draw): armies
dealt from the player's figures to an agreed number of figures.

* **Core**: one unit of archers and one of billmen, at random, so the army can shoot and hold
  a line (the two kinds take turns; a club draft's sides pick in turn).
* **Deal**: the rest shuffled and cut, dealt a unit at a time until the figures equal or
  exceed the size (at least the size, as Billhooks' draw).
* **Magnates**: one a ward, a ward for every three units dealt (rounded up) unless
  ``--leaders`` says; the collection's magnate figures are dealt first (shuffled; a master
  gonner only to an army with a gonne), then placeholders. What a figure does not fix takes
  plain defaults: level 2, practiced, puissance and forwardness 3, no traits or stratagems.
  The highest level is the C-in-C (the first dealt on a tie). Units are shared among the
  wards as evenly as possible, the core in the C-in-C's ward.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from builder.core.base import ArmyRecord
from builder.core.deal import CoreKind, Dealt, Leaders, Rules, Shared, optional, share
from builder.core.schema import NAME_MAX
from builder.core.stock import Card, Entry, Stock

from . import rules as cat
from .checks import check_army
from .model import Army, Magnate, Unit, Ward
from .schema import MAGNATE, UNIT
from .views import unit_title

#: Units a ward when ``--leaders`` is not given.
WARD_UNITS = 3
#: What a magnate figure does not fix (no roll for them in the rules: docs/rules/kiss.md).
ABILITY, LEVEL, SCORE = "practiced", 2, 3
DEFAULTS = ("level", "ability", "puissance", "forwardness")


@dataclass
class Figure:
    """A magnate figure of the collection: what the player fixed, None for the rest."""

    name: str | None = None
    c_in_c: bool | None = None
    level: int | None = None
    puissance: int | None = None
    forwardness: int | None = None
    ability: str | None = None
    traits: list[str] = field(default_factory=list)
    stratagems: list[str] = field(default_factory=list)
    commitment: str | None = None


def _magnate(figure: Figure, name: str) -> Magnate:
    """The magnate a figure makes, defaults filling what it leaves open."""
    return Magnate(
        figure.name or name,
        figure.ability or ABILITY,
        level=figure.level or LEVEL,
        puissance=figure.puissance or SCORE,
        forwardness=figure.forwardness or SCORE,
        traits=list(figure.traits),
        stratagems=list(figure.stratagems),
        commitment=figure.commitment,
    )


def _refuse_figure(figure: Figure) -> str | None:
    """A figure the rules forbid in any army (a gonne beside him makes master gonner
    possible; whether the army has one is the draw's question)."""
    chief = _magnate(figure, "probe")
    chief.c_in_c = True
    probe = Army("kiss", "probe", "york", wards=[Ward(chief, [Unit("gonne")])])
    errors = [f for f in check_army(probe) if f.level == "error"]
    return errors[0].message if errors else None


def _describe_unit(unit: Unit) -> tuple[str, int, frozenset[str]]:
    kinds = frozenset({unit.troop}) & {"archers", "billmen"}
    return unit_title(unit), unit.figures, kinds


def _describe_figure(figure: Figure) -> tuple[str, int, frozenset[str]]:
    return figure.name or "a magnate", 0, frozenset()


def _unfit(card: Card, units: list[Card]) -> str | None:
    figure: Figure = card.record
    if "master gonner" in figure.stratagems and not any(u.record.troop == "gonne" for u in units):
        return "master gonner needs a gonne in the army"
    return None


def _leaders(
    figures: list[Card], n: int, units: list[Card], rng: random.Random, stock: Stock
) -> Leaders:
    lines: list[str] = []
    made: list[Magnate] = []
    for card in figures[:n]:
        m = _magnate(card.record, f"Magnate {len(made) + 1}")
        left = [k for k in DEFAULTS if getattr(card.record, k) is None]
        note = f" (default {', '.join(left)})" if left else ""
        lines.append(f"{m.name} [{card.id}]: {_ratings(m)}{note}")
        made.append(m)
    while len(made) < n:
        m = _magnate(Figure(), f"Magnate {len(made) + 1}")
        lines.append(f"{m.name} (placeholder): {_ratings(m)} (defaults)")
        made.append(m)
    chief = max(range(len(made)), key=lambda i: (made[i].level, -i))
    made.insert(0, made.pop(chief))
    made[0].c_in_c = True
    lines.append(f"C-in-C: {made[0].name} (level {made[0].level}, the highest)")
    return Leaders(made, lines)


def _ratings(m: Magnate) -> str:
    extra = "".join(f", {x}" for x in (*m.traits, *m.stratagems))
    return (
        f"level {m.level}, {m.ability}, puissance {m.puissance}, forwardness {m.forwardness}{extra}"
    )


def _army(
    stock: Stock, dealt: Dealt, leaders: list[Any], size: int, seed: int | None
) -> ArmyRecord:
    units = [
        Unit(c.record.troop, c.record.commitment, c.record.figures, c.record.label)
        for c in dealt.cards
    ]
    side = cat.SIDES.get(dealt.side)
    adjective = side.adjective if side else dealt.side
    name = f"{adjective} army mustered from {stock.name}"
    if len(name) > NAME_MAX:
        name = f"{adjective} army (mustered)"
    wards = [Ward(m, us) for m, us in zip(leaders, share(units, len(leaders)), strict=True)]
    return Army("kiss", name, dealt.side, wards=wards)


def _leader_row(m: Magnate) -> tuple[str, str]:
    return m.name, f"level {m.level}, {m.ability}" + (", C-in-C" if m.c_in_c else "")


def _as_army(stock: Stock) -> ArmyRecord:
    units = [c.record for c in stock.cards]
    return Army(
        "kiss", stock.name, "york", wards=[Ward(Magnate(stock.name, "practiced", True), units)]
    )


RULES = Rules(
    title="KISS Wars of the Roses",
    measure="figures",
    exact=False,
    core=(
        CoreKind("archers", "unit of archers", lambda size: 1),
        CoreKind("billmen", "unit of billmen", lambda size: 1),
    ),
    group="ward",
    default_leaders=lambda units: max(1, math.ceil(units / WARD_UNITS)),
    unfit=_unfit,
    leaders=_leaders,
    army=_army,
    leader_row=_leader_row,
    sides=cat.SIDES,
)

MUSTER = Shared(
    rules=RULES,
    ruleset="kiss",
    head=(),
    cards=Entry("cards", UNIT, _describe_unit),
    figures=Entry(
        "leader_figures",
        optional(MAGNATE, Figure, drop=("c_in_c",)),
        _describe_figure,
        _refuse_figure,
    ),
    default_side="york",
    sample_collection="kiss-collection.toml",
    usual_size=120,
    size_step=12,
    summary=(
        "KISS (our own draw): a unit of archers and one of billmen first, then the rest "
        "shuffled, cut and dealt until the figures equal or exceed the size; a magnate for "
        "every three units (--leaders to choose), the collection's magnate figures first, "
        "defaults (level 2, practiced, puissance and forwardness 3) for what they leave open, "
        "the highest level the C-in-C."
    ),
    as_army=_as_army,
)
