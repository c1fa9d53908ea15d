"""The numbers a KISS player looks up, worked out from the catalogue: small pure functions.

Units: move, range, fire to hit, handstrokes, saves by commitment (crossbow fire noted),
morale and the rout point. Magnates: order roll, order changes, stratagems allowed, chits in
the cup, whether he is treacherous. The army: its starting morale and its cup.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from . import rules as cat
from .model import Army, Magnate, Unit, Ward


def die(score: int | None) -> str:
    """A D6 score as printed: "4+", "6" (only a six), "none" (no roll, or past a six)."""
    if score is None or score > 6:
        return "none"
    return "6" if score == 6 else f"{score}+"


# --- Units ------------------------------------------------------------------------------------


def rout_point(figures: int) -> int:
    """The strength at which a unit routs: 4 figures, or half its starting strength (rounded
    down) if that is more."""
    return max(cat.ROUT_FLOOR, figures // 2)


def losses_to_rout(figures: int) -> int:
    """Figures lost when the unit routs: down to its rout point, and at least one (a unit of
    4 figures or fewer starts at its rout point, so its first loss routs it)."""
    return max(1, figures - rout_point(figures))


def move_text(unit: Unit) -> str:
    move = cat.TROOPS[unit.troop].move
    return "static" if move is None else f'{move}"'


def range_text(unit: Unit) -> str:
    reach = cat.TROOPS[unit.troop].range
    return "-" if reach is None else f'{reach}"'


def fire_text(unit: Unit) -> str:
    """Fire to hit, with the 5+ case where this unit has it (retinue archers only)."""
    troop = cat.TROOPS[unit.troop]
    if troop.fire_hit is None:
        return "does not shoot"
    text = die(troop.fire_hit)
    if troop.fire_better and troop.fire_better_who in ("", unit.commitment):
        text += f" (5+ {troop.fire_better})"
    return text


def hand_text(unit: Unit) -> str:
    troop = cat.TROOPS[unit.troop]
    if troop.hand_first is None:
        return "none"
    if troop.hand_first == troop.hand_later:
        return die(troop.hand_first)
    return f"{die(troop.hand_first)} {troop.hand_first_when}, {die(troop.hand_later)} later"


def save_fire(unit: Unit) -> int | None:
    troop = cat.TROOPS[unit.troop]
    return None if troop.save_fire is None else troop.save_fire[unit.commitment]


def save_hand(unit: Unit) -> int | None:
    troop = cat.TROOPS[unit.troop]
    return None if troop.save_hand is None else troop.save_hand[unit.commitment]


def save_vs_crossbow(unit: Unit) -> int | None:
    """The save against crossbow fire: 2 worse (a 7 or more is no save)."""
    save = save_fire(unit)
    return None if save is None else save + cat.TROOPS["crossbows"].pierce


def save_fire_text(unit: Unit) -> str:
    troop = cat.TROOPS[unit.troop]
    save = save_fire(unit)
    if save is None:
        return "none"
    text = die(save)
    if troop.save_longbow is not None:
        text = f"{die(troop.save_longbow)} against longbows, {text} against other fire"
    return f"{text}; {die(save_vs_crossbow(unit))} against crossbows (-2)"


def dominant_grade(ward: Ward) -> str:
    """The ward's dominant commitment grade by figures, a tie going to the better grade: what
    its units test morale by when its magnate falls, never worsened by his traits, since he is
    gone (docs/rules/kiss.md#our-decisions)."""
    figures = Counter[str]()
    for unit in ward.units:
        figures[unit.commitment] += unit.figures
    # COMMITMENTS is best first, so among equal counts the earlier wins.
    return max(cat.COMMITMENTS, key=lambda c: (figures[c], -cat.COMMITMENTS.index(c)))


def fallen_morale_fail(ward: Ward) -> int:
    """The lowest die on which the ward's units fail morale once its magnate has fallen."""
    return cat.MORALE_FAIL[dominant_grade(ward)]


def fallen_morale_text(ward: Ward) -> str:
    """ "5+ (well-wishers)": the morale number if he falls, with the ward's dominant grade."""
    return f"{die(fallen_morale_fail(ward))} ({dominant_grade(ward)})"


def magnate_grade(ward: Ward) -> str:
    """The commitment grade the ward's units test morale by (docs/rules/kiss.md#our-decisions): the
    magnate's own, else the ward's dominant grade by figures."""
    if ward.leader.commitment is not None:
        return ward.leader.commitment
    return dominant_grade(ward)


@dataclass(frozen=True)
class Dice:
    """A unit's dice, one a figure (docs/rules/kiss.md#our-readings): fire, fire at chargers
    (the front rank: half the figures, rounded up), handstrokes and handstrokes enfilading
    (doubled); None where the unit does not shoot or fight hand to hand."""

    fire: int | None
    at_chargers: int | None
    hand: int | None
    enfilading: int | None

    @property
    def text(self) -> str:
        """ "12 fire, 6 at chargers; 12 handstrokes, 24 enfilading"."""
        parts = []
        if self.fire is not None:
            parts.append(f"{self.fire} fire, {self.at_chargers} at chargers")
        if self.hand is not None:
            parts.append(f"{self.hand} handstrokes, {self.enfilading} enfilading")
        return "; ".join(parts) or "none"


def dice(unit: Unit) -> Dice:
    troop = cat.TROOPS[unit.troop]
    per = cat.DICE_PER_FIGURE * unit.figures
    fire = per if troop.fire_hit is not None else None
    hand = per if troop.hand_first is not None else None
    return Dice(
        fire,
        None if fire is None else -(-fire // cat.FRONT_RANKS),
        hand,
        None if hand is None else hand * cat.ENFILADE_DICE,
    )


def anti_allies(army: Army, magnate: Magnate) -> list[str]:
    """The other magnates of his army that an anti- trait of his names (any case)."""
    named = {
        t[len(cat.ANTI) :].strip().lower() for t in magnate.traits if t.lower().startswith(cat.ANTI)
    }
    return [m.name for m in army.magnates if m is not magnate and m.name.lower() in named]


def morale_worse(army: Army, magnate: Magnate) -> tuple[str, ...]:
    """Why his units test a level worse, one level each: timorous, anti- an allied magnate."""
    why = ("timorous",) if "timorous" in magnate.traits else ()
    allies = anti_allies(army, magnate)
    return why + ((f"{cat.ANTI}{allies[0]}",) if allies else ())


def ward_morale_fail(army: Army, ward: Ward) -> int:
    """The lowest die on which the ward's units fail morale while its magnate leads: his
    grade's number, one lower for each reason he makes them worse."""
    return cat.MORALE_FAIL[magnate_grade(ward)] - len(morale_worse(army, ward.leader))


def ward_morale_text(army: Army, ward: Ward, between: str = "") -> str:
    """ "5+ (retinue, one worse: timorous)", with ``between`` before the bracket."""
    worse = morale_worse(army, ward.leader)
    levels = {1: "one", 2: "two"}
    note = f", {levels[len(worse)]} worse: {' and '.join(worse)}" if worse else ""
    return f"{die(ward_morale_fail(army, ward))} {between}({magnate_grade(ward)}{note})"


# --- Magnates ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class OrderRoll:
    #: The D6 score a change needs before modifiers, and his modifier.
    target: int
    modifier: int
    #: The lowest die that succeeds after the modifier: 1 means every roll does (the source
    #: has no rule that a natural 1 fails, docs/rules/kiss.md#our-decisions).
    needs: int
    #: An amateur's extra roll, or None.
    extra: int | None
    changes: int

    @property
    def text(self) -> str:
        text = f"{die(self.target)}"
        if self.modifier:
            text += " (always, with +1)" if self.needs <= 1 else f", {self.modifier:+d}"
        if self.extra is not None:
            text += f", then {die(self.extra)} as well"
        return text


def order_roll(magnate: Magnate) -> OrderRoll:
    ability = cat.ABILITIES[magnate.ability]
    needs = max(1, cat.ORDER_ROLL - ability.order_mod)
    return OrderRoll(cat.ORDER_ROLL, ability.order_mod, needs, ability.extra_roll, ability.changes)


def changes_text(magnate: Magnate) -> str:
    n = order_roll(magnate).changes
    text = f"{n} a turn"
    if "captain's advice" in magnate.stratagems:
        text += ", one more once a game (captain's advice)"
    return text


def stratagems_allowed(magnate: Magnate) -> int:
    return cat.ABILITIES[magnate.ability].stratagems


def _side_words(side: str) -> set[str]:
    found = cat.SIDES.get(side)
    return (
        {side.lower()}
        if found is None
        else {found.key.lower(), found.name.lower(), found.adjective.lower()}
    )


def anti_own_side(magnate: Magnate, side: str) -> bool:
    """Has he a trait ``anti-<his own side>`` (by its key, name or adjective, any case)?"""
    words = _side_words(side)
    return any(
        t.lower().startswith(cat.ANTI) and t[len(cat.ANTI) :].strip().lower() in words
        for t in magnate.traits
    )


def treacherous(magnate: Magnate, side: str) -> bool:
    """Trimmer, treacherous, or anti- his own side (docs/rules/kiss.md#our-decisions)."""
    return bool({"trimmer", "treacherous"} & set(magnate.traits)) or anti_own_side(magnate, side)


@dataclass(frozen=True)
class Chits:
    ward: int
    lethargy: int
    treacherous: int

    @property
    def total(self) -> int:
        return self.ward + self.lethargy + self.treacherous


def chits(magnate: Magnate, side: str) -> Chits:
    """What he puts in the cup: his ward's chit, and 2 lethargy chits if lethargic or
    treacherous (not 4 if both), with 1 treacherous chit if treacherous."""
    if treacherous(magnate, side):
        return Chits(1, cat.TREACHERY_LETHARGY, cat.TREACHERY_CHITS)
    return Chits(1, cat.TRAITS["lethargic"].lethargy if "lethargic" in magnate.traits else 0, 0)


def trait_reminder(trait: str) -> str:
    if trait in cat.TRAITS:
        return cat.TRAITS[trait].reminder
    return cat.ANTI_REMINDER


def peer(magnate: Magnate) -> bool:
    return magnate.level >= cat.PEER_LEVEL


# --- The army ---------------------------------------------------------------------------------


def starting_morale(army: Army) -> int:
    """5, less 1 for each pre-battle condition."""
    return cat.MORALE_START - len(army.pre_battle)


def morale_marks(start: int) -> tuple[tuple[int, str], ...]:
    """Where a track of army morale lost (one box a point) reaches each level that does
    something: from 5, the 3rd box lost is level 2 (every unit tests) and the 5th level 0."""
    return tuple(
        (start - level, mark) for level, mark in cat.MORALE_MARKS.items() if start - level >= 1
    )


def cup(army: Army) -> Chits:
    """Every chit in the cup at the start: a ward chit a ward, lethargy and treacherous ones."""
    each = [chits(m, army.side) for m in army.magnates]
    return Chits(
        sum(c.ward for c in each), sum(c.lethargy for c in each), sum(c.treacherous for c in each)
    )


def figures(army: Army) -> int:
    return sum(u.figures for _, u in army.units_with_paths())


def casualty_rows(table: str) -> tuple[tuple[str, str], ...]:
    """A casualty table as (2D6 totals, result) pairs: ("2-10", "unhurt"), ("11", "wounded"),
    ("12", "killed"); a last row that starts below 12 reads "11+"."""
    rows = cat.CASUALTIES[table]
    highs = [nxt - 1 for nxt, _ in rows[1:]] + [12]
    out = []
    for (low, result), high in zip(rows, highs, strict=True):
        if low == high:
            totals = str(low)
        elif high == 12 and low != rows[0][0]:
            totals = f"{low}+"
        else:
            totals = f"{low}-{high}"
        out.append((totals, result))
    return tuple(out)
