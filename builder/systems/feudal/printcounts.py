"""How many of each printable a Feudal print pack holds (issue 16 "The print pack"): one
entry per label of the contract table, as a pure function of the armies, so the export engine
and the tests that read the PDFs back agree on every count.

The words on the cards and tokens live in ``cards/feudal/``; the numbers on them are the
ruleset's facts.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import Army

#: The labels printed on the cards and tokens (the contract's "label" column).
LEADER = "LEADER"
UNIT = "UNIT"
UNSTEADY = "UNSTEADY"
PURSUIT = "PURSUIT"
COMMAND_POINT = "COMMAND POINT"

#: Markers a unit may need at once: unsteady for the turn while another is put down.
UNSTEADY_PER_UNIT = 2
#: Printed for every unit, for tables playing the optional pursuit rule
#: (docs/rules/feudal.md#file-and-checks).
PURSUIT_PER_UNIT = 1


def counts(armies: Sequence[Army]) -> dict[str, int]:
    """Cards and tokens by label: a leader card per leader, a unit card per unit, two
    UNSTEADY and one PURSUIT marker per unit, one COMMAND POINT per point of every leader
    (none for an army playing without the optional rule)."""
    units = sum(len(b.units) for army in armies for b in army.battles)
    return {
        LEADER: sum(len(army.leaders) for army in armies),
        UNIT: units,
        UNSTEADY: UNSTEADY_PER_UNIT * units,
        PURSUIT: PURSUIT_PER_UNIT * units,
        COMMAND_POINT: sum(
            leader.command_points or 0 for army in armies for leader in army.leaders
        ),
    }
