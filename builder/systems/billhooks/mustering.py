"""The ruleset's ``muster`` capability: the Mustering draw (docs/rules/billhooks.md#mustering) as
the commands and the builder see it, a :class:`~builder.core.mustering.Deal` of plain steps, armies
and tables.

The draw itself is :mod:`.draw` (pure), the collection file :mod:`.collection`; this module
turns a draw into what is shown and written: the transcript, a table per army, the ``--json``
object and each army's file with its header comments.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from builder.core.base import ArmyRecord, Grid, number
from builder.core.mustering import Deal, DealStep, DealtArmy
from builder.core.validate import Ctx

from .collection import Collection, collection_from
from .draw import SIDE_NAMES, ArmyDraw, Draw, muster
from .model import Army, Leader, Ward
from .points import leader_points


def _table(draw: Draw, a: ArmyDraw) -> Grid:
    """One army of the draw: each ward's leader and his units with their cards and points,
    then the totals."""
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


def _own(collection: object) -> Collection:
    """``collection`` as this system's own: the core hands back what :meth:`Mustering.collection`
    read, typed only as some system's; another system's is refused by name."""
    if not isinstance(collection, Collection):
        raise TypeError(f"not a Never Mind the Billhooks collection: {type(collection).__name__}")
    return collection


class Mustering:
    """Billhooks' ``muster`` capability (see :class:`builder.core.mustering.Mustering`)."""

    collection_key = "cards"
    default_side = "lancaster"
    collection_kinds = frozenset({"unit-cards"})
    sample_collection: str | None = "collection.toml"

    def collection(self, data: dict[str, Any], ctx: Ctx) -> Collection:
        # The package's own ruleset checks each card's options (imported here: the package
        # imports this module).
        from . import RULESET

        return collection_from(data, ctx, RULESET)

    def deal(
        self,
        collection: object,
        troops: int,
        leaders: int,
        sides: Sequence[str],
        rng: random.Random,
        seed: int | None,
        keep_proportions: bool,
    ) -> Deal:
        return _deal(
            muster(
                _own(collection),
                troops,
                leaders,
                sides,
                rng,
                seed,
                keep_proportions=keep_proportions,
            )
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
