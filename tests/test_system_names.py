"""Nothing outside a rule system's own folders names it (issue 41): not the code, the shared
templates nor the shared card words. A system is named by its name, its title and its fixed
sides' names and adjectives; the program's own name ("billhooks") is no system's word here.

What still names one is counted, file by file, in :data:`KNOWN`: a new name fails, and so does
one taken out without lowering its count (lower it, or drop the file)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from builder.registry import get_ruleset, modules

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = "billhooks"
#: The shared folders, each with its systems' own folders inside it.
SHARED = {"builder": "builder/systems", "templates": "templates", "cards": "cards"}
SUFFIXES = {".py", ".html", ".css", ".toml", ".tcss", ".j2"}
#: Files that still name a system, with how many times (none: a new one fails; the art
#: registry's emblems are named for what they draw, the systems' declarations name them).
KNOWN: dict[str, int] = {}


def systems() -> list[str]:
    """The registered systems that live in these folders (not the tests' own)."""
    return [name for name, module in modules().items() if module.startswith("builder.systems.")]


def words() -> re.Pattern[str]:
    """Every word that names one of them."""
    found: set[str] = set()
    for name in systems():
        ruleset = get_ruleset(name)
        found |= {name, ruleset.title} - {PROGRAM}
        for side in ruleset.sides.fixed:
            found |= {side.name, side.adjective}
    alternatives = "|".join(sorted(map(re.escape, found), key=len, reverse=True))
    return re.compile(rf"\b(?:{alternatives})\b", re.IGNORECASE)


def shared_files() -> list[Path]:
    """Every source file of the shared folders, outside a system's own folder."""
    own = set(systems())
    out = []
    for folder, inner in SHARED.items():
        for path in sorted((ROOT / folder).rglob("*")):
            rel = path.relative_to(ROOT / inner) if path.is_relative_to(ROOT / inner) else None
            if rel is not None and rel.parts and rel.parts[0] in own:
                continue
            if path.suffix in SUFFIXES and "__pycache__" not in path.parts:
                out.append(path)
    return out


def test_the_scan_sees_each_kind_of_file() -> None:
    seen = {p.relative_to(ROOT).as_posix() for p in shared_files()}
    assert {"builder/cli.py", "templates/_roster-frame.html", "cards/__init__.py"} <= seen
    assert not any(p.startswith(("builder/systems/kiss/", "templates/billhooks/")) for p in seen)
    assert words().search("the Lancastrian ward") and words().search("KISS Wars of the Roses")
    assert not words().search("billhooks export")


def test_no_shared_file_names_a_system() -> None:
    pattern = words()
    counts = Counter(
        {
            path.relative_to(ROOT).as_posix(): n
            for path in shared_files()
            if (n := len(pattern.findall(path.read_text(encoding="utf-8"))))
        }
    )
    wrong = {
        f: f"{KNOWN.get(f, 0)} known, {counts.get(f, 0)} found"
        for f in sorted(set(counts) | set(KNOWN))
        if KNOWN.get(f, 0) != counts.get(f, 0)
    }
    assert not wrong, f"a system named outside its folders: {wrong}"
