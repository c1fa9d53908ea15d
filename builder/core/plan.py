"""What a collection can field (``muster --plan``), counted, never enumerated.

An army is a multiset of the collection's tables (how many copies of each). It is legal at a
size when its core needs are met (each :class:`Need`, e.g. half the size in the core's own
kinds) and its size fits the draw: exactly the size, or, for a draw that deals until it
equals or passes the size, at least the size and less than the size plus its largest card (a
deal would have stopped a card earlier otherwise), the same test ``check`` makes of a dealt
army. The counts come from a dynamic programme over (size so far, needs met so far, capped).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

#: Most additions ``--plan`` proposes before it gives up.
ADDITIONS_MAX = 6


@dataclass(frozen=True)
class PlanEntry:
    """One table of the collection: its copies, what each adds to the size, and to each need."""

    title: str
    copies: int
    size: int
    needs: tuple[int, ...]


@dataclass(frozen=True)
class Need:
    """A core need: the entries' ``needs[i]`` summed must reach ``amount(size)``."""

    name: str
    amount: Callable[[int], int]


@dataclass(frozen=True)
class Question:
    """A collection put to the plan: its entries, needs, and how a deal meets the size."""

    entries: tuple[PlanEntry, ...]
    needs: tuple[Need, ...]
    exact: bool


State = tuple[int, tuple[int, ...]]


def _grow(
    states: dict[State, int], e: PlanEntry, cap: int, caps: tuple[int, ...], low: int = 0
) -> dict[State, int]:
    """``states`` after choosing ``low``..``copies`` copies of ``e``, sizes kept under ``cap``."""
    out: dict[State, int] = {}
    for (s, met), n in states.items():
        for k in range(low, e.copies + 1):
            size = s + k * e.size
            if size > cap:
                break
            grown = zip(caps, met, e.needs, strict=True)
            key = (size, tuple(min(c, m + k * x) for c, m, x in grown))
            out[key] = out.get(key, 0) + n
    return out


def count(q: Question, size: int) -> int:
    """How many different legal armies of ``size`` the entries make."""
    caps = tuple(need.amount(size) for need in q.needs)
    start: dict[State, int] = {(0, tuple(0 for _ in caps)): 1}
    if q.exact:
        states = start
        for e in q.entries:
            states = _grow(states, e, size, caps)
        return sum(n for (s, met), n in states.items() if s == size and met == caps)
    # At least the size: count each army by its last entry in size order, which holds its
    # largest card: the entries before it sum to under the size, and it reaches the size.
    order = sorted(q.entries, key=lambda e: e.size)
    total = 0
    prefix = start
    for e in order:
        if e.size > 0:
            last = _grow(prefix, e, size - 1 + e.size, caps, low=1)
            total += sum(
                n for (s, met), n in last.items() if size <= s < size + e.size and met == caps
            )
        prefix = _grow(prefix, e, size - 1, caps)
    return total


def largest(q: Question) -> int:
    """The largest size at which the entries make a legal army (0: none): an army of exactly
    its own size is legal at that size whenever its needs are met, so this is the largest
    size of a multiset meeting its needs at that size. One pass: by size and the smaller
    needs (capped), the most of the largest need any multiset reaches; copies split into
    1, 2, 4, ... so each table costs a few steps, not one a copy."""
    total = sum(e.copies * e.size for e in q.entries)
    if not q.needs:
        return total
    at_most = [need.amount(total) for need in q.needs]
    big = max(range(len(q.needs)), key=lambda j: at_most[j])
    small = [j for j in range(len(q.needs)) if j != big]
    best: dict[tuple[int, tuple[int, ...]], int] = {(0, tuple(0 for _ in small)): 0}
    for e in q.entries:
        for k in _pieces(e.copies):
            grown = dict(best)
            for (size, met), most in best.items():
                key = (
                    size + k * e.size,
                    tuple(
                        min(at_most[j], m + k * e.needs[j]) for j, m in zip(small, met, strict=True)
                    ),
                )
                value = most + k * e.needs[big]
                if grown.get(key, -1) < value:
                    grown[key] = value
            best = grown
    return max(
        (
            size
            for (size, met), most in best.items()
            if size
            and most >= q.needs[big].amount(size)
            and all(m >= q.needs[j].amount(size) for j, m in zip(small, met, strict=True))
        ),
        default=0,
    )


