"""How many of each KISS printable an export makes (issue 15 "The print pack"), by the label
printed on it: pure counts over the armies, for the export and for the tests that read the
PDFs back."""

from __future__ import annotations

from collections.abc import Iterable

from .derive import chits
from .model import Army

MAGNATE, ORDERS, WARD = "MAGNATE", "ORDERS", "WARD"
LETHARGY, TREACHEROUS, SHAKEN, MORALE_TRACK = "LETHARGY", "TREACHEROUS", "SHAKEN", "MORALE TRACK"
#: Which file each label is printed in (the magnate cards and order markers share the token
#: sheets).
FILES = {
    MAGNATE: "tokens.pdf",
    ORDERS: "tokens.pdf",
    WARD: "tokens.pdf",
    LETHARGY: "tokens.pdf",
    TREACHEROUS: "tokens.pdf",
    SHAKEN: "tokens.pdf",
    MORALE_TRACK: "tokens.pdf",
}


def counts(armies: Iterable[Army]) -> dict[str, int]:
    """Every label of the print pack with how many are printed for ``armies``: a magnate card
    and a ward chit a ward, an order marker and a shaken marker a unit, the lethargy and
    treacherous chits each magnate puts in the cup, a morale track an army."""
    total = dict.fromkeys(FILES, 0)
    for army in armies:
        units = len(army.units_with_paths())
        total[MAGNATE] += len(army.wards)
        total[ORDERS] += units
        total[SHAKEN] += units
        total[MORALE_TRACK] += 1
        for magnate in army.magnates:
            cup = chits(magnate, army.side)
            total[WARD] += cup.ward
            total[LETHARGY] += cup.lethargy
            total[TREACHEROUS] += cup.treacherous
    return total
