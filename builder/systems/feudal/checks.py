"""Feudal army checks: one small function per finding code (issue 16 "Findings").

Each takes the army and yields findings; :func:`check_army` runs them all, errors first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from builder.core.base import Finding

from . import rules as cat
from .derive import width
from .model import Army


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def one_c_in_c(army: Army) -> Iterator[Finding]:
    """One leader a side is the C-in-C, who may influence any unit (docs/rules/feudal.md, Leaders).
    Raised once an army however many there are, or none (docs/rules/feudal.md#file-and-checks); with
    too many it points at the second."""
    chiefs = [i for i, leader in enumerate(army.leaders) if leader.c_in_c]
    if len(chiefs) == 1:
        return
    if not army.battles:
        # No leader to set the key on: the advice is to add a battle, not to change a key.
        yield Finding.adding(
            "error",
            "one-c-in-c",
            "The army has no battles, so no C-in-C",
            "battles",
            "add a battle with c_in_c = true on its leader",
        )
    elif not chiefs:
        yield Finding.advising(
            "error",
            "one-c-in-c",
            "The army has no C-in-C",
            "c_in_c",
            "set c_in_c = true on one leader",
            role="leader",
        )
    else:
        names = ", ".join(army.leaders[i].name for i in chiefs)
        yield Finding.advising(
            "error",
            "one-c-in-c",
            f"The army has {len(chiefs)} C-in-Cs ({names})",
            "c_in_c",
            "keep c_in_c = true on one leader only",
            f"battles[{chiefs[1]}].leader",
        )


def empty_battle(army: Army) -> Iterator[Finding]:
    """A battle is a leader's units: a leader with none commands nothing (docs/rules/feudal.md)."""
    for i, battle in enumerate(army.battles):
        if not battle.units:
            yield Finding.adding(
                "error",
                "empty-battle",
                f"{battle.leader.name}'s battle has no units",
                "units",
                "add one or remove the battle",
                f"battles[{i}]",
                or_remove=True,
            )


def unit_size(army: Army) -> Iterator[Finding]:
    """A unit is a band of 6-24 figures (docs/rules/feudal.md#units)."""
    for where, unit in army.units_with_paths():
        if not cat.MIN_FIGURES <= unit.figures <= cat.MAX_FIGURES:
            yield Finding.advising(
                "error",
                "unit-size",
                f"{unit.label} has {unit.figures} figure{_s(unit.figures)}; a unit has "
                f"{cat.MIN_FIGURES}-{cat.MAX_FIGURES}",
                "figures",
                f"set figures to {cat.MIN_FIGURES}-{cat.MAX_FIGURES} (or play it as the "
                "referee allows)",
                where,
            )


def skirmish_light_only(army: Army) -> Iterator[Finding]:
    """Only light troops may skirmish (docs/rules/feudal.md#units)."""
    for where, unit in army.units_with_paths():
        if unit.skirmish and unit.armour != "light":
            yield Finding.advising(
                "error",
                "skirmish-light-only",
                f"{unit.label} skirmishes but is {unit.armour}",
                "skirmish",
                'set skirmish = false, or armour = "light"',
                where,
            )


def missile_figures(army: Army) -> Iterator[Finding]:
    """Missile figures carry the unit's missile weapon and are some of its figures
    (docs/rules/feudal.md#units)."""
    for where, unit in army.units_with_paths():
        if unit.missile_figures is None:
            continue
        if unit.missile is None:
            yield Finding.advising(
                "error",
                "missile-figures",
                f"{unit.label} has missile figures but no missile weapon",
                "missile",
                "set missile, or remove missile_figures",
                where,
            )
        elif unit.missile_figures > unit.figures:
            yield Finding.advising(
                "error",
                "missile-figures",
                f"{unit.label} has {unit.missile_figures} missile figures of {unit.figures}",
                "missile_figures",
                f"set missile_figures to at most {unit.figures}",
                where,
            )


def front_width(army: Army) -> Iterator[Finding]:
    """The front rank is some of the unit's figures (docs/rules/feudal.md#units, formations)."""
    for where, unit in army.units_with_paths():
        if width(unit) > unit.figures:
            yield Finding.advising(
                "error",
                "width",
                f"{unit.label}'s front rank is {width(unit)} wide but it has {unit.figures} "
                f"figure{_s(unit.figures)}",
                "width",
                f"set width to at most {unit.figures}",
                where,
            )


def units_per_battle(army: Army) -> Iterator[Finding]:
    """Each player commands 1-4 units (docs/rules/feudal.md): a bigger battle is one for two
    players. An empty battle is ``empty-battle`` only (docs/rules/feudal.md#file-and-checks)."""
    for i, battle in enumerate(army.battles):
        n = len(battle.units)
        if n > cat.MAX_UNITS_PER_BATTLE:
            yield Finding.hinting(
                "warning",
                "units-per-battle",
                f"{battle.leader.name}'s battle has {n} units; a player "
                f"commands 1-{cat.MAX_UNITS_PER_BATTLE}: split it between "
                "two leaders",
                "move",
                "unit",
                f"battles[{i}]",
            )


def no_command_points(army: Army) -> Iterator[Finding]:
    """Command points are one rule for the whole army (docs/rules/feudal.md#file-and-checks): once
    any leader has them, a leader without is one who can order no charge or formation change."""
    if not army.uses_command_points:
        return
    for i, battle in enumerate(army.battles):
        if battle.leader.command_points is None:
            yield Finding.advising(
                "warning",
                "no-command-points",
                f"{battle.leader.name} has no command points, but the army uses them: he "
                "can order none of his units to charge or change formation",
                "command_points",
                f"set command_points to {cat.MIN_COMMAND_POINTS}-{cat.MAX_COMMAND_POINTS}, "
                "or roll them (roll --write)",
                f"battles[{i}].leader",
            )


CHECKS: tuple[Callable[[Army], Iterator[Finding]], ...] = (
    one_c_in_c,
    empty_battle,
    unit_size,
    skirmish_light_only,
    missile_figures,
    front_width,
    units_per_battle,
    no_command_points,
)


#: Every code the checks above give (issue 16 "Findings").
CODES: tuple[str, ...] = (
    "one-c-in-c",
    "empty-battle",
    "unit-size",
    "skirmish-light-only",
    "missile-figures",
    "width",
    "units-per-battle",
    "no-command-points",
)


def check_army(army: Army) -> list[Finding]:
    """Every finding, errors first, each group in file order."""
    found = [f for check in CHECKS for f in check(army)]
    return sorted(found, key=lambda f: f.level != "error")
