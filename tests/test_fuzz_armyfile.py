"""Property tests for army files: any input ends in an army or a clean error (exit 2), never a
traceback or a hang; any army the generator builds survives save -> load unchanged."""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import bh
import pytest
import tomlkit
from hostile import hostile_text, place, run_clean
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder import armyfile
from builder.cli import main
from builder.core.schema import Field
from builder.core.validate import ArmyFileError
from builder.resources import examples_dir
from builder.systems.billhooks import rules as cat
from builder.systems.billhooks.model import Army, Leader, Muster, RearCompany, Unit, Ward
from builder.systems.billhooks.schema import MUSTER

EXAMPLES = [
    (examples_dir() / n).read_text(encoding="utf-8") for n in ("lancaster.toml", "york.toml")
]
SETTINGS = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

toml_scalars = st.one_of(
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.text(max_size=30),
    st.floats(allow_nan=False),
    st.just("archers"),
    st.just("line"),
)
toml_values = st.recursive(
    toml_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(
            st.sampled_from(
                ["troop", "name", "leader", "units", "quality", "rear", "formation", "x"]
            ),
            inner,
            max_size=4,
        ),
    ),
    max_leaves=12,
)
documents = st.dictionaries(
    st.sampled_from(["ruleset", "name", "side", "english", "points", "muster", "wards", "zzz"]),
    toml_values,
    max_size=7,
)


def outcome(text: str) -> Army | ArmyFileError:
    try:
        return bh.loads(text, "fuzz.toml")
    except ArmyFileError as exc:
        assert str(exc).startswith("fuzz.toml")
        return exc


@SETTINGS
@given(documents)
def test_random_toml_documents(doc: dict) -> None:  # type: ignore[type-arg]
    try:
        text = tomlkit.dumps(doc)
    except Exception:  # not every generated structure is expressible as TOML
        return
    outcome(text)
    outcome('ruleset = "billhooks"\n' + text.replace("ruleset", "rule"))


@SETTINGS
@given(st.sampled_from(EXAMPLES), st.data())
def test_mutated_examples(example: str, data: st.DataObject) -> None:
    lines = example.splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        action = data.draw(st.sampled_from(["delete", "dup", "garble", "swap-value"]))
        if action == "delete":
            lines.pop(i)
        elif action == "dup":
            lines.insert(i, lines[i])
        elif action == "garble":
            pos = data.draw(st.integers(0, max(len(lines[i]), 1)))
            ch = data.draw(st.sampled_from(list(string.printable)))
            lines[i] = lines[i][:pos] + ch + lines[i][pos:]
        elif "=" in lines[i]:
            key = lines[i].split("=")[0]
            value = data.draw(st.sampled_from(['"x"', "4", "true", "[1]", "{a=1}", '""', "-1"]))
            lines[i] = f"{key}= {value}"
        if not lines:
            lines = [""]
    result = outcome("\n".join(lines))
    if isinstance(result, Army):
        bh.loads(armyfile.dumps(result), "again.toml")


@SETTINGS
@given(st.binary(max_size=300))
def test_random_bytes_give_exit_2_or_a_result(tmp_path: Path, blob: bytes) -> None:
    path = tmp_path / "blob.toml"
    path.write_bytes(blob)
    code = main(["check", str(path), "--json"])
    assert code in (0, 1, 2)


#: The muster's seed as the schema declares it: the generator draws only what the format allows.
SEED = MUSTER.field("seed")


def declared(field: Field) -> st.SearchStrategy[int]:
    """Whole numbers within ``field``'s declared bounds (a test fails if it declares none:
    the reader would refuse some whole numbers all the same)."""
    assert field.type == "int" and field.min is not None and field.max is not None, field.key
    return st.integers(field.min, field.max)


@st.composite
def armies(draw: st.DrawFn) -> Army:
    # Control characters are refused by the loader (see test_armyfile), so never generated.
    printable = st.characters(blacklist_categories=("Cs", "Cc"))
    names = st.text(alphabet=printable, min_size=1, max_size=80).filter(lambda s: s.strip() != "")
    wards = []
    for i in range(draw(st.integers(0, 5))):
        units = []
        for _ in range(draw(st.integers(0, 4))):
            troop = draw(st.sampled_from(list(cat.TROOPS)))
            formation = draw(st.sampled_from(cat.FORMATIONS))
            rear = (
                RearCompany(
                    draw(st.sampled_from(cat.COMBINED_REAR_TROOPS)),
                    draw(st.sampled_from([None, *cat.QUALITIES])),
                )
                if formation == "combined"
                else None
            )
            units.append(
                Unit(
                    troop,
                    quality=draw(st.sampled_from([None, *cat.QUALITIES])),
                    formation=formation,
                    rear=rear,
                    stakes=draw(st.booleans()),
                    pavises=draw(st.booleans()),
                    defences=draw(st.booleans()),
                    arms=draw(st.sampled_from([None, *cat.LIGHT_HORSE_ARMS])),
                    label=draw(st.one_of(st.none(), names)),
                    nationality=draw(st.one_of(st.none(), st.text(printable, max_size=40))),
                )
            )
        leader = Leader(
            draw(names),
            rank=draw(st.text(printable, max_size=40)),
            c_in_c=i == 0,
            mounted=draw(st.booleans()),
            command_class=draw(st.integers(1, 3)),
        )
        wards.append(Ward(leader, units))
    use_muster = draw(st.booleans())
    return Army(
        "billhooks",
        draw(names),
        side=draw(st.sampled_from([None, "york", "lancaster"])),
        english=draw(st.booleans()),
        points=None if use_muster else draw(st.one_of(st.none(), st.integers(0, 500))),
        muster=Muster(draw(st.integers(1, 500)), draw(st.one_of(st.none(), declared(SEED))))
        if use_muster
        else None,
        wards=wards,
    )


