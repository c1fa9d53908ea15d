"""The shieldwall army as plain dataclasses: Army -> leaders + stands (no groups).

No I/O and no rules. Attribute names are the army file's keys and the defaults are the file's
defaults (docs/rules/shieldwall.md#file-and-pack); :mod:`.schema` declares the file's shape over
these classes.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Leader:
    """The army commander or a hero. Leaders are not stands in the file."""

    name: str
    #: commander | hero.
    role: str
    #: 1: a single figure, who counts as a stand of 3; more: he has a stand of his own.
    figures: int = 1
    #: What he fights as when attached to no stand, or once his stand is destroyed, as a stand
    #: has them (docs/rules/shieldwall.md#our-readings).
    quality: str = "huscarl"
    armour: str = "mail"
    weapon: str = "sword"
    mounted: bool = False


@dataclass
class Stand:
    """One ``[[stands]]`` entry: ``count`` identical stands."""

    label: str
    #: thrall | warrior | huscarl | berserker.
    quality: str
    figures: int
    #: none | helmet | shield | mail.
    armour: str
    #: spear | axe | sword | bow | sharpshooter.
    weapon: str
    mounted: bool = False
    count: int = 1
    #: The name of the leader attached to this stand.
    leader: str | None = None


@dataclass
class Army:
    """One army, as in one army file."""

    ruleset: str
    name: str
    side: str
    banner: bool = False
    leaders: list[Leader] = field(default_factory=list)
    stands: list[Stand] = field(default_factory=list)
    #: Who plays it (an event prints it; no game value).
    player: str | None = None

    def stands_with_paths(self) -> list[tuple[str, Stand]]:
        """Every stand entry with its place in the file, e.g. ``stands[2]``."""
        return [(f"stands[{i}]", s) for i, s in enumerate(self.stands)]

    @property
    def stand_total(self) -> int:
        """Stands on the table: every entry times its ``count``."""
        return sum(s.count for s in self.stands)
