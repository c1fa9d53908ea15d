"""Army files: every kind of bad input names the file, line and key; saves keep comments."""

from __future__ import annotations

import os
from pathlib import Path

import bh
import pytest
from armies import army, unit

from builder import armyfile
from builder.core.validate import ArmyFileError, locate
from builder.resources import examples_dir
from builder.systems.billhooks.model import Army

HEAD = 'ruleset = "billhooks"\nname = "Test"\n'
WARD = '[[wards]]\n[wards.leader]\nname = "A"\n'


def load_text(tmp_path: Path, text: str | bytes) -> Army:
    p = tmp_path / "army.toml"
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return bh.load(p)


def error_for(tmp_path: Path, text: str | bytes) -> ArmyFileError:
    with pytest.raises(ArmyFileError) as info:
        load_text(tmp_path, text)
    assert str(info.value).startswith(str(tmp_path / "army.toml"))
    return info.value


@pytest.mark.parametrize(
    ("text", "line", "key", "words"),
    [
        (
            HEAD + WARD + 'command_class = "two"\n',
            6,
            "wards[0].leader.command_class",
            "whole number",
        ),
        (HEAD + WARD + "command_class = 4\n", 6, "wards[0].leader.command_class", "1-3"),
        (HEAD + 'wards = "many"\n', 3, "wards", "list of tables"),
        (
            HEAD + WARD + '[[wards.units]]\ntroop = "archer"\n',
            7,
            "wards[0].units[0].troop",
            "did you mean 'archers'",
        ),
        (
            HEAD + WARD + '[[wards.units]]\ntroop = "billmen"\nstake = true\n',
            8,
            "wards[0].units[0].stake",
            "unknown key",
        ),
        (
            HEAD + WARD + '[[wards.units]]\ntroop = "archers"\nformation = "wedge"\n',
            8,
            "wards[0].units[0].formation",
            "single, line, block, combined",
        ),
        (HEAD + 'side = "burgundy"\n', 3, "side", "york, lancaster"),
        ('ruleset = "warhammer"\nname = "x"\n', 1, "ruleset", "billhooks"),
        ('name = "x"\n', None, None, "missing required key 'ruleset'"),
        (HEAD.replace('"Test"', '"' + "x" * 10_000 + '"'), 2, "name", "at most 80"),
        (HEAD + "points = 100.5\n", 3, "points", "whole number"),
        (HEAD + WARD + "mounted = 1\n", 6, "wards[0].leader.mounted", "true or false"),
        (
            HEAD + '[[wards]]\n[[wards.units]]\ntroop = "archers"\n',
            3,
            "wards[0]",
            "every ward has a leader",
        ),
        (HEAD + "points = 100\nmuster = { troops = 100 }\n", 4, "muster", "not both"),
        (
            HEAD + WARD + '[[wards.units]]\ntroop = "archers"\nrear = { troop = "bilmen" }\n',
            8,
            "wards[0].units[0].rear.troop",
            "did you mean 'billmen'",
        ),
        (HEAD + 'colour = "red"\n', 3, "colour", "unknown key"),
    ],
)
def test_schema_errors_name_line_and_key(
    tmp_path: Path, text: str, line: int | None, key: str | None, words: str
) -> None:
    err = error_for(tmp_path, text)
    assert err.line == line
    assert err.key == key
    assert words in err.message


def test_syntax_error_has_line(tmp_path: Path) -> None:
    err = error_for(tmp_path, HEAD + "points = = 3\n")
    assert err.line == 3 and "TOML syntax error" in err.message


def test_not_utf8_empty_missing_folder(tmp_path: Path) -> None:
    assert "not UTF-8" in error_for(tmp_path, b'name = "\xff"\n').message
    assert "ruleset" in error_for(tmp_path, "").message
    with pytest.raises(ArmyFileError, match="no such file"):
        bh.load(tmp_path / "nope.toml")
    with pytest.raises(ArmyFileError, match="is a folder"):
        bh.load(tmp_path)


def test_examples_load() -> None:
    for name in ("lancaster.toml", "york.toml"):
        a = bh.load(examples_dir() / name)
        assert len(a.wards) == 3 and a.points == 100


def test_defaults() -> None:
    a = bh.loads(HEAD + WARD + '[[wards.units]]\ntroop = "billmen"\n')
    assert a.english and a.side is None and a.points is None
    leader = a.wards[0].leader
    assert (leader.rank, leader.c_in_c, leader.mounted, leader.command_class) == (
        "Captain",
        False,
        False,
        2,
    )
    u = a.wards[0].units[0]
    assert (u.quality, u.formation, u.stakes) == (None, "single", False)


