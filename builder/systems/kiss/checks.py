"""KISS army checks: one function per finding code (issue 15 "Findings"), each naming the
rule it enforces. :func:`check_army` runs them all, errors first."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from builder.core.base import Finding

from . import rules as cat
from .derive import anti_own_side, stratagems_allowed, treacherous
from .model import Army, Magnate


def _leaders(army: Army) -> Iterator[tuple[str, Magnate]]:
    for i, ward in enumerate(army.wards):
        yield f"wards[{i}].leader", ward.leader


def one_c_in_c(army: Army) -> Iterator[Finding]:
    """docs/rules/kiss.md#our-decisions: exactly one magnate is the C-in-C (an army with no wards
    has none)."""
    chiefs = [where for where, m in _leaders(army) if m.c_in_c]
    if not army.wards:
        yield Finding.adding(
            "error",
            "one-c-in-c",
            "the army has no magnate to lead it",
            "wards",
            "add a ward under its C-in-C",
        )
    elif not chiefs:
        yield Finding.advising(
            "error",
            "one-c-in-c",
            "no magnate is the C-in-C",
            "c_in_c",
            "set c_in_c = true on the army's leader",
            role="leader",
        )
    for where in chiefs[1:]:
        yield Finding.advising(
            "error",
            "one-c-in-c",
            f"{len(chiefs)} magnates are C-in-C; the army has one",
            "c_in_c",
            "remove c_in_c from all but one",
            where,
        )


def empty_ward(army: Army) -> Iterator[Finding]:
    """docs/rules/kiss.md#our-decisions: every ward has units."""
    for i, ward in enumerate(army.wards):
        if not ward.units:
            yield Finding.adding(
                "error",
                "empty-ward",
                f"{ward.leader.name}'s ward has no units",
                "units",
                "add one or remove the ward",
                f"wards[{i}]",
                or_remove=True,
            )


def stratagem_count(army: Army) -> Iterator[Finding]:
    """Stratagems a magnate may take (docs/rules/kiss.md#magnates): audacious 3, old soldier 2,
    practiced 1, amateur 0."""
    for where, m in _leaders(army):
        allowed = stratagems_allowed(m)
        if len(m.stratagems) > allowed:
            yield Finding.advising(
                "error",
                "stratagem-count",
                f"{m.name} has {len(m.stratagems)} stratagems; {m.ability} allows {allowed}",
                "stratagems",
                f"remove {len(m.stratagems) - allowed}",
                where,
            )


def unmet(army: Army, magnate: Magnate, stratagem: str) -> str:
    """What ``magnate`` lacks to take ``stratagem``, or "" if nothing
    (docs/rules/kiss.md#magnates)."""
    if stratagem == "inspiring" and magnate.puissance < cat.INSPIRING_PUISSANCE:
        return f"puissance {cat.INSPIRING_PUISSANCE}+, he has {magnate.puissance}"
    if stratagem == "energetic" and magnate.forwardness < cat.ENERGETIC_FORWARDNESS:
        return f"forwardness {cat.ENERGETIC_FORWARDNESS}+, he has {magnate.forwardness}"
    if stratagem == "master gonner" and not any(
        u.troop == "gonne" for _, u in army.units_with_paths()
    ):
        return "a gonne in the army"
    if stratagem == "caltrops/pavises" and "artifices" not in magnate.traits:
        return "the artifices trait"
    if stratagem in ("good timing", "feint") and magnate.ability != "old soldier":
        return "the old soldier ability"
    return ""


def stratagem_prerequisite(army: Army) -> Iterator[Finding]:
    """docs/rules/kiss.md#magnates: inspiring needs puissance 4+, energetic forwardness 4+, master
    gonner a gonne in the army, caltrops/pavises the artifices trait, good timing and feint an old
    soldier."""
    for where, m in _leaders(army):
        for stratagem in m.stratagems:
            if need := unmet(army, m, stratagem):
                yield Finding.advising(
                    "error",
                    "stratagem-prerequisite",
                    f"{m.name}'s {stratagem} needs {need}",
                    "stratagems",
                    f"remove {stratagem} or meet its need",
                    where,
                )


def trait_conflict(army: Army) -> Iterator[Finding]:
    """docs/rules/kiss.md#magnates (decision): bloodthirsty and merciful exclude each other."""
    for where, m in _leaders(army):
        if {"bloodthirsty", "merciful"} <= set(m.traits):
            yield Finding.advising(
                "error",
                "trait-conflict",
                f"{m.name} cannot be both bloodthirsty and merciful",
                "traits",
                "keep one of them",
                where,
            )


def treachery(army: Army) -> Iterator[Finding]:
    """docs/rules/kiss.md#our-decisions: a trimmer, a treacherous magnate or one anti- his own side
    may turn."""
    for where, m in _leaders(army):
        if treacherous(m, army.side):
            why = (
                "is anti- his own side"
                if anti_own_side(m, army.side)
                else "is " + " and ".join(t for t in m.traits if t in ("trimmer", "treacherous"))
            )
            yield Finding(
                "warning",
                "treachery",
                f"{m.name} {why}: a treacherous chit goes in the cup and he may change sides",
                where,
            )


def ward_size(army: Army) -> Iterator[Finding]:
    """docs/rules/kiss.md#our-decisions (advice): a ward of 2 or 3 units; an empty ward is
    empty-ward only."""
    for i, ward in enumerate(army.wards):
        n = len(ward.units)
        if n and n not in (2, 3):
            yield Finding.hinting(
                "warning",
                "ward-size",
                f"{ward.leader.name}'s ward has {n} unit"
                f"{'s' if n != 1 else ''}; 2 or 3 a ward is usual",
                "add" if n < 2 else "move",
                "unit",
                f"wards[{i}]",
            )


CHECKS: tuple[Callable[[Army], Iterator[Finding]], ...] = (
    one_c_in_c,
    empty_ward,
    stratagem_count,
    stratagem_prerequisite,
    trait_conflict,
    treachery,
    ward_size,
)


#: Every code the checks above give (issue 15 "Findings").
CODES: tuple[str, ...] = (
    "one-c-in-c",
    "empty-ward",
    "stratagem-count",
    "stratagem-prerequisite",
    "trait-conflict",
    "treachery",
    "ward-size",
)


def check_army(army: Army) -> list[Finding]:
    """Every finding, errors first, each group in check order."""
    found = [f for check in CHECKS for f in check(army)]
    return [f for f in found if f.level == "error"] + [f for f in found if f.level == "warning"]
