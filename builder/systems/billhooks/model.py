"""The Billhooks army as plain dataclasses: Army -> Ward -> Leader + Units.

No I/O and no rules. Attribute names are the army file's keys and the defaults are the file's
defaults: :mod:`builder.systems.billhooks.schema` declares the file's shape over these classes,
and the generic army-file code builds and writes them from that declaration alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import COMMAND_CLASSES


@dataclass
class RearCompany:
    """The company behind the archers in a combined block."""

    troop: str
    #: levy | retinue | veteran; None means the ruleset default (retinue).
    quality: str | None = None


@dataclass
class Unit:
    """One unit on the table: a band, one or a pair of companies, a squadron or a section."""

    troop: str
    #: levy | retinue | veteran (infantry companies only); None means the default.
    quality: str | None = None
    #: single | line | block | combined.
    formation: str = "single"
    #: The second company of a combined block (only with formation "combined").
    rear: RearCompany | None = None
    stakes: bool = False
    pavises: bool = False
    defences: bool = False
    #: Light horse only: "bows" or "crossbows".
    arms: str | None = None
    label: str | None = None
    nationality: str | None = None
    #: A photo of the figures (absolute; the file writes it relative to itself).
    photo: str | None = None


@dataclass
class Leader:
    """A leader and his personal details; his ward's units live on the Ward."""

    name: str
    rank: str = "Captain"
    c_in_c: bool = False
    mounted: bool = False
    #: 1 Dolt, 2 Commander, 3 Hero.
    command_class: int = 2

    @property
    def class_name(self) -> str:
        return COMMAND_CLASSES.get(self.command_class, str(self.command_class))


@dataclass
class Ward:
    """A leader and the units he commands."""

    leader: Leader
    units: list[Unit] = field(default_factory=list)


@dataclass
class Muster:
    """How a mustered army was dealt: the agreed troop points and the seed."""

    troops: int
    seed: int | None = None


@dataclass
class Army:
    """One army, as in one army file."""

    ruleset: str
    name: str
    side: str | None = None
    english: bool = True
    #: Agreed troop points; more troop points is an error.
    points: int | None = None
    muster: Muster | None = None
    wards: list[Ward] = field(default_factory=list)
    #: Who plays it (an event prints it; no game value).
    player: str | None = None

    @property
    def leaders(self) -> list[Leader]:
        return [w.leader for w in self.wards]

    def units_with_paths(self) -> list[tuple[str, Unit]]:
        """Every unit with its place in the file, e.g. ``wards[0].units[2]``."""
        return [
            (f"wards[{wi}].units[{ui}]", unit)
            for wi, ward in enumerate(self.wards)
            for ui, unit in enumerate(ward.units)
        ]

    @property
    def agreed_troops(self) -> int | None:
        """The troop total the army was built or dealt for, if any."""
        if self.muster is not None:
            return self.muster.troops
        return self.points
