"""The numbers a player looks up for a stand or a leader (issue 17 "What a user gets"), as
small pure functions over the catalogue: bravery, hits, melee, shooting, saves, movement,
wounds, and the expected hits and wounds of the usual dice, worked out exactly.

"Usual" dice are the base pool plus the standing modifiers (a leader attached, mounted);
conditional modifiers are listed beside them, never added (docs/rules/shieldwall.md#file-and-pack).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from . import rules as cat
from .model import Army, Leader, Stand


def faces(low: int) -> str:
    """The faces from ``low`` up, as players say them: "4-6", or just "6"."""
    return "6" if low == 6 else f"{low}-6"


def bravery_target(quality: str) -> int:
    """The lowest face a bravery die passes on: one or more dice at it pass
    (docs/rules/shieldwall.md#formations)."""
    return cat.QUALITIES[quality].score


def bravery_dice(stand: Stand) -> int:
    """One die, plus one with a commander or hero attached (our reading,
    docs/rules/shieldwall.md#formations)."""
    return 1 + (stand.leader is not None)


def forms_shieldwall(stand: Stand) -> bool:
    """Bow and sharpshooter stands form no shieldwall (docs/rules/shieldwall.md#file-and-pack)."""
    return not cat.WEAPONS[stand.weapon].shoots


def _for(stand: Stand, extras: tuple[str, ...]) -> tuple[str, ...]:
    """The modifiers of ``extras`` that can apply to ``stand``: going berserk only for
    berserkers, shieldwalls only for stands that form them."""
    return tuple(
        e
        for e in extras
        if ("berserk" not in e or stand.quality == "berserker")
        and ("shieldwall" not in e or forms_shieldwall(stand))
    )


def bravery_extras(stand: Stand) -> tuple[str, ...]:
    """The conditional bravery dice."""
    return _for(stand, cat.BRAVERY_EXTRAS)


def hit_ladder(quality: str) -> tuple[int, ...]:
    """The faces counted as hits, best first: every 6; with no 6s a warrior counts 5s, with
    no 5s a huscarl counts 4s, a berserker on down to 3s (docs/rules/shieldwall.md#stands)."""
    return tuple(range(6, bravery_target(quality) - 1, -1))


def ladder_text(quality: str) -> str:
    """ "6s; no 6s: 5s; no 5s: 4s"."""
    faces = hit_ladder(quality)
    steps = [f"no {hi}s: {lo}s" for hi, lo in zip(faces, faces[1:], strict=False)]
    return "; ".join([f"{faces[0]}s", *steps])


def melee_dice(stand: Stand) -> int:
    """One die a figure, plus one mounted, plus one with a leader attached."""
    return stand.figures + stand.mounted + (stand.leader is not None)


def melee_extras(stand: Stand) -> tuple[str, ...]:
    """The conditional melee dice: the weapon's own, then the ones any stand may have."""
    own = {"axe": (cat.AXE_EXTRA,), "spear": (cat.SPEAR_EXTRA,)}.get(stand.weapon, ())
    return own + _for(stand, cat.MELEE_EXTRAS)


def shooting_base(stand: Stand) -> int:
    """The base shooting pool: one die a figure for bows, two for sharpshooters; 0 for a
    stand that does not shoot."""
    return stand.figures * cat.WEAPONS[stand.weapon].shooting_per_figure


def shooting_dice(stand: Stand) -> int | None:
    """The base pool plus one with a leader attached; None for a stand with no bows."""
    base = shooting_base(stand)
    return base + (stand.leader is not None) if base else None


def save_on(armour: str) -> int:
    """The lowest face that saves a hit."""
    return cat.ARMOUR[armour].save


def move_dice(stand: Stand) -> int:
    """D6 inches in the open: 3, plus one die mounted (our reading,
    docs/rules/shieldwall.md#stands)."""
    return cat.MOVE_DICE_OPEN + stand.mounted


def move_extras(stand: Stand) -> tuple[str, ...]:
    """The movement changes."""
    return _for(stand, cat.MOVE_EXTRAS)


def wounds(stand: Stand) -> int:
    """Wounds that remove one stand: its figures."""
    return stand.figures


def leader_figures(leader: Leader) -> int:
    """What a leader counts as: a stand of 3 on a single figure, else his own stand."""
    return cat.SINGLE_LEADER_FIGURES if leader.figures == 1 else leader.figures


def leader_stand(leader: Leader) -> Stand:
    """The stand a leader fights as on his own (attached to no stand, or once his stand is
    destroyed): his figures as :func:`leader_figures` counts them, his quality, armour, weapon
    and horse, and himself as its leader, since a stand that is a commander or hero adds his
    die (docs/rules/shieldwall.md#our-readings)."""
    return Stand(
        leader.name,
        leader.quality,
        leader_figures(leader),
        leader.armour,
        leader.weapon,
        leader.mounted,
        leader=leader.name,
    )


def unattached(army: Army) -> list[Leader]:
    """The leaders no stand names: each is a stand of his own on the table."""
    named = {s.leader for s in army.stands}
    return [ldr for ldr in army.leaders if ldr.name not in named]


# --- Expected hits and wounds ---------------------------------------------------------------


def _chance(face: int) -> Fraction:
    """One die showing ``face`` or better."""
    return Fraction(7 - face, 6)


def expected_hits(dice: int, quality: str) -> Fraction:
    """Hits expected from ``dice`` dice on the quality's ladder, exactly.

    Face v is counted only when no die shows more than v, so its share is
    E[#v; all dice <= v] = dice * 1/6 * (v/6)^(dice-1); the ladder sums that over its faces.
    """
    if dice <= 0:
        return Fraction(0)
    return sum(
        (Fraction(dice, 6) * Fraction(v, 6) ** (dice - 1) for v in hit_ladder(quality)), Fraction(0)
    )


def expected_wounds(dice: int, quality: str, armour: str) -> Fraction:
    """Unsaved hits expected against ``armour``: each hit is saved on its own die. An unsaved
    hit is a wound in a drawn melee; after shooting or a lost melee every one but the first
    may be taken as running away instead."""
    return expected_hits(dice, quality) * (1 - _chance(save_on(armour)))


def shown(value: Fraction) -> str:
    """An expectation as printed: two decimals, halves rounded up (1/8 is 0.13)."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


@dataclass(frozen=True)
class Expectation:
    """One action of one stand: its usual dice, hits and unsaved hits against each save
    class (keys of :data:`rules.SAVE_CLASSES`)."""

    action: str
    dice: int
    hits: Fraction
    wounds: dict[str, Fraction]


def expectations(stand: Stand) -> tuple[Expectation, ...]:
    """A volley (bow stands) and a first melee round, from the dice the roster prints as the
    stand's usual ones (mounted and an attached leader counted, conditional dice not), so
    the two never disagree (issue 23)."""
    actions = []
    volley = shooting_dice(stand)
    if volley is not None:
        actions.append(("volley", volley))
    actions.append(("melee round", melee_dice(stand)))
    return tuple(
        Expectation(
            name,
            n,
            expected_hits(n, stand.quality),
            {key: expected_wounds(n, stand.quality, key) for key, _ in cat.SAVE_CLASSES},
        )
        for name, n in actions
    )
