"""Property tests for Mustering collections: any input loads or gives a clean error (exit 2)."""

from __future__ import annotations

import os
import shutil
import string
from pathlib import Path

import pytest
from bh import load_collection
from hostile import hostile_text, place, run_clean
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.cli import main
from builder.core.validate import ArmyFileError
from builder.resources import examples_dir

EXAMPLE = (examples_dir() / "collection.toml").read_text(encoding="utf-8")
SETTINGS = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@SETTINGS
@given(st.data())
def test_mutated_collection(tmp_path: Path, data: st.DataObject) -> None:
    lines = EXAMPLE.splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        action = data.draw(st.sampled_from(["delete", "dup", "garble", "value"]))
        if action == "delete" and len(lines) > 1:
            lines.pop(i)
        elif action == "dup":
            lines.insert(i, lines[i])
        elif action == "garble":
            pos = data.draw(st.integers(0, len(lines[i])))
            ch = data.draw(st.sampled_from(list(string.printable)))
            lines[i] = lines[i][:pos] + ch + lines[i][pos:]
        elif "=" in lines[i]:
            key = lines[i].split("=")[0]
            value = data.draw(
                st.sampled_from(
                    ['"x"', "0", "-3", "true", "1e9", "[1]", '""', '"../../etc/passwd"', "99999999"]
                )
            )
            lines[i] = f"{key}= {value}"
    path = tmp_path / "collection.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    try:
        load_collection(path)
    except ArmyFileError as exc:
        assert str(exc).startswith(str(path))


@SETTINGS
@given(st.binary(max_size=300))
def test_random_bytes_through_the_command(tmp_path: Path, blob: bytes) -> None:
    path = tmp_path / "collection.toml"
    path.write_bytes(blob)
    assert main(["muster", str(path), "--troops", "100", "--seed", "1", "--json"]) in (1, 2)


PHOTO_KINDS = [
    "fifo",
    "folder",
    "dev-zero",
    "symlink-loop",
    "absolute",
    "outside",
    "empty",
    "text-file",
]


@SETTINGS
@given(st.sampled_from([EXAMPLE]).flatmap(hostile_text))
def test_hostile_collections(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: tuple[str, bytes]
) -> None:
    kind, data = case
    folder = tmp_path / "case"
    folder.mkdir(exist_ok=True)
    path = place(folder, kind, data, "collection.toml")
    for argv in (
        ["muster", str(path), "--troops", "60", "--seed", "1"],
        ["muster", str(path), "--troops", "60", "--seed", "1", "--json", "--both"],
    ):
        code = run_clean(capsys, *argv)
        if kind in (
            "fifo",
            "folder",
            "dev-null",
            "symlink-loop",
            "dangling-symlink",
            "deep-nesting",
            "huge-integer",
            "long-word",
        ):
            assert code == 2, kind


@SETTINGS
@given(st.sampled_from(PHOTO_KINDS))
def test_hostile_photos(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    folder = tmp_path / "case"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    photo = folder / "p.jpg"
    written = "p.jpg"
    if kind == "fifo":
        os.mkfifo(photo)
    elif kind == "folder":
        photo.mkdir()
    elif kind == "dev-zero":
        photo.symlink_to("/dev/zero")
    elif kind == "symlink-loop":
        photo.symlink_to(photo)
    elif kind == "absolute":
        written = str(examples_dir() / "photos" / "archers.jpg")
    elif kind == "outside":
        written = "../../p.jpg"
    elif kind == "empty":
        written = " "
    else:
        photo.write_text("not an image", encoding="utf-8")
        written = "p.jpg.txt"
        photo.rename(folder / written)
    path = folder / "collection.toml"
    path.write_text(
        f'ruleset = "billhooks"\nname = "c"\n[[cards]]\ntroop = "archers"\n'
        f'count = 9\nphoto = "{written}"\n',
        encoding="utf-8",
    )
    code = run_clean(capsys, "muster", str(path), "--troops", "60", "--seed", "1")
    assert code == 2
