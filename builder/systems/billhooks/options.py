"""Which options the rules allow on each troop, for editors to offer
(docs/rules/billhooks.md#units, #points).

This is the positive form of the ``option-not-allowed`` check: every option listed here for a
troop passes that check, so a builder that offers only these never makes an illegal unit.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import rules as cat


@dataclass(frozen=True)
class UnitOptions:
    """The options the rules allow on one troop, for an editor to offer (empty: none)."""

    qualities: tuple[str, ...] = ()
    default_quality: str | None = None
    formations: tuple[str, ...] = ("single",)
    #: Troops that may stand behind this one in a combined block.
    rear_troops: tuple[str, ...] = ()
    stakes: bool = False
    pavises: bool = False
    defences: bool = False
    arms: tuple[str, ...] = ()


def unit_options(troop_key: str) -> UnitOptions:
    """The qualities, formations and extras a unit of ``troop_key`` may take."""
    troop = cat.TROOPS[troop_key]
    company = troop.is_company
    archers = company and troop_key == "archers"
    formations = tuple(
        f for f in cat.FORMATIONS if f == "single" or (company and (f != "combined" or archers))
    )
    return UnitOptions(
        qualities=cat.QUALITIES if company else (),
        default_quality=cat.DEFAULT_QUALITY,
        formations=formations,
        rear_troops=cat.COMBINED_REAR_TROOPS if archers else (),
        stakes=archers,
        pavises=troop_key in cat.PAVISE_TROOPS,
        defences=company,
        arms=cat.LIGHT_HORSE_ARMS if troop_key == "light-horse" else (),
    )
