"""The shieldwall rules as data (docs/rules/shieldwall.md): qualities and their ladder, armour and
its save, weapons, roles, and the fixed numbers of movement, shooting and sight.

No functions that decide anything live here; :mod:`.dice` works the derived numbers out.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.core.base import Sides


@dataclass(frozen=True)
class Quality:
    key: str
    name: str
    #: The lowest face that scores: a bravery die passes on it or better, and the hit ladder
    #: goes down to it (6s, then 5s if no 6s, ... down to this face).
    score: int


#: Thralls score on 6, warriors 5-6, huscarls 4-6, berserkers 3-6 (docs/rules/shieldwall.md#stands).
QUALITIES = {
    q.key: q
    for q in (
        Quality("thrall", "Thralls", 6),
        Quality("warrior", "Warriors", 5),
        Quality("huscarl", "Huscarls", 4),
        Quality("berserker", "Berserkers", 3),
    )
}


@dataclass(frozen=True)
class Armour:
    key: str
    name: str
    #: The lowest face that saves a hit.
    save: int


#: A save per hit: none or helmet 6, shield 5-6, mail (with or without shield) 4-6.
ARMOUR = {
    a.key: a
    for a in (
        Armour("none", "no armour", 6),
        Armour("helmet", "helmet", 6),
        Armour("shield", "shield", 5),
        Armour("mail", "mail", 4),
    )
}

#: The save classes the expected-wounds table is worked against (helmet saves as none does).
SAVE_CLASSES = (("none", "none or helmet"), ("shield", "shield"), ("mail", "mail"))


@dataclass(frozen=True)
class Weapon:
    key: str
    name: str
    #: Dice a figure when shooting (0: the stand does not shoot).
    shooting_per_figure: int = 0

    @property
    def shoots(self) -> bool:
        return self.shooting_per_figure > 0


WEAPONS = {
    w.key: w
    for w in (
        Weapon("spear", "spear"),
        Weapon("axe", "axe"),
        Weapon("sword", "sword"),
        Weapon("bow", "bow", 1),
        Weapon("sharpshooter", "sharpshooter bow", 2),
    )
}

ROLES = ("commander", "hero")
ROLE_NAMES = {"commander": "Army commander", "hero": "Hero"}

#: A leader on a single figure counts as a stand of this many figures
#: (docs/rules/shieldwall.md#leaders).
SINGLE_LEADER_FIGURES = 3

#: Bow ranges in inches.
EFFECTIVE_RANGE = 12
LONG_RANGE = 24

#: Movement dice (D6 inches) in the open and in a template; our reading
#: (docs/rules/shieldwall.md#stands).
MOVE_DICE_OPEN = 3
MOVE_DICE_TEMPLATE = 2

#: Going berserk: the lowest face that sends a berserker stand berserk.
BERSERK_ON = 5

#: A wedge is this many stands (1 in front, 2 behind).
WEDGE_STANDS = 3

#: Figures on a stand and leaders' own stands, and identical stands in one entry.
MAX_FIGURES = 12
MAX_COUNT = 99

#: The side is the player's own words ("Norse", "Saxons").
SIDES = Sides(max_len=40)

#: Conditional dice the roster lists beside a stand's usual bravery dice.
BRAVERY_EXTRAS = (
    "+1 berserk",
    "+1 the army banner going forward",
    "+1 in shieldwall",
    "+1 better men charging close by",
    "-1 better men running away close by",
    "-1 a wound",
)

#: Conditional dice beside the usual melee dice (the weapon's own come first, see dice.py).
MELEE_EXTRAS = (
    "+1 berserk",
    "+1 uphill",
    "+1 a second rank behind",
    "+1 for each rank of spears behind, up to two",
    "+1 halted to receive in loose shieldwall, +2 in tight",
    "-1 a wound",
)
AXE_EXTRA = "+1 axe against mounted, or charging, counter-charging or pursuing"
SPEAR_EXTRA = "+1 spear in the first turn of a melee after halting to receive"

#: Conditional dice beside the usual shooting dice.
SHOOTING_EXTRAS = (
    "+1 stationary",
    "+1 at a mounted target",
    "+1 into an unshielded flank or the rear",
    "-1 target in a template",
    "-1 a wound",
)

#: Movement changes beside the usual movement dice.
MOVE_EXTRAS = (
    "+1 die berserk",
    "-1 die in loose shieldwall, -2 in tight",
    f'{MOVE_DICE_TEMPLATE}D6" base in a template',
)
