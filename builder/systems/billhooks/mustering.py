"""The ruleset's ``muster`` capability: the Mustering draw (docs/rules/billhooks.md#mustering) as
the commands and the builder see it, a :class:`~builder.core.mustering.Deal` of plain steps, armies
and tables.

The draw itself is :mod:`.draw` (pure), the collection file :mod:`.collection`; this module
turns a draw into what is shown and written: the transcript, a table per army, the ``--json``
object and each army's file with its header comments.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from builder.core.base import ArmyRecord, Grid, number
from builder.core.validate import Ctx

from .model import Army, Leader, Ward
from .points import leader_points

if TYPE_CHECKING:
    # The draw, the plan, the collection's reader and the deal's types are loaded when a draw
    # is dealt, planned or a collection read, in the functions below: `check` uses none.
    from builder.core.mustering import Deal
    from builder.core.plan import Plan, Question

    from .collection import Collection
    from .draw import ArmyDraw, Draw

#: Leaders when none are asked for: the C-in-C and two captains (the seed's example).
LEADERS = 3


def _table(draw: Draw, a: ArmyDraw) -> Grid:
    """One army of the draw: each ward's leader and his units with their cards and points,
    then the totals."""
    from .draw import SIDE_NAMES

    rows: list[tuple[str, ...]] = []
    cards = iter([s.card for s in a.core] + [s.card for s in a.dealt])
    for i, ward in enumerate(a.army.wards, 1):
        leader = ward.leader
        chief = ", C-in-C" if leader.c_in_c else ""
        rows.append(
            (
                f"Ward {i}",
                f"{leader.name} ({leader.rank}{chief})",
                "",
                f"{number(leader_points(a.army, leader))}",
            )
        )
        for _unit in ward.units:
            card = next(cards)
            rows.append(("", f"  {card.title}", card.id, f"{number(card.points)}"))
    totals = len(rows)
    rows += [
        ("", f"Troop points ({draw.target} agreed)", "", f"{number(a.troop_points)}"),
        ("", "Leader points", "", f"{number(a.leader_points)}"),
        ("", "Total", "", f"{number(a.total_points)}"),
    ]
    return Grid(
        f"{SIDE_NAMES[a.side]}: {a.army.name}",
        ("ward", "leader / unit", "card", "points"),
        tuple(rows),
        right=(3,),
        sections=(totals,),
    )


def _deal(draw: Draw) -> Deal:
    from builder.core.mustering import Deal, DealStep, DealtArmy

    steps = tuple(
        DealStep(e.kind, e.side, f"{e.card.title} [{e.card.id}]", e.card.points, e.total)
        for e in draw.events
    )
    armies = tuple(DealtArmy(a.side, a.army, a.troop_points, a.leader_points) for a in draw.armies)
    opening = "" if draw.english else "not an English army (so the collection says): no core"
    return Deal(
        draw.seed,
        draw.target,
        opening,
        draw.cut,
        draw.deck_size,
        steps,
        armies,
        tuple(draw.transcript()),
        tuple(_table(draw, a) for a in draw.armies),
        draw.as_dict(),
        draw.collection,
        draw.keep_proportions,
    )


def _header(deal: Deal, side: str) -> str:
    """Comments at the top of a written army file: what it is and what to edit."""
    from .draw import SIDE_NAMES

    a = deal.army(side)
    # The seed alone does not repeat a draw made under the house rule: say it was used.
    kept = (
        "\n# Dealt with --keep-proportions (skirmish cards over one fifth set aside)."
        if deal.keep_proportions
        else ""
    )
    return (
        f"# {SIDE_NAMES[side]} army dealt by the Mustering draw (billhooks muster) from\n"
        f"# {deal.collection}: {deal.target} troop points agreed, seed {deal.seed}; dealt "
        f"{a.troop_points:g}.{kept}\n"
        "# The leaders' names are placeholders: write in your own. The same seed and\n"
        "# collection always deal this army, so your opponent can check the draw.\n"
    )


def _question(collection: Collection, leaders: int) -> Question:
    """The collection as ``--plan`` counts it: a table per ``[[cards]]`` table, its troop
    points (whole points: a half-point card is counted up), the core's points toward half
    the size (an English army) and one unit a leader."""
    from builder.core.plan import Need, PlanEntry, Question

    from . import rules as cat
    from .checks import core_points
    from .collection import Card
    from .draw import core_companies

    groups: dict[int, list[Card]] = {}
    for card in collection.cards:
        groups.setdefault(card.index, []).append(card)
    entries = []
    for cards in groups.values():
        card = cards[0]
        core = core_points(card.unit()) if core_companies(card) is not None else 0
        entries.append(
            PlanEntry(
                f"{card.title} [{card.index + 1}]",
                len(cards),
                math.ceil(card.points),
                (math.ceil(core), 1),
            )
        )
    half = (
        (lambda size: math.ceil(size * cat.CORE_SHARE)) if collection.english else (lambda size: 0)
    )
    needs = (
        Need("archer and billmen points", half),
        Need("units, one a leader", lambda s: leaders),
    )
    return Question(tuple(entries), needs, exact=False)


def _own(collection: object) -> Collection:
    """``collection`` as this system's own: the core hands back what :meth:`Mustering.collection`
    read, typed only as some system's; another system's is refused by name."""
    from .collection import Collection

    if not isinstance(collection, Collection):
        raise TypeError(f"not a Never Mind the Billhooks collection: {type(collection).__name__}")
    return collection


class Mustering:
    """Billhooks' ``muster`` capability (see :class:`builder.core.mustering.Mustering`)."""

    collection_key = "cards"
    default_side = "lancaster"
    collection_kinds = frozenset({"unit-cards"})
    sample_collection: str | None = "collection.toml"
    measure = "troop points"
    usual_size = 100
    size_step = 10
    exact = False
    default_leaders: int | None = LEADERS
    keeps_proportions = True
    summary = (
        'Never Mind the Billhooks (its "Mustering the Forces" rules): archer and billmen '
        "companies first until they make half the agreed troop points, then the rest "
        "shuffled, cut and dealt until the troop points equal or exceed the size; "
        f"--leaders leaders (default {LEADERS}), the C-in-C free and 5 points each other."
    )

    def collection(self, data: dict[str, Any], ctx: Ctx) -> Collection:
        # The package's own ruleset checks each card's options (imported here: the package
        # imports this module).
        from . import RULESET
        from .collection import collection_from

        return collection_from(data, ctx, RULESET)

    def deal(
        self,
        collection: object,
        size: int,
        leaders: int | None,
        sides: Sequence[str],
        rng: random.Random,
        seed: int | None,
        keep_proportions: bool,
    ) -> Deal:
        from .draw import muster

        return _deal(
            muster(
                _own(collection),
                size,
                LEADERS if leaders is None else leaders,
                sides,
                rng,
                seed,
                keep_proportions=keep_proportions,
            )
        )

    def plan(self, collection: object, size: int, leaders: int | None) -> Plan:
        from builder.core.plan import plan

        own = _own(collection)
        return plan(
            _question(own, LEADERS if leaders is None else leaders),
            size,
            self.size_step,
            self.measure,
            own.name,
        )

    def side_of(self, army: ArmyRecord) -> str | None:
        return army.side if isinstance(army, Army) else None

    def header(self, deal: Deal, side: str) -> str:
        return _header(deal, side)

    def collection_army(self, collection: object) -> ArmyRecord:
        """A collection as an army of one ward with a unit per card, photos attached."""
        own = _own(collection)
        units = [card.unit() for card in own.cards]
        return Army(own.ruleset, own.name, wards=[Ward(Leader(own.name), units)])
