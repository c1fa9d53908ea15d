"""Never Mind the Billhooks: the main ruleset."""

from __future__ import annotations

import random
from collections.abc import Mapping

from builder.army import Army, Leader, Unit
from builder.rules.base import ArmySummary, FieldSpec, Finding, TroopInfo, UnitLine, UnitOptions

from . import catalogue as cat
from .checks import check_army
from .options import unit_options
from .points import (
    army_morale_tokens,
    figures,
    leader_points,
    total_leader_points,
    troop_points,
    unit_points,
)
from .points import unit_title as _unit_title
from .profile import LeaderProfile, Profile, kill_table, leader_profile, profile, reaction_text
from .rolls import LeaderRoll, roll_command_classes

_TROOP = FieldSpec("str", required=True, choices=tuple(cat.TROOPS))
_QUALITY = FieldSpec("str", choices=cat.QUALITIES)

UNIT_SCHEMA: Mapping[str, FieldSpec] = {
    "troop": _TROOP,
    "quality": _QUALITY,
    "formation": FieldSpec("str", choices=cat.FORMATIONS),
    "rear": FieldSpec("table", fields={"troop": _TROOP, "quality": _QUALITY}),
    "stakes": FieldSpec("bool"),
    "pavises": FieldSpec("bool"),
    "defences": FieldSpec("bool"),
    "arms": FieldSpec("str", choices=cat.LIGHT_HORSE_ARMS),
    "label": FieldSpec("str", max_len=80),
    "nationality": FieldSpec("str", max_len=40),
    # A photo of the figures (from a Mustering card), relative to the army file.
    "photo": FieldSpec("str", max_len=1000),
}

LEADER_SCHEMA: Mapping[str, FieldSpec] = {
    "name": FieldSpec("str", required=True, max_len=80),
    "rank": FieldSpec("str", max_len=40),
    "c_in_c": FieldSpec("bool"),
    "mounted": FieldSpec("bool"),
    "command_class": FieldSpec("int", min=1, max=3),
}


def _pts(value: float) -> str:
    return f"{value:g}"


def _options(troop: cat.Troop) -> tuple[str, ...]:
    """The catalogue's option list, read off what the rules allow (``unit_options``), each
    with what it costs, from the catalogue data, so a hand-written army can be priced."""
    allowed = unit_options(troop.key)
    company = _pts(troop.unit_points)
    opts: list[str] = []
    if allowed.qualities:
        priced = sorted((q for q in allowed.qualities if cat.QUALITY_POINTS[q]),
                        key=lambda q: -cat.QUALITY_POINTS[q])
        opts.append(", ".join(f"{q} {cat.QUALITY_POINTS[q]:+g}" for q in priced)
                    + " a company")
    pairs = [f for f in allowed.formations if f in ("line", "block")]
    if pairs:
        n = max(cat.FORMATION_COMPANIES[f] for f in pairs)
        opts.append(f"{' or '.join(pairs)}: {n} companies, {_pts(n * troop.unit_points)}")
    # No troop names here: the builder's catalogue search reads these, and "pike" must find
    # the pikemen only.
    if allowed.rear_troops:
        opts.append(f"combined block (front): {company} + the rear company")
    if troop.key in cat.COMBINED_REAR_TROOPS:
        for front in (k for k in cat.COMPANY_TROOPS if troop.key in unit_options(k).rear_troops):
            ahead = cat.TROOPS[front].unit_points
            opts.append(f"combined block (rear): {_pts(ahead)} in front + {company} = "
                        f"{_pts(ahead + troop.unit_points)}")
    if allowed.stakes:
        opts.append(f"stakes +{cat.STAKES_POINTS} a company")
    if allowed.pavises:
        opts.append(f"pavises +{cat.PAVISES_POINTS}")
    if allowed.defences:
        wide = ", ".join(f"{f} {n}" for f, n in cat.FORMATION_FRONTAGE.items()
                         if n != 1 and f in allowed.formations)
        opts.append(f"defences +{cat.DEFENCES_POINTS} a company of frontage"
                    + (f" ({wide})" if wide else ""))
    if allowed.arms:
        opts.append("arms " + "/".join(allowed.arms) + " (no cost)")
    return tuple(opts)


class Billhooks:
    """The ruleset object (see :class:`builder.rules.base.Ruleset`)."""

    name = "billhooks"
    title = "Never Mind the Billhooks"
    has_points = True
    sides = ("york", "lancaster")
    unit_schema = UNIT_SCHEMA
    leader_schema = LEADER_SCHEMA
    catalogue_data = cat

    def catalogue(self) -> list[TroopInfo]:
        rows = []
        for troop in cat.TROOPS.values():
            size = cat.KIND_FIGURES[troop.kind]
            what = "1 gun + 3 crew" if troop.kind == cat.SECTION else f"{size} figures"
            rows.append(TroopInfo(troop.key, troop.name, troop.kind, size, troop.unit_points,
                                  _options(troop), what))
        return rows

    def unit_points(self, unit: Unit) -> float:
        return unit_points(unit)

    def leader_points(self, army: Army, leader: Leader) -> float:
        return leader_points(army, leader)

    def figures(self, unit: Unit) -> int:
        return figures(unit)

    def unit_title(self, unit: Unit) -> str:
        return _unit_title(unit)

    def check(self, army: Army) -> list[Finding]:
        return check_army(army)

    def army_morale_tokens(self, army: Army) -> int:
        return army_morale_tokens(army)

    def summarise(self, army: Army) -> ArmySummary:
        units = tuple(
            UnitLine(where, u.troop, _unit_title(u), figures(u), unit_points(u))
            for where, u in army.units_with_paths()
        )
        troops = troop_points(army)
        leaders = total_leader_points(army)
        return ArmySummary(units, troops, leaders, troops + leaders, army_morale_tokens(army),
                           tuple(check_army(army)))

    def profile(self, unit: Unit) -> Profile:
        return profile(unit)

    def unit_options(self, troop: str) -> UnitOptions:
        return unit_options(troop)

    def kill_table(self, unit: Unit) -> dict[str, dict[str, float]]:
        return kill_table(unit)

    def leader_profile(self, army: Army, leader: Leader) -> LeaderProfile:
        return leader_profile(army, leader)

    def reaction_text(self, troop: str, quality: str | None = None) -> str:
        return reaction_text(troop, quality)

    def roll_command_classes(self, army: Army, rng: random.Random) -> list[LeaderRoll]:
        return roll_command_classes(army, rng)


RULESET = Billhooks()
