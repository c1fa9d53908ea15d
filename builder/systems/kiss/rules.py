"""KISS Wars of the Roses as data: troops, commitment, orders, magnates' abilities, traits and
stratagems, army morale and the casualty tables.

Every number here comes from docs/rules/kiss.md (our digest of KISS Wars of the Roses); code that
needs a rule number reads it from this module. Reminders are one line each, in our own words.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.core.base import Side, Sides

#: York and Lancaster, printed as in every other system of the program.
SIDES = Sides(
    fixed=(
        Side("york", "York", "Yorkist", "#24457a", "rose-white"),
        Side("lancaster", "Lancaster", "Lancastrian", "#8e1b1f", "rose-red"),
    )
)

# --- Troops (docs/rules/kiss.md#troops) -----------------------------------------------------------


@dataclass(frozen=True)
class Troop:
    """One troop type's numbers: the lowest die that hits or saves (None: no such roll)."""

    key: str
    name: str
    #: Inches a turn; None: it does not move (a gonne).
    move: int | None
    #: Shooting range in inches; None: it does not shoot.
    range: int | None = None
    fire_hit: int | None = None
    #: When it hits at fire on 5+ instead, and who may ("retinue" or "" for any).
    fire_better: str = ""
    fire_better_who: str = ""
    #: Handstrokes to hit: first turn of contact, then later turns (None: no handstrokes).
    hand_first: int | None = None
    hand_later: int | None = None
    #: What "first turn" means for this troop ("on the charge" for knights).
    hand_first_when: str = "first turn of contact"
    #: Saves by commitment: against fire and in handstrokes (None: no save).
    save_fire: dict[str, int | None] | None = None
    save_hand: dict[str, int | None] | None = None
    #: Knights: the save against longbow fire, where it differs.
    save_longbow: int | None = None
    #: Targets of its fire save this much worse (crossbows: 2).
    pierce: int = 0
    special: str = ""


COMMITMENTS = ("retinue", "well-wishers", "arrayed")
#: The lowest die on which a unit of each commitment FAILS a morale test
#: (docs/rules/kiss.md#troops).
MORALE_FAIL = {"retinue": 6, "well-wishers": 5, "arrayed": 4}
COMMITMENT_NAMES = {
    "retinue": "Retinue (committed)",
    "well-wishers": "Well-wishers",
    "arrayed": "Arrayed (uncommitted)",
}


def _all(save: int | None) -> dict[str, int | None]:
    return dict.fromkeys(COMMITMENTS, save)


TROOPS = {
    t.key: t
    for t in (
        Troop(
            "archers",
            "Archers",
            6,
            18,
            6,
            "against enemies charging them",
            "retinue",
            6,
            5,
            save_fire=_all(6),
            save_hand=_all(None),
        ),
        Troop(
            "billmen",
            "Billmen",
            6,
            hand_first=4,
            hand_later=5,
            save_fire={"retinue": 5, "well-wishers": 5, "arrayed": 6},
            save_hand={"retinue": 5, "well-wishers": 5, "arrayed": 6},
        ),
        Troop(
            "men-at-arms",
            "Men-at-Arms",
            4,
            hand_first=4,
            hand_later=4,
            save_fire=_all(4),
            save_hand=_all(4),
        ),
        Troop(
            "mounted-knights",
            "Mounted Knights",
            8,
            hand_first=2,
            hand_later=4,
            hand_first_when="on the charge",
            save_fire=_all(4),
            save_hand=_all(4),
            save_longbow=6,
        ),
        Troop(
            "crossbows",
            "Crossbows",
            6,
            18,
            6,
            hand_first=6,
            hand_later=5,
            save_fire=_all(6),
            save_hand=_all(None),
            pierce=2,
            special="its targets save 2 worse (a 4+ save needs a 6; a 5+ or 6 is lost)",
        ),
        Troop(
            "spears",
            "Spears/Pikes",
            6,
            hand_first=5,
            hand_later=5,
            save_fire=_all(5),
            save_hand=_all(5),
            special='pushes enemies that are not spears back 2" each turn of handstrokes',
        ),
        Troop("gonne", "Gonne", None, 18, 6, "against enemies charging a friend beside it", ""),
    )
}

FIGURES_DEFAULT, FIGURES_MIN, FIGURES_MAX = 12, 2, 48
#: A unit routs at this many figures, or at half its starting strength if that is more.
ROUT_FLOOR = 4
#: Our reading of the dice (docs/rules/kiss.md#our-readings): a die a figure; a unit stands in
#: two ranks and only the front one fires at chargers; enfilading doubles handstroke dice.
DICE_PER_FIGURE = 1
FRONT_RANKS = 2
ENFILADE_DICE = 2

# --- Orders (docs/rules/kiss.md#orders) -----------------------------------------------------------


@dataclass(frozen=True)
class Order:
    key: str
    name: str
    #: The orders it may change to.
    to: tuple[str, ...]
    effect: str


ORDERS = {
    o.key: o
    for o in (
        Order(
            "stand",
            "Stand",
            ("loose", "advance"),
            "no move; may turn on the spot; a free volley at chargers",
        ),
        Order("loose", "Loose", ("stand", "advance"), "no move; one volley"),
        Order(
            "advance",
            "Advance",
            ("stand", "charge"),
            'full move straight on, staying 2" from every enemy',
        ),
        Order(
            "charge",
            "Charge",
            ("stand",),
            'must end touching an enemy, the 2" gap waived; back to Stand after the fight',
        ),
    )
}
#: A change of order succeeds on this or more, before modifiers (no natural-1 rule: with +1
#: every roll succeeds, docs/rules/kiss.md#our-decisions).
ORDER_ROLL = 2

