"""What every ruleset provides, and the small types the rest of the program sees.

A ruleset is an object satisfying :class:`Ruleset`. The army model, the army file loader, the
CLI, the TUI and the exporters talk to rules only through it, so a rule system with no points or
with other unit and leader fields plugs in by declaring its own schema and numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from builder.army import Army, Leader, Unit

Level = Literal["error", "warning"]


@dataclass(frozen=True)
class Fix:
    """A finding's remedy as data: which army-file key to change on what ``where`` names.

    ``message`` gives the remedy in army-file terms (``set command_class = 2``); an editor
    that changes the army its own way (the builder: a key to press) shows ``problem`` and says
    the rest in its own words.
    """

    #: The key to change: a leader's ``command_class`` or ``c_in_c``, a unit's option ...
    key: str
    #: The message without its army-file advice.
    problem: str


@dataclass(frozen=True)
class Finding:
    """One thing the rules forbid (error) or advise against (warning)."""

    level: Level
    code: str
    message: str
    #: Where in the army file, e.g. ``wards[2].units[1]``; "" for the army as a whole.
    where: str = ""
    #: The remedy as data, when the message's advice names army-file keys.
    fix: Fix | None = None

    @classmethod
    def advising(cls, level: Level, code: str, problem: str, key: str, advice: str,
                 where: str = "") -> Finding:
        """The finding ``problem: advice``, where ``advice`` changes the army-file ``key``."""
        return cls(level, code, f"{problem}: {advice}", where, Fix(key, problem))

    def as_dict(self) -> dict[str, str]:
        return {"level": self.level, "code": self.code, "message": self.message,
                "where": self.where}


@dataclass(frozen=True)
class FieldSpec:
    """One key an army file may carry on a unit or leader, for the loader to validate.

    ``type`` is one of "str", "int", "bool", "table". ``attr`` names the model attribute; keys
    with no attribute of that name on the model go into the model's ``extra`` dict.
    """

    type: Literal["str", "int", "bool", "table"]
    required: bool = False
    choices: tuple[str, ...] | None = None
    min: int | None = None
    max: int | None = None
    max_len: int | None = None
    #: For "table" fields: the schema of the nested table.
    fields: Mapping[str, FieldSpec] = field(default_factory=dict)


@dataclass(frozen=True)
class TroopInfo:
    """One row of a ruleset's catalogue, for listing (``billhooks catalogue``, the TUI)."""

    key: str
    name: str
    kind: str
    figures: int
    points: float | None
    options: tuple[str, ...]
    summary: str


@dataclass(frozen=True)
class UnitOptions:
    """The options a ruleset allows on one troop, for an editor to offer (empty: none)."""

    qualities: tuple[str, ...] = ()
    default_quality: str | None = None
    formations: tuple[str, ...] = ("single",)
    #: Troops that may stand behind this one in a combined block.
    rear_troops: tuple[str, ...] = ()
    stakes: bool = False
    pavises: bool = False
    defences: bool = False
    arms: tuple[str, ...] = ()


@dataclass(frozen=True)
class UnitLine:
    """A unit as a roster or ``check`` lists it."""

    where: str
    troop: str
    title: str
    figures: int
    points: float | None


@dataclass(frozen=True)
class ArmySummary:
    """The numbers ``check`` reports for an army."""

    units: tuple[UnitLine, ...]
    troop_points: float | None
    leader_points: float | None
    total_points: float | None
    army_morale_tokens: int | None
    findings: tuple[Finding, ...]

    @property
    def legal(self) -> bool:
        return not any(f.level == "error" for f in self.findings)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "warning"]


class Ruleset(Protocol):
    """The interface every rule system implements."""

    #: The value of ``ruleset =`` in army files.
    name: str
    #: The rule system's title for people.
    title: str
    #: Keys allowed on a unit table, on a leader table.
    unit_schema: Mapping[str, FieldSpec]
    leader_schema: Mapping[str, FieldSpec]
    #: Whether the army carries points at all (some systems have none).
    has_points: bool
    #: Allowed values of an army's ``side``.
    sides: tuple[str, ...]

    def catalogue(self) -> list[TroopInfo]: ...

    def unit_points(self, unit: Unit) -> float | None: ...

    def leader_points(self, army: Army, leader: Leader) -> float | None: ...

    def figures(self, unit: Unit) -> int: ...

    def unit_title(self, unit: Unit) -> str: ...

    def check(self, army: Army) -> list[Finding]: ...

    def summarise(self, army: Army) -> ArmySummary: ...

    def profile(self, unit: Unit) -> Any: ...

    def leader_profile(self, army: Army, leader: Leader) -> Any: ...

    def unit_options(self, troop: str) -> UnitOptions: ...


def number(value: float) -> int | float:
    """Show whole numbers of points as ints (12, not 12.0); halves stay floats."""
    return int(value) if float(value).is_integer() else value
