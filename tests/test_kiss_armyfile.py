"""KISS army files through the generic army-file code: the examples load, save unchanged byte
for byte, a fresh write reloads equal, and bad input names the file, line and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder import armyfile
from builder.core.validate import ArmyFileError
from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.systems.kiss.model import Army, Magnate, Unit, Ward

EXAMPLES = ("kiss-york.toml", "kiss-lancaster.toml")
HEAD = 'ruleset = "kiss"\nname = "Test"\nside = "york"\n'
WARD = '[[wards]]\n[wards.leader]\nname = "A"\nability = "practiced"\n'


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_saves_unchanged_byte_for_byte(tmp_path: Path, name: str) -> None:
    src = (examples_dir() / name).read_bytes()
    path = tmp_path / name
    path.write_bytes(src)
    army = armyfile.load(path)
    assert isinstance(army, Army)
    armyfile.save(army, path)
    assert path.read_bytes() == src


@pytest.mark.parametrize("name", EXAMPLES)
def test_fresh_write_reloads_equal(tmp_path: Path, name: str) -> None:
    army = armyfile.load(examples_dir() / name)
    text = armyfile.dumps(army)
    assert "A KISS Wars of the Roses army" in text.splitlines()[0]
    assert armyfile.loads(text, str(tmp_path / "fresh.toml")) == army


def test_examples_are_one_york_one_lancaster() -> None:
    sides = {armyfile.load(examples_dir() / n).side for n in EXAMPLES}  # type: ignore[attr-defined]
    assert sides == {"york", "lancaster"}


def test_defaults_and_new_army_round_trip(tmp_path: Path) -> None:
    army = armyfile.loads(HEAD + WARD + '[[wards.units]]\ntroop = "gonne"\n')
    assert army == Army(
        "kiss", "Test", "york", wards=[Ward(Magnate("A", "practiced"), [Unit("gonne")])]
    )
    assert isinstance(army, Army)
    leader = army.wards[0].leader
    assert (leader.level, leader.puissance, leader.forwardness, leader.c_in_c) == (2, 3, 3, False)
    unit = army.wards[0].units[0]
    assert (unit.commitment, unit.figures, unit.label) == ("retinue", 12, None)
    new = get_ruleset("kiss").new_army("Fresh")
    path = tmp_path / "new.toml"
    armyfile.save(new, path)
    assert armyfile.load(path) == new


def test_lists_and_anti_trait_round_trip(tmp_path: Path) -> None:
    army = Army(
        "kiss",
        "Lists",
        "lancaster",
        ["odds 3:2", "bombardment"],
        [
            Ward(
                Magnate(
                    "B",
                    "audacious",
                    True,
                    4,
                    6,
                    5,
                    ["anti-Yorkist", "treacherous"],
                    ["inspiring", "energetic", "feint"],
                ),
                [Unit("archers", "arrayed", 30, "Bows")],
            )
        ],
    )
    path = tmp_path / "lists.toml"
    armyfile.save(army, path)
    assert armyfile.load(path) == army


@pytest.mark.parametrize(
    ("text", "line", "key", "words"),
    [
        (HEAD.replace('"york"', '"burgundy"'), 3, "side", "york, lancaster"),
        ('ruleset = "kiss"\nname = "x"\n', None, None, "missing required key 'side'"),
        (HEAD + 'pre_battle = ["rain"]\n', 4, "pre_battle[0]", "forced march"),
        (HEAD + 'pre_battle = ["odds 3:2", "odds 3:2"]\n', 4, "pre_battle[1]", "listed twice"),
        (HEAD + WARD + "level = 5\n", 8, "wards[0].leader.level", "1-4"),
        (HEAD + WARD + "puissance = 0\n", 8, "wards[0].leader.puissance", "1-6"),
        (HEAD + WARD + "forwardness = 7\n", 8, "wards[0].leader.forwardness", "1-6"),
        (
            HEAD + '[[wards]]\n[wards.leader]\nname = "A"\n',
            5,
            "wards[0].leader",
            "missing required key 'ability'",
        ),
        (HEAD + WARD.replace("practiced", "brave"), 7, "wards[0].leader.ability", "old soldier"),
        (HEAD + WARD + 'traits = ["cruel"]\n', 8, "wards[0].leader.traits[0]", "anti-<text>"),
        (HEAD + WARD + 'traits = ["anti-"]\n', 8, "wards[0].leader.traits[0]", "unknown value"),
        (
            HEAD + WARD + 'traits = ["merciful", "merciful"]\n',
            8,
            "wards[0].leader.traits[1]",
            "listed twice",
        ),
        (
            HEAD + WARD + 'stratagems = ["feint", "feint"]\n',
            8,
            "wards[0].leader.stratagems[1]",
            "listed twice",
        ),
        (
            HEAD + WARD + 'stratagems = ["faint"]\n',
            8,
            "wards[0].leader.stratagems[0]",
            "did you mean 'feint'",
        ),
        (HEAD + WARD + 'rank = "Earl"\n', 8, "wards[0].leader.rank", "unknown key"),
        (
            HEAD + WARD + '[[wards.units]]\ntroop = "handgunners"\n',
            9,
            "wards[0].units[0].troop",
            "gonne",
        ),
        (
            HEAD + WARD + '[[wards.units]]\ntroop = "archers"\ncommitment = "levy"\n',
            10,
            "wards[0].units[0].commitment",
            "well-wishers",
        ),
        (
            HEAD + WARD + '[[wards.units]]\ntroop = "archers"\nfigures = 1\n',
            10,
            "wards[0].units[0].figures",
            "2-48",
        ),
        (
            HEAD + WARD + '[[wards.units]]\ntroop = "archers"\nfigures = 49\n',
            10,
            "wards[0].units[0].figures",
            "2-48",
        ),
        (
            HEAD + WARD + '[[wards.units]]\ntroop = "archers"\nquality = "veteran"\n',
            10,
            "wards[0].units[0].quality",
            "unknown key",
        ),
    ],
)
def test_bad_input_names_line_and_key(
    tmp_path: Path, text: str, line: int | None, key: str | None, words: str
) -> None:
    path = tmp_path / "army.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ArmyFileError) as info:
        armyfile.load(path)
    err = info.value
    assert str(err).startswith(str(path))
    assert (err.line, err.key) == (line, key)
    assert words in err.message


def test_bad_input_is_exit_2_through_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from builder.cli import main

    path = tmp_path / "army.toml"
    path.write_text(HEAD + WARD + 'stratagems = ["feint", "feint"]\n', encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:8" in err and "wards[0].leader.stratagems[1]" in err
    assert "Traceback" not in err