# --- Magnates (docs/rules/kiss.md#magnates) -------------------------------------------------------

LEVELS = (1, 2, 3, 4)
#: Peers are magnates of level 3 or 4.
PEER_LEVEL = 3
SCORE_MIN, SCORE_MAX = 1, 6


@dataclass(frozen=True)
class Ability:
    key: str
    #: Added to the order roll (+1: 2+ becomes 1+, so every roll succeeds).
    order_mod: int
    changes: int
    stratagems: int
    #: An extra roll an amateur must also pass to change an order (None: none).
    extra_roll: int | None
    reminder: str


ABILITIES = {
    a.key: a
    for a in (
        Ability("audacious", 1, 2, 3, None, "two order changes a turn and +1 on the order roll"),
        Ability("old soldier", 1, 1, 2, None, "+1 on the order roll"),
        Ability("practiced", 0, 1, 1, None, "the plain order roll, no modifier"),
        Ability("amateur", 0, 1, 0, 4, "must also roll 4+ for every order change (confusion)"),
    )
}


@dataclass(frozen=True)
class Trait:
    key: str
    reminder: str
    #: Lethargy and treacherous chits the trait puts in the cup.
    lethargy: int = 0
    treacherous: int = 0


ANTI = "anti-"
TRAITS = {
    t.key: t
    for t in (
        Trait(
            "impetuous",
            "goes to Advance or Charge at once if his target feints or costs him "
            "2+ figures by fire",
        ),
        Trait("lethargic", "puts 2 lethargy chits in the cup", lethargy=2),
        Trait("bloodthirsty", "takes no prisoners: routers he catches die"),
        Trait("merciful", "spares the beaten: routers he catches are taken"),
        Trait("timorous", "his units test morale one level worse"),
        Trait("trimmer", "may turn his coat: counts as treacherous", lethargy=2, treacherous=1),
        Trait("artifices", "may lay ambushes or obstacles at set-up"),
        Trait(
            "treacherous",
            "2 lethargy chits and 1 treacherous chit: drawn first, he changes sides",
            lethargy=2,
            treacherous=1,
        ),
        Trait(
            "conciliatory",
            "rolls against the enemy leader's morale at set-up; failing costs his army 1 morale",
        ),
    )
}
ANTI_REMINDER = "at a foe: his wounds kill; at a friend: worse morale; at his own side: treacherous"
#: What a treacherous magnate adds to the cup, whatever makes him so (never twice).
TREACHERY_LETHARGY, TREACHERY_CHITS = 2, 1


@dataclass(frozen=True)
class Stratagem:
    key: str
    reminder: str
    #: What he needs ("" for nothing), in words.
    needs: str = ""


STRATAGEMS = {
    s.key: s
    for s in (
        Stratagem("captain's advice", "one extra order change in a turn, once a game"),
        Stratagem("forethought", "a bonus in routs: the 666 rule is read as the 366 rule"),
        Stratagem("stout ensign", "ignore one failed casualty roll for him"),
        Stratagem("inspiring", "take a shaken marker off at any moment", "puissance 4+"),
        Stratagem("energetic", "roll one failed order roll again, once a game", "forwardness 4+"),
        Stratagem("master gonner", "roll the fire dice again once a turn", "a gonne in the army"),
        Stratagem(
            "caltrops/pavises", "set defences before his ward at set-up", "the artifices trait"
        ),
        Stratagem("good timing", "+1 to hit when shooting, for one turn", "old soldier"),
        Stratagem("far sighted", "spots ambushes: they deploy openly and lose their edge"),
        Stratagem("feint", "one move backwards, then Stand", "old soldier"),
    )
}
#: Prerequisite thresholds (docs/rules/kiss.md#magnates).
INSPIRING_PUISSANCE = 4
ENERGETIC_FORWARDNESS = 4

# --- Army morale (docs/rules/kiss.md#army-morale) -------------------------------------------------

MORALE_START = 5
PRE_BATTLE = {
    "coldness of the king": "the king is in the enemy camp",
    "odds 3:2": "facing odds of 3:2 or worse",
    "forced march": "a forced march before the battle",
    "bombardment": "an enemy bombardment before the battle",
}
#: Each army morale level's effect, 5 down to 0.
MORALE_LEVELS = {
    5: "no effect",
    4: "no effect",
    3: "no effect",
    2: "every unit left tests morale",
    1: "every unit left tests morale one level worse",
    0: "every unit left routs",
}
#: The short marks a morale track carries at the levels that do something.
MORALE_MARKS = {2: "all test", 1: "all test worse", 0: "all rout"}

# --- Casualties (docs/rules/kiss.md#magnates): 2D6 for a magnate whose unit lost figures ----------

#: (lowest 2D6 total, result) rows, in order.
CASUALTIES = {
    "shooting": ((2, "unhurt"), (11, "wounded"), (12, "killed")),
    "handstrokes": ((2, "unhurt"), (9, "wounded"), (11, "killed")),
    "I'll not shrink back": ((2, "unhurt"), (8, "killed")),
}
#: 1D6 for a magnate caught in a rout, neither enemy bloodthirsty nor merciful.
ROUT_FATE = ((1, "captured"), (4, "killed"), (6, "escaped"))
WOUNDS_TO_KILL = 2
