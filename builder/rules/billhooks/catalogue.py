"""Never Mind the Billhooks as data: troop types, armour classes, extras and their costs.

Every number here comes from RULES.md section 1 (the digest of seed 000). Code that needs a
rule number reads it from this module; nothing else in the program repeats one.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- Unit kinds (RULES.md 1.1) -------------------------------------------------------------

COMPANY, BAND, SQUADRON, SECTION = "company", "band", "squadron", "section"

#: Figures in one unit of each kind (a section is one gun and three crew: three figures).
KIND_FIGURES = {COMPANY: 12, BAND: 6, SQUADRON: 8, SECTION: 3}
KIND_PLURAL = {COMPANY: "companies", BAND: "bands", SQUADRON: "squadrons", SECTION: "sections"}

# --- Armour classes and saves (RULES.md 1.6): the lowest die that saves ---------------------


@dataclass(frozen=True)
class Armour:
    key: str
    name: str
    save_shooting: int
    save_melee: int


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

#: Infantry in cover move up one class against shooting (RULES.md 1.6).
COVER_LADDER = ("naked", "light", "medium", "heavy")

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

# --- Troop types (RULES.md 1.1, 1.2, 1.6) ------------------------------------------------------


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


TROOPS: dict[str, Troop] = {
    t.key: t
    for t in (
        Troop("archers", "Archers", "archer", COMPANY, 1, "light", 6, 4, 0.5,
              ARCHER_RANGES, 2,
              specials=("Shoots twice a turn; 6 arrowstorms a game",
                        "Charged: 1-3 evades, 4-6 shoots once at short range")),
        Troop("billmen", "Billmen", "billman", COMPANY, 1, "medium", 6, 4, 1,
              specials=("Always stands and fights when attacked",)),
        Troop("pikemen", "Pikemen", "pikeman", COMPANY, 1, "medium", 6, 4, 1,
              specials=("Cavalry attacking pikes get no re-rolls",
                        "A block may form a hedgehog: no flanks, cannot move")),
        Troop("men-at-arms", "Men-at-Arms", "man-at-arms", COMPANY, 2, "heavy", 6, 4, 1.5,
              specials=("Go down one armour class when hit by crossbows or handguns",)),
        Troop("skirmish-archers", "Skirmish Archers", "archer", BAND, 1, "light", 8, 8, 0.5,
              SKIRMISH_RANGES, 1, can_attack=False,
              specials=("Evades when attacked",)),
        Troop("crossbowmen", "Crossbowmen", "crossbowman", BAND, 1, "light", 8, 8, 0.5,
              SKIRMISH_RANGES, 1, can_attack=False,
              specials=("Men-at-arms hit go down one armour class", "Evades when attacked")),
        Troop("handgunners", "Handgunners", "handgunner", BAND, 1, "light", 8, 8, 0.5,
              SKIRMISH_RANGES, 1, can_attack=False,
              specials=("Men-at-arms hit go down one armour class", "Evades when attacked")),
        Troop("kern", "Kern", "kern", BAND, 1, "naked", 8, 8, 1,
              KERN_RANGES, 1,
              specials=("The only skirmishers that may attack",
                        "Follows up a broken enemy 12\"")),
        Troop("knights", "Knights", "knight", SQUADRON, 3, "heavy-mounted", 8, 4, 2,
              specials=("Charge +4\" on the second move; at most two charges a game",
                        "Charging: re-roll 1-3 once", "Countercharges cavalry")),
        Troop("light-horse", "Light Horse", "light horseman", SQUADRON, 1.5, "light-horse",
              10, 4, 1.5,
              specials=("Charge +4\" on the second move", "May countercharge or evade")),
        Troop("artillery", "Artillery", "artilleryman", SECTION, 1, "light", 4, None, 0.5,
              ARTILLERY_RANGES, 1, shoot_double=True, fixed_points=6, can_attack=False,
              specials=("Hits kill outright; three or more 1s: the gun blows up",
                        "Two actions to deploy or pack up", "Cannot enter bad going")),
    )
}

COMPANY_TROOPS = tuple(k for k, t in TROOPS.items() if t.kind == COMPANY)
BAND_TROOPS = tuple(k for k, t in TROOPS.items() if t.kind == BAND)

# --- Qualities, formations and extras ---------------------------------------------------------

QUALITIES = ("levy", "retinue", "veteran")
DEFAULT_QUALITY = "retinue"
#: Per company (RULES.md 1.2).
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

# --- Leaders (RULES.md 1.4) --------------------------------------------------------------------

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

# --- Army restrictions (RULES.md 1.3) ----------------------------------------------------------

CORE_TROOPS = ("archers", "billmen")
CORE_SHARE = 0.5  # at least
SKIRMISH_SHARE = 0.2  # at most

# --- Print counts (RULES.md 1.5 decisions) ------------------------------------------------------

DISARRAY_MAX = 2
DAUNTED_MAX = 1
ORDER_TOKEN_SPARES = 2
