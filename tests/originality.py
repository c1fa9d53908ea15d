"""Our own words: the check every ruleset's crib sheet and wording tests share. A text fails
when it has a run of ``n`` words (lower-case, punctuation and layout ignored) in common with
the ruleset's source text, one of the numbered seeds in ``shared/seeds`` (not committed here).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest


def seed_text(number: str) -> str:
    """Seed ``number``'s text (``"000"``: Billhooks, ``"001"``: KISS, ...), from
    $BILLHOOKS_SEEDS or a ``shared/seeds`` folder beside the clone or above it (a worktree sits
    one level deeper). Without it the test fails, saying where it looked: a skipped
    originality test would hide copied text."""
    folders = [Path(os.environ["BILLHOOKS_SEEDS"])] if "BILLHOOKS_SEEDS" in os.environ else []
    folders += [p / "shared" / "seeds" for p in Path(__file__).resolve().parents]
    for folder in folders:
        found = sorted(folder.glob(f"{number}_*.txt")) if folder.is_dir() else []
        if found:
            return found[0].read_text(encoding="utf-8", errors="replace")
    pytest.fail(
        f"source text {number} is not beside this checkout: set BILLHOOKS_SEEDS to its folder"
    )


def words(text: str) -> list[str]:
    """Lower-case words and numbers; punctuation, apostrophes and layout do not count."""
    return re.findall(r"[a-z0-9]+", text.lower().replace("’", "'").replace("'", ""))


def strings(value: Any) -> list[str]:
    """Every string in a parsed TOML value (tables, arrays and rows), each on its own."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def shared_runs(ours: str | Iterable[str], source: str, n: int) -> list[str]:
    """The runs of ``n`` words of ``ours`` (a text, or texts each on its own: a run never
    spans two) that also occur in ``source``."""
    theirs = words(source)
    grams = {tuple(theirs[i : i + n]) for i in range(len(theirs) - n + 1)}
    found = []
    for text in [ours] if isinstance(ours, str) else ours:
        mine = words(text)
        found += [
            " ".join(mine[i : i + n])
            for i in range(len(mine) - n + 1)
            if tuple(mine[i : i + n]) in grams
        ]
    return found
