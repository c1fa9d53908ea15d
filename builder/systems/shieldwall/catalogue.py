"""The shieldwall catalogue: what *Add* offers (a stand of each quality, the bow stands, a
mounted stand, a commander and a hero), and the look-up grids ``catalogue`` prints."""

from __future__ import annotations

from functools import partial

from builder.core.base import Entry, Grid

from . import dice
from . import rules as cat
from .model import Leader, Stand

#: key, name, and the stand *Add* makes (label, quality, figures, armour, weapon, mounted).
_STANDS = (
    ("thralls", "Thralls", ("Thralls", "thrall", 4, "none", "spear", False)),
    ("warriors", "Warriors", ("Warriors", "warrior", 4, "shield", "spear", False)),
    ("huscarls", "Huscarls", ("Huscarls", "huscarl", 4, "mail", "axe", False)),
    ("berserkers", "Berserkers", ("Berserkers", "berserker", 4, "none", "axe", False)),
    ("archers", "Archers", ("Archers", "warrior", 4, "none", "bow", False)),
    (
        "sharpshooters",
        "Sharpshooters",
        ("Sharpshooters", "warrior", 2, "none", "sharpshooter", False),
    ),
    ("horsemen", "Horsemen", ("Horsemen", "huscarl", 3, "mail", "spear", True)),
)

_OPTIONS = (
    "quality: " + ", ".join(cat.QUALITIES),
    "armour: " + ", ".join(cat.ARMOUR),
    "weapon: " + ", ".join(cat.WEAPONS),
    "mounted",
    "count: identical stands",
    "leader: a leader attached",
)


def _stand_summary(stand: Stand) -> str:
    return (
        f"{stand.figures} figures, {cat.QUALITIES[stand.quality].name.lower()}, "
        f"{cat.ARMOUR[stand.armour].name}, {cat.WEAPONS[stand.weapon].name}"
        + (", mounted" if stand.mounted else "")
    )


def entries() -> tuple[Entry, ...]:
    rows = []
    for key, name, args in _STANDS:
        make = partial(Stand, *args[:5], mounted=args[5])
        rows.append(
            Entry(
                key,
                name,
                "stand",
                _stand_summary(make()),
                "stands",
                make,
                options=_OPTIONS,
                figures=args[2],
            )
        )
    for role in cat.ROLES:
        name = cat.ROLE_NAMES[role]
        rows.append(
            Entry(
                role,
                name,
                "leader",
                f"a single figure, who counts as a stand of {cat.SINGLE_LEADER_FIGURES}",
                "leaders",
                partial(Leader, name, role),
                options=("figures: his own stand",),
                figures=1,
            )
        )
    return tuple(rows)


def reference() -> tuple[Grid, ...]:
    """The quality ladder, saves, weapons and the dice modifiers."""
    qualities = Grid(
        "Quality",
        ("quality", "bravery passes on", "hits"),
        tuple(
            (q.name, dice.faces(q.score), dice.ladder_text(q.key)) for q in cat.QUALITIES.values()
        ),
    )
    saves = Grid(
        "Armour",
        ("armour", "saves a hit on"),
        tuple((a.name, dice.faces(a.save)) for a in cat.ARMOUR.values()),
    )
    weapons = Grid(
        "Weapons",
        ("weapon", "shooting", "melee"),
        tuple(
            (
                w.name,
                f'{w.shooting_per_figure} a figure, effective {cat.EFFECTIVE_RANGE}", '
                f'long {cat.LONG_RANGE}"'
                if w.shoots
                else "-",
                "1 a figure",
            )
            for w in cat.WEAPONS.values()
        ),
    )
    modifiers = Grid(
        "Dice modifiers",
        ("test", "modifiers"),
        (
            ("bravery", "1 die; +1 commander or hero leading; " + "; ".join(cat.BRAVERY_EXTRAS)),
            (
                "melee",
                "1 a figure; +1 mounted; +1 commander or hero; "
                + cat.AXE_EXTRA
                + "; "
                + cat.SPEAR_EXTRA
                + "; "
                + "; ".join(cat.MELEE_EXTRAS),
            ),
            (
                "shooting",
                "1 a figure, 2 for sharpshooters; +1 commander or hero attached; "
                + "; ".join(cat.SHOOTING_EXTRAS),
            ),
            (
                "movement",
                f'{cat.MOVE_DICE_OPEN}D6" in the open; +1 die mounted; '
                + "; ".join(cat.MOVE_EXTRAS),
            ),
            (
                "going berserk",
                f"{dice.faces(cat.BERSERK_ON)}; +2 lesser men charging close by; +1 "
                "banner; +1 commander or hero",
            ),
        ),
    )
    return (qualities, saves, weapons, modifiers)
