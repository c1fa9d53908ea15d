"""Feudal army files through the generic army-file code: the examples load and save unchanged,
fresh writes reload equal, and bad keys or values name the file, line and key (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder import armyfile
from builder.cli import main
from builder.core.validate import ArmyFileError
from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.systems.feudal.model import Army, Battle, Leader, Unit

EXAMPLES = ("feudal-flanders.toml", "feudal-normandy.toml")
HEAD = 'ruleset = "feudal"\nname = "Test"\n'
BATTLE = '[[battles]]\n[battles.leader]\nname = "A"\n'
UNIT = (
    '[[battles.units]]\nlabel = "U"\narm = "infantry"\narmour = "light"\ngrade = "D"\n'
    "figures = 12\n"
)


def load_text(tmp_path: Path, text: str) -> Army:
    p = tmp_path / "army.toml"
    p.write_text(text, encoding="utf-8")
    army = armyfile.load(p)
    assert isinstance(army, Army)
    return army


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_loads_and_saves_byte_for_byte(tmp_path: Path, name: str) -> None:
    src = examples_dir() / name
    army = armyfile.load(src)
    assert isinstance(army, Army) and army.ruleset == "feudal"
    assert len(army.battles) == 2 and get_ruleset("feudal").summary(army).legal
    out = tmp_path / name
    out.write_bytes(src.read_bytes())
    armyfile.save(army, out)
    assert out.read_bytes() == src.read_bytes()


def test_fresh_write_reloads_equal(tmp_path: Path) -> None:
    army = Army(
        "feudal",
        "Fresh",
        "Anjou",
        [
            Battle(
                Leader("Geoffrey", c_in_c=True, charisma=2, command_points=4),
                [
                    Unit("Horse", "cavalry", "heavy", "A", 12, width=4),
                    Unit(
                        "Bows",
                        "infantry",
                        "light",
                        "D",
                        10,
                        missile="light-bow",
                        missile_figures=6,
                        skirmish=True,
                    ),
                ],
            ),
            Battle(Leader("Hugh"), [Unit("Spears", "infantry", "armored", "C", 24, width=12)]),
        ],
    )
    path = tmp_path / "fresh.toml"
    armyfile.save(army, path)
    text = path.read_text(encoding="utf-8")
    assert "A Feudal convention rules army" in text.splitlines()[0]
    # Defaults are left out, except a leader's charisma, which a player should see to edit.
    assert "skirmish = false" not in text and "charisma = 0" in text
    assert armyfile.load(path) == army


def test_defaults(tmp_path: Path) -> None:
    army = load_text(tmp_path, HEAD + BATTLE + UNIT)
    leader = army.battles[0].leader
    assert (leader.c_in_c, leader.charisma, leader.command_points) == (False, 0, None)
    unit = army.battles[0].units[0]
    assert (unit.width, unit.missile, unit.missile_figures, unit.skirmish) == (
        None,
        None,
        None,
        False,
    )
    assert army.side is None


def test_figures_outside_the_rules_load(tmp_path: Path) -> None:
    """A referee may allow a unit of 4 or of 30: it loads and is a finding, not a load error."""
    for n in (1, 4, 30, 48):
        army = load_text(tmp_path, HEAD + BATTLE + UNIT.replace("figures = 12", f"figures = {n}"))
        assert army.battles[0].units[0].figures == n


@pytest.mark.parametrize(
    ("text", "line", "key", "words"),
    [
        (HEAD + 'side = ""\n', 3, "side", "may not be empty"),
        (HEAD + 'side = "' + "x" * 41 + '"\n', 3, "side", "at most 40"),
        (HEAD + BATTLE + "charisma = 3\n", 6, "battles[0].leader.charisma", "0-2"),
        (HEAD + BATTLE + "command_points = 0\n", 6, "battles[0].leader.command_points", "1-4"),
        (HEAD + BATTLE + "command_points = 5\n", 6, "battles[0].leader.command_points", "1-4"),
        (HEAD + BATTLE + 'rank = "Count"\n', 6, "battles[0].leader.rank", "unknown key"),
        (
            HEAD + BATTLE + UNIT.replace('"infantry"', '"archers"'),
            8,
            "battles[0].units[0].arm",
            "infantry, cavalry",
        ),
        (
            HEAD + BATTLE + UNIT.replace('"light"', '"armoured"'),
            9,
            "battles[0].units[0].armour",
            "did you mean 'armored'",
        ),
        (
            HEAD + BATTLE + UNIT.replace('"D"', '"G"'),
            10,
            "battles[0].units[0].grade",
            "A, B, C, D, E, F",
        ),
        (
            HEAD + BATTLE + UNIT.replace("figures = 12", "figures = 0"),
            11,
            "battles[0].units[0].figures",
            "1-48",
        ),
        (
            HEAD + BATTLE + UNIT.replace("figures = 12", "figures = 49"),
            11,
            "battles[0].units[0].figures",
            "1-48",
        ),
        (HEAD + BATTLE + UNIT + "width = 0\n", 12, "battles[0].units[0].width", "1-48"),
        (
            HEAD + BATTLE + UNIT + "missile_figures = 49\n",
            12,
            "battles[0].units[0].missile_figures",
            "1-48",
        ),
        (
            HEAD + BATTLE + UNIT + 'missile = "bow"\n',
            12,
            "battles[0].units[0].missile",
            "thrown, light-bow, sling, crossbow, longbow",
        ),
        (
            HEAD + BATTLE + UNIT + "skirmish = 1\n",
            12,
            "battles[0].units[0].skirmish",
            "true or false",
        ),
        (
            HEAD + BATTLE + UNIT.replace('label = "U"\n', ""),
            6,
            "battles[0].units[0]",
            "missing required key 'label'",
        ),
        (HEAD + "[[battles]]\n" + UNIT, 3, "battles[0]", "every battle has a leader"),
        (HEAD + "[[wards]]\n", 3, "wards", "unknown key"),
    ],
)
def test_bad_keys_and_values_name_line_and_key(
    tmp_path: Path, text: str, line: int, key: str, words: str
) -> None:
    with pytest.raises(ArmyFileError) as info:
        load_text(tmp_path, text)
    err = info.value
    assert str(err).startswith(str(tmp_path / "army.toml"))
    assert (err.line, err.key) == (line, key)
    assert words in err.message


def test_bad_file_exits_2_through_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "army.toml"
    path.write_text(HEAD + BATTLE + UNIT.replace('"D"', '"Z"'), encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and f"{path}:10" in err and "battles[0].units[0].grade" in err
    assert "Traceback" not in err
