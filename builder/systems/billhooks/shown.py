"""Every number a Billhooks unit and leader shows, formatted once.

The profiles (:mod:`.profile`) work the numbers out; this module writes each as a player reads
it, and the record's facts (:mod:`.views`), the roster (:mod:`.documents`) and the cards
(:mod:`.printables`) print these strings: none of them formats a number of its own. A unit's
actions are rows (a kind of shot, a round of melee), so a new row (melee dice per round) is one
more :class:`Action` here and shows on the roster as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.core.base import Tracker

from . import rules as cat
from .model import Army, Leader, Unit
from .points import points_text
from .profile import (
    MELEE_FIRST_HIT,
    MeleeRounds,
    Profile,
    SaveLine,
    ShootingLine,
    kill_table,
    leader_profile,
    profile,
)

#: A dash where a table has no value.
NONE = "–"
#: Points as a player writes them: 12, 1.5; a dash for none.
points = points_text


def score(hit_on: int) -> str:
    """A dice score: "5+" (a 6 is "6+" too, as the cards and rulebooks write it)."""
    return f"{hit_on}+"


def inches(value: int) -> str:
    return f'{value}"'


def kills(value: float) -> str:
    """Expected kills to a tenth; a dash for fewer than one in twenty."""
    return NONE if value < 0.05 else f"{value:.1f}"


@dataclass(frozen=True)
class Shot:
    """One range a unit shoots at."""

    name: str
    reach: str
    dice: str
    hit: str
    #: Dice at bands or guns (halved), or "".
    at_skirmishers: str


@dataclass(frozen=True)
class Save:
    """The saves of one part of a unit (a combined block has two)."""

    who: str
    armour: str
    shooting: str
    melee: str
    #: The save against crossbows and handguns where they pierce this armour, or "".
    pierced: str


@dataclass(frozen=True)
class Action:
    """A row of the unit's action table: a kind of shot, or a round of melee, with its dice,
    the score to hit and the kills expected against each armour class ("" where the class is
    not a target)."""

    name: str
    reach: str
    dice: str
    hit: str
    kills: tuple[str, ...]


@dataclass(frozen=True)
class MeleeShown:
    """A unit's melee dice round by round, one front: "15 / 12 / 6", "6 dice, one rank"."""

    #: "Billmen in front" for a combined block, else "".
    front: str
    dice: str
    #: What the figures are: "rounds 1 / 2 / 3 on".
    rounds: str
    #: "save 5+": the melee save of the troop in front where it is not the block's usual
    #: front (archers in front of a combined block save as archers), else "".
    saves: str


def melee_shown(rounds: MeleeRounds, saves_of: tuple[SaveLine, ...]) -> MeleeShown:
    """One front's dice as printed (docs/rules/billhooks.md#at-the-table): three figures where
    the rounds differ, a pike block's defending dice among them, or one with "one rank"."""
    front = f"{rounds.front} in front" if rounds.front else ""
    melee_saves = {s.who: s.melee for s in saves_of}
    saves = f"save {score(melee_saves[rounds.saves_as])}" if rounds.saves_as else ""
    if rounds.one_rank:
        return MeleeShown(front, f"{rounds.first} dice, one rank", "every round", saves)
    if rounds.defending != rounds.first:
        return MeleeShown(
            front,
            f"{rounds.first} / {rounds.defending} / {rounds.second} / {rounds.third}",
            "round 1 attacking / defending, 2, 3 on",
            saves,
        )
    return MeleeShown(
        front,
        f"{rounds.first} / {rounds.second} / {rounds.third}",
        "rounds 1 / 2 / 3 on",
        saves,
    )


@dataclass(frozen=True)
class UnitShown:
    """A unit's numbers as printed."""

    title: str
    figures: str
    points: str
    #: Good going / bad going: '6" / 4"', '6" / no'.
    move: str
    morale: str
    shots: tuple[Shot, ...]
    shots_per_turn: int
    arrows: int
    #: Melee dice: the first round attacking and defending (the same but for a pike block),
    #: later rounds, and dice per figure in words.
    melee_first: str
    melee_defending: str
    melee_later: str
    melee_per_figure: str
    #: Round by round, a front each (a combined block has two).
    melee: tuple[MeleeShown, ...]
    saves: tuple[Save, ...]
    actions: tuple[Action, ...]
    specials: tuple[str, ...]
    trackers: tuple[Tracker, ...]


