"""Billhooks army checks: one small function per finding code
(docs/contracts.md#billhooks-findings).

Each check takes an army and returns findings; :func:`check_army` runs them all. Messages say
what is wrong and what to change, in plain words.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Literal

from builder.core.base import Finding, Level
from builder.systems.billhooks.model import Army, Unit

from . import rules as cat
from .options import unit_options
from .points import company_points, troop_points, unit_points, unit_title


def _fmt(value: float) -> str:
    return f"{value:g}"


def _s(n: float) -> str:
    return "" if n == 1 else "s"


# Advice is in whole points, as a player acts on it (half the agreed 99 is 49.5: with 48 of
# core, "add 2 more points"). Rounding to 6 places first keeps float noise (20.000000000000004)
# from adding a point.
def _at_least(value: float) -> int:
    """The smallest whole number of points that is at least ``value``."""
    return math.ceil(round(value, 6))


def _at_most(value: float) -> int:
    """The largest whole number of points that is at most ``value``."""
    return math.floor(round(value, 6))


def core_points(unit: Unit) -> float:
    """Points of the archer and billmen companies in ``unit``, with the extras they carry
    (quality, stakes, field defences), as for single and paired companies
    (docs/rules/billhooks.md#restrictions).

    In a combined block the archers stand in front, so the block's stakes and defences are
    theirs; only a rear company that is not billmen is left out.
    """
    if unit.formation == "combined" and unit.rear is not None:
        if unit.troop not in cat.CORE_TROOPS:
            # Not a block the rules allow (option-not-allowed): count its rear company only.
            rear_core = unit.rear.troop in cat.CORE_TROOPS
            return company_points(unit.rear.troop, unit.rear.quality) if rear_core else 0.0
        total = unit_points(unit)
        if unit.rear.troop not in cat.CORE_TROOPS:
            total -= company_points(unit.rear.troop, unit.rear.quality)
        return total
    return unit_points(unit) if unit.troop in cat.CORE_TROOPS else 0.0


def _band_points(army: Army) -> list[float]:
    return [unit_points(u) for _, u in army.units_with_paths() if cat.TROOPS[u.troop].is_skirmish]


def _proportion_base(army: Army) -> float:
    """The total the English proportions are measured against: the agreed total for a
    mustered army (docs/rules/billhooks.md#mustering), else the troop points."""
    if army.muster is not None:
        return army.muster.troops
    return troop_points(army)


def core_to_add(core: float, base: float, fixed_base: bool) -> int:
    """Whole points of archers or billmen to add so that they make half of ``base``. Against
    the troop points every point added also adds to the total, so x must meet
    core + x >= share x (base + x): x >= (share x base - core) / (1 - share), which is
    base - 2 x core for a half. Against a mustered army's agreed total the base stays put."""
    short = base * cat.CORE_SHARE - core
    return _at_least(short if fixed_base else short / (1 - cat.CORE_SHARE))


def bands_to_drop(bands: list[float], base: float, fixed_base: bool) -> int:
    """Points of bands to drop so that they make at most a fifth of ``base``: dropping d
    takes d off both sides when the base is the troop points, so d >= (bands - share x base) /
    (1 - share). Rounded up to what some of the army's bands cost together, as a player drops
    whole bands."""
    over = sum(bands) - base * cat.SKIRMISH_SHARE
    least = over if fixed_base else over / (1 - cat.SKIRMISH_SHARE)
    sums = {0.0}
    for cost in bands:
        sums |= {s + cost for s in sums}
    return _at_least(min((s for s in sums if s >= round(least, 6)), default=least))


def _proportion_problems(army: Army) -> Iterator[tuple[str, str]]:
    base = _proportion_base(army)
    if base <= 0:
        return
    fixed = army.muster is not None
    core = sum(core_points(u) for _, u in army.units_with_paths())
    against = "the agreed troop total" if fixed else "the troop points"
    if core < base * cat.CORE_SHARE:
        need = core_to_add(core, base, fixed)
        # Fewer other troops lower the troop points by as much as more core raises them;
        # they do nothing against an agreed total.
        other = "" if fixed else f", or field {need} fewer point{_s(need)} of other troops"
        yield (
            "archers-billmen-half",
            f"archer and billmen companies make {_fmt(core)} points, under half of "
            f"{against} ({_fmt(base)}): add {need} more point{_s(need)} of archers or "
            f"billmen{other}",
        )
    bands = _band_points(army)
    skirm = sum(bands)
    if skirm > base * cat.SKIRMISH_SHARE:
        drop = bands_to_drop(bands, base, fixed)
        most = f", so at most {_at_most(base * cat.SKIRMISH_SHARE)}" if fixed else ""
        yield (
            "skirmishers-fifth",
            f"skirmish bands make {_fmt(skirm)} points, over one fifth of {against} "
            f"({_fmt(base)}{most}): drop bands worth at least {drop} point{_s(drop)}",
        )


def _proportion_finding(level: Level, code: str, message: str) -> Finding:
    """Too few archers and billmen are put right by adding units, too many skirmishers by
    removing some."""
    verb: Literal["add", "remove"] = "add" if code == "archers-billmen-half" else "remove"
    return Finding.hinting(level, code, message, verb, "unit")


def check_english_proportions(army: Army) -> list[Finding]:
    """English army: archers and billmen at least half, skirmishers at most a fifth
    (docs/rules/billhooks.md#restrictions).

    A mustered army is dealt as the cards fall (docs/rules/billhooks.md#mustering), so its
    skirmishers are advice (see :func:`check_restriction_advice`); its core secures the half rule.
    """
    if not army.english:
        return []
    return [
        _proportion_finding("error", code, msg)
        for code, msg in _proportion_problems(army)
        if not (code == "skirmishers-fifth" and army.muster is not None)
    ]


def check_restriction_advice(army: Army) -> list[Finding]:
    """Advice only (docs/rules/billhooks.md#restrictions, #mustering): a non-English army outside
    the English proportions, or a mustered English army over a fifth of skirmishers."""
    if not army.english:
        return [
            Finding.hinting(
                "warning",
                "restriction-advice",
                f"not an English army, so this is advice: {msg}",
                "add" if code == "archers-billmen-half" else "remove",
                "unit",
            )
            for code, msg in _proportion_problems(army)
        ]
    if army.muster is None:
        return []
    return [
        Finding.hinting(
            "warning",
            "restriction-advice",
            f"the Mustering deal is literal, so this is advice: {msg}",
            "remove",
            "unit",
        )
        for code, msg in _proportion_problems(army)
        if code == "skirmishers-fifth"
    ]


def check_one_c_in_c(army: Army) -> list[Finding]:
    """Exactly one leader is the Commander-in-Chief (docs/rules/billhooks.md#leaders)."""
    if not army.wards:
        return [
            Finding.adding(
                "error",
                "one-c-in-c",
                "the army has no wards, so no C-in-C",
                "wards",
                "add a ward ([[wards]]) whose leader has c_in_c = true",
                "wards",
            )
        ]
    chiefs = [i for i, w in enumerate(army.wards) if w.leader.c_in_c]
    if len(chiefs) == 1:
        return []
    if not chiefs:
        return [
            Finding.advising(
                "error",
                "one-c-in-c",
                "no leader is the C-in-C",
                "c_in_c",
                "set c_in_c = true on one leader",
                "wards",
            )
        ]
    names = ", ".join(army.wards[i].leader.name for i in chiefs)
    return [
        Finding.advising(
            "error",
            "one-c-in-c",
            f"{len(chiefs)} leaders are marked C-in-C ({names})",
            "c_in_c",
            "keep exactly one",
            f"wards[{i}].leader",
        )
        for i in chiefs[1:]
    ]


def check_one_hero(army: Army) -> list[Finding]:
    """At most one Hero (command class 3) in an army (docs/rules/billhooks.md#leaders)."""
    heroes = [i for i, w in enumerate(army.wards) if w.leader.command_class == 3]
    return [
        Finding.advising(
            "error",
            "one-hero",
            f"{army.wards[i].leader.name} is a second Hero, and an army has at most one",
            "command_class",
            "set command_class = 2",
            f"wards[{i}].leader",
        )
        for i in heroes[1:]
    ]


def check_c_in_c_dolt(army: Army) -> list[Finding]:
    """The C-in-C is never a Dolt (docs/rules/billhooks.md#leaders)."""
    return [
        Finding.advising(
            "error",
            "c-in-c-dolt",
            f"{w.leader.name} is the C-in-C and may not be a Dolt",
            "command_class",
            "set command_class to 2 or 3",
            f"wards[{i}].leader",
        )
        for i, w in enumerate(army.wards)
        if w.leader.c_in_c and w.leader.command_class == 1
    ]


def check_over_points(army: Army) -> list[Finding]:
    """Troop points above the agreed points (docs/rules/billhooks.md#points). A mustered army
    overshoots by design, but only by its last card (docs/rules/billhooks.md#mustering): troop
    points minus its largest unit at or above the total mean the deal would have stopped earlier."""
    total = troop_points(army)
    if army.muster is not None:
        largest = max((u for _, u in army.units_with_paths()), key=unit_points, default=None)
        if largest is None:
            return []
        without = total - unit_points(largest)
        if without < army.muster.troops:
            return []
        cut = _at_most(without - army.muster.troops) + 1
        return [
            Finding.hinting(
                "error",
                "over-points",
                f"troop points are {_fmt(total)} for the agreed {army.muster.troops}, "
                f"and without its largest unit ({unit_title(largest)}, "
                f"{_fmt(unit_points(largest))} points) still "
                f"{_fmt(without)}: the deal stops at the first card that reaches the "
                f"total, so remove at least {cut} point{_s(cut)} of other troops",
                "remove",
                "unit",
                "muster",
            )
        ]
    if army.points is None or total <= army.points:
        return []
    cut = _at_least(total - army.points)
    return [
        Finding.hinting(
            "error",
            "over-points",
            f"troop points are {_fmt(total)}, over the agreed {army.points}: "
            f"remove {cut} point{_s(cut)} of troops",
            "remove",
            "unit",
            "points",
        )
    ]


def check_under_points(army: Army) -> list[Finding]:
    """A mustered army below its agreed total: the deal never stops short
    (docs/rules/billhooks.md#mustering)."""
    if army.muster is None:
        return []
    total = troop_points(army)
    if total >= army.muster.troops:
        return []
    need = _at_least(army.muster.troops - total)
    return [
        Finding.hinting(
            "error",
            "under-points",
            f"troop points are {_fmt(total)}, under the agreed {army.muster.troops} "
            f"the army was mustered for: the deal goes on until the total is reached, "
            f"so add at least {need} more point{_s(need)} of troops (deal another "
            "card)",
            "add",
            "unit",
            "muster",
        )
    ]


def _unit_option_problems(unit: Unit) -> Iterator[tuple[str, str, str]]:
    """What is wrong with ``unit``'s options (problem, the key to change, advice), measured
    against ``unit_options`` (the options the builder offers), so the check and the builder
    cannot disagree."""
    troop = cat.TROOPS[unit.troop]
    allowed = unit_options(unit.troop)
    if unit.quality not in (None, cat.DEFAULT_QUALITY, *allowed.qualities):
        yield (
            f"quality {unit.quality} is only for infantry companies; {troop.name} are "
            "always retinue",
            "quality",
            "remove quality",
        )
    if unit.formation not in allowed.formations:
        if not troop.is_company:
            yield (
                f"{troop.name} form {cat.KIND_PLURAL[troop.kind]}, which cannot be paired",
                "formation",
                "only companies take formation = line, block or combined",
            )
        else:
            yield (
                f"a combined block has archers in front, not {troop.name}",
                "formation",
                "make the archers the unit and put this company in rear",
            )
    if unit.formation == "combined" and allowed.rear_troops:
        if unit.rear is None:
            yield (
                "a combined block needs its rear company",
                "rear",
                'add rear = { troop = "billmen" }',
            )
        elif unit.rear.troop not in allowed.rear_troops:
            yield (
                f"{cat.TROOPS[unit.rear.troop].name} cannot stand behind archers in a "
                "combined block",
                "rear",
                "use billmen, pikemen or men-at-arms",
            )
    if unit.rear is not None and unit.formation != "combined":
        yield (
            "rear is only for a combined block",
            "rear",
            'set formation = "combined" or remove rear',
        )
    if unit.stakes and not allowed.stakes:
        yield "stakes are only for archer companies", "stakes", "remove stakes"
    if unit.pavises and not allowed.pavises:
        yield (
            f"pavises are only for bands of crossbowmen or handgunners, not {troop.name}",
            "pavises",
            "remove pavises",
        )
    if unit.defences and not allowed.defences:
        yield (
            f"field defences protect infantry companies, not {troop.name}",
            "defences",
            "remove defences",
        )
    if unit.arms is not None and unit.arms not in allowed.arms:
        yield f"arms are only for light horse, not {troop.name}", "arms", "remove arms"


def check_options(army: Army) -> list[Finding]:
    """Options that do not apply to the troop they are on (docs/rules/billhooks.md#units,
    #points)."""
    return [
        Finding.advising("error", "option-not-allowed", problem, key, advice, where)
        for where, unit in army.units_with_paths()
        for problem, key, advice in _unit_option_problems(unit)
    ]


def check_empty_wards(army: Army) -> list[Finding]:
    """Every ward has units; a leader with none commands nothing."""
    return [
        Finding.adding(
            "error",
            "empty-ward",
            f"{w.leader.name}'s ward has no units",
            "units",
            "add units or remove the ward",
            f"wards[{i}]",
            or_remove=True,
        )
        for i, w in enumerate(army.wards)
        if not w.units
    ]


def check_leader_count(army: Army) -> list[Finding]:
    """2-4 leaders is the advice (docs/rules/billhooks.md#leaders)."""
    low, high = cat.ADVICE_LEADERS
    n = len(army.wards)
    if low <= n <= high:
        return []
    return [
        Finding.hinting(
            "warning",
            "leader-count",
            f"the army has {n} leader{'s' if n != 1 else ''}; the rules advise {low} to {high}",
            "add" if n < low else "remove",
            "group",
            "wards",
        )
    ]


def check_ward_sizes(army: Army) -> list[Finding]:
    """Each ward 2-3 units is the advice (docs/rules/billhooks.md#leaders); an empty ward is an
    error of its own."""
    low, high = cat.ADVICE_WARD_UNITS
    return [
        Finding.hinting(
            "warning",
            "ward-size",
            f"{w.leader.name}'s ward has {len(w.units)} unit"
            f"{'s' if len(w.units) != 1 else ''}; the rules advise {low} or "
            f"{high}",
            "add" if len(w.units) < low else "move",
            "unit",
            f"wards[{i}]",
        )
        for i, w in enumerate(army.wards)
        if w.units and not low <= len(w.units) <= high
    ]


CHECKS: tuple[Callable[[Army], list[Finding]], ...] = (
    check_english_proportions,
    check_restriction_advice,
    check_one_c_in_c,
    check_one_hero,
    check_c_in_c_dolt,
    check_over_points,
    check_under_points,
    check_options,
    check_empty_wards,
    check_leader_count,
    check_ward_sizes,
)


#: Every code the checks above give (docs/contracts.md#billhooks-findings; ``missing-photo`` is
#: the army-file code's, which reads the disk).
CODES: tuple[str, ...] = (
    "archers-billmen-half",
    "skirmishers-fifth",
    "restriction-advice",
    "one-c-in-c",
    "one-hero",
    "c-in-c-dolt",
    "over-points",
    "under-points",
    "option-not-allowed",
    "empty-ward",
    "leader-count",
    "ward-size",
)


def check_army(army: Army) -> list[Finding]:
    """Every finding for ``army``, errors first, in file order within each level."""
    findings = [f for check in CHECKS for f in check(army)]
    return sorted(findings, key=lambda f: f.level != "error")
