"""The numbers a player looks up for a unit: moves, shooting, melee dice, saves, specials.

Rosters, unit cards and the TUI show these; none of them works a rule out for itself.
Decisions where the source is silent are noted beside the code that makes them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from builder.systems.billhooks.model import Army, Leader, Unit

from . import rules as cat
from .points import companies, figures, leader_points, quality_of, unit_points, unit_title


def dice(count: float) -> int:
    """A dice total: halves round up (docs/rules/billhooks.md#game-facts)."""
    return math.ceil(count - 1e-9)


@dataclass(frozen=True)
class ShootingLine:
    """One range a unit shoots at: its reach, score to hit and dice."""

    name: str
    range_text: str
    hit_on: int
    dice: int
    #: Dice when a band or gun shoots at a band or gun (halved, docs/rules/billhooks.md#game-facts),
    #: else None.
    dice_at_skirmishers: int | None = None


@dataclass(frozen=True)
class SaveLine:
    """Saves for one part of a unit (a combined block has two)."""

    who: str
    armour: str
    shooting: int
    melee: int
    #: The save against crossbows and handguns when they pierce this armour, else None.
    pierced: int | None = None


@dataclass(frozen=True)
class MeleeRounds:
    """A unit's melee dice round by round with one company in front
    (docs/rules/billhooks.md#at-the-table): round 1 (a block's third rank included; a pike
    block attacks with four ranks, defends with three), round 2 (two ranks) and round 3 on,
    after the Disarray both sides take at the end of round 2 (the front rank only)."""

    #: Who stands in front of a combined block ("Billmen"); "" for any other unit.
    front: str
    first: int
    defending: int
    second: int
    third: int
    #: The troop whose saves the block rolls with this front, where it differs from the
    #: unit's own ("" for none).
    saves_as: str = ""

    @property
    def one_rank(self) -> bool:
        """Every round alike: a band, squadron or gun fights with its one rank."""
        return self.first == self.defending == self.second == self.third


@dataclass(frozen=True)
class Profile:
    """Every number a player looks up for a unit, worked out from its troop and options."""

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
    #: First-round dice when attacked: fewer than attacking for a pike block.
    melee_defending: int
    #: Round by round, a row a front: a combined block has two (its rear company in front,
    #: then its archers in front).
    melee_rounds: tuple[MeleeRounds, ...]
    saves: tuple[SaveLine, ...]
    can_attack: bool
    #: Crossbows and handguns: men-at-arms hit save one class lower.
    armour_piercing: bool
    #: Dice for a morale crisis test, e.g. "2D6".
    morale_dice: str
    #: Daunted tokens to print: two for a block, which splits in two when daunted.
    daunted_tokens: int
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
    if troop.is_company and quality == "levy" and troop.levy_armour:
        return troop.levy_armour
    return troop.armour


def _step(armour_key: str, steps: int) -> str:
    """The foot armour class ``steps`` up (cover) or down (pierced) the ladder."""
    ladder = cat.COVER_LADDER
    i = min(max(ladder.index(armour_key) + steps, 0), len(ladder) - 1)
    return ladder[i]


def _save_line(who: str, troop_key: str, quality: str, cover: bool = False) -> SaveLine:
    key = _armour_key(troop_key, quality)
    armour = cat.ARMOUR[key]
    shooting = cat.ARMOUR[_step(key, 1)].save_shooting if cover else armour.save_shooting
    pierced = cat.ARMOUR[_step(key, -1)].save_shooting if key in cat.PIERCED_ARMOUR else None
    return SaveLine(who, armour.name, shooting, armour.save_melee, pierced)


def _rear(unit: Unit) -> cat.Troop | None:
    """The company behind the archers of a combined block; None for any other unit."""
    if unit.formation == "combined" and unit.rear is not None and unit.rear.troop in cat.TROOPS:
        return cat.TROOPS[unit.rear.troop]
    return None


def _pavised(unit: Unit) -> bool:
    return unit.pavises and unit.troop in cat.PAVISE_TROOPS


def _pierces(unit: Unit) -> bool:
    troop = cat.TROOPS[unit.troop]
    return troop.armour_piercing or (troop.kind == cat.SQUADRON and unit.arms in cat.PIERCING_ARMS)


def _shoots_as_skirmisher(unit: Unit) -> bool:
    """Bands and guns (and light horse shooting dismounted) halve their dice at each other."""
    troop = cat.TROOPS[unit.troop]
    return troop.kind in (cat.BAND, cat.SECTION) or (troop.kind == cat.SQUADRON and bool(unit.arms))


def _shooters(unit: Unit) -> int:
    """Figures that shoot: the first two ranks; artillerymen count double."""
    troop = cat.TROOPS[unit.troop]
    if troop.kind == cat.SQUADRON:
        # Light horse armed with bows or crossbows shoot dismounted as skirmishers, two of
        # the eight holding the horses (the rulebook's "Special Action").
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


def _melee(unit: Unit) -> tuple[int, int, int]:
    """Dice in the first round attacking, in the first round defending, and in later rounds
    (docs/rules/billhooks.md#game-facts).

    Companies count two ranks; blocks add the third rank in the first round; a pike block
    counts four ranks attacking, three defending. Cavalry and skirmishers count their front
    rank: a squadron is one rank of eight (knights) or a loose line of eight (light horse,
    decision), a band all six.
    Decision: a combined block is counted as it fights once the archers have swapped to the
    rear (they do when they evade: the rulebook's "Evade"): the rear company fights and the archers
    add a supporting third rank in the first round.
    """
    troop = cat.TROOPS[unit.troop]
    if not troop.is_company:
        n = dice(cat.KIND_FIGURES[troop.kind] * troop.melee_dice)
        return n, n, n
    rear = _rear(unit)
    if rear is not None:
        later = 12 * rear.melee_dice
        first = dice(later + 6 * troop.melee_dice)
        return first, first, dice(later)
    per = troop.melee_dice
    if unit.formation == "line":
        n = dice(24 * per)
        return n, n, n
    if unit.formation == "block":
        attacking = 4 if unit.troop == "pikemen" else 3
        return dice(6 * attacking * per), dice(18 * per), dice(12 * per)
    n = dice(12 * per)
    return n, n, n


def _melee_rounds(unit: Unit) -> tuple[MeleeRounds, ...]:
    """The first-round dice of :func:`_melee`, then round 2 and round 3 on: from round 3 a
    company counts its front rank only (6 figures, 12 for a line), so a combined block's
    archers standing in front fight with their two ranks plus the billmen's first rank as
    the third in round 1, then their own ranks (docs/rules/billhooks.md#at-the-table)."""
    troop = cat.TROOPS[unit.troop]
    first, defending, later = _melee(unit)
    if not troop.is_company:
        return (MeleeRounds("", first, defending, later, later),)
    rank = cat.KIND_FIGURES[cat.COMPANY] // 2
    rear = _rear(unit)
    if rear is not None:
        archers = troop.melee_dice
        return (
            MeleeRounds(rear.name, first, defending, later, dice(rank * rear.melee_dice)),
            MeleeRounds(
                troop.name,
                dice(2 * rank * archers + rank * rear.melee_dice),
                dice(2 * rank * archers + rank * rear.melee_dice),
                dice(2 * rank * archers),
                dice(rank * archers),
                saves_as=troop.name,
            ),
        )
    front = rank * cat.FORMATION_FRONTAGE.get(unit.formation, 1)
    return (MeleeRounds("", first, defending, later, dice(front * troop.melee_dice)),)


def reaction_text(troop_key: str, quality: str | None = None) -> str:
    """What a unit of ``troop_key`` does when attacked; with no ``quality``, the rule for
    every quality (the crib sheet's wording)."""
    reaction = cat.TROOPS[troop_key].reaction
    parts = [reaction.text]
    if reaction.levy and quality in (None, "levy"):
        parts.append(reaction.levy)
    parts += [words for who, words in reaction.choice if who == quality]
    return "; ".join(parts)


def daunted_tokens(unit: Unit) -> int:
    """Daunted tokens a unit can need: two companies one behind the other (a block or a
    combined block) split into two units when daunted, each with its token
    (docs/rules/billhooks.md#cards-and-tokens)."""
    two_deep = companies(unit) == 2 and cat.FORMATION_FRONTAGE.get(unit.formation, 1) == 1
    return 2 * cat.DAUNTED_MAX if two_deep else cat.DAUNTED_MAX


def _specials(unit: Unit) -> tuple[str, ...]:
    """The unit's rules in words. Numbers that follow from a rule (half dice at bands and
    guns, saves against crossbows, cover from pavises) are fields of the profile instead."""
    troop = cat.TROOPS[unit.troop]
    quality = quality_of(unit)
    notes = list(troop.specials)
    notes.append("Attacked: " + reaction_text(unit.troop, quality))
    if _rear(unit) is not None:
        notes.append("Combined block: " + cat.COMBINED_REACTION)
    if _pierces(unit):
        notes.append(cat.ARMOUR_PIERCING)
    if troop.is_company and quality == "veteran":
        notes.append("Veteran: re-roll 1s in melee and morale tests")
    if troop.is_company and quality == "levy":
        notes.append("Levy: attacks only with a leader; re-roll 6s in morale tests")
    if unit.stakes:
        notes.append("Stakes: attackers crossing them get no re-rolls")
    if _pavised(unit):
        notes.append(
            f'Pavises: cover against shooting, counted in the saves; moves {cat.PAVISE_MOVE}"'
        )
    if unit.defences:
        notes.append("Field defences protect the unit's frontage")
    if unit.arms:
        notes.append(
            f"{unit.arms.capitalize()}: dismount to shoot as skirmishers"
            " (special action; two hold the horses)"
        )
    if not troop.can_attack:
        notes.append("Cannot attack")
    return tuple(notes)


def profile(unit: Unit) -> Profile:
    """Everything a roster or unit card prints for ``unit``."""
    troop = cat.TROOPS[unit.troop]
    quality = quality_of(unit)
    move_good, move_bad = troop.move_good, troop.move_bad
    pavised = _pavised(unit)
    if pavised:
        move_good = move_bad = cat.PAVISE_MOVE
    shooters = _shooters(unit)
    halved = dice(shooters / 2) if _shoots_as_skirmisher(unit) else None
    shooting = (
        tuple(ShootingLine(r.name, r.text, r.hit_on, shooters, halved) for r in _ranges(unit))
        if shooters
        else ()
    )
    shots = troop.shots_per_turn if troop.kind != cat.SQUADRON else (1 if unit.arms else 0)
    arrows = cat.ARROW_SUPPLY if unit.troop == "archers" else None
    first, defending, later = _melee(unit)
    rear = _rear(unit)
    if rear is not None and unit.rear is not None:
        saves: tuple[SaveLine, ...] = (
            _save_line(troop.name, unit.troop, quality),
            _save_line(rear.name, rear.key, unit.rear.quality or cat.DEFAULT_QUALITY),
        )
        per_figure = (
            f"{troop.name} {per_figure_text(troop.melee_dice)}, "
            f"{rear.name} {per_figure_text(rear.melee_dice)}"
        )
    else:
        saves = (_save_line(troop.name, unit.troop, quality, cover=pavised),)
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
        melee_defending=defending,
        melee_rounds=_melee_rounds(unit),
        saves=saves,
        can_attack=troop.can_attack,
        armour_piercing=_pierces(unit),
        morale_dice=cat.MORALE_DICE[troop.kind],
        daunted_tokens=daunted_tokens(unit),
        specials=_specials(unit),
    )