@SETTINGS
@given(armies())
def test_any_generated_army_round_trips(tmp_path: Path, army: Army) -> None:
    path = tmp_path / "round.toml"
    armyfile.save(army, path)
    assert bh.load(path) == army
    # Saving again over itself changes nothing.
    before = path.read_text(encoding="utf-8")
    armyfile.save(army, path)
    assert path.read_text(encoding="utf-8") == before


@pytest.mark.parametrize("edge", ["min", "max"])
def test_a_seed_at_its_declared_edge_round_trips_and_one_past_is_refused(
    tmp_path: Path, edge: str
) -> None:
    """The generator's range is the reader's: the edge is read back, one past it is refused
    with the key's range (a seed the reader refuses is never written by a test as valid)."""
    value = getattr(SEED, edge)
    army = bh.loads(EXAMPLES[1])
    army.points, army.muster = None, Muster(100, value)
    path = tmp_path / "edge.toml"
    armyfile.save(army, path)
    assert bh.load(path).muster == Muster(100, value)
    past = value + (1 if edge == "max" else -1)
    path.write_text(path.read_text(encoding="utf-8").replace(str(value), str(past)), "utf-8")
    with pytest.raises(ArmyFileError, match=r"muster\.seed.*out of range"):
        bh.load(path)
    # Nor does `muster --seed` (which writes the seed into the army file) take one past it.
    collection = str(examples_dir() / "collection.toml")
    for seed in (value, past):
        argv = ["muster", collection, "--size", "60", "--seed", str(seed), "--plan"]
        if seed == past:
            with pytest.raises(SystemExit) as info:
                main(argv)
            assert info.value.code == 2
        else:
            assert main(argv) in (0, 1)


def test_save_killed_mid_write_leaves_the_old_file(tmp_path: Path) -> None:
    """A child process saving a huge army is killed mid-save; the old file is intact."""
    import subprocess
    import sys
    import time

    path = tmp_path / "army.toml"
    path.write_text(EXAMPLES[0], encoding="utf-8")
    script = f"""
from builder import armyfile
army = bh.load({str(path)!r})
army.wards = army.wards * 4000
print("go", flush=True)
armyfile.save(army, {str(path)!r})
"""
    rng = random.Random(3)
    for _ in range(3):
        proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
        assert proc.stdout is not None
        proc.stdout.readline()
        time.sleep(rng.uniform(0.0, 0.3))
        proc.kill()
        proc.wait()
        text = path.read_text(encoding="utf-8")
        assert text == EXAMPLES[0] or len(bh.loads(text).wards) == 12000
        path.write_text(EXAMPLES[0], encoding="utf-8")
        for leftover in tmp_path.glob(".army.toml.*"):
            leftover.unlink()


def test_failed_write_keeps_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "army.toml"
    path.write_text(EXAMPLES[1], encoding="utf-8")
    army = bh.load(path)
    army.name = "New name"

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", full_disk)
    with pytest.raises(OSError):
        armyfile.save(army, path)
    assert path.read_text(encoding="utf-8") == EXAMPLES[1]
    assert [p.name for p in tmp_path.iterdir()] == ["army.toml"]


# --- Hostile classes (issues 10.18, 11.1-11.4): each ends in a result or exit 2 ---------------


@SETTINGS
@given(st.sampled_from(EXAMPLES).flatmap(hostile_text))
def test_hostile_army_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: tuple[str, bytes]
) -> None:
    kind, data = case
    folder = tmp_path / "case"
    folder.mkdir(exist_ok=True)
    path = place(folder, kind, data, "army.toml")
    codes = [run_clean(capsys, "check", str(path)), run_clean(capsys, "check", "--json", str(path))]
    assert codes[0] == codes[1]
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
        assert codes[0] == 2, kind
    if kind in ("crlf", "bom", "symlink") and codes[0] != 2:
        # A write keeps the file's bytes: same line endings, byte-order mark, the link.
        assert run_clean(capsys, "roll", str(path), "--seed", "1", "--write") == 0
        after = path.read_bytes()
        assert after.count(b"\r\n") == data.count(b"\r\n")
        assert after.startswith(b"\xef\xbb\xbf") == data.startswith(b"\xef\xbb\xbf")
        assert path.is_symlink() == (kind == "symlink")
        assert re.sub(rb"command_class = \d", b"", after) == re.sub(
            rb"command_class = \d", b"", data
        )