def ranks(count: int) -> tuple[int, ...]:
    """Boxes in ranks of six: a company stands two ranks deep (casualty boxes read off by
    rank, and a long row of tokens wraps between groups)."""
    rank = cat.KIND_FIGURES[cat.COMPANY] // 2
    return (rank,) * (count // rank) + ((count % rank,) if count % rank else ())


def _shot(line: ShootingLine) -> Shot:
    halved = "" if line.dice_at_skirmishers is None else str(line.dice_at_skirmishers)
    return Shot(line.name, line.range_text, str(line.dice), score(line.hit_on), halved)


def _later(rounds: MeleeRounds) -> str:
    """The roster's reach for a first round of melee: "then 12, 6" (round 2, round 3 on, at
    5+, as its legend says); nothing where every round rolls the same (one rank)."""
    return "" if rounds.one_rank else f"then {rounds.second}, {rounds.third}"


def _actions(unit: Unit, prof: Profile) -> tuple[Action, ...]:
    """The shots, then the first round of melee (attacking and defending where they differ),
    each with its expected kills."""
    table = kill_table(unit)

    def row(name: str, reach: str, dice: int, hit_on: int, key: str) -> Action:
        # A class missing from a row is not a target of that action: its cell stays empty.
        cells = tuple(kills(table[key][k]) if k in table[key] else "" for k in cat.ARMOUR)
        return Action(name, reach, str(dice), score(hit_on), cells)

    rows = []
    for i, line in enumerate(prof.shooting):
        name = "Shoot" if line.name == "range" else f"Shoot, {line.name}"
        reach = line.range_text
        if i == 0 and prof.shots_per_turn > 1:
            reach += f", {prof.shots_per_turn} a turn"
        rows.append(row(name, reach, line.dice, line.hit_on, f"shoot {line.name}"))
        if line.dice_at_skirmishers is not None:
            key = f"shoot {line.name} at skirmishers"
            at = f"{name} at bands or guns"
            rows.append(row(at, "half dice", line.dice_at_skirmishers, line.hit_on, key))
    first = prof.melee_first_round
    rounds = prof.melee_rounds
    if "melee" not in table:
        return tuple(rows)
    if len(rounds) > 1:
        for i, front in enumerate(rounds):
            key = "melee" if i == 0 else f"melee {front.front.lower()} in front"
            name = f"{front.front} in front"
            rows.append(row(name, _later(front), front.first, MELEE_FIRST_HIT, key))
    elif "melee defending" in table:
        later = _later(rounds[0])
        rows.append(row("Melee, attacking", later, first, MELEE_FIRST_HIT, "melee"))
        defending = prof.melee_defending
        rows.append(row("Melee, defending", later, defending, MELEE_FIRST_HIT, "melee defending"))
    else:
        name = "Melee, round 1" if prof.can_attack else "Melee, defending"
        if rounds[0].one_rank:
            name = "Melee, one rank" if prof.can_attack else "Melee, defending, one rank"
        rows.append(row(name, _later(rounds[0]), first, MELEE_FIRST_HIT, "melee"))
    return tuple(rows)


def unit_shown(unit: Unit) -> UnitShown:
    prof = profile(unit)
    saves = tuple(
        Save(
            s.who,
            s.armour,
            score(s.shooting),
            score(s.melee),
            "" if s.pierced is None else score(s.pierced),
        )
        for s in prof.saves
    )
    trackers = [
        Tracker("casualties", prof.figures, ranks(prof.figures)),
        Tracker("disarray", cat.DISARRAY_MAX),
        Tracker("daunted", prof.daunted_tokens),
    ]
    if prof.arrow_supply:
        trackers.append(Tracker("arrows", prof.arrow_supply))
    return UnitShown(
        title=prof.title,
        figures=str(prof.figures),
        points=points(prof.points),
        move=prof.move_text,
        morale=prof.morale_dice,
        shots=tuple(_shot(line) for line in prof.shooting),
        shots_per_turn=prof.shots_per_turn,
        arrows=prof.arrow_supply or 0,
        melee_first=str(prof.melee_first_round),
        melee_defending=str(prof.melee_defending),
        melee_later=str(prof.melee_later),
        melee_per_figure=prof.melee_per_figure,
        melee=tuple(melee_shown(r, prof.saves) for r in prof.melee_rounds),
        saves=saves,
        actions=_actions(unit, prof),
        specials=prof.specials,
        trackers=tuple(trackers),
    )


@dataclass(frozen=True)
class LeaderShown:
    """A leader's numbers as printed."""

    points: str
    #: "Captain (2)".
    command_class: str
    move: str
    command_range: str
    wounds: int
    order_tokens: int


def leader_shown(army: Army, leader: Leader) -> LeaderShown:
    lp = leader_profile(army, leader)
    return LeaderShown(
        points=points(lp.points),
        command_class=f"{leader.class_name} ({leader.command_class})",
        move=inches(lp.move),
        command_range=inches(lp.command_range),
        wounds=lp.wounds,
        order_tokens=lp.order_tokens,
    )
