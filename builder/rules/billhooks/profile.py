"""The numbers a player looks up for a unit: moves, shooting, melee dice, saves, specials.

Rosters, unit cards and the TUI show these; none of them works a rule out for itself.
Decisions where the source is silent are noted beside the code that makes them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from builder.army import Army, Leader, Unit

from . import catalogue as cat
from .points import companies, figures, leader_points, quality_of, unit_points, unit_title


def dice(count: float) -> int:
    """A dice total: halves round up (RULES.md 1.6)."""
    return math.ceil(count - 1e-9)


@dataclass(frozen=True)
class ShootingLine:
    name: str
    range_text: str
    hit_on: int
    dice: int


@dataclass(frozen=True)
class SaveLine:
    """Saves for one part of a unit (a combined block has two)."""

    who: str
    armour: str
    shooting: int
    melee: int


@dataclass(frozen=True)
class Profile:
    title: str
    kind: str
    figures: int
    points: float
    move_good: int
    #: None: may not enter bad going.
    move_bad: int | None
    shooting: tuple[ShootingLine, ...]
    shots_per_turn: int
    #: Arrowstorms a game (archer companies), else None.
    arrow_supply: int | None
    melee_per_figure: str
    #: Dice for the whole unit in the first round of a melee, and in later rounds.
    melee_first_round: int
    melee_later: int
    saves: tuple[SaveLine, ...]
    can_attack: bool
    specials: tuple[str, ...] = field(default=())

    @property
    def move_text(self) -> str:
        bad = "no" if self.move_bad is None else f'{self.move_bad}"'
        return f'{self.move_good}" / {bad}'


def per_figure_text(value: float) -> str:
    """Melee dice per figure as a player says it: "1 per 2 figures", "1.5 per figure"."""
    if value == 0.5:
        return "1 per 2 figures"
    return f"{value:g} per figure"


def _armour_key(troop_key: str, quality: str) -> str:
    troop = cat.TROOPS[troop_key]
    # Levy infantry save as naked men (RULES.md 1.1).
    if troop.is_company and quality == "levy":
        return "naked"
    return troop.armour


def _save_line(who: str, troop_key: str, quality: str) -> SaveLine:
    armour = cat.ARMOUR[_armour_key(troop_key, quality)]
    return SaveLine(who, armour.name, armour.save_shooting, armour.save_melee)


def _shooters(unit: Unit) -> int:
    """Figures that shoot: the first two ranks; artillerymen count double."""
    troop = cat.TROOPS[unit.troop]
    if troop.kind == cat.SQUADRON:
        # Light horse armed with bows or crossbows shoot dismounted as skirmishers, two of
        # the eight holding the horses (seed 000, Special Action).
        return 6 if unit.arms else 0
    if troop.is_company:
        # A line shoots with both companies; a block or combined block with its front one.
        return 24 if unit.formation == "line" else 12
    n = cat.KIND_FIGURES[troop.kind]
    return n * 2 if troop.shoot_double else n


def _ranges(unit: Unit) -> tuple[cat.Range, ...]:
    troop = cat.TROOPS[unit.troop]
    if troop.kind == cat.SQUADRON and unit.arms:
        return cat.SKIRMISH_RANGES
    return troop.ranges


def _melee(unit: Unit) -> tuple[int, int]:
    """Dice in the first round and in later rounds, attacking (RULES.md 1.6).

    Companies count two ranks; blocks add the third rank in the first round; an attacking
    pike block counts four. Cavalry and skirmishers count their front rank: a squadron is one
    rank of eight (knights) or a loose line of eight (light horse, decision), a band all six.
    Decision: in a combined block the rear company fights (the archers swap places when
    attacked, seed 000) and the archers add a supporting third rank in the first round.
    """
    troop = cat.TROOPS[unit.troop]
    if not troop.is_company:
        n = cat.KIND_FIGURES[troop.kind] * troop.melee_dice
        return dice(n), dice(n)
    if unit.formation == "combined" and unit.rear is not None and unit.rear.troop in cat.TROOPS:
        rear = cat.TROOPS[unit.rear.troop]
        later = 12 * rear.melee_dice
        return dice(later + 6 * troop.melee_dice), dice(later)
    per = troop.melee_dice
    if unit.formation == "line":
        return dice(24 * per), dice(24 * per)
    if unit.formation == "block":
        first_ranks = 4 if unit.troop == "pikemen" else 3
        return dice(6 * first_ranks * per), dice(12 * per)
    return dice(12 * per), dice(12 * per)


def _specials(unit: Unit) -> tuple[str, ...]:
    troop = cat.TROOPS[unit.troop]
    notes = list(troop.specials)
    quality = quality_of(unit)
    if troop.is_company and quality == "veteran":
        notes.append("Veteran: re-roll 1s in melee and morale tests")
    if troop.is_company and quality == "levy":
        notes.append("Levy: attacks only with a leader; re-roll 6s in morale tests")
    if unit.stakes:
        notes.append("Stakes: attackers crossing them get no re-rolls")
    if unit.pavises:
        notes.append('Pavises: cover against shooting; moves 6"')
    if unit.defences:
        notes.append("Field defences protect the unit's frontage")
    if unit.arms:
        notes.append(f"Armed with {unit.arms}: dismounts to shoot as skirmishers"
                     " (a special action, two horse holders)")
    if unit.formation == "combined":
        notes.append("Archers shoot from the front; in melee they swap places and support")
    if unit.formation == "block" and unit.troop == "pikemen":
        notes.append("Attacking pike block: four ranks fight (three defending)")
    if not troop.can_attack:
        notes.append("Cannot attack")
    return tuple(notes)


def profile(unit: Unit) -> Profile:
    """Everything a roster or unit card prints for ``unit``."""
    troop = cat.TROOPS[unit.troop]
    quality = quality_of(unit)
    move_good, move_bad = troop.move_good, troop.move_bad
    if unit.pavises and troop.kind == cat.BAND:
        move_good = move_bad = cat.PAVISE_MOVE
    shooters = _shooters(unit)
    shooting = tuple(
        ShootingLine(r.name, r.text, r.hit_on, shooters) for r in _ranges(unit)
    ) if shooters else ()
    shots = troop.shots_per_turn if troop.kind != cat.SQUADRON else (1 if unit.arms else 0)
    arrows = cat.ARROW_SUPPLY if unit.troop == "archers" else None
    first, later = _melee(unit)
    if unit.formation == "combined" and unit.rear is not None and unit.rear.troop in cat.TROOPS:
        rear = cat.TROOPS[unit.rear.troop]
        saves: tuple[SaveLine, ...] = (
            _save_line(troop.name, unit.troop, quality),
            _save_line(rear.name, unit.rear.troop, unit.rear.quality or cat.DEFAULT_QUALITY),
        )
        per_figure = (f"{troop.name} {per_figure_text(troop.melee_dice)}, "
                      f"{rear.name} {per_figure_text(rear.melee_dice)}")
    else:
        saves = (_save_line(troop.name, unit.troop, quality),)
        per_figure = per_figure_text(troop.melee_dice)
    return Profile(
        title=unit_title(unit),
        kind=troop.kind,
        figures=figures(unit),
        points=unit_points(unit),
        move_good=move_good,
        move_bad=move_bad,
        shooting=shooting,
        shots_per_turn=shots,
        arrow_supply=arrows,
        melee_per_figure=per_figure,
        melee_first_round=first,
        melee_later=later,
        saves=saves,
        can_attack=troop.can_attack,
        specials=_specials(unit),
    )


def hit_chance(hit_on: int) -> float:
    return (7 - hit_on) / 6


def expected_kills(dice_count: int, hit_on: int, save_on: int) -> float:
    """Kills expected from ``dice_count`` dice hitting on ``hit_on``+ against a target that saves
    on ``save_on``+, before re-rolls and leaders' extra hits."""
    return dice_count * hit_chance(hit_on) * (1 - hit_chance(save_on))


