"""Small army builders for tests: hand-made armies without going through files."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from builder import armyfile
from builder.core.validate import parse_toml
from builder.eventfile import is_event_file
from builder.registry import BUILT_IN, get_ruleset
from builder.resources import examples_dir
from builder.systems.billhooks.model import Army, Leader, Muster, RearCompany, Unit, Ward


def unit(troop: str, **kw: object) -> Unit:
    rear = kw.pop("rear", None)
    u = Unit(troop, **kw)  # type: ignore[arg-type]
    if isinstance(rear, str):
        u.rear = RearCompany(rear)
    elif isinstance(rear, tuple):
        u.rear = RearCompany(*rear)
    return u


def army(
    *wards: list[Unit],
    english: bool = True,
    points: int | None = None,
    muster: int | None = None,
    classes: tuple[int, ...] | None = None,
    side: str = "york",
) -> Army:
    """An army with one ward per list of units; the first leader is the C-in-C."""
    built = []
    for i, units in enumerate(wards):
        cls = classes[i] if classes else 2
        built.append(
            Ward(Leader(f"Leader {i + 1}", c_in_c=(i == 0), command_class=cls), list(units))
        )
    return Army(
        "billhooks",
        "Test army",
        side=side,
        english=english,
        points=points,
        muster=Muster(muster, 1) if muster else None,
        wards=built,
    )


def codes(findings: list) -> list[str]:  # type: ignore[type-arg]
    return [f.code for f in findings]


#: The example each ruleset's big armies are made from.
EXAMPLES = {
    "billhooks": "york.toml",
    "kiss": "kiss-york.toml",
    "feudal": "feudal-normandy.toml",
    "shieldwall": "shieldwall-saxon.toml",
}
#: Units a ward (or battle) in a big army.
PER_GROUP = 8


def scaled(ruleset: str, units: int) -> Any:
    """The ruleset's example army grown to ``units`` units (shieldwall: stands, each one
    stand), its units repeated in turn, eight to a ward or battle under copies of the
    example's leaders (one C-in-C): a big army of the kind a user might make."""
    army: Any = armyfile.load(examples_dir() / EXAMPLES[ruleset])
    if ruleset == "shieldwall":
        pool = army.stands
        army.stands = [copy.deepcopy(pool[i % len(pool)]) for i in range(units)]
        for i, stand in enumerate(army.stands):
            stand.count = 1
            if i >= len(pool):
                stand.leader = None  # a leader leads one stand
        return army
    attr = "battles" if ruleset == "feudal" else "wards"
    groups = getattr(army, attr)
    pool = [u for g in groups for u in g.units]
    grown = []
    for g in range(-(-units // PER_GROUP)):
        group = copy.deepcopy(groups[g % len(groups)])
        if g >= len(groups):
            group.leader.c_in_c = False
        group.units = [
            copy.deepcopy(pool[(g * PER_GROUP + i) % len(pool)])
            for i in range(min(PER_GROUP, units - g * PER_GROUP))
        ]
        grown.append(group)
    setattr(army, attr, grown)
    return army


def _army_files() -> list[Path]:
    """Every example army (collections are not armies) and the flat test band."""
    files = [Path(__file__).parent / "flat_example.toml"]
    for path in sorted(examples_dir().glob("*.toml")):
        if is_event_file(path):
            continue
        data = parse_toml(path, path.read_text(encoding="utf-8"))
        if not armyfile.is_collection(get_ruleset(data["ruleset"]), data):
            files.append(path)
    return files


ARMIES = _army_files()


def examples_of(ruleset: str) -> list[Path]:
    """The example armies of ``ruleset``, by file name, as each file names its system."""
    return [
        p
        for p in ARMIES
        if p.parent == examples_dir()
        and parse_toml(p, p.read_text(encoding="utf-8"))["ruleset"] == ruleset
    ]


#: One example army of each built-in system (its first by file name), found through the
#: registry: a test over every system takes them from here, not from a list of its own.
EXAMPLE_OF = {name: examples_of(name)[0].name for name in BUILT_IN}
