"""The KISS army as plain dataclasses: Army -> Ward -> Magnate + Units.

No I/O and no rules. Attribute names are the army file's keys and the defaults are the file's
defaults (issue 15's army file); :mod:`builder.systems.kiss.schema` declares the shape over them.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Unit:
    troop: str
    #: retinue | well-wishers | arrayed.
    commitment: str = "retinue"
    figures: int = 12
    label: str | None = None


@dataclass
class Magnate:
    """A ward's leader: a noble with his level, scores, ability, traits and stratagems."""

    name: str
    ability: str
    c_in_c: bool = False
    level: int = 2
    puissance: int = 3
    forwardness: int = 3
    traits: list[str] = field(default_factory=list)
    stratagems: list[str] = field(default_factory=list)
    #: His commitment grade, which his ward's units test morale by
    #: (docs/rules/kiss.md#our-decisions); None: his ward's dominant grade by figures.
    commitment: str | None = None


@dataclass
class Ward:
    leader: Magnate
    units: list[Unit] = field(default_factory=list)


@dataclass
class Army:
    ruleset: str
    name: str
    side: str
    pre_battle: list[str] = field(default_factory=list)
    wards: list[Ward] = field(default_factory=list)
    #: Who plays it (an event prints it; no game value).
    player: str | None = None

    @property
    def magnates(self) -> list[Magnate]:
        return [w.leader for w in self.wards]

    def units_with_paths(self) -> list[tuple[str, Unit]]:
        """Every unit with its place in the file, e.g. ``wards[0].units[2]``."""
        return [
            (f"wards[{wi}].units[{ui}]", unit)
            for wi, ward in enumerate(self.wards)
            for ui, unit in enumerate(ward.units)
        ]
