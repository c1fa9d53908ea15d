"""What an editor may offer for each KISS record: the ruleset's ``offered``. No points, so no
choice has a cost; a stratagem's label says what it needs, so the need shows as you pick."""

from __future__ import annotations

from builder.core.base import Choice, Offer

from . import rules as cat
from .checks import unmet
from .derive import die, stratagems_allowed, trait_reminder
from .model import Army, Magnate, Unit
from .schema import MAGNATE, SCHEMA, UNIT


def unit_offers(unit: Unit) -> tuple[Offer, ...]:
    return (
        Offer(
            UNIT.field("troop"),
            unit.troop,
            tuple(Choice(t.key, t.name) for t in cat.TROOPS.values()),
        ),
        Offer(
            UNIT.field("commitment"),
            unit.commitment,
            tuple(
                Choice(c, f"{cat.COMMITMENT_NAMES[c]}: morale fails on {die(cat.MORALE_FAIL[c])}")
                for c in cat.COMMITMENTS
            ),
        ),
        Offer(UNIT.field("figures"), unit.figures),
        Offer(UNIT.field("label"), unit.label),
    )


def anti_traits(army: Army, magnate: Magnate) -> list[str]:
    """The ``anti-`` traits to pick from: one per other magnate and per side, and any he
    already has (a cause of his own), each once."""
    others = [m.name for m in army.magnates if m is not magnate and m.name]
    found = [f"{cat.ANTI}{name}" for name in (*others, *(s.name for s in cat.SIDES.fixed))]
    found += [t for t in magnate.traits if t not in cat.TRAITS]
    return list(dict.fromkeys(found))


def magnate_offers(army: Army, magnate: Magnate) -> tuple[Offer, ...]:
    """Name, C-in-C, level, scores, ability, traits and stratagems (each labelled with its
    reminder and, where he lacks it, what it needs), and the commitment his ward tests by."""
    strat = []
    for key, s in cat.STRATAGEMS.items():
        need = unmet(army, magnate, key)
        strat.append(Choice(key, f"{key}: {s.reminder}" + (f" (needs {need})" if need else "")))
    allowed = stratagems_allowed(magnate)
    return (
        Offer(MAGNATE.field("name"), magnate.name),
        Offer(MAGNATE.field("c_in_c"), magnate.c_in_c, (Choice(False, "No"), Choice(True, "Yes"))),
        Offer(
            MAGNATE.field("level"),
            magnate.level,
            tuple(
                Choice(n, f"{n}" + (" (peer)" if n >= cat.PEER_LEVEL else "")) for n in cat.LEVELS
            ),
        ),
        Offer(MAGNATE.field("puissance"), magnate.puissance),
        Offer(MAGNATE.field("forwardness"), magnate.forwardness),
        Offer(
            MAGNATE.field("ability"),
            magnate.ability,
            tuple(
                Choice(
                    a.key,
                    f"{a.key}: {a.reminder}; {a.stratagems} stratagem"
                    f"{'' if a.stratagems == 1 else 's'}",
                )
                for a in cat.ABILITIES.values()
            ),
        ),
        Offer(
            MAGNATE.field("traits"),
            list(magnate.traits),
            tuple(
                Choice(t, f"{t}: {trait_reminder(t)}")
                for t in (*cat.TRAITS, *anti_traits(army, magnate))
            ),
            note=f"{cat.ANTI}<name or cause>: {cat.ANTI_REMINDER}",
        ),
        Offer(
            MAGNATE.field("stratagems"),
            list(magnate.stratagems),
            tuple(strat),
            note=f"{len(magnate.stratagems)} of {allowed} ({magnate.ability})",
        ),
        Offer(
            MAGNATE.field("commitment"),
            magnate.commitment,
            (
                Choice(None, "His ward's main grade, by figures"),
                *(
                    Choice(
                        c,
                        f"{cat.COMMITMENT_NAMES[c]}: his units fail morale on "
                        f"{die(cat.MORALE_FAIL[c])}",
                    )
                    for c in cat.COMMITMENTS
                ),
            ),
        ),
    )


def army_offers(army: Army) -> tuple[Offer, ...]:
    return (
        Offer(SCHEMA.field("name"), army.name),
        Offer(SCHEMA.field("player"), army.player),
        Offer(
            SCHEMA.field("side"), army.side, tuple(Choice(s.key, s.name) for s in cat.SIDES.fixed)
        ),
        Offer(
            SCHEMA.field("pre_battle"),
            list(army.pre_battle),
            tuple(Choice(k, f"{k}: {why}, -1 morale") for k, why in cat.PRE_BATTLE.items()),
        ),
    )
