"""The Mustering draw (docs/rules/billhooks.md#mustering): a collection, an agreed total and a
seeded rng -> armies.

Pure: no I/O and no printing; every random choice comes from the ``random.Random`` passed in, in
a fixed order (core picks, then the shuffle, then the cut), so a seed always gives the same draw.

How the draw reads the rules (the decisions of docs/rules/billhooks.md#mustering, and the cases
they leave open):

* **The core.** Archer and billmen company cards are taken first, chosen at random among the
  cards of each kind, until the core makes at least half the agreed troop total. The kinds take
  turns by companies, not by cards: the next pick is the kind with fewer companies in the core so
  far (archers on a tie), so single companies alternate A, B, A, B, A as in the rulebook's example,
  and a line of archers (two companies) is answered by two billmen companies. When one kind runs
  out the other goes on alone ("as close to it as you can get"). A combined block of archers
  and billmen is a core card (one company of each); a combined block with pikemen or
  men-at-arms behind is not (it is dealt with the rest; its archers still count for the check).
  The core is measured exactly as ``check`` measures it (``core_points``).
* **Shuffle and cut.** Every other card (including unused archers and billmen) is shuffled, then
  cut at a random point 1..n-1 (a real cut leaves cards in both halves): the top ``cut`` cards go
  to the bottom.
* **The deal.** One card at a time until the troop points equal or exceed the agreed total;
  the first card that reaches it ends the deal. The deal is literal: every card counts, whatever
  it is, so a mustered army's skirmishers over one fifth are advice, not an error. Only with
  ``keep_proportions`` (a house rule) is a skirmish band that would take the skirmishers over
  one fifth of the agreed total set aside (kept in the record) and the deal goes on.
* **Not English.** A collection marked ``english = false`` is dealt without a core: every card
  goes into the shuffled deck, and the armies are marked not English.
* **Club draft (several sides).** Cores are picked first, the sides taking turns pick by pick
  from the shared cards; then one shuffled, cut deck is dealt a card at a time to each side in
  turn among those still under the total. A set-aside card leaves the deal, and the side whose
  turn it was takes the next card. No card is ever used twice.
* **Troop types.** Every Billhooks troop type may serve in an English army; only the proportions
  are restricted, and the core keeps the half rule. Cards with options the rules forbid never get
  here: :mod:`builder.collection` refuses them.
* **Leaders.** ``leaders`` wards: the first leader is the C-in-C (free), the others cost 5 each
  (from the ruleset). Units are shared among the wards as evenly as possible by count, in draw
  order (the core first, so the C-in-C's ward holds the archers and billmen at the heart of the
  line), earlier wards taking the extra unit. Leaders get placeholder names to edit. A draw that
  dealt fewer units than leaders cannot fill every ward and is a :class:`MusterError`.

The armies carry a ``muster`` table (agreed troops, seed) instead of ``points``, so ``check``
measures the English proportions against the agreed total, as the draw does.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from builder.core.base import number
from builder.core.mustering import DrawError
from builder.core.schema import NAME_MAX

from . import rules as cat
from .checks import core_points
from .collection import Card, Collection
from .model import Army, Leader, Muster, Unit, Ward
from .points import total_leader_points, troop_points

#: The one ruleset the Mustering rules belong to.
RULESET = "billhooks"
SIDE_NAMES = {side.key: side.name for side in cat.SIDES.fixed}
SIDE_ADJECTIVES = {side.key: side.adjective for side in cat.SIDES.fixed}
C_IN_C_RANK = "Lord"
LEADER_RANK = "Captain"


class MusterError(DrawError):
    """The draw cannot be completed (exit 1): the message says what was short.

    ``reason`` is one of ``core-short`` (not enough archer and billmen companies for the core),
    ``deck-short`` (the deck ran out before the total), ``too-few-units`` (fewer units than
    leaders) or ``ruleset`` (a collection for a ruleset without a Mustering rule).
    """

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class Step:
    """A card taken, with the running total after it: core points for a core card, troop
    points for a dealt card."""

    card: Card
    total: float


@dataclass(frozen=True)
class Event:
    """One line of the draw, in the order it happened.

    ``core``: a core pick (``total`` = the side's core points so far); ``deal``: a card dealt
    (``total`` = the side's troop points so far); ``set-aside``: a skirmish card passed over
    with ``keep_proportions`` (``total`` = what the side's skirmishers would have made with it).
    """

    kind: Literal["core", "deal", "set-aside"]
    side: str
    card: Card
    total: float


@dataclass
class ArmyDraw:
    """One side's share of the draw and the army it makes."""

    side: str
    army: Army
    core: list[Step]
    #: Where the deck was cut: this many cards went from the top to the bottom.
    cut: int
    #: Cards in the shuffled deck (all sides deal from one deck).
    deck_size: int
    dealt: list[Step]
    set_aside: list[Card]
    core_points: float
    troop_points: float
    leader_points: float

    @property
    def total_points(self) -> float:
        return self.troop_points + self.leader_points

    def as_dict(self) -> dict[str, Any]:
        """This army's part of the ``muster --json`` object (docs/contracts.md#muster-json)."""
        return {
            "side": self.side,
            "name": self.army.name,
            "troop_points": number(self.troop_points),
            "leader_points": number(self.leader_points),
            "total_points": number(self.total_points),
            "core_points": number(self.core_points),
            "core": [card_dict(s.card, total=s.total) for s in self.core],
            "cut": self.cut,
            "deck_size": self.deck_size,
            "dealt": [card_dict(s.card, total=s.total) for s in self.dealt],
            "set_aside": [card_dict(c) for c in self.set_aside],
        }


@dataclass
class Draw:
    """A whole Mustering draw: the seed, the agreed total, one :class:`ArmyDraw` per side and
    every event in order (for the transcript)."""

    seed: int | None
    target: int
    leaders: int
    collection: str
    cut: int
    deck_size: int
    armies: list[ArmyDraw]
    events: list[Event] = field(default_factory=list)
    #: The house rule that sets aside skirmish cards over one fifth (``--keep-proportions``).
    keep_proportions: bool = False
    #: False for a collection marked not English: dealt without a core.
    english: bool = True

    def army(self, side: str) -> ArmyDraw:
        """The draw for ``side``; KeyError if that side was not mustered."""
        for a in self.armies:
            if a.side == side:
                return a
        raise KeyError(side)

    def as_dict(self) -> dict[str, Any]:
        """The ``muster --json`` object: ``{seed, target, armies: [...]}``
        (docs/contracts.md#muster-json)."""
        return {
            "seed": self.seed,
            "target": self.target,
            "leaders": self.leaders,
            "collection": self.collection,
            "english": self.english,
            "keep_proportions": self.keep_proportions,
            "armies": [a.as_dict() for a in self.armies],
        }

    def to_json(self) -> str:
        return json.dumps(self.as_dict(), indent=2, ensure_ascii=False)

    def transcript(self) -> list[str]:
        """The draw as a player would narrate it, one line per step (plain text)."""
        return transcript(self)


def card_dict(card: Card, **extra: float) -> dict[str, Any]:
    """A card for JSON: ``id``, ``troop``, its options as written, ``title``, ``points``."""
    out: dict[str, Any] = {"id": card.id, "troop": card.troop}
    for key, value in card.options.items():
        out[key] = dict(value) if isinstance(value, dict) else value
    out["title"] = card.title
    out["points"] = number(card.points)
    if card.photo is not None:
        out["photo"] = card.photo
    out.update({k: number(v) for k, v in extra.items()})
    return out


# --- The draw ---------------------------------------------------------------------------------


def _core_companies(card: Card) -> dict[str, int] | None:
    """Archer and billmen companies a core card brings, or None if it is not a core card."""
    if card.troop not in cat.CORE_TROOPS:
        return None
    formation = card.options.get("formation", "single")
    if formation == "combined":
        rear = card.options.get("rear") or {}
        if rear.get("troop") not in cat.CORE_TROOPS:
            return None
        counts = {kind: 0 for kind in cat.CORE_TROOPS}
        counts[card.troop] += 1
        counts[rear["troop"]] += 1
        return counts
    return {
        kind: (cat.FORMATION_COMPANIES[formation] if kind == card.troop else 0)
        for kind in cat.CORE_TROOPS
    }


@dataclass
class _Side:
    """A side's running state during the draw."""

    side: str
    core: list[Step] = field(default_factory=list)
    dealt: list[Step] = field(default_factory=list)
    set_aside: list[Card] = field(default_factory=list)
    companies: dict[str, int] = field(default_factory=lambda: dict.fromkeys(cat.CORE_TROOPS, 0))
    core_points: float = 0.0
    troop_points: float = 0.0
    skirmish_points: float = 0.0


def muster(
    collection: Collection,
    troops: int,
    leaders: int,
    sides: Sequence[str],
    rng: random.Random,
    seed: int | None = None,
    *,
    keep_proportions: bool = False,
) -> Draw:
    """Deal ``sides`` armies of ``troops`` agreed troop points with ``leaders`` leaders each.

    ``rng`` is a seeded ``random.Random`` (only ``randrange`` and ``shuffle`` are used); ``seed`` is
    recorded in the draw and the armies' ``muster`` tables. ``keep_proportions`` sets aside
    skirmish cards over one fifth of the total (a house rule; the rules deal every card).
    Raises :class:`MusterError` when the draw cannot be completed, ValueError for arguments no
    caller should pass.
    """
    if collection.ruleset != RULESET:
        raise MusterError(
            f"the Mustering draw belongs to Never Mind the Billhooks; this "
            f"collection is for {collection.ruleset!r}",
            "ruleset",
        )
    if troops < 1:
        raise ValueError(f"troops must be 1 or more, got {troops}")
    if leaders < 1:
        raise ValueError(f"an army needs at least one leader (the C-in-C), got {leaders}")
    keys = tuple(side.key for side in cat.SIDES.fixed)
    if not sides or len(set(sides)) != len(sides) or any(s not in keys for s in sides):
        raise ValueError(f"sides must be distinct values of {keys}, got {sides!r}")

    states = {side: _Side(side) for side in sides}
    events: list[Event] = []
    used = (
        _pick_cores(collection, troops, sides, states, rng, events) if collection.english else set()
    )

    deck = [card for card in collection.cards if card.id not in used]
    rng.shuffle(deck)
    cut = rng.randrange(1, len(deck)) if len(deck) >= 2 else 0
    deck = deck[cut:] + deck[:cut]
    _deal(deck, troops, sides, states, events, keep_proportions)

    armies = [
        _army(collection, states[side], troops, leaders, seed, cut, len(deck)) for side in sides
    ]
    return Draw(
        seed,
        troops,
        leaders,
        collection.name,
        cut,
        len(deck),
        armies,
        events,
        keep_proportions,
        collection.english,
    )


def _pick_cores(
    collection: Collection,
    troops: int,
    sides: Sequence[str],
    states: dict[str, _Side],
    rng: random.Random,
    events: list[Event],
) -> set[str]:
    """Take each side's core, the sides picking in turn; the ids of the cards taken."""
    half = troops * cat.CORE_SHARE
    pools: dict[str, list[tuple[Card, dict[str, int], float]]] = {k: [] for k in cat.CORE_TROOPS}
    # The copies of one [[cards]] table share one options mapping: work each out once.
    alike: dict[tuple[str, int], tuple[dict[str, int], float] | None] = {}
    for card in collection.cards:
        key = (card.troop, id(card.options))
        if key not in alike:
            counts = _core_companies(card)
            alike[key] = None if counts is None else (counts, core_points(card.unit()))
        known = alike[key]
        if known is not None:
            pools[card.troop].append((card, known[0], known[1]))
    available = sum(p for pool in pools.values() for _, _, p in pool)
    used: set[str] = set()
    active = [s for s in sides if half > 0]
    turn = 0
    while active:
        state = states[active[turn]]
        # The kind with fewer companies so far; archers first on a tie (the rulebook's example).
        order = sorted(
            cat.CORE_TROOPS, key=lambda k: (state.companies[k], cat.CORE_TROOPS.index(k))
        )
        kind = next((k for k in order if pools[k]), None)
        if kind is None:
            raise MusterError(_core_short(sides, states, half, available), "core-short")
        card, counts, points = pools[kind].pop(rng.randrange(len(pools[kind])))
        used.add(card.id)
        for k, n in counts.items():
            state.companies[k] += n
        state.core_points += points
        state.troop_points += card.points
        state.core.append(Step(card, state.core_points))
        events.append(Event("core", state.side, card, state.core_points))
        if state.core_points >= half:
            active.remove(state.side)
            turn = turn % len(active) if active else 0
        else:
            turn = (turn + 1) % len(active)
    return used


def _core_short(
    sides: Sequence[str], states: dict[str, _Side], half: float, available: float
) -> str:
    need = f"{number(half)} points of archer and billmen companies"
    if len(sides) == 1:
        return f"the core needs {need}; the collection has {number(available)}"
    short = [s for s in sides if states[s].core_points < half]
    taken = ", ".join(f"{SIDE_NAMES.get(s, s)} {number(states[s].core_points)}" for s in sides)
    return (
        f"each core needs {need} ({number(half * len(sides))} for {len(sides)} sides); "
        f"the collection has {number(available)} in all, and the picks ran out with "
        f"{taken}: {', '.join(SIDE_NAMES.get(s, s) for s in short)} short"
    )


def _deal(
    deck: list[Card],
    troops: int,
    sides: Sequence[str],
    states: dict[str, _Side],
    events: list[Event],
    keep_proportions: bool,
) -> None:
    """Deal ``deck`` in turn to each side under ``troops``; with ``keep_proportions``, set
    aside skirmish cards that would break the one-fifth limit."""
    fifth = troops * cat.SKIRMISH_SHARE
    active = [s for s in sides if states[s].troop_points < troops]
    turn = 0
    for card in deck:
        if not active:
            break
        state = states[active[turn]]
        if keep_proportions and cat.TROOPS[card.troop].is_skirmish:
            would = state.skirmish_points + card.points
            if would > fifth:
                state.set_aside.append(card)
                events.append(Event("set-aside", state.side, card, would))
                continue
            state.skirmish_points = would
        state.troop_points += card.points
        state.dealt.append(Step(card, state.troop_points))
        events.append(Event("deal", state.side, card, state.troop_points))
        if state.troop_points >= troops:
            active.remove(state.side)
            turn = turn % len(active) if active else 0
        else:
            turn = (turn + 1) % len(active)
    if active:
        reached = ", ".join(
            f"{SIDE_NAMES.get(s, s)} {number(states[s].troop_points)}" for s in active
        )
        aside = sum(len(states[s].set_aside) for s in sides)
        why = (
            f" ({aside} skirmish card{'s' if aside != 1 else ''} set aside to keep "
            f"skirmishers within one fifth)"
            if aside
            else ""
        )
        raise MusterError(
            f"the deck ran out before the troops made {troops} points: reached "
            f"{reached}{why}; the collection is too small for this total",
            "deck-short",
        )


def _army(
    collection: Collection,
    state: _Side,
    troops: int,
    leaders: int,
    seed: int | None,
    cut: int,
    deck_size: int,
) -> ArmyDraw:
    units = [s.card.unit() for s in state.core] + [s.card.unit() for s in state.dealt]
    side_name = SIDE_NAMES.get(state.side, state.side)
    if len(units) < leaders:
        raise MusterError(
            f"{leaders} leaders need a unit each, but {side_name}'s draw dealt "
            f"{len(units)} unit{'s' if len(units) != 1 else ''}: ask for "
            f"--leaders {len(units)} or fewer",
            "too-few-units",
        )
    adjective = SIDE_ADJECTIVES.get(state.side, side_name)
    name = f"{adjective} army mustered from {collection.name}"
    if len(name) > NAME_MAX:
        name = f"{adjective} army (mustered)"
    army = Army(
        ruleset=collection.ruleset,
        name=name,
        side=state.side,
        english=collection.english,
        muster=Muster(troops, seed),
        wards=_wards(units, leaders, adjective),
    )
    return ArmyDraw(
        state.side,
        army,
        state.core,
        cut,
        deck_size,
        state.dealt,
        state.set_aside,
        state.core_points,
        troop_points(army),
        total_leader_points(army),
    )


def _wards(units: list[Unit], leaders: int, adjective: str) -> list[Ward]:
    """``leaders`` wards sharing ``units`` in order, sizes differing by at most one."""
    size, extra = divmod(len(units), leaders)
    wards: list[Ward] = []
    start = 0
    for i in range(leaders):
        end = start + size + (1 if i < extra else 0)
        if i == 0:
            leader = Leader(f"{adjective} C-in-C", C_IN_C_RANK, c_in_c=True)
        else:
            leader = Leader(f"{adjective} captain {i}", LEADER_RANK)
        wards.append(Ward(leader, units[start:end]))
        start = end
    return wards


# --- The transcript ---------------------------------------------------------------------------


def transcript(draw: Draw) -> list[str]:
    """The draw narrated step by step: the core, the shuffle and cut, each card dealt with its
    points and running total, every set-aside, and where each side stopped."""
    many = len(draw.armies) > 1
    half, fifth = draw.target * cat.CORE_SHARE, draw.target * cat.SKIRMISH_SHARE
    sides = " and ".join(SIDE_NAMES.get(a.side, a.side) for a in draw.armies)
    seed = f", seed {draw.seed}" if draw.seed is not None else ""
    lines = [
        f"Mustering {sides} from {draw.collection}: {draw.target} troop points agreed, "
        f"{draw.leaders} leader{'s' if draw.leaders != 1 else ''}{seed}.",
        f"Core: archer and billmen companies at random, in turn, until they make "
        f"{number(half)}" + (" for each side" if many else "") + "."
        if draw.english
        else "Not an English army: no core; every card goes into the deck.",
    ]
    if draw.keep_proportions:
        lines.append(
            f"Keeping the proportions (house rule): a skirmish card that would take "
            f"skirmishers over one fifth ({number(fifth)}) is set aside."
        )
    width = max((len(e.card.title) for e in draw.events), default=0) + 8

    def who(side: str) -> str:
        return f"{SIDE_NAMES.get(side, side):<9} " if many else ""

    def card(c: Card) -> str:
        return f"{c.title} [{c.id}]".ljust(width)

    dealing = False
    for e in draw.events:
        if e.kind != "core" and not dealing:
            dealing = True
            lines += _cut_lines(draw, many)
        pts = f"{number(e.card.points):>3}"
        if e.kind == "core":
            lines.append(f"  {who(e.side)}{card(e.card)} {pts}   core {number(e.total)}")
        elif e.kind == "deal":
            done = "  reaches the total" if e.total >= draw.target else ""
            lines.append(f"  {who(e.side)}{card(e.card)} {pts}   total {number(e.total)}{done}")
        else:
            lines.append(
                f"  {who(e.side)}{card(e.card)} {pts}   set aside: skirmishers would "
                f"make {number(e.total)}, over one fifth of {draw.target} "
                f"({number(fifth)})"
            )
    if not dealing:
        lines += _cut_lines(draw, many)
        lines.append("  no cards needed: the core alone reaches the total")
    for a in draw.armies:
        over = a.troop_points - draw.target
        core = f", core {number(a.core_points)}" if draw.english else ""
        lines.append(
            f"{SIDE_NAMES.get(a.side, a.side)}: {number(a.troop_points)} troop points for "
            f"{draw.target} agreed"
            + (f" (+{number(over)})" if over else "")
            + f"{core}, leaders {number(a.leader_points)}, total {number(a.total_points)}."
        )
    return lines


def _cut_lines(draw: Draw, many: bool) -> list[str]:
    n = draw.deck_size
    if n == 0:
        cut = "No cards are left to shuffle."
    elif draw.cut == 0:
        cut = "Shuffled the other card: there is nothing to cut."
    else:
        cut = (
            f"Shuffled the other {n} cards and cut the deck: the top {draw.cut} went to "
            f"the bottom, so card {draw.cut + 1} of {n} is on top."
        )
    deal = (
        "Dealing one card at a time, in turn to each side still under the total:"
        if many
        else "Dealing one card at a time until the troops equal or exceed the total:"
    )
    return [cut, deal]