def _pieces(copies: int) -> list[int]:
    """``copies`` as 1, 2, 4, ... and a remainder: any number up to it is a sum of some."""
    out, k = [], 1
    while copies > 0:
        out.append(min(k, copies))
        copies -= k
        k *= 2
    return out


def _alike(q: Question) -> list[int]:
    """The first entry of each kind (same size and needs): entries alike answer alike."""
    seen: dict[tuple[int, tuple[int, ...]], int] = {}
    for i, e in enumerate(q.entries):
        seen.setdefault((e.size, e.needs), i)
    return list(seen.values())


def unused(q: Question, size: int) -> list[str]:
    """The entries no legal army of ``size`` holds."""
    all_ = count(q, size)
    idle = {
        (q.entries[i].size, q.entries[i].needs)
        for i in _alike(q)
        if count(_without(q, i), size) == all_
    }
    return [e.title for e in q.entries if (e.size, e.needs) in idle]


def _without(q: Question, i: int) -> Question:
    return replace(q, entries=q.entries[:i] + q.entries[i + 1 :])


def _plus(q: Question, i: int) -> Question:
    e = q.entries[i]
    return replace(
        q, entries=(*q.entries[:i], replace(e, copies=e.copies + 1), *q.entries[i + 1 :])
    )


def additions(q: Question, size: int) -> list[str] | None:
    """The fewest copies of the collection's tables to add so that ``size`` has a legal army:
    one at a time, each the one that brings the most armies (or, while none, the most size
    toward a need or the size). None when :data:`ADDITIONS_MAX` is not enough."""
    added: list[str] = []
    for _ in range(ADDITIONS_MAX + 1):
        if count(q, size):
            return added
        if not q.entries:
            return None
        best = max(_alike(q), key=lambda i: _progress(_plus(q, i), size))
        added.append(q.entries[best].title)
        q = _plus(q, best)
    return None


def _progress(q: Question, size: int) -> tuple[int, int, int]:
    """How near ``q`` is to an army of ``size``: its armies, needs met, then size owned."""
    caps = [need.amount(size) for need in q.needs]
    met = sum(min(cap, sum(e.copies * e.needs[j] for e in q.entries)) for j, cap in enumerate(caps))
    owned = min(size, sum(e.copies * e.size for e in q.entries))
    return (count(q, size), met, owned)


def best_addition(q: Question, size: int) -> tuple[str, int] | None:
    """The one copy to add that makes the most more armies of ``size``, and how many more."""
    now = count(q, size)
    found = [(count(_plus(q, i), size) - now, q.entries[i].title) for i in _alike(q)]
    gain, title = max(found, default=(0, ""))
    return (title, gain) if gain > 0 else None


@dataclass(frozen=True)
class Plan:
    """``muster --plan``'s answer, as lines and as ``--json``."""

    lines: tuple[str, ...]
    json: dict[str, object]


def plan(
    q: Question,
    size: int,
    step: int,
    measure: str,
    collection: str,
    show: Callable[[int], str] = str,
) -> Plan:
    """Everything ``--plan`` says of ``q`` at ``size``; ``step`` is the next size up's step,
    ``show`` prints a size in the system's words (points may be halves)."""
    most = largest(q)
    n = count(q, size)
    idle = unused(q, size) if n else [e.title for e in q.entries]
    nxt = size + step
    more = additions(q, nxt)
    better = best_addition(q, size)
    lines = [
        f"{collection}: {sum(e.copies for e in q.entries)} cards in {len(q.entries)} tables.",
        f"Largest legal army: {show(most)} {measure}." if most else "It makes no legal army.",
        f"Different armies of {show(size)} {measure}: {n:,}.",
    ]
    if n:
        lines.append(
            "Units no legal army of this size uses: " + (", ".join(idle) if idle else "none.")
        )
    if more is None:
        lines.append(f"For {show(nxt)} {measure}: more than {ADDITIONS_MAX} additions needed.")
    elif not more:
        lines.append(f"For {show(nxt)} {measure}: nothing to add ({count(q, nxt):,} armies).")
    else:
        lines.append(f"For {show(nxt)} {measure}, add {len(more)}: " + ", ".join(more) + ".")
    if better is not None:
        lines.append(f"For more armies of {show(size)}: add {better[0]} (+{better[1]:,}).")
    return Plan(
        tuple(lines),
        {
            "collection": collection,
            "measure": measure,
            "size": size,
            "largest": most,
            "armies": n,
            "unused": idle,
            "next_size": nxt,
            "additions": more,
            "best_addition": None if better is None else {"add": better[0], "armies": better[1]},
        },
    )
