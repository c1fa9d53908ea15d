"""Billhooks army checks: one small function per finding code (DESIGN.md "Findings").

Each check takes an army and returns findings; :func:`check_army` runs them all. Messages say
what is wrong and what to change, in plain words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from builder.army import Army, Unit
from builder.rules.base import Finding

from . import catalogue as cat
from .options import unit_options
from .points import company_points, troop_points, unit_points


def _fmt(value: float) -> str:
    return f"{value:g}"


def core_points(unit: Unit) -> float:
    """Points of the archer and billmen companies in ``unit`` (RULES.md 1.3)."""
    if unit.formation == "combined" and unit.rear is not None:
        total = 0.0
        if unit.troop in cat.CORE_TROOPS:
            total += company_points(unit.troop, unit.quality)
            if unit.stakes:
                total += cat.STAKES_POINTS
        if unit.rear.troop in cat.CORE_TROOPS:
            total += company_points(unit.rear.troop, unit.rear.quality)
        return total
    return unit_points(unit) if unit.troop in cat.CORE_TROOPS else 0.0


def _skirmish_points(army: Army) -> float:
    return sum(unit_points(u) for _, u in army.units_with_paths()
               if cat.TROOPS[u.troop].is_skirmish)


def _proportion_base(army: Army) -> float:
    """The total the English proportions are measured against: the agreed total for a
    mustered army (RULES.md 1.7), else the troop points."""
    if army.muster is not None:
        return army.muster.troops
    return troop_points(army)


def _proportion_problems(army: Army) -> Iterator[tuple[str, str]]:
    base = _proportion_base(army)
    if base <= 0:
        return
    core = sum(core_points(u) for _, u in army.units_with_paths())
    against = "the agreed troop total" if army.muster is not None else "the troop points"
    if core < base * cat.CORE_SHARE:
        need = base * cat.CORE_SHARE - core
        yield ("archers-billmen-half",
               f"archer and billmen companies make {_fmt(core)} points, under half of "
               f"{against} ({_fmt(base)}): add {_fmt(need)} more points of archers or "
               f"billmen, or field fewer other troops")
    skirm = _skirmish_points(army)
    if skirm > base * cat.SKIRMISH_SHARE:
        yield ("skirmishers-fifth",
               f"skirmish bands make {_fmt(skirm)} points, over one fifth of {against} "
               f"({_fmt(base)}, so at most {_fmt(base * cat.SKIRMISH_SHARE)}): drop a band")


def check_english_proportions(army: Army) -> list[Finding]:
    """English army: archers and billmen at least half, skirmishers at most a fifth (1.3)."""
    if not army.english:
        return []
    return [Finding("error", code, msg) for code, msg in _proportion_problems(army)]


def check_restriction_advice(army: Army) -> list[Finding]:
    """A non-English army outside the English proportions: advice only (1.3 decision)."""
    if army.english:
        return []
    return [Finding("warning", "restriction-advice",
                    f"not an English army, so this is advice: {msg}")
            for _, msg in _proportion_problems(army)]


def check_one_c_in_c(army: Army) -> list[Finding]:
    """Exactly one leader is the Commander-in-Chief (1.4)."""
    chiefs = [i for i, w in enumerate(army.wards) if w.leader.c_in_c]
    if not army.wards or len(chiefs) == 1:
        return []
    if not chiefs:
        return [Finding.advising("error", "one-c-in-c", "no leader is the C-in-C", "c_in_c",
                                 "set c_in_c = true on one leader", "wards")]
    names = ", ".join(army.wards[i].leader.name for i in chiefs)
    return [Finding.advising("error", "one-c-in-c",
                             f"{len(chiefs)} leaders are marked C-in-C ({names})", "c_in_c",
                             "keep exactly one", f"wards[{i}].leader") for i in chiefs[1:]]


def check_one_hero(army: Army) -> list[Finding]:
    """At most one Hero (command class 3) in an army (1.4)."""
    heroes = [i for i, w in enumerate(army.wards) if w.leader.command_class == 3]
    return [Finding.advising("error", "one-hero",
                             f"{army.wards[i].leader.name} is a second Hero, and an army has "
                             "at most one", "command_class", "set command_class = 2",
                             f"wards[{i}].leader") for i in heroes[1:]]


def check_c_in_c_dolt(army: Army) -> list[Finding]:
    """The C-in-C is never a Dolt (1.4)."""
    return [Finding.advising("error", "c-in-c-dolt",
                             f"{w.leader.name} is the C-in-C and may not be a Dolt",
                             "command_class", "set command_class to 2 or 3", f"wards[{i}].leader")
            for i, w in enumerate(army.wards) if w.leader.c_in_c and w.leader.command_class == 1]


def check_over_points(army: Army) -> list[Finding]:
    """Troop points above the agreed points (a mustered army overshoots by design)."""
    if army.points is None or army.muster is not None:
        return []
    total = troop_points(army)
    if total <= army.points:
        return []
    return [Finding("error", "over-points",
                    f"troop points are {_fmt(total)}, over the agreed {army.points}: "
                    f"remove {_fmt(total - army.points)} points of troops", "points")]


def _unit_option_problems(unit: Unit) -> Iterator[tuple[str, str, str]]:
    """What is wrong with ``unit``'s options (problem, the key to change, advice), measured
    against ``unit_options`` (the options the builder offers), so the check and the builder
    cannot disagree."""
    troop = cat.TROOPS[unit.troop]
    allowed = unit_options(unit.troop)
    if unit.quality not in (None, cat.DEFAULT_QUALITY, *allowed.qualities):
        yield (f"quality {unit.quality} is only for infantry companies; {troop.name} are "
               "always retinue", "quality", "remove quality")
    if unit.formation not in allowed.formations:
        if not troop.is_company:
            yield (f"{troop.name} form {cat.KIND_PLURAL[troop.kind]}, which cannot be paired",
                   "formation", "only companies take formation = line, block or combined")
        else:
            yield (f"a combined block has archers in front, not {troop.name}", "formation",
                   "make the archers the unit and put this company in rear")
    if unit.formation == "combined" and allowed.rear_troops:
        if unit.rear is None:
            yield ("a combined block needs its rear company", "rear",
                   "add rear = { troop = \"billmen\" }")
        elif unit.rear.troop not in allowed.rear_troops:
            yield (f"{cat.TROOPS[unit.rear.troop].name} cannot stand behind archers in a "
                   "combined block", "rear", "use billmen, pikemen or men-at-arms")
    if unit.rear is not None and unit.formation != "combined":
        yield ("rear is only for a combined block", "rear",
               "set formation = \"combined\" or remove rear")
    if unit.stakes and not allowed.stakes:
        yield "stakes are only for archer companies", "stakes", "remove stakes"
    if unit.pavises and not allowed.pavises:
        yield (f"pavises are only for bands of crossbowmen or handgunners, not {troop.name}",
               "pavises", "remove pavises")
    if unit.defences and not allowed.defences:
        yield (f"field defences protect infantry companies, not {troop.name}", "defences",
               "remove defences")
    if unit.arms is not None and unit.arms not in allowed.arms:
        yield f"arms are only for light horse, not {troop.name}", "arms", "remove arms"


def check_options(army: Army) -> list[Finding]:
    """Options that do not apply to the troop they are on (1.1-1.2)."""
    return [Finding.advising("error", "option-not-allowed", problem, key, advice, where)
            for where, unit in army.units_with_paths()
            for problem, key, advice in _unit_option_problems(unit)]


def check_empty_wards(army: Army) -> list[Finding]:
    """Every ward has units; a leader with none commands nothing."""
    return [Finding("error", "empty-ward",
                    f"{w.leader.name}'s ward has no units: add units or remove the ward",
                    f"wards[{i}]") for i, w in enumerate(army.wards) if not w.units]


def check_leader_count(army: Army) -> list[Finding]:
    """2-4 leaders is the advice (1.4)."""
    low, high = cat.ADVICE_LEADERS
    n = len(army.wards)
    if low <= n <= high:
        return []
    return [Finding("warning", "leader-count",
                    f"the army has {n} leader{'s' if n != 1 else ''}; the rules advise "
                    f"{low} to {high}", "wards")]


def check_ward_sizes(army: Army) -> list[Finding]:
    """Each ward 2-3 units is the advice (1.4); an empty ward is an error of its own."""
    low, high = cat.ADVICE_WARD_UNITS
    return [Finding("warning", "ward-size",
                    f"{w.leader.name}'s ward has {len(w.units)} unit"
                    f"{'s' if len(w.units) != 1 else ''}; the rules advise {low} or {high}",
                    f"wards[{i}]")
            for i, w in enumerate(army.wards) if w.units and not low <= len(w.units) <= high]


CHECKS: tuple[Callable[[Army], list[Finding]], ...] = (
    check_english_proportions,
    check_restriction_advice,
    check_one_c_in_c,
    check_one_hero,
    check_c_in_c_dolt,
    check_over_points,
    check_options,
    check_empty_wards,
    check_leader_count,
    check_ward_sizes,
)


def check_army(army: Army) -> list[Finding]:
    """Every finding for ``army``, errors first, in file order within each level."""
    findings = [f for check in CHECKS for f in check(army)]
    return sorted(findings, key=lambda f: f.level != "error")
