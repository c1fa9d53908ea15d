"""Hostile inputs for the fuzz tests (issues 10.18 and 11): the classes a fuzz campaign found
crashes or hangs in, worked into valid files, and the places (FIFOs, folders, symlinks) a
command may be pointed at instead of a file."""

from __future__ import annotations

import os
import string
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import strategies as st

from builder.cli import main

ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u0301"
HOSTILE = [
    "deep-nesting",
    "huge-integer",
    "zero-width",
    "long-word",
    "crlf",
    "bom",
    "symlink",
    "symlink-loop",
    "dangling-symlink",
    "fifo",
    "folder",
    "dev-null",
    "bracket-spaces",
]


def work_in(
    kind: str, base: str, integer: Callable[[int, int], int], choice: Callable[[Sequence[str]], str]
) -> bytes:
    """The bytes of ``base`` with the hostile class ``kind`` worked in; ``integer(a, b)`` and
    ``choice(seq)`` make the random picks (hypothesis draws, or a seeded random.Random)."""
    lines = base.splitlines()
    i = integer(0, len(lines) - 1)
    if kind == "deep-nesting":
        depth = integer(200, 6000)
        lines.insert(i, "zz = " + "[" * depth + "]" * depth)
    elif kind == "huge-integer":
        key = choice(["points", "command_class", "count", "troops", "zz"])
        lines.insert(i, f"{key} = {'9' * integer(300, 9000)}")
    elif kind == "zero-width":
        text = "".join(choice(ZERO_WIDTH) for _ in range(integer(1, 8)))
        lines.insert(i, f'{choice(["name", "rank", "label", "nationality"])} = "{text}"')
    elif kind == "long-word":
        word = choice(string.ascii_letters) * integer(81, 5000)
        lines.insert(i, f'{choice(["name", "label", "rank"])} = "{word}"')
    elif kind == "bracket-spaces":
        lines.insert(i, "[" + " " * integer(100, 4000))
    text = "\n".join(lines) + "\n"
    if kind == "crlf":
        text = text.replace("\n", "\r\n")
    data = text.encode("utf-8")
    return b"\xef\xbb\xbf" + data if kind == "bom" else data


@st.composite
def hostile_text(draw: st.DrawFn, base: str) -> tuple[str, bytes]:
    """``base`` with one hostile class worked in: (the class, the file's bytes)."""
    kind = draw(st.sampled_from(HOSTILE))
    return kind, work_in(
        kind, base, lambda a, b: draw(st.integers(a, b)), lambda seq: draw(st.sampled_from(seq))
    )


def place(tmp_path: Path, kind: str, data: bytes, name: str) -> Path:
    """Where the command is pointed: a file, or the non-regular thing ``kind`` names."""
    path = tmp_path / name
    for old in tmp_path.iterdir():
        if old.is_dir() and not old.is_symlink():
            old.rmdir()
        else:
            old.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "dev-null":
        path.symlink_to("/dev/null")
    elif kind == "symlink-loop":
        path.symlink_to(path)
    elif kind == "dangling-symlink":
        path.symlink_to(tmp_path / "gone.toml")
    elif kind == "symlink":
        (tmp_path / "real.toml").write_bytes(data)
        path.symlink_to(tmp_path / "real.toml")
    else:
        path.write_bytes(data)
    return path


def run_clean(capsys: pytest.CaptureFixture[str], *argv: str) -> int:
    """The command's exit code; it must not raise, and its messages carry no traceback."""
    code = main(list(argv))
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert code in (0, 1, 2), (argv, code, err)
    return code
