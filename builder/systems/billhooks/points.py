"""Points, figures and names of Billhooks units (docs/rules/billhooks.md#units, #points)."""

from __future__ import annotations

from builder.systems.billhooks.model import Army, Leader, Unit

from . import rules as cat


def points_text(value: float) -> str:
    """Points as a player writes them: 12, 1.5."""
    return f"{value:g}"


def quality_of(unit: Unit) -> str:
    return unit.quality or cat.DEFAULT_QUALITY


def companies(unit: Unit) -> int:
    """Companies in the unit: 1 single, 2 for a line, block or combined block.

    A combined block with no rear company is the one company it really is (the check reports
    the missing rear), so its points and figures are a single company's.
    """
    troop = cat.TROOPS[unit.troop]
    if not troop.is_company:
        return 0
    if unit.formation == "combined" and unit.rear is None:
        return 1
    return cat.FORMATION_COMPANIES.get(unit.formation, 1)


def figures(unit: Unit) -> int:
    troop = cat.TROOPS[unit.troop]
    per_unit = cat.KIND_FIGURES[troop.kind]
    return per_unit * companies(unit) if troop.is_company else per_unit


def company_points(troop_key: str, quality: str | None) -> float:
    troop = cat.TROOPS[troop_key]
    return troop.unit_points + cat.QUALITY_POINTS[quality or cat.DEFAULT_QUALITY]


def unit_points(unit: Unit) -> float:
    """The unit's points: figures, the gun, quality and every extra it carries.

    An extra on a troop that may not take it costs nothing: the check reports it as
    ``option-not-allowed`` and the total stays what a legal reading of the unit is worth.
    """
    troop = cat.TROOPS[unit.troop]
    if not troop.is_company:
        pavises = unit.pavises and unit.troop in cat.PAVISE_TROOPS
        return troop.unit_points + (cat.PAVISES_POINTS if pavises else 0)
    if unit.formation == "combined" and unit.rear is not None and unit.rear.troop in cat.TROOPS:
        total = company_points(unit.troop, unit.quality) + company_points(
            unit.rear.troop, unit.rear.quality
        )
        archer_companies = 1 if unit.troop == "archers" else 0
    else:
        n = companies(unit)
        total = n * company_points(unit.troop, unit.quality)
        archer_companies = n if unit.troop == "archers" else 0
    if unit.stakes:
        total += cat.STAKES_POINTS * archer_companies
    if unit.defences:
        total += cat.DEFENCES_POINTS * cat.FORMATION_FRONTAGE.get(unit.formation, 1)
    return total


def free_c_in_c(army: Army) -> Leader | None:
    """The leader who is the army's free C-in-C: the first flagged one, or None.

    With two flags only one is free (the check reports the second), and with none every
    leader costs 5 (docs/rules/billhooks.md#points).
    """
    return next((w.leader for w in army.wards if w.leader.c_in_c), None)


def _leader_cost(leader: Leader, chief: Leader | None) -> float:
    # Identity, not equality: two leaders may be alike in every field.
    return cat.C_IN_C_POINTS if leader is chief else cat.LEADER_POINTS


def leader_points(army: Army, leader: Leader) -> float:
    """``leader``'s points in ``army``: 0 for the C-in-C (see :func:`free_c_in_c`), else 5."""
    return _leader_cost(leader, free_c_in_c(army))


def total_leader_points(army: Army) -> float:
    """Every leader's points, in one pass over the wards."""
    chief = free_c_in_c(army)
    return sum(_leader_cost(w.leader, chief) for w in army.wards)


def troop_points(army: Army) -> float:
    return sum(unit_points(u) for _, u in army.units_with_paths())


def army_morale_tokens(army: Army) -> int:
    """Units at the start, not counting skirmish bands and artillery (a pair is one unit)."""
    return sum(
        1
        for _, u in army.units_with_paths()
        if cat.TROOPS[u.troop].kind not in (cat.BAND, cat.SECTION)
    )


def _company_name(troop_key: str, quality: str | None) -> str:
    troop = cat.TROOPS[troop_key]
    q = quality or cat.DEFAULT_QUALITY
    return troop.name if q == cat.DEFAULT_QUALITY else f"{q.capitalize()} {troop.name}"


def unit_title(unit: Unit) -> str:
    """A unit as a player says it: "Line of Veteran Archers with stakes"."""
    troop = cat.TROOPS[unit.troop]
    if troop.kind == cat.BAND:
        title = f"Band of {troop.name}"
    elif troop.kind == cat.SQUADRON:
        title = f"Squadron of {troop.name}"
    elif troop.kind == cat.SECTION:
        title = "Gun and crew"
    elif unit.formation == "combined" and unit.rear is not None:
        title = (
            f"Combined block: {_company_name(unit.troop, unit.quality)}"
            f" before {_company_name(unit.rear.troop, unit.rear.quality)}"
        )
    elif unit.formation in ("line", "block"):
        title = f"{unit.formation.capitalize()} of {_company_name(unit.troop, unit.quality)}"
    else:
        title = f"Company of {_company_name(unit.troop, unit.quality)}"
    extras = [
        name
        for flag, name in (
            (unit.stakes, "stakes"),
            (unit.pavises, "pavises"),
            (unit.defences, "field defences"),
        )
        if flag
    ]
    if unit.arms:
        extras.append(unit.arms)
    if extras:
        title += " with " + " and ".join(extras)
    return title
