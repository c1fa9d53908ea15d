"""The shieldwall draw, our own (no Mustering rule in the source: docs/rules/shieldwall.md):
armies dealt from the player's stands to an agreed number of stands.

* **Core**: stands that can stand in a shieldwall (shield or mail, not bows or sharpshooters)
  until they make half the size (rounded down), at random; a club draft's sides pick in turn.
* **Deal**: the rest shuffled and cut, dealt a stand at a time to exactly the size.
* **Leaders**: one for every seven stands (rounded up) unless ``--leaders`` says; the
  collection's leader figures first (shuffled), then placeholders. The first figure the
  collection names a commander is the army commander, else the first dealt; the rest are
  heroes. No leader is attached to a stand (the player attaches them). Names are made
  unique ("Hero 2") where figures share one.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from builder.core.base import ArmyRecord
from builder.core.deal import CoreKind, Dealt, Leaders, Rules, Shared, optional
from builder.core.mustering import FREE_SIDES
from builder.core.schema import NAME_MAX, Table
from builder.core.stock import Card, Entry, Stock

from . import rules as cat
from .model import Army, Leader, Stand
from .schema import LEADER, STAND
from .views import stand_title

#: Stands a leader when ``--leaders`` is not given.
STANDS_A_LEADER = 7
#: What a shieldwall is made of (bows and sharpshooters form none: docs/rules/shieldwall.md).
WALL_ARMOUR = ("shield", "mail")
NOT_IN_WALL = ("bow", "sharpshooter")


@dataclass
class Figure:
    """A leader figure of the collection: what the player fixed, None for the rest."""

    name: str | None = None
    role: str | None = None
    figures: int = 1


def _describe_stand(stand: Stand) -> tuple[str, int, frozenset[str]]:
    wall = stand.armour in WALL_ARMOUR and stand.weapon not in NOT_IN_WALL
    return stand_title(stand), 1, frozenset({"shieldwall"} if wall else ())


def _describe_figure(figure: Figure) -> tuple[str, int, frozenset[str]]:
    return figure.name or "a leader", 0, frozenset()


def _leaders(
    figures: list[Card], n: int, units: list[Card], rng: random.Random, stock: Stock
) -> Leaders:
    chosen: list[tuple[Figure, str]] = [(c.record, f" [{c.id}]") for c in figures[:n]]
    while len(chosen) < n:
        chosen.append((Figure(), " (placeholder)"))
    chief = next((i for i, (f, _) in enumerate(chosen) if f.role == "commander"), 0)
    chosen.insert(0, chosen.pop(chief))
    made: list[Leader] = []
    lines: list[str] = []
    names: set[str] = set()
    for i, (figure, shown) in enumerate(chosen):
        role = "commander" if i == 0 else "hero"
        base = figure.name or ("Commander" if i == 0 else f"Hero {i}")
        name, k = base, 1
        while name in names:
            k += 1
            name = f"{base} {k}"
        names.add(name)
        was = (
            " (the collection's commander serves as a hero)"
            if (i and figure.role == "commander")
            else ""
        )
        lines.append(f"{name}{shown}: {role}, {_figures(figure.figures)}{was}")
        made.append(Leader(name, role, figure.figures))
    return Leaders(made, lines)


def _figures(n: int) -> str:
    return "a single figure" if n == 1 else f"{n} figures"


def _army(
    stock: Stock, dealt: Dealt, leaders: list[Any], size: int, seed: int | None
) -> ArmyRecord:
    by_table: dict[int, Stand] = {}
    for card in dealt.cards:
        if card.index in by_table:
            by_table[card.index].count += 1
        else:
            by_table[card.index] = Stand(**{**vars(card.record), "count": 1})
    name = f"{dealt.side} host mustered from {stock.name}"
    if len(name) > NAME_MAX:
        name = f"{dealt.side} host (mustered)"
    return Army("shieldwall", name, dealt.side, leaders=leaders, stands=list(by_table.values()))


def _leader_row(leader: Leader) -> tuple[str, str]:
    return leader.name, f"{leader.role}, {_figures(leader.figures)}"


def _as_army(stock: Stock) -> ArmyRecord:
    stands = [Stand(**{**vars(c.record), "count": 1}) for c in stock.cards]
    leaders = [Leader("Commander", "commander")]
    return Army("shieldwall", stock.name, FREE_SIDES[0], leaders=leaders, stands=stands)


#: A stand of the collection: a stand of the army file without ``count`` (the collection's
#: own) and ``leader`` (the draw attaches none).
_STAND = Table("stand", Stand, tuple(f for f in STAND.fields if f.key not in ("count", "leader")))

RULES = Rules(
    title="Dark Ages shieldwall",
    measure="stands",
    exact=True,
    core=(CoreKind("shieldwall", "shieldwall stands", lambda size: size // 2),),
    group="",
    default_leaders=lambda stands: max(1, math.ceil(stands / STANDS_A_LEADER)),
    unfit=lambda card, units: None,
    leaders=_leaders,
    army=_army,
    leader_row=_leader_row,
    sides=cat.SIDES,
)

MUSTER = Shared(
    rules=RULES,
    ruleset="shieldwall",
    head=(),
    cards=Entry("cards", _STAND, _describe_stand),
    # A collection's leader figure fixes who he is; what he fights as stays the army file's.
    figures=Entry(
        "leader_figures",
        optional(LEADER, Figure, drop=("quality", "armour", "weapon", "mounted")),
        _describe_figure,
    ),
    default_side=FREE_SIDES[0],
    sample_collection="shieldwall-collection.toml",
    usual_size=14,
    size_step=1,
    summary=(
        "Shieldwall (our own draw): shieldwall stands (shield or mail, not bows) first until "
        "they make half the size, then the rest shuffled, cut and dealt to exactly the size; "
        "a leader for every seven stands (--leaders to choose), the collection's leader "
        "figures first, its commander (or the first dealt) the army commander, the rest heroes."
    ),
    as_army=_as_army,
)
