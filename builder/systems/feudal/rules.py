"""The Feudal convention rules as data (docs/rules/feudal.md; the Feudal-era convention rules).

Every number a check, a derived figure, the roll or the print pack uses is here, once. D10
for everything; 1 figure is 5 men, 1" is 5 paces.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.core.base import Sides

#: A free-text side of 1-40 characters ("Flanders").
SIDES = Sides(max_len=40)

ARMS = ("infantry", "cavalry")
ARMOURS = ("light", "heavy", "armored")
#: Best to worst; D is average, F raw peasants.
GRADES = ("A", "B", "C", "D", "E", "F")

#: What each arm and armour class is, for the catalogue.
KIND_NOTES = {
    ("infantry", "light"): "little or no armour, loose order; most missile troops",
    ("infantry", "heavy"): "some body armour, close order",
    ("infantry", "armored"): "full armour and shields (rare)",
    ("cavalry", "light"): "little or no armour on small horses",
    ("cavalry", "heavy"): "sergeants led by knights on big horses; most horse",
    ("cavalry", "armored"): "every man in full armour (very rare)",
}
GRADE_NOTES = {"A": "the best", "B": "", "C": "", "D": "average", "E": "", "F": "raw peasants"}

#: Unit sizes the rules are built for (12-16 usual).
MIN_FIGURES, MAX_FIGURES = 6, 24
#: What a file may hold for figures, width and missile figures (a referee may allow a unit
#: outside 6-24: that is a finding, not a load error).
LOAD_MAX = 48
#: A front rank up to this wide is a column; wider is a line.
COLUMN_MAX_WIDTH = 8
#: Ranks that shoot and that fight.
FIRING_RANKS = 2
FIGHTING_RANKS = 2

#: Figures a die, and the remainder that rounds up to one more die.
SHOOTING_PER_DIE, SHOOTING_ROUND_UP = 3, 2
COMBAT_PER_DIE = {"infantry": 4, "cavalry": 3}
COMBAT_ROUND_UP = {"infantry": 3, "cavalry": 2}
#: The combat score to hit before modifiers (6-10).
COMBAT_HIT = 6

#: Moves in inches.
MOVE_COLUMN = 12
MOVE_LINE = 6
#: Skirmishing foot evading; skirmishing light horse evade at their own move.
MOVE_EVADE = 12
ARMORED_FOOT_PENALTY = 2
MOVE_CAVALRY = {"light": 20, "heavy": 16, "armored": 16}
MOVE_LEADER = 20

#: The lowest score (1D10) that passes a morale test, by grade.
MORALE_PASS = {"A": 2, "B": 3, "C": 4, "D": 5, "E": 6, "F": 7}
#: Added to the rout distance roll, by grade.
ROUT_MODIFIER = {"A": 3, "B": 2, "C": 1, "D": 0, "E": -1, "F": -3}
#: Grades that can be steady (D or better).
STEADY_GRADES = ("A", "B", "C", "D")


@dataclass(frozen=True)
class Missile:
    key: str
    name: str
    range: int
    #: The lowest D10 score that hits, against light, heavy and armored targets (None: it
    #: cannot hurt them).
    hits: tuple[int | None, int | None, int | None]
    note: str = ""


MISSILES = {
    m.key: m
    for m in (
        Missile("thrown", "Thrown weapons", 6, (8, 10, None)),
        Missile("light-bow", "Light bows", 12, (8, 10, None)),
        Missile("sling", "Slings", 12, (8, 10, None)),
        Missile("crossbow", "Crossbows", 16, (7, 8, 9), "stands a turn to reload after shooting"),
        Missile("longbow", "Longbows", 16, (8, 9, 10)),
    )
}

SHOOTING_MODIFIERS = (
    ("Target skirmishing", -1),
    ("Target in soft cover", -1),
    ("Target in hard cover", -2),
    ("Shooter moved", -1),
)
COMBAT_MODIFIERS = (
    ("Cavalry in or against broken terrain", -2),
    ("Against a steep slope or obstacle", -1),
    ("Attacking a flank or rear", 3),
    ("Striking at a flank or rear attacker", -3),
    ("Skirmishers", -3),
    ("Against soft cover", -2),
    ("Against hard cover", -3),
    ("Steady cavalry, first charge of the game", 2),
    ("Cavalry against foot", 2),
    ("Foot against cavalry", -2),
    ("Each grade better than the enemy (up to +3)", 1),
    ("Each grade worse than the enemy (down to -3)", -1),
    ("Heavier against lighter", 1),
    ("Lighter against heavier", -1),
)
MORALE_MODIFIERS = (
    ("Foot meeting a charge by steady cavalry", -3),
    ("Each 25% of the unit lost", -2),
    ("Charged in flank or rear", -2),
    ("No leader within command radius", -1),
)
#: Besides the grade's (ROUT_MODIFIER) and an attached leader's charisma.
ROUT_MODIFIERS = (("No leader within command radius", -1),)

#: Rout distance (1D10 + modifiers): (lowest score, highest, inches of recoil, rout hits).
ROUT_TABLE = ((2, 4, 16, 6), (5, 7, 12, 4), (8, 10, 6, 2))
#: At this score or less the unit is shattered at once.
ROUT_SHATTERED = 1

#: Leaders.
COMMAND_RADIUS = 10
#: (highest die, value): charisma 1-3 +0, 4-8 +1, 9-10 +2.
CHARISMA_FOR_DIE = ((3, 0), (8, 1), (10, 2))
#: Command points (optional rule): 1-3 one, 4-7 two, 8-9 three, 10 four.
COMMAND_POINTS_FOR_DIE = ((3, 1), (7, 2), (9, 3), (10, 4))
MAX_CHARISMA = 2
MIN_COMMAND_POINTS, MAX_COMMAND_POINTS = 1, 4
#: A player commands 1-4 units: a battle of more is unwieldy.
MAX_UNITS_PER_BATTLE = 4


def from_table(table: tuple[tuple[int, int], ...], die: int) -> int:
    """The value a D10 ``die`` gives on a (highest die, value) table."""
    return next(value for top, value in table if die <= top)