def test_round_trip_is_equal(tmp_path: Path) -> None:
    original = army(
        [
            unit(
                "archers",
                formation="combined",
                rear=("men-at-arms", "veteran"),
                stakes=True,
                label="Front 'n' \"back\"",
            )
        ],
        [
            unit("crossbowmen", pavises=True, nationality="Genoese"),
            unit("light-horse", arms="crossbows"),
            unit("billmen", quality="levy", defences=True),
        ],
        english=False,
        points=150,
    )
    original.wards[1].leader.mounted = True
    original.wards[1].leader.rank = "Knight Banneret"
    path = tmp_path / "a.toml"
    armyfile.save(original, path)
    assert bh.load(path) == original
    mustered = army([unit("archers")], muster=100)
    armyfile.save(mustered, path)
    assert bh.load(path) == mustered


def test_save_keeps_comments_and_order(tmp_path: Path) -> None:
    src = (examples_dir() / "lancaster.toml").read_text(encoding="utf-8")
    path = tmp_path / "lancaster.toml"
    path.write_text(src, encoding="utf-8")
    a = bh.load(path)
    a.wards[1].leader.command_class = 3
    armyfile.save(a, path)
    after = path.read_text(encoding="utf-8")
    changed = [(x, y) for x, y in zip(src.splitlines(), after.splitlines(), strict=True) if x != y]
    assert changed == [("command_class = 2", "command_class = 3")]


def test_save_removes_and_adds_units_and_wards(tmp_path: Path) -> None:
    path = tmp_path / "a.toml"
    path.write_text((examples_dir() / "york.toml").read_text(encoding="utf-8"), encoding="utf-8")
    a = bh.load(path)
    moved = a.wards[2].units.pop(0)
    a.wards[0].units.append(moved)
    del a.wards[1]
    a.wards[0].units[0].stakes = False
    armyfile.save(a, path)
    again = bh.load(path)
    assert again == a
    assert "# A Yorkist army" in path.read_text(encoding="utf-8")


def test_atomic_save_leaves_old_file_on_failure(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "a.toml"
    before = (examples_dir() / "york.toml").read_text(encoding="utf-8")
    path.write_text(before, encoding="utf-8")
    a = bh.load(path)
    a.name = "Changed"

    def boom(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        armyfile.save(a, path)
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["a.toml"]


def test_thousands_of_wards_load_quickly(tmp_path: Path) -> None:
    import time

    text = HEAD + (WARD + '[[wards.units]]\ntroop = "archers"\n') * 3000
    start = time.process_time()
    a = load_text(tmp_path, text)
    from builder.registry import get_ruleset

    get_ruleset("billhooks").summary(a)
    assert len(a.wards) == 3000
    assert time.process_time() - start < 5


def test_photo_paths_are_relative_to_the_army_file(tmp_path: Path) -> None:
    (tmp_path / "photos").mkdir()
    photo = tmp_path / "photos" / "bills.jpg"
    photo.write_bytes(b"not really a jpeg")
    a = army([unit("billmen", photo=str(photo))])
    path = tmp_path / "army.toml"
    armyfile.save(a, path)
    assert 'photo = "photos/bills.jpg"' in path.read_text(encoding="utf-8")
    assert bh.load(path).wards[0].units[0].photo == str(photo.resolve())


def test_locate_finds_array_elements() -> None:
    text = (examples_dir() / "lancaster.toml").read_text(encoding="utf-8")

    def line_of(key: str) -> int:
        line = locate(text, key)
        assert line is not None, key
        return line

    lines = text.splitlines()
    assert lines[line_of("wards[1]") - 1] == "[[wards]]"
    assert line_of("wards[0]") < line_of("wards[1]")
    line = line_of("wards[2].units[1]")
    assert lines[line - 1] == "[[wards.units]]" and lines[line] == 'troop = "kern"'


@pytest.mark.parametrize("bad", ["\\u001b[31mred", "bell\\u0007", "tab\\there", "two\\nlines"])
def test_control_characters_in_text_are_refused(tmp_path: Path, bad: str) -> None:
    err = error_for(tmp_path, HEAD + WARD.replace('name = "A"', f'name = "{bad}"'))
    assert err.key == "wards[0].leader.name" and "control character" in err.message


def test_rich_markup_in_names_prints_literally(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from builder.cli import main

    path = tmp_path / "army.toml"
    path.write_text(
        HEAD.replace('"Test"', '"[/]oops [red]x"')
        + WARD.replace('name = "A"', 'name = "[bold]B[/bold]"\nc_in_c = true')
        + "[[wards.units]]\n"
        'troop = "archers"\n',
        encoding="utf-8",
    )
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "[/]oops [red]x" in out and "[bold]B[/bold]" in out
