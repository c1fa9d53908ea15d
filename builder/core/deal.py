"""The shared draw: armies dealt from a :class:`~builder.core.stock.Stock` to an agreed size,
in the spirit of the Mustering draw (a core that makes the army playable, then a shuffled,
cut deck dealt a card at a time). A system whose sources have no Mustering rule declares its
:class:`Rules` (what counts as core, how size is measured, how an army is made of the cards
and leaders) and gets the deal, the narration, the tables and the ``--json`` object from here.

Pure: every random choice comes from the ``random.Random`` passed in, in a fixed order (core
picks, the shuffle, the cut, the leader figures, then the system's leader rolls).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from builder.core.base import ArmyRecord, Grid, Sides, number
from builder.core.mustering import Deal, DealStep, DealtArmy, DrawError
from builder.core.plan import Need, Plan, PlanEntry, Question, plan
from builder.core.schema import Field, Table
from builder.core.stock import CARDS, Card, Entry, Stock, read_stock
from builder.core.validate import Ctx


@dataclass(frozen=True)
class CoreKind:
    """One need of the core: cards of ``kind`` until they make ``need(size)`` of them."""

    kind: str
    #: As the transcript names them ("archers", "horse").
    name: str
    need: Callable[[int], int]


@dataclass
class Dealt:
    """One side's share: what the system makes an army of."""

    side: str
    core: list[Card] = field(default_factory=list)
    dealt: list[Card] = field(default_factory=list)
    set_aside: list[Card] = field(default_factory=list)
    figures: list[Card] = field(default_factory=list)
    size: int = 0
    have: dict[str, int] = field(default_factory=dict)

    @property
    def cards(self) -> list[Card]:
        return self.core + self.dealt


@dataclass(frozen=True)
class Leaders:
    """What the system made of a side's leaders: the records (C-in-C first), and the lines
    narrating them (placeholders, defaults, every die)."""

    records: list[Any]
    lines: list[str]


@dataclass(frozen=True)
class Rules:
    """A system's shared draw."""

    #: The system's title, for messages.
    title: str
    #: The size's unit, plural ("figures").
    measure: str
    #: True: the deal stops at the size exactly (a card that would pass it is set aside);
    #: False: at the first card that equals or passes it.
    exact: bool
    core: tuple[CoreKind, ...]
    #: What a leader commands: "ward" or "battle" (each needs a unit), or "" (none).
    group: str
    #: Leaders a side gets when none are asked for, from its unit cards.
    default_leaders: Callable[[int], int]
    #: Why a leader figure cannot serve with these cards (None: he can).
    unfit: Callable[[Card, list[Card]], str | None]
    #: The leader records for a side: its figures, how many in all, its cards, the rng.
    leaders: Callable[[list[Card], int, list[Card], random.Random, Stock], Leaders]
    #: The army a side's cards and leaders make.
    army: Callable[[Stock, Dealt, list[Any], int, int | None], ArmyRecord]
    #: A table row naming each leader (title, role words).
    leader_row: Callable[[Any], tuple[str, str]]
    #: The system's sides, to name them (a fixed side's name; free text as written).
    sides: Sides = Sides()


