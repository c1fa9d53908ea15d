"""Shieldwall army checks: one small function per finding code (issue 17 "Findings").

Findings repeat per offence (docs/rules/shieldwall.md#file-and-pack): one ``one-commander`` and one
``no-stands`` an army, one ``unknown-leader`` per stand entry, one ``leader-attached-twice`` per
leader, one ``duplicate-leader`` per repeated name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from builder.core.base import Finding

from .model import Army


def one_commander(army: Army) -> list[Finding]:
    """Exactly one leader is the army commander (docs/rules/shieldwall.md#leaders)."""
    n = sum(leader.role == "commander" for leader in army.leaders)
    if n == 1:
        return []
    problem = (
        "no leader is the army commander"
        if n == 0
        else f"{n} leaders are army commanders; an army has one"
    )
    advice = (
        'set role = "commander" on one leader' if n == 0 else 'set role = "hero" on all but one'
    )
    return [Finding.advising("error", "one-commander", problem, "role", advice, role="leader")]


def duplicate_leader(army: Army) -> list[Finding]:
    """Leaders' names are unique: a stand names its leader by name
    (docs/rules/shieldwall.md#file-and-pack)."""
    seen: set[str] = set()
    found = []
    for i, leader in enumerate(army.leaders):
        if leader.name in seen:
            found.append(
                Finding.advising(
                    "error",
                    "duplicate-leader",
                    f"a second leader is called {leader.name!r}",
                    "name",
                    "give each leader a name of his own",
                    f"leaders[{i}]",
                )
            )
        seen.add(leader.name)
    return found


def unknown_leader(army: Army) -> list[Finding]:
    """A stand's ``leader`` names a leader of the army."""
    names = {leader.name for leader in army.leaders}
    return [
        Finding.advising(
            "error",
            "unknown-leader",
            f"{stand.label!r} names leader {stand.leader!r}, who is not listed",
            "leader",
            "add him under [[leaders]] or correct the name",
            where,
        )
        for where, stand in army.stands_with_paths()
        if stand.leader is not None and stand.leader not in names
    ]


def leader_attached_twice(army: Army) -> list[Finding]:
    """A leader is attached to one stand at most (docs/rules/shieldwall.md#leaders): not named by
    two stand entries, nor by an entry of several identical stands. A name no leader has is an
    ``unknown-leader`` only."""
    names = {leader.name for leader in army.leaders}
    stands: Counter[str] = Counter()
    entries: Counter[str] = Counter()
    first: dict[str, str] = {}
    for where, stand in army.stands_with_paths():
        if stand.leader is not None and stand.leader in names:
            stands[stand.leader] += stand.count
            entries[stand.leader] += 1
            first.setdefault(stand.leader, where)
    found = []
    for name, n in stands.items():
        if n < 2:
            continue
        if entries[name] == 1:
            # One entry of several stands: the fix is on that entry (split one off for him).
            problem = f"{name!r} is attached to an entry of {n} stands; a leader leads one"
            found.append(
                Finding.advising(
                    "error",
                    "leader-attached-twice",
                    problem,
                    "count",
                    "set count = 1, or move one stand into a [[stands]] entry of its own "
                    "that names him",
                    first[name],
                )
            )
            continue
        found.append(
            Finding.advising(
                "error",
                "leader-attached-twice",
                f"{name!r} is attached to {n} stands; a leader leads one",
                "leader",
                "name him on one stand whose count is 1",
                first[name],
            )
        )
    return found


def no_stands(army: Army) -> list[Finding]:
    """An army has stands: leaders alone are not an army."""
    if army.stands:
        return []
    return [
        Finding.adding(
            "error", "no-stands", "the army has no stands", "stands", "add a [[stands]] table"
        )
    ]


#: Every code the checks can give, one per check, in its order.
CODES: tuple[str, ...] = (
    "one-commander",
    "duplicate-leader",
    "unknown-leader",
    "leader-attached-twice",
    "no-stands",
)

CHECKS: tuple[Callable[[Army], list[Finding]], ...] = (
    one_commander,
    duplicate_leader,
    unknown_leader,
    leader_attached_twice,
    no_stands,
)


def check_army(army: Army) -> list[Finding]:
    """Every finding, errors first (all of them are errors)."""
    found = [f for check in CHECKS for f in check(army)]
    return sorted(found, key=lambda f: f.level != "error")