#: First-round melee hits on 4-6 (RULES.md 1.6).
MELEE_FIRST_HIT = 4
MELEE_LATER_HIT = 5


def kill_table(unit: Unit) -> dict[str, dict[str, float]]:
    """Expected kills per action against each armour class.

    Keys are "shoot <range>" for each range and "melee" for a first round of melee; values map
    an armour key to kills. Artillery hits kill outright, so no save is rolled against them.
    """
    prof = profile(unit)
    table: dict[str, dict[str, float]] = {}
    outright = unit.troop == "artillery"
    for line in prof.shooting:
        table[f"shoot {line.name}"] = {
            key: expected_kills(line.dice, line.hit_on, 7 if outright else armour.save_shooting)
            for key, armour in cat.ARMOUR.items()
        }
    if prof.can_attack or prof.melee_first_round:
        table["melee"] = {
            key: expected_kills(prof.melee_first_round, MELEE_FIRST_HIT, armour.save_melee)
            for key, armour in cat.ARMOUR.items()
        }
    return table


@dataclass(frozen=True)
class LeaderProfile:
    """The numbers a roster or leader card prints for a leader (RULES.md 1.4)."""

    points: float
    #: Inches on foot or mounted.
    move: int
    command_range: int
    #: Wounds he can take, order tokens he claims and extra melee hits he adds: each equals
    #: his command class.
    wounds: int
    order_tokens: int
    melee_hits: int


def leader_profile(army: Army, leader: Leader) -> LeaderProfile:
    """Everything a roster prints for ``leader`` of ``army``."""
    cls = leader.command_class
    return LeaderProfile(
        points=leader_points(army, leader),
        move=cat.LEADER_MOVE[leader.mounted],
        command_range=cat.COMMAND_RANGE,
        wounds=cls,
        order_tokens=cls,
        melee_hits=cls,
    )


__all__ = ["Profile", "LeaderProfile", "ShootingLine", "SaveLine", "profile", "leader_profile",
           "kill_table", "expected_kills", "dice", "companies", "per_figure_text"]
