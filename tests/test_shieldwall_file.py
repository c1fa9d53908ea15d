"""Shieldwall army files through the generic army-file code (issue 17 "The army file"): the
examples load, save unchanged byte for byte, a fresh write reloads equal, and bad keys or
values are exit 2 with file, line and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder import armyfile
from builder.cli import main
from builder.core.validate import ArmyFileError
from builder.resources import examples_dir
from builder.systems.shieldwall.model import Army, Leader, Stand

EXAMPLES = ("shieldwall-norse.toml", "shieldwall-saxon.toml")
HEAD = 'ruleset = "shieldwall"\nname = "Test"\nside = "Norse"\n'
LEADER = '[[leaders]]\nname = "Sigurd"\nrole = "commander"\n'
STAND = (
    '[[stands]]\nlabel = "A"\nquality = "huscarl"\nfigures = 4\narmour = "mail"\nweapon = "axe"\n'
)


def test_the_norse_example_reads_as_written() -> None:
    army = armyfile.load(examples_dir() / "shieldwall-norse.toml")
    assert isinstance(army, Army)
    assert (army.name, army.side, army.banner) == ("Jarl Sigurd's host", "Norse", True)
    assert army.leaders[1] == Leader("Thorkell the Tall", "hero", 3)
    assert army.leaders[0].figures == 1
    assert army.stands[0] == Stand("Hearth-troop", "huscarl", 4, "mail", "axe", leader="Sigurd")
    assert army.stands[3].count == 3 and army.stands[3].mounted is False
    assert army.stand_total == 9


@pytest.mark.parametrize("name", EXAMPLES)
def test_an_example_saves_unchanged_byte_for_byte(tmp_path: Path, name: str) -> None:
    source = examples_dir() / name
    path = tmp_path / name
    path.write_bytes(source.read_bytes())
    armyfile.save(armyfile.load(path), path)
    assert path.read_bytes() == source.read_bytes()


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_fresh_write_reloads_equal(tmp_path: Path, name: str) -> None:
    army = armyfile.load(examples_dir() / name)
    assert isinstance(army, Army)
    text = armyfile.dumps(army)
    assert text.splitlines()[0].lstrip("# ") == "A Dark Ages shieldwall army, written by billhooks."
    assert armyfile.loads(text) == army
    # Defaults are left out, a leader's figures are written so the player sees them.
    assert "count = 1\n" not in text and "mounted = false" not in text
    assert text.count("figures = 1\n") == sum(ldr.figures == 1 for ldr in army.leaders)


def test_an_edit_changes_only_its_line(tmp_path: Path) -> None:
    path = tmp_path / "army.toml"
    source = (examples_dir() / "shieldwall-saxon.toml").read_text(encoding="utf-8")
    path.write_text(source, encoding="utf-8")
    army = armyfile.load(path)
    assert isinstance(army, Army)
    army.stands[1].count = 3
    army.banner = True
    armyfile.save(army, path)
    after = path.read_text(encoding="utf-8")
    assert after.replace("banner = true\n", "").replace("count = 3", "count = 2", 1) == source
    assert armyfile.load(path) == army


@pytest.mark.parametrize(
    ("text", "line", "key", "words"),
    [
        (HEAD + LEADER + STAND + "shield = true\n", 13, "stands[0].shield", "unknown key"),
        (
            HEAD + LEADER + STAND.replace('"huscarl"', '"huscarls"'),
            9,
            "stands[0].quality",
            "did you mean 'huscarl'",
        ),
        (
            HEAD + LEADER + STAND.replace('"mail"', '"chainmail"'),
            11,
            "stands[0].armour",
            "none, helmet, shield, mail",
        ),
        (
            HEAD + LEADER + STAND.replace('"axe"', '"club"'),
            12,
            "stands[0].weapon",
            "spear, axe, sword, bow, sharpshooter",
        ),
        (
            HEAD + LEADER + STAND.replace("figures = 4", "figures = 13"),
            10,
            "stands[0].figures",
            "1-12",
        ),
        (HEAD + LEADER + STAND + "count = 0\n", 13, "stands[0].count", "out of range"),
        (
            HEAD + LEADER.replace('"commander"', '"king"') + STAND,
            6,
            "leaders[0].role",
            "commander, hero",
        ),
        (HEAD + LEADER + "figures = 0\n" + STAND, 7, "leaders[0].figures", "out of range"),
        (HEAD + 'banner = "yes"\n' + LEADER + STAND, 4, "banner", "true or false"),
        (
            HEAD.replace('side = "Norse"\n', "") + LEADER + STAND,
            None,
            None,
            "missing required key 'side'",
        ),
        (HEAD.replace('"Norse"', '"' + "N" * 41 + '"'), 3, "side", "at most 40"),
        (HEAD.replace('"Norse"', '""'), 3, "side", "may not be empty"),
        (
            HEAD + LEADER + STAND.replace('label = "A"\n', ""),
            7,
            "stands[0]",
            "missing required key 'label'",
        ),
        (HEAD + "[[wards]]\n", 4, "wards", "unknown key"),
    ],
)
def test_bad_files_name_file_line_and_key(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    text: str,
    line: int | None,
    key: str | None,
    words: str,
) -> None:
    path = tmp_path / "army.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ArmyFileError) as info:
        armyfile.load(path)
    err = info.value
    assert (err.line, err.key) == (line, key)
    assert words in err.message
    assert main(["check", str(path)]) == 2
    out = capsys.readouterr()
    assert out.err.startswith(f"billhooks: {path}:" + (f"{line}:" if line else ""))
    assert words in out.err and "Traceback" not in out.err


def test_the_schema_matches_the_model() -> None:
    """Every key is an attribute of its record; required keys have no default, the others do."""
    import dataclasses

    from builder.core.schema import walk
    from builder.systems.shieldwall import RULESET

    army = armyfile.load(examples_dir() / "shieldwall-norse.toml")
    tables = {node.table.noun: node.table for node in walk(army, RULESET.schema)}
    assert set(tables) == {"army", "leader", "stand"}
    for table in tables.values():
        attrs = {f.name: f for f in dataclasses.fields(table.record)}
        keys = [*(f.key for f in table.fields), *(c.key for c in table.children)]
        # The core's optional `player` comes last in a model whose side is required.
        assert [k for k in attrs if k != "player"] == [k for k in keys if k != "player"]
        assert set(attrs) == set(keys)
        for spec in table.fields:
            has_default = (
                attrs[spec.key].default is not dataclasses.MISSING
                or attrs[spec.key].default_factory is not dataclasses.MISSING
            )
            assert has_default != spec.required, spec.key
    assert [(c.key, c.role) for c in RULESET.schema.children] == [
        ("leaders", "leader"),
        ("stands", "unit"),
    ]
