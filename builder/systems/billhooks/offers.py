"""What an editor may offer for each Billhooks record right now: the ruleset's ``offered``.

Only the options the rules allow on the unit's troop are offered (:func:`unit_options`, the
positive form of the ``option-not-allowed`` check), each choice with what it adds to the
unit's points, worked out by pricing the unit with that choice (:func:`unit_points`), so the
form, the catalogue and the check can never disagree about a cost.
"""

from __future__ import annotations

import copy
import dataclasses

from builder.core import schema
from builder.core.base import Choice, Offer

from . import rules as cat
from .model import Army, Leader, RearCompany, Unit
from .options import unit_options
from .points import total_leader_points, unit_points
from .schema import LEADER, REAR, SCHEMA, UNIT


def _words(value: str) -> str:
    return value.replace("-", " ").capitalize()


def _cost(unit: Unit, **change: object) -> float:
    """Points ``change`` adds to ``unit`` (negative: it saves points)."""
    return unit_points(dataclasses.replace(unit, **change)) - unit_points(unit)  # type: ignore[arg-type]


def _choices(unit: Unit, key: str, values: tuple[str, ...]) -> tuple[Choice, ...]:
    return tuple(Choice(v, _words(v), _cost(unit, **{key: v})) for v in values)


def _flag(unit: Unit, key: str) -> Offer:
    """A checkbox whose choice ``True`` costs what switching it on adds."""
    on = _cost(unit, **{key: True}) - _cost(unit, **{key: False})
    return Offer(
        UNIT.field(key), getattr(unit, key), (Choice(False, "No", 0.0), Choice(True, "Yes", on))
    )


def unit_offers(unit: Unit) -> tuple[Offer, ...]:
    allowed = unit_options(unit.troop)
    offers = [
        Offer(
            UNIT.field("troop"),
            unit.troop,
            tuple(Choice(t.key, t.name) for t in cat.TROOPS.values()),
        )
    ]
    if allowed.qualities:
        offers.append(
            Offer(
                UNIT.field("quality"),
                unit.quality or allowed.default_quality,
                _choices(unit, "quality", allowed.qualities),
            )
        )
    if len(allowed.formations) > 1:
        rear = unit.rear or RearCompany(allowed.rear_troops[0]) if allowed.rear_troops else None
        choices = []
        for f in allowed.formations:
            priced = dataclasses.replace(unit, formation=f, rear=rear if f == "combined" else None)
            choices.append(Choice(f, _words(f), unit_points(priced) - unit_points(unit)))
        offers.append(Offer(UNIT.field("formation"), unit.formation, tuple(choices)))
    if allowed.rear_troops and unit.formation == "combined":
        rear = unit.rear or RearCompany(allowed.rear_troops[0])
        troop_choices = tuple(
            Choice(t, _words(t), _cost(unit, rear=RearCompany(t, rear.quality)))
            for t in allowed.rear_troops
        )
        quality_choices = tuple(
            Choice(q, _words(q), _cost(unit, rear=RearCompany(rear.troop, q)))
            for q in allowed.qualities
        )
        offers.append(
            Offer(
                UNIT.field("rear"),
                rear,
                offers=(
                    Offer(REAR.field("troop"), rear.troop, troop_choices),
                    Offer(
                        REAR.field("quality"),
                        rear.quality or allowed.default_quality,
                        quality_choices,
                    ),
                ),
            )
        )
    for key, ok in (
        ("stakes", allowed.stakes),
        ("pavises", allowed.pavises),
        ("defences", allowed.defences),
    ):
        if ok:
            offers.append(_flag(unit, key))
    if allowed.arms:
        offers.append(
            Offer(
                UNIT.field("arms"),
                unit.arms,
                (Choice(None, "None", 0.0), *(Choice(a, _words(a), 0.0) for a in allowed.arms)),
            )
        )
    offers += [
        Offer(UNIT.field("label"), unit.label),
        Offer(UNIT.field("nationality"), unit.nationality),
    ]
    return tuple(offers)


def _leaders_cost(army: Army, where: str, **change: object) -> float:
    """Leader points ``change`` to the leader at ``where`` adds to the army (only the first
    flagged C-in-C is free, so his flag's cost depends on the others)."""
    changed = copy.deepcopy(army)
    leader = schema.get(changed, where)
    for key, value in change.items():
        setattr(leader, key, value)
    return total_leader_points(changed) - total_leader_points(army)


def leader_offers(army: Army, where: str) -> tuple[Offer, ...]:
    """Name, rank, C-in-C (the C-in-C is free), mounted and command class."""
    leader = schema.get(army, where)
    assert isinstance(leader, Leader)
    return (
        Offer(LEADER.field("name"), leader.name),
        Offer(
            LEADER.field("rank"),
            leader.rank,
            note=f"The rules name {', '.join(cat.RANKS[:-1])} and {cat.RANKS[-1]} (typing one "
            "completes it: Right takes it); any other rank is allowed.",
        ),
        Offer(
            LEADER.field("c_in_c"),
            leader.c_in_c,
            tuple(
                Choice(v, "Yes" if v else "No", _leaders_cost(army, where, c_in_c=v))
                for v in (False, True)
            ),
        ),
        Offer(LEADER.field("mounted"), leader.mounted),
        Offer(
            LEADER.field("command_class"),
            leader.command_class,
            tuple(Choice(n, f"{name} ({n})") for n, name in cat.COMMAND_CLASSES.items()),
        ),
    )


def army_offers(army: Army) -> tuple[Offer, ...]:
    """Name, side, English army, and the agreed points unless the army was mustered."""
    offers = [
        Offer(SCHEMA.field("name"), army.name),
        Offer(SCHEMA.field("player"), army.player),
        Offer(
            SCHEMA.field("side"),
            army.side,
            (Choice(None, "Not set"), *(Choice(s.key, s.name) for s in cat.SIDES.fixed)),
        ),
        Offer(SCHEMA.field("english"), army.english),
    ]
    if army.muster is None:
        offers.append(Offer(SCHEMA.field("points"), army.points))
    return tuple(offers)
