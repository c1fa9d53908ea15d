"""Hostile files (issues 10.17, 10.18, 11.2, 11.6, 11.7): every one ends in a message naming the
file (and line and key where there is one) and exit 2, never a traceback or a hang."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import bh
import pytest
from bh import load_collection

from builder import armyfile
from builder.cli import main
from builder.core.validate import ArmyFileError, Ctx, locate
from builder.files import READ_MAX
from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.systems.billhooks.events import EVENTS_FILE

LANCASTER = (examples_dir() / "lancaster.toml").read_text(encoding="utf-8")


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def within(seconds: float, func, *args):  # type: ignore[no-untyped-def]
    """``func(*args)`` run in a thread that must finish in ``seconds`` (a hang fails)."""
    result: list[object] = []

    def target() -> None:
        try:
            result.append(func(*args))
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            result.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"{func.__name__} still running after {seconds} s"
    return result[0]


# --- 2(a): the error locator is linear ---------------------------------------------------------


def test_locator_is_linear_on_a_bracket_and_spaces_line() -> None:
    # 40 KB of "[" and spaces, then a bad value: the old pattern took ~40 s on a tenth of
    # this. A limit far above a linear scan's milliseconds, so a slow machine never trips it
    # and a backtracking pattern always does.
    text = 'ruleset = "billhooks"\nname = "x"\n[' + " " * 40_000 + "\npoints = -5\n"
    started = time.process_time()
    line = locate(text, "points")
    assert time.process_time() - started < 1.0
    assert line is None or line == 4
    started = time.process_time()
    with pytest.raises(ArmyFileError):
        armyfile.Read(
            text * 2,
            {"ruleset": "billhooks", "name": "x", "points": -5},
            Ctx("a.toml", text * 2),
            get_ruleset("billhooks"),
        ).army()
    assert time.process_time() - started < 1.0


def test_locator_still_finds_keys_in_headers_with_spaces() -> None:
    text = '[[ wards ]]\n[ wards . leader ]\nname = "x"\nrank = 3\n'
    assert locate(text, "wards[0].leader.rank") == 4


# --- 2(b): only regular files, and not too much ------------------------------------------------


def load_events(path: Path) -> object:
    return armyfile.read_input(EVENTS_FILE, path).value


@pytest.mark.parametrize("loader", [armyfile.load, load_collection, load_events])
def test_fifo_is_refused_without_hanging(tmp_path: Path, loader) -> None:  # type: ignore[no-untyped-def]
    fifo = tmp_path / "army.toml"
    os.mkfifo(fifo)
    err = within(5, loader, fifo)
    assert isinstance(err, ArmyFileError)
    assert str(err) == f"{fifo}: is a pipe (FIFO), not a regular file"


def test_dev_zero_and_folders_are_refused() -> None:
    err = within(5, armyfile.load, "/dev/zero")
    assert isinstance(err, ArmyFileError) and "is a device, not a regular file" in str(err)
    with pytest.raises(ArmyFileError, match="is a folder, not a file"):
        bh.load("/tmp")


def test_oversized_army_file_is_refused_with_its_size(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(LANCASTER.encode() + b"#" * (READ_MAX + 10) + b"\n")
    size = f"{big.stat().st_size:,}"
    with pytest.raises(
        ArmyFileError,
        match=rf"big.toml: is 4\.0 MB \({size} bytes\); at most "
        r"4\.0 MB is read",
    ):
        bh.load(big)


def test_fifo_through_the_cli_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "coll.toml"
    os.mkfifo(fifo)
    code, _, err = within(5, cli, capsys, "muster", str(fifo), "--troops", "100")
    assert code == 2 and "is a pipe (FIFO)" in err


# --- 10.18: deep nesting, huge integers, BOM, symlink loops ------------------------------------


@pytest.mark.parametrize(
    "body, words",
    [
        ("wards = " + "[" * 3000 + "]" * 3000, "nested too deeply"),
        ("points = " + "9" * 5000, "thousands of digits"),
        (
            "[[wards]]\n[wards.leader]\nname = 'x'\ncommand_class = " + "7" * 4000,
            "is out of range 1-3",
        ),
    ],
    ids=["deep-nesting", "huge-integer", "long-integer"],
)
def test_hostile_toml_is_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, words: str
) -> None:
    path = tmp_path / "army.toml"
    path.write_text('ruleset = "billhooks"\nname = "x"\n' + body + "\n", encoding="utf-8")
    for argv in (
        ["check", str(path)],
        ["check", "--json", str(path)],
        ["muster", str(path), "--troops", "50"],
        ["export", str(path), "--out", str(tmp_path / "o")],
    ):
        code, _, err = cli(capsys, *argv)
        assert code == 2, argv
        # muster meets an army, not a collection: it says so once the TOML is read.
        assert words in err or argv[0] == "muster" and "not a Mustering collection" in err
        assert str(path) in err
        assert len(err) < 400  # a 4,000-digit number is not echoed back whole


def test_byte_order_mark_loads_and_is_kept_on_save(tmp_path: Path) -> None:
    path = tmp_path / "army.toml"
    path.write_bytes(b"\xef\xbb\xbf" + LANCASTER.encode())
    army = bh.load(path)
    assert army.name == "The Earl of Oxford's Retinue"
    army.name = "Renamed"
    armyfile.save(army, path)
    assert (
        path.read_bytes()
        == b"\xef\xbb\xbf" + LANCASTER.replace("The Earl of Oxford's Retinue", "Renamed").encode()
    )


def test_symlink_loop_as_army_and_as_photo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    code, _, err = cli(capsys, "check", str(loop))
    assert code == 2 and "symlink loop" in err
    (tmp_path / "p.jpg").symlink_to(tmp_path / "p.jpg")
    army = tmp_path / "army.toml"
    army.write_text(
        LANCASTER.replace("stakes = true", 'stakes = true\nphoto = "p.jpg"'), encoding="utf-8"
    )
    code, out, _ = cli(capsys, "check", str(army))
    assert code == 0
    assert "wards[0].units[0]: photo 'p.jpg' is a symlink loop" in " ".join(out.split())
    code, _, err = cli(
        capsys, "export", str(army), "--out", str(tmp_path / "o"), "--only", "unit-cards"
    )
    assert code == 2
    assert f"{army}:20: wards[0].units[0].photo: 'p.jpg' is a symlink loop" in err


# --- 10.17: wards in the allowed keys, collections and armies told apart -----------------------


def test_top_level_errors_list_wards_and_suggest_it(tmp_path: Path) -> None:
    text = 'ruleset = "billhooks"\nname = "x"\n[[ward]]\n'
    with pytest.raises(ArmyFileError) as info:
        bh.loads(text, "a.toml")
    assert str(info.value) == (
        "a.toml:3: ward: unknown key (did you mean 'wards'?); allowed: "
        "ruleset, name, player, side, english, points, muster, wards"
    )


def test_collection_and_army_are_told_apart(capsys: pytest.CaptureFixture[str]) -> None:
    collection = str(examples_dir() / "collection.toml")
    army = str(examples_dir() / "york.toml")
    code, _, err = cli(capsys, "check", collection)
    assert code == 2 and "this is a Mustering collection, not an army file" in err
    code, _, err = cli(capsys, "muster", army, "--troops", "100")
    assert code == 2 and "this is an army file, not a Mustering collection" in err


# --- 11.6: photos relative, absolute refused ---------------------------------------------------


def test_absolute_photo_is_refused_with_its_place(tmp_path: Path) -> None:
    text = LANCASTER.replace("stakes = true", 'stakes = true\nphoto = "/etc/hostname.jpg"')
    with pytest.raises(ArmyFileError) as info:
        bh.loads(text, str(tmp_path / "a.toml"))
    assert info.value.line == 20 and info.value.key == "wards[0].units[0].photo"
    assert "is an absolute path" in info.value.message


def test_relative_photo_outside_the_folder_is_fine(tmp_path: Path) -> None:
    text = LANCASTER.replace("stakes = true", 'stakes = true\nphoto = "../photos/x.jpg"')
    army = bh.loads(text, str(tmp_path / "armies" / "a.toml"))
    assert army.wards[0].units[0].photo == str(tmp_path / "photos" / "x.jpg")


def test_missing_photo_is_a_check_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "army.toml"
    path.write_text(
        LANCASTER.replace('troop = "kern"', 'troop = "kern"\nphoto = "k.jpg"'), encoding="utf-8"
    )
    (tmp_path / "dir.jpg").mkdir()
    code, out, _ = cli(capsys, "check", "--json", str(path))
    import json

    findings = json.loads(out)["findings"]
    assert code == 0
    assert {
        "level": "warning",
        "code": "missing-photo",
        "where": "wards[2].units[1]",
        "message": "photo 'k.jpg' no such file",
    } in findings


# --- 11.7: names with escape sequences are escaped ---------------------------------------------


def test_escape_sequences_in_file_names_are_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = tmp_path / "evil\x1b]0;pwned\x07.toml"
    name.write_text("ruleset = 1\n", encoding="utf-8")
    code, _, err = cli(capsys, "check", str(name))
    assert code == 2
    assert "\x1b" not in err and "\x07" not in err
    assert "evil\\x1b]0;pwned\\x07.toml" in err


def test_no_traceback_from_a_subprocess_on_a_fifo(tmp_path: Path) -> None:
    # The real program, end to end: exit 2 and a message, quickly.
    fifo = tmp_path / "a.toml"
    os.mkfifo(fifo)
    proc = subprocess.run(
        [sys.executable, "-m", "builder", "check", str(fifo)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "is a pipe (FIFO), not a regular file" in proc.stderr


def test_fifo_photo_is_a_warning_in_check_and_an_error_in_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(tmp_path / "p.jpg")
    army = tmp_path / "army.toml"
    army.write_text(
        LANCASTER.replace("stakes = true", 'stakes = true\nphoto = "p.jpg"'), encoding="utf-8"
    )
    code, out, _ = within(10, cli, capsys, "check", str(army))
    assert code == 0 and "photo 'p.jpg' is a pipe (FIFO), not a regular file" in out
    code, _, err = within(30, cli, capsys, "export", str(army), "--out", str(tmp_path / "o"))
    assert code == 2
    assert f"{army}:20: wards[0].units[0].photo: 'p.jpg' is a pipe (FIFO)" in err
    assert not (tmp_path / "o" / "manifest.json").exists()
