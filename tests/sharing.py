"""Helpers of the share and verify tests: a file's digest, a command run, a big list."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

import pytest

from builder import share
from builder.cli import main
from builder.commands.share import source
from builder.eventfile import is_event_file
from builder.resources import examples_dir


def digest(path: Path) -> str:
    """The file's short hash: 64 bits of its SHA-256."""
    return hashlib.sha256(path.read_text(encoding="utf-8").encode()).hexdigest()[:16]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def big(units: int, name: str = "york.toml") -> share.ShareList:
    """The list of the example ``name`` with ``units`` more records in its first group."""
    found = share.share_list(source(str(examples_dir() / name)))
    first = found.groups[0]
    extra = tuple(
        share.Item(f"Company of Billmen number {i}", "12 figures, 12 pts", "AbC")
        for i in range(units)
    )
    return replace(found, groups=(replace(first, items=first.items + extra), *found.groups[1:]))


EXAMPLES = sorted(
    p
    for p in examples_dir().glob("*.toml")
    if not p.name.endswith("collection.toml") and not is_event_file(p)
)