def hit_chance(hit_on: int) -> float:
    return (7 - hit_on) / 6


def expected_kills(dice_count: int, hit_on: int, save_on: int) -> float:
    """Kills expected from ``dice_count`` dice hitting on ``hit_on``+ against a target that saves
    on ``save_on``+, before re-rolls and leaders' extra hits."""
    return dice_count * hit_chance(hit_on) * (1 - hit_chance(save_on))


#: First-round melee hits on 4-6 (docs/rules/billhooks.md#game-facts).
MELEE_FIRST_HIT = 4
MELEE_LATER_HIT = 5


#: Armour classes that bands and guns wear: the targets their halved shooting applies to.
SKIRMISH_ARMOUR = tuple(
    k
    for k in cat.ARMOUR
    if any(t.armour == k and t.kind in (cat.BAND, cat.SECTION) for t in cat.TROOPS.values())
)


def kill_table(unit: Unit) -> dict[str, dict[str, float]]:
    """Expected kills per action against each armour class, in the open.

    Keys are "shoot <range>" for each range, "shoot <range> at skirmishers" for a band or gun
    (half dice, only against the classes bands and guns wear), "melee" for a first round of
    melee and "melee defending" where a unit defends with fewer dice (a pike block); values
    map an armour key to kills. Crossbows and handguns pierce men-at-arms' armour. Artillery
    hits kill outright, so no save is rolled against them.
    """
    prof = profile(unit)
    table: dict[str, dict[str, float]] = {}
    outright = unit.troop == "artillery"

    def shot_save(key: str) -> int:
        if outright:
            return 7
        if prof.armour_piercing and key in cat.PIERCED_ARMOUR:
            return cat.ARMOUR[_step(key, -1)].save_shooting
        return cat.ARMOUR[key].save_shooting

    for line in prof.shooting:
        table[f"shoot {line.name}"] = {
            key: expected_kills(line.dice, line.hit_on, shot_save(key)) for key in cat.ARMOUR
        }
        if line.dice_at_skirmishers is not None:
            table[f"shoot {line.name} at skirmishers"] = {
                key: expected_kills(line.dice_at_skirmishers, line.hit_on, shot_save(key))
                for key in SKIRMISH_ARMOUR
            }
    if prof.can_attack or prof.melee_first_round:
        table["melee"] = {
            key: expected_kills(prof.melee_first_round, MELEE_FIRST_HIT, armour.save_melee)
            for key, armour in cat.ARMOUR.items()
        }
        if prof.melee_defending != prof.melee_first_round:
            table["melee defending"] = {
                key: expected_kills(prof.melee_defending, MELEE_FIRST_HIT, armour.save_melee)
                for key, armour in cat.ARMOUR.items()
            }
        for rounds in prof.melee_rounds[1:]:
            table[f"melee {rounds.front.lower()} in front"] = {
                key: expected_kills(rounds.first, MELEE_FIRST_HIT, armour.save_melee)
                for key, armour in cat.ARMOUR.items()
            }
    return table


@dataclass(frozen=True)
class LeaderProfile:
    """The numbers a roster or leader card prints for a leader (docs/rules/billhooks.md#leaders)."""

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


__all__ = [
    "Profile",
    "MeleeRounds",
    "LeaderProfile",
    "ShootingLine",
    "SaveLine",
    "profile",
    "leader_profile",
    "kill_table",
    "expected_kills",
    "dice",
    "companies",
    "per_figure_text",
    "reaction_text",
    "daunted_tokens",
]
