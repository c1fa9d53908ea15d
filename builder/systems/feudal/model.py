"""The Feudal army as plain dataclasses: Army -> Battle -> Leader + Units.

No I/O and no rules. Attribute names are the army file's keys and the defaults are the file's
defaults (None where the default depends on another key: a unit's width and missile figures);
:mod:`builder.systems.feudal.schema` declares the file's shape over these classes.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Unit:
    """A band of 6-24 figures of one arm, armour class and morale grade."""

    label: str
    #: infantry | cavalry.
    arm: str
    #: light | heavy | armored.
    armour: str
    #: A (best) to F.
    grade: str
    figures: int
    #: Figures in the front rank; None means min(8, figures).
    width: int | None = None
    #: thrown | light-bow | sling | crossbow | longbow; None: no missile figures.
    missile: str | None = None
    #: Figures carrying the missile; None means all of them when ``missile`` is set.
    missile_figures: int | None = None
    skirmish: bool = False


@dataclass
class Leader:
    name: str
    c_in_c: bool = False
    #: 0-2, from a D10.
    charisma: int = 0
    #: 1-4 with the optional command points rule; None: the rule is not used.
    command_points: int | None = None


@dataclass
class Battle:
    """A leader and the units he commands."""

    leader: Leader
    units: list[Unit] = field(default_factory=list)


@dataclass
class Army:
    ruleset: str
    name: str
    side: str | None = None
    battles: list[Battle] = field(default_factory=list)
    #: Who plays it (an event prints it; no game value).
    player: str | None = None

    @property
    def leaders(self) -> list[Leader]:
        return [b.leader for b in self.battles]

    def units_with_paths(self) -> list[tuple[str, Unit]]:
        """Every unit with its place in the file, e.g. ``battles[0].units[2]``."""
        return [
            (f"battles[{bi}].units[{ui}]", unit)
            for bi, battle in enumerate(self.battles)
            for ui, unit in enumerate(battle.units)
        ]

    @property
    def uses_command_points(self) -> bool:
        """The optional rule is on for the whole army once any leader has command points."""
        return any(leader.command_points is not None for leader in self.leaders)
