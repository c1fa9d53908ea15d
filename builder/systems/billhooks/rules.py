"""Never Mind the Billhooks as data: troop types, armour classes, extras and their costs.

Every number here comes from docs/rules/billhooks.md (our digest of Never Mind the Billhooks). Code
that needs a rule number reads it from this module; nothing else in the program repeats one.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.core.base import Side, Sides

#: York and Lancaster: order tokens and skirmish cards are per side (docs/rules/billhooks.md).
SIDES = Sides(
    fixed=(
        Side("york", "York", "Yorkist", "#24457a", "rose-white"),
        Side("lancaster", "Lancaster", "Lancastrian", "#8e1b1f", "rose-red"),
    )
)

# --- Unit kinds (docs/rules/billhooks.md#units) ---------------------------------------------------

COMPANY, BAND, SQUADRON, SECTION = "company", "band", "squadron", "section"

#: Figures in one unit of each kind (a section is one gun and three crew: three figures).
KIND_FIGURES = {COMPANY: 12, BAND: 6, SQUADRON: 8, SECTION: 3}
KIND_PLURAL = {COMPANY: "companies", BAND: "bands", SQUADRON: "squadrons", SECTION: "sections"}

# --- Armour classes and saves (docs/rules/billhooks.md#game-facts): the lowest die that saves -----


@dataclass(frozen=True)
class Armour:
    key: str
    name: str
    save_shooting: int
    save_melee: int

    @property
    def troops(self) -> str:
        """The troops named in brackets after the class ("men-at-arms"), or ""."""
        return self.name.partition(" (")[2].rstrip(")")


ARMOUR = {
    a.key: a
    for a in (
        Armour("heavy", "Heavy (men-at-arms)", 3, 3),
        Armour("heavy-mounted", "Heavy, mounted (knights)", 4, 3),
        Armour("medium", "Medium (billmen, pikemen)", 4, 4),
        Armour("light-horse", "Light horse", 5, 4),
        Armour("light", "Light (archers, skirmishers, gunners)", 5, 5),
        Armour("naked", "Naked men (kern, levy)", 6, 6),
    )
}

#: The foot armour classes, lowest first: cover moves a unit one step up against shooting,
#: crossbows and handguns move men-at-arms one step down (docs/rules/billhooks.md#game-facts).
COVER_LADDER = ("naked", "light", "medium", "heavy")
#: Classes that crossbow bolts and handgun shot pierce (men-at-arms; knights are not named).
PIERCED_ARMOUR = ("heavy",)

# --- Shooting --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Range:
    name: str
    min_in: int
    #: Inclusive upper bound in inches; "under 9" is stored as 9 with ``below`` set.
    max_in: int
    hit_on: int
    below: bool = False

    @property
    def text(self) -> str:
        if self.below:
            return f'under {self.max_in}"'
        return f'{self.min_in}-{self.max_in}"'


ARCHER_RANGES = (Range("short", 0, 9, 5, below=True), Range("long", 9, 15, 6))
SKIRMISH_RANGES = (Range("range", 0, 12, 5),)
KERN_RANGES = (Range("range", 0, 6, 5),)
ARTILLERY_RANGES = (Range("range", 0, 30, 6),)
ARROW_SUPPLY = 6
#: Light horse armed with these shoot armour-piercing missiles when they dismount.
PIERCING_ARMS = ("crossbows",)

# --- Wording shared by rosters, unit cards and the crib sheet (in our words) -------

CHARGE_BONUS = 4  # inches, cavalry only
KNIGHT_CHARGES = 2  # a game
PURSUIT_INCHES = 12
PURSUIT_DISARRAY = 2
#: Crossbows and handguns (the rulebook's "Shooting Saving Throw Adjustments").
ARMOUR_PIERCING = "Armour-piercing: men-at-arms hit save a class lower"
#: What a cavalry charge is, after "Charge" (the rulebook's "Movement" and "Melee").
CHARGE = (
    f'+{CHARGE_BONUS}" on an attack move (the second, if both actions are moves);'
    " straight ahead, never uphill"
)
#: What victorious cavalry and kern must do, after "Won a melee:" (the rulebook's "Morale").
PURSUIT = (
    f'follow up a beaten enemy; chase a broken one {PURSUIT_INCHES}" and take'
    f" {PURSUIT_DISARRAY} Disarray"
)
#: Melee re-rolls that never happen, whatever else would give one (the rulebook's "Melee").
NO_REROLLS = (
    "no re-rolls for cavalry against pikes, for attackers in Disarray, attacking"
    " uphill or across an obstacle such as stakes, whatever else applies"
)
#: How a combined block meets an attack: the archers in front react as archers.
COMBINED_REACTION = (
    "the archers swap to the rear, to support, only when they evade (no move, no Disarray)"
)


@dataclass(frozen=True)
class Reaction:
    """What a unit does when attacked (the rulebook's "Melee"). For troops that roll for it
    (archer companies): ``levy``, how levy roll; ``choice``, who may choose instead of
    rolling, by quality (None: the words for every quality, as on the crib sheet)."""

    text: str
    levy: str = ""
    choice: tuple[tuple[str | None, str], ...] = ()


STAND = Reaction("always stand and fight")
EVADE = Reaction("always try to evade (cavalry may still catch them)")
ARCHER_REACTION = Reaction(
    "roll 1D6: 4-6 shoot once at short range, 1-3 evade",
    levy="levy re-roll 6s",
    choice=(
        (None, "veterans or archers with a leader choose instead"),
        ("veteran", "veterans choose instead"),
        ("retinue", "with a leader, choose instead"),
        ("levy", "with a leader, choose instead"),
    ),
)

# --- Morale crisis test (docs/rules/billhooks.md#game-facts) --------------------------------------

#: Dice for a morale crisis test by kind of unit. Decision: the source names infantry, cavalry
#: and skirmishers only; a gun section rolls 1D6 like skirmishers, the small units the rules
#: group it with everywhere else (army morale, shooting at each other, end-of-turn rallies).
MORALE_DICE = {COMPANY: "2D6", SQUADRON: "1D6+1", BAND: "1D6", SECTION: "1D6"}

# --- Troop types (docs/rules/billhooks.md#units, #points and #game-facts) --------------------


@dataclass(frozen=True)
class Troop:
    key: str
    name: str
    #: Singular figure name, e.g. "archer".
    figure: str
    kind: str
    points_per_figure: float
    armour: str
    move_good: int
    #: None: may not enter bad going.
    move_bad: int | None
    #: Melee dice per figure (halves rounded up on the total).
    melee_dice: float
    ranges: tuple[Range, ...] = ()
    shots_per_turn: int = 0
    #: Shooting figures count double (artillerymen).
    shoot_double: bool = False
    #: The piece itself, on top of its crew (artillery).
    fixed_points: float = 0
    #: False for troops that may not attack (skirmishers but kern, artillery).
    can_attack: bool = True
    #: What the unit does when attacked.
    reaction: Reaction = STAND
    #: A levy company's armour class, None if levy keep their own (docs/rules/billhooks.md#units).
    levy_armour: str | None = None
    #: Crossbows and handguns: the classes in PIERCED_ARMOUR save one class lower.
    armour_piercing: bool = False
    specials: tuple[str, ...] = ()

    @property
    def is_company(self) -> bool:
        return self.kind == COMPANY

    @property
    def is_skirmish(self) -> bool:
        return self.kind == BAND

    @property
    def unit_points(self) -> float:
        """Points for one unit of this troop with no extras."""
        return KIND_FIGURES[self.kind] * self.points_per_figure + self.fixed_points


_PURSUES = "Won a melee: " + PURSUIT
_CHARGES = "Charge " + CHARGE

TROOPS: dict[str, Troop] = {
    t.key: t
    for t in (
        Troop(
            "archers",
            "Archers",
            "archer",
            COMPANY,
            1,
            "light",
            6,
            4,
            0.5,
            ARCHER_RANGES,
            2,
            reaction=ARCHER_REACTION,
            levy_armour="naked",
        ),
        Troop("billmen", "Billmen", "billman", COMPANY, 1, "medium", 6, 4, 1, levy_armour="naked"),
        Troop(
            "pikemen",
            "Pikemen",
            "pikeman",
            COMPANY,
            1,
            "medium",
            6,
            4,
            1,
            reaction=Reaction(
                "always stand and fight; a block may form a hedgehog"
                " (no flanks or rear, cannot move)"
            ),
            levy_armour="naked",
            specials=("Cavalry attacking pikes get no re-rolls",),
        ),
        Troop("men-at-arms", "Men-at-Arms", "man-at-arms", COMPANY, 2, "heavy", 6, 4, 1.5),
        Troop(
            "skirmish-archers",
            "Skirmish Archers",
            "archer",
            BAND,
            1,
            "light",
            8,
            8,
            0.5,
            SKIRMISH_RANGES,
            1,
            can_attack=False,
            reaction=EVADE,
        ),
        Troop(
            "crossbowmen",
            "Crossbowmen",
            "crossbowman",
            BAND,
            1,
            "light",
            8,
            8,
            0.5,
            SKIRMISH_RANGES,
            1,
            can_attack=False,
            reaction=EVADE,
            armour_piercing=True,
        ),
        Troop(
            "handgunners",
            "Handgunners",
            "handgunner",
            BAND,
            1,
            "light",
            8,
            8,
            0.5,
            SKIRMISH_RANGES,
            1,
            can_attack=False,
            reaction=EVADE,
            armour_piercing=True,
        ),
        Troop(
            "kern",
            "Kern",
            "kern",
            BAND,
            1,
            "naked",
            8,
            8,
            1,
            KERN_RANGES,
            1,
            reaction=EVADE,
            specials=("The only skirmishers that may attack", _PURSUES),
        ),
        Troop(
            "knights",
            "Knights",
            "knight",
            SQUADRON,
            3,
            "heavy-mounted",
            8,
            4,
            2,
            reaction=Reaction("countercharge enemy cavalry; may evade foot"),
            specials=(
                f"{_CHARGES}; {KNIGHT_CHARGES} charges a game",
                "Charging: re-roll 1-3 once; no re-rolls against pikes",
                _PURSUES,
            ),
        ),
        Troop(
            "light-horse",
            "Light Horse",
            "light horseman",
            SQUADRON,
            1.5,
            "light-horse",
            10,
            4,
            1.5,
            reaction=Reaction("countercharge or evade"),
            specials=(_CHARGES, "No re-rolls against pikes", _PURSUES),
        ),
        Troop(
            "artillery",
            "Artillery",
            "artilleryman",
            SECTION,
            1,
            "light",
            4,
            None,
            0.5,
            ARTILLERY_RANGES,
            1,
            shoot_double=True,
            fixed_points=6,
            can_attack=False,
            reaction=Reaction(
                "shoot if deployed and not yet fired this turn, else the crew flee for good"
            ),
            specials=(
                "Hits kill outright; three or more 1s: the gun blows up",
                "Two actions to deploy or pack up",
                "Cannot enter bad going",
            ),
        ),
    )
}

COMPANY_TROOPS = tuple(k for k, t in TROOPS.items() if t.kind == COMPANY)

# --- Qualities, formations and extras ---------------------------------------------------------

QUALITIES = ("levy", "retinue", "veteran")
DEFAULT_QUALITY = "retinue"
#: Per company (docs/rules/billhooks.md#points).
QUALITY_POINTS = {"levy": -3, "retinue": 0, "veteran": 3}

FORMATIONS = ("single", "line", "block", "combined")
#: Companies in each formation, and companies of frontage (for field defences).
FORMATION_COMPANIES = {"single": 1, "line": 2, "block": 2, "combined": 2}
FORMATION_FRONTAGE = {"single": 1, "line": 2, "block": 1, "combined": 1}
#: Troops that may stand behind archers in a combined block.
COMBINED_REAR_TROOPS = ("billmen", "pikemen", "men-at-arms")

STAKES_POINTS = 3  # per company of archers
PAVISES_POINTS = 3  # per band of crossbowmen or handgunners
DEFENCES_POINTS = 3  # per infantry company of frontage
PAVISE_TROOPS = ("crossbowmen", "handgunners")
LIGHT_HORSE_ARMS = ("bows", "crossbows")
PAVISE_MOVE = 6  # skirmishers carrying pavises

# --- Leaders (docs/rules/billhooks.md#leaders) ----------------------------------------------------

#: The ranks the rules name for a leader (the section above); a leader may hold any other.
RANKS = ("Lord", "Knight Banneret", "Captain", "Serjeant")

#: Command classes as the rules name them.
COMMAND_CLASSES = {1: "Dolt", 2: "Commander", 3: "Hero"}
C_IN_C_POINTS = 0
LEADER_POINTS = 5
LEADER_MOVE = {False: 8, True: 12}  # on foot, mounted
COMMAND_RANGE = 6
#: Advice, not limits: leaders in an army, units in a ward.
ADVICE_LEADERS = (2, 4)
ADVICE_WARD_UNITS = (2, 3)
# A leader's wounds, the order tokens he claims and the hits he adds in melee all equal his
# command class (see profile.leader_profile).
#: A command-class die: 6 Hero, 2-5 Commander, 1 Dolt.
CLASS_FOR_DIE = {1: 1, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3}

# --- Army restrictions (docs/rules/billhooks.md#restrictions) -------------------------------------

CORE_TROOPS = ("archers", "billmen")
CORE_SHARE = 0.5  # at least
SKIRMISH_SHARE = 0.2  # at most

# --- Print counts (docs/rules/billhooks.md#cards-and-tokens decisions) ----------------------------

DISARRAY_MAX = 2
DAUNTED_MAX = 1
ORDER_TOKEN_SPARES = 2