def _s(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def deal(
    stock: Stock,
    rules: Rules,
    size: int,
    leaders: int | None,
    sides: Sequence[str],
    rng: random.Random,
    seed: int | None,
) -> Deal:
    """Deal ``sides`` armies of ``size`` from ``stock``; DrawError when it cannot."""
    if size < 1:
        raise ValueError(f"size must be 1 or more, got {size}")
    if not sides or len(set(sides)) != len(sides):
        raise ValueError(f"sides must be distinct, got {sides!r}")
    states = {s: Dealt(s, have=dict.fromkeys((k.kind for k in rules.core), 0)) for s in sides}
    events: list[tuple[Literal["core", "deal", "set-aside"], str, Card, int]] = []
    used = _cores(stock, rules, size, sides, states, rng, events)
    deck = [c for c in stock.cards if c.id not in used]
    rng.shuffle(deck)
    cut = rng.randrange(1, len(deck)) if len(deck) >= 2 else 0
    deck = deck[cut:] + deck[:cut]
    _deal(deck, rules, size, sides, states, events)
    counts = {s: leaders or rules.default_leaders(len(states[s].cards)) for s in sides}
    for s in sides:
        if rules.group and len(states[s].cards) < counts[s]:
            n = len(states[s].cards)
            raise DrawError(
                f"{counts[s]} leaders need a {rules.group} of units each, but "
                f"{rules.sides.name_of(s)}'s draw dealt "
                f"{_s(n, 'unit')}: ask for --leaders {n} or fewer"
            )
    _figures(stock, rules, sides, states, counts, rng)
    made = {
        s: rules.leaders(states[s].figures, counts[s], states[s].cards, rng, stock) for s in sides
    }
    armies = tuple(
        DealtArmy(s, rules.army(stock, states[s], made[s].records, size, seed), states[s].size, 0)
        for s in sides
    )
    steps = tuple(DealStep(k, s, f"{c.title} [{c.id}]", c.size, t) for k, s, c, t in events)
    opening = "" if rules.core else "no core: every card goes into the deck"
    lines = _transcript(stock, rules, size, counts, seed, states, events, made, cut, len(deck))
    return Deal(
        seed,
        size,
        opening,
        cut,
        len(deck),
        steps,
        armies,
        tuple(lines),
        tuple(_table(rules, size, states[a.side], made[a.side], a) for a in armies),
        _json(stock, rules, size, seed, counts, states, made, armies),
        stock.name,
    )


def _cores(
    stock: Stock,
    rules: Rules,
    size: int,
    sides: Sequence[str],
    states: dict[str, Dealt],
    rng: random.Random,
    events: list[tuple[Literal["core", "deal", "set-aside"], str, Card, int]],
) -> set[str]:
    """Each side's core, the sides picking in turn: the ids of the cards taken."""
    needs = {k.kind: k.need(size) for k in rules.core}
    pools = {k.kind: [c for c in stock.cards if k.kind in c.kinds] for k in rules.core}
    used: set[str] = set()

    def short(state: Dealt) -> list[str]:
        return [k.kind for k in rules.core if state.have[k.kind] < needs[k.kind]]

    active = [s for s in sides if short(states[s])]
    turn = 0
    while active:
        state = states[active[turn]]
        # The kind furthest from its need goes first (declared order on a tie).
        kind = max(short(state), key=lambda k: needs[k] - state.have[k])
        pool = [c for c in pools[kind] if c.id not in used]
        if not pool:
            raise DrawError(_core_short(rules, needs, kind, sides, states))
        card = pool[rng.randrange(len(pool))]
        used.add(card.id)
        for k in card.kinds & set(needs):
            state.have[k] += 1
        state.core.append(card)
        state.size += card.size
        events.append(("core", state.side, card, sum(c.size for c in state.core)))
        if not short(state):
            active.remove(state.side)
            turn = turn % len(active) if active else 0
        else:
            turn = (turn + 1) % len(active)
    if rules.exact:
        over = [s for s in sides if states[s].size > size]
        if over:
            raise DrawError(
                f"the core alone makes {states[over[0]].size} {rules.measure}, more than the "
                f"{size} agreed: ask for a larger --size"
            )
    return used


def _core_short(
    rules: Rules, needs: dict[str, int], kind: str, sides: Sequence[str], states: dict[str, Dealt]
) -> str:
    name = next(k.name for k in rules.core if k.kind == kind)
    want = needs[kind] * len(sides)
    each = f" ({needs[kind]} for each of {len(sides)} sides)" if len(sides) > 1 else ""
    got = sum(s.have[kind] for s in states.values())
    return (
        f"the core needs {want} {name}{each}; the collection has {got}: "
        f"{rules.title} cannot make a legal army of this size from it"
    )


def _deal(
    deck: list[Card],
    rules: Rules,
    size: int,
    sides: Sequence[str],
    states: dict[str, Dealt],
    events: list[tuple[Literal["core", "deal", "set-aside"], str, Card, int]],
) -> None:
    active = [s for s in sides if states[s].size < size]
    turn = 0
    for card in deck:
        if not active:
            break
        state = states[active[turn]]
        if rules.exact and state.size + card.size > size:
            state.set_aside.append(card)
            events.append(("set-aside", state.side, card, state.size + card.size))
            continue
        state.dealt.append(card)
        state.size += card.size
        events.append(("deal", state.side, card, state.size))
        if state.size >= size:
            active.remove(state.side)
            turn = turn % len(active) if active else 0
        else:
            turn = (turn + 1) % len(active)
    if active:
        reached = ", ".join(f"{rules.sides.name_of(s)} {states[s].size}" for s in active)
        raise DrawError(
            f"the deck ran out before the army made {size} {rules.measure}: reached "
            f"{reached}; the collection is too small for this size"
        )


def _figures(
    stock: Stock,
    rules: Rules,
    sides: Sequence[str],
    states: dict[str, Dealt],
    counts: dict[str, int],
    rng: random.Random,
) -> None:
    """The collection's leader figures, shuffled and dealt in turn to each side still short
    of leaders; a figure who cannot serve with a side's units is passed to the next."""
    figures = list(stock.leaders)
    rng.shuffle(figures)
    active = [s for s in sides if counts[s] > 0]
    for figure in figures:
        for _ in range(len(active)):
            state = states[active[0]]
            active.append(active.pop(0))
            if rules.unfit(figure, state.cards) is None:
                state.figures.append(figure)
                if len(state.figures) >= counts[state.side]:
                    active.remove(state.side)
                break
        if not active:
            break


def _transcript(
    stock: Stock,
    rules: Rules,
    size: int,
    counts: dict[str, int],
    seed: int | None,
    states: dict[str, Dealt],
    events: list[tuple[Literal["core", "deal", "set-aside"], str, Card, int]],
    made: dict[str, Leaders],
    cut: int,
    deck_size: int,
) -> list[str]:
    sides = list(states)
    name = rules.sides.name_of
    many = len(sides) > 1
    how = "exactly" if rules.exact else "at least"
    leaders = ", ".join(sorted({_s(n, "leader") for n in counts.values()}))
    lines = [
        f"Mustering {' and '.join(map(name, sides))} from {stock.name}: "
        f"{size} {rules.measure} agreed "
        f"(dealt to {how} that), {leaders}" + (f", seed {seed}." if seed is not None else "."),
    ]
    if rules.core:
        needs = ", ".join(f"{k.need(size)} {k.name}" for k in rules.core)
        each = " for each side" if many else ""
        lines.append(f"Core: at random, in turn, until it holds {needs}{each}.")
    else:
        lines.append("No core: every card goes into the deck.")
    width = max((len(c.title) + len(c.id) for _, _, c, _ in events), default=0) + 5

    def who(side: str) -> str:
        return f"{name(side):<10} " if many else ""

    dealing = False
    for kind, side, card, total in events:
        if kind != "core" and not dealing:
            dealing = True
            lines += _cut_lines(rules, cut, deck_size, many)
        named = f"{card.title} [{card.id}]".ljust(width)
        if kind == "core":
            lines.append(f"  {who(side)}{named} {card.size:>3}   core {total}")
        elif kind == "deal":
            done = "  reaches the size" if total >= size else ""
            lines.append(f"  {who(side)}{named} {card.size:>3}   total {total}{done}")
        else:
            lines.append(f"  {who(side)}{named} {card.size:>3}   set aside: would make {total}")
    if not dealing:
        lines += _cut_lines(rules, cut, deck_size, many)
        lines.append("  no cards needed: the core alone reaches the size")
    for side in sides:
        lines.append(f"Leaders{' of ' + name(side) if many else ''}:")
        lines += [f"  {line}" for line in made[side].lines]
    for side in sides:
        state = states[side]
        lines.append(
            f"{name(side)}: {state.size} {rules.measure} for {size} agreed, "
            f"{_s(len(state.cards), 'card')}, {_s(len(made[side].records), 'leader')}."
        )
    return lines


def _cut_lines(rules: Rules, cut: int, n: int, many: bool) -> list[str]:
    if n == 0:
        first = "No cards are left to shuffle."
    elif cut == 0:
        first = "Shuffled the other card: there is nothing to cut."
    else:
        first = (
            f"Shuffled the other {n} cards and cut the deck: the top {cut} went to the "
            f"bottom, so card {cut + 1} of {n} is on top."
        )
    how = "make exactly" if rules.exact else "equal or exceed"
    to = "in turn to each side still under the size" if many else f"until they {how} the size"
    return [first, f"Dealing one card at a time {to}:"]


def _table(rules: Rules, size: int, state: Dealt, made: Leaders, army: DealtArmy) -> Grid:
    rows: list[tuple[str, ...]] = []
    for record in made.records:
        name, role = rules.leader_row(record)
        rows.append(("leader", name, role, ""))
    for card in state.cards:
        rows.append(("core" if card in state.core else "", card.title, card.id, str(card.size)))
    totals = len(rows)
    rows.append(("", f"{rules.measure.capitalize()} ({size} agreed)", "", str(state.size)))
    return Grid(
        f"{rules.sides.name_of(army.side)}: {getattr(army.army, 'name', '')}",
        ("", "leader / unit", "card", rules.measure),
        tuple(rows),
        right=(3,),
        sections=(totals,),
    )


def _json(
    stock: Stock,
    rules: Rules,
    size: int,
    seed: int | None,
    counts: dict[str, int],
    states: dict[str, Dealt],
    made: dict[str, Leaders],
    armies: tuple[DealtArmy, ...],
) -> dict[str, object]:
    def card(c: Card, core: bool) -> dict[str, object]:
        out: dict[str, object] = {"id": c.id, **c.written, "title": c.title, "size": c.size}
        if core:
            out["core"] = True
        return out

    return {
        "seed": seed,
        "target": size,
        "measure": rules.measure,
        "exact": rules.exact,
        "collection": stock.name,
        "armies": [
            {
                "side": a.side,
                "name": getattr(a.army, "name", ""),
                "size": states[a.side].size,
                "leaders": [rules.leader_row(r)[0] for r in made[a.side].records],
                "leader_figures": [f.id for f in states[a.side].figures],
                "cards": [card(c, c in states[a.side].core) for c in states[a.side].cards],
                "set_aside": [c.id for c in states[a.side].set_aside],
            }
            for a in armies
        ],
    }


@dataclass
class Shared:
    """A system's ``muster`` capability over the shared draw (see
    :class:`builder.core.mustering.Mustering`): its draw, its collection file, and the words
    and numbers the command and the builder show."""

    rules: Rules
    ruleset: str
    #: The collection file: the system's own head keys, its unit cards and leader figures.
    head: tuple[Field, ...]
    cards: Entry
    figures: Entry
    default_side: str
    sample_collection: str | None
    usual_size: int
    size_step: int
    summary: str
    #: The collection as one army of a unit per card (what an export of it prints).
    as_army: Callable[[Stock], ArmyRecord]
    side_field: str = "side"
    collection_key: str = CARDS
    collection_kinds: frozenset[str] = frozenset()
    default_leaders: int | None = None
    #: No proportions to keep: the core is the draw's only restriction.
    keeps_proportions: bool = False

    measure: str = field(init=False)
    exact: bool = field(init=False)

    def __post_init__(self) -> None:
        self.measure = self.rules.measure
        self.exact = self.rules.exact

    def collection(self, data: dict[str, Any], ctx: Ctx) -> Stock:
        return read_stock(
            data, ctx, self.ruleset, self.rules.title, self.head, self.cards, self.figures
        )

    def _own(self, collection: object) -> Stock:
        if not isinstance(collection, Stock) or collection.ruleset != self.ruleset:
            raise TypeError(f"not a {self.rules.title} collection: {type(collection).__name__}")
        return collection

    def deal(
        self,
        collection: object,
        size: int,
        leaders: int | None,
        sides: Sequence[str],
        rng: random.Random,
        seed: int | None,
        keep_proportions: bool,
    ) -> Deal:
        if keep_proportions:
            raise ValueError("this draw has no proportions to keep")
        return deal(self._own(collection), self.rules, size, leaders, sides, rng, seed)

    def plan(self, collection: object, size: int, leaders: int | None) -> Plan:
        stock = self._own(collection)
        return plan(
            question(stock, self.rules, leaders),
            size,
            self.size_step,
            self.rules.measure,
            stock.name,
        )

    def side_of(self, army: ArmyRecord) -> str | None:
        value = vars(army).get(self.side_field)
        return value if isinstance(value, str) else None

    def header(self, deal: Deal, side: str) -> str:
        a = deal.army(side)
        how = "exactly" if self.rules.exact else "at least"
        return (
            f"# {side}: an army dealt by the draw (billhooks muster) from {deal.collection}:\n"
            f"# {deal.target} {self.rules.measure} agreed (dealt to {how} that), seed "
            f"{deal.seed}; dealt {number(a.troop_points)}.\n"
            "# Placeholder leaders' names are yours to change. The same seed and collection\n"
            "# always deal this army, so your opponent can check the draw.\n"
        )

    def collection_army(self, collection: object) -> ArmyRecord:
        return self.as_army(self._own(collection))


def question(stock: Stock, rules: Rules, leaders: int | None) -> Question:
    """The collection as ``--plan`` counts it: a table per entry, the core's needs, and (with
    leaders asked for and a group to lead) one unit a leader."""
    kinds = [k.kind for k in rules.core]
    needs = [Need(k.name, k.need) for k in rules.core]
    group = bool(rules.group and leaders)
    if group:
        needs.append(Need("units, one a leader", lambda size: leaders or 0))
    entries = tuple(
        PlanEntry(
            f"{g[0].title} [{g[0].index + 1}]",
            len(g),
            g[0].size,
            tuple(int(k in g[0].kinds) for k in kinds) + ((1,) if group else ()),
        )
        for g in stock.entries()
    )
    return Question(entries, tuple(needs), rules.exact)


def share(items: Sequence[Any], groups: int) -> list[list[Any]]:
    """``items`` in order among ``groups``, sizes differing by at most one, earlier groups
    taking the extra (the core first, so the C-in-C's group holds it)."""
    size, extra = divmod(len(items), groups)
    out: list[list[Any]] = []
    start = 0
    for i in range(groups):
        end = start + size + (1 if i < extra else 0)
        out.append(list(items[start:end]))
        start = end
    return out


def optional(table: Table, record: type, drop: tuple[str, ...] = ()) -> Table:
    """``table``'s fields with none required (a collection leaves to the draw what it does not
    fix), built into ``record``, without the keys in ``drop``."""
    return Table(
        table.noun,
        record,
        tuple(
            dataclasses.replace(f, required=False, written=False)
            for f in table.fields
            if f.key not in drop
        ),
    )
