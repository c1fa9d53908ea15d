"""The numbers a Feudal unit and leader are played with, as small pure functions of the record
(docs/rules/feudal.md#derived-numbers, #leaders). The facts, the roster and the cards print these;
nothing else works them out."""

from __future__ import annotations

from dataclasses import dataclass

from . import rules as cat
from .model import Unit


def width(unit: Unit) -> int:
    """Figures in the front rank: as written, else min(8, figures)."""
    return unit.width if unit.width is not None else min(cat.COLUMN_MAX_WIDTH, unit.figures)


def formation(unit: Unit) -> str:
    """ "column" up to 8 figures wide, "line" from 9."""
    return "column" if width(unit) <= cat.COLUMN_MAX_WIDTH else "line"


def move(unit: Unit) -> int:
    """Inches a turn. Foot: column 12", line 6"; skirmishers move as a line whatever their
    width; armored foot 2" less. Horse: light 20", heavy and armored 16"."""
    if unit.arm == "cavalry":
        return cat.MOVE_CAVALRY[unit.armour]
    base = cat.MOVE_LINE if unit.skirmish or formation(unit) == "line" else cat.MOVE_COLUMN
    return base - (cat.ARMORED_FOOT_PENALTY if unit.armour == "armored" else 0)


def evade_move(unit: Unit) -> int | None:
    """Skirmishing foot evade a charge at 12" (the source lists it among the infantry moves);
    skirmishing light horse at their own 20" (docs/rules/feudal.md#derived-numbers); None for a unit
    that may not evade."""
    if not unit.skirmish:
        return None
    return move(unit) if unit.arm == "cavalry" else cat.MOVE_EVADE


def dice(figures: int, per_die: int, round_up: int) -> int:
    """One die per ``per_die`` figures, and one more for a final remainder of ``round_up`` or
    more: shooting (3, 2) gives 11 figures 4 dice and 10 figures 3."""
    whole, rest = divmod(max(figures, 0), per_die)
    return whole + (1 if rest >= round_up else 0)


def shooting_figures(unit: Unit) -> int:
    """Figures that shoot: the missile figures (default all), at most two ranks of them."""
    if unit.missile is None:
        return 0
    carrying = unit.missile_figures if unit.missile_figures is not None else unit.figures
    return min(carrying, unit.figures, cat.FIRING_RANKS * width(unit))


def shooting_dice(unit: Unit) -> int:
    return dice(shooting_figures(unit), cat.SHOOTING_PER_DIE, cat.SHOOTING_ROUND_UP)


def combat_figures(unit: Unit) -> int:
    """Every figure in the first two ranks."""
    return min(unit.figures, cat.FIGHTING_RANKS * width(unit))


def combat_dice(unit: Unit) -> int:
    """One die per four foot (a final three rounds up) or per three horse (a final two)."""
    return dice(combat_figures(unit), cat.COMBAT_PER_DIE[unit.arm], cat.COMBAT_ROUND_UP[unit.arm])


def score(lowest: int | None) -> str:
    """A D10 score range as a player reads it: 8 -> "8-10", 10 -> "10", None -> "none"."""
    if lowest is None:
        return "none"
    return "10" if lowest == 10 else f"{lowest}-10"


def to_hit(unit: Unit) -> tuple[str, str, str] | None:
    """Scores to hit light, heavy and armored targets with the unit's missile (None: none)."""
    if unit.missile is None:
        return None
    light, heavy, armored = cat.MISSILES[unit.missile].hits
    return score(light), score(heavy), score(armored)


def morale_pass(unit: Unit) -> int:
    """The lowest 1D10 score (after modifiers) that passes a morale test."""
    return cat.MORALE_PASS[unit.grade]


def rout_modifier(unit: Unit) -> int:
    return cat.ROUT_MODIFIER[unit.grade]


def can_be_steady(unit: Unit) -> bool:
    """Grade D or better in close order; skirmishers are never steady."""
    return unit.grade in cat.STEADY_GRADES and not unit.skirmish


@dataclass(frozen=True)
class Casualties:
    """Casualties at which the unit's morale worsens (25%, 50%) and it is shattered (75%)."""

    quarter: int
    half: int
    shatter: int


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def casualties(figures: int) -> Casualties:
    return Casualties(_ceil_div(figures, 4), _ceil_div(figures, 2), _ceil_div(3 * figures, 4))


def dice_text(n: int) -> str:
    """ "no dice", "1 die", "4 dice"."""
    return "no dice" if n == 0 else f"{n} di{'e' if n == 1 else 'ce'}"


def signed(n: int) -> str:
    return f"{n:+d}"
