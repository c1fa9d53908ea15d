"""Property tests for Mustering collections: any input loads or gives a clean error (exit 2)."""

from __future__ import annotations

import string
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.armyfile import ArmyFileError
from builder.cli import main
from builder.collection import load_collection
from builder.resources import examples_dir

EXAMPLE = (examples_dir() / "collection.toml").read_text(encoding="utf-8")
SETTINGS = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


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
            value = data.draw(st.sampled_from(['"x"', "0", "-3", "true", "1e9", "[1]", '""',
                                               '"../../etc/passwd"', "99999999"]))
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
