"""The generic commands on shieldwall armies (issue 17 "What a user gets"): check, check
--json, catalogue --ruleset shieldwall, through builder.cli.main."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.cli import main
from builder.resources import examples_dir

NORSE = str(examples_dir() / "shieldwall-norse.toml")
SAXON = str(examples_dir() / "shieldwall-saxon.toml")


def test_check_prints_the_metrics_and_no_points(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", NORSE]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "Jarl Sigurd's host (Norse)  Dark Ages shieldwall"
    assert "points" not in out.lower() and "pts" not in out
    assert "  stands[2]  2 x Ulfhednar (berserkers, 4 figures, no armour, axe)" in out
    totals = [
        line.split()
        for line in lines
        if line.split()[:1] in (["Stands"], ["Figures"], ["Leaders"], ["Banner"])
    ]
    assert totals == [["Stands", "9"], ["Figures", "34"], ["Leaders", "2"], ["Banner", "1", "yes"]]
    assert lines[-1] == "LEGAL"


def test_check_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--json", SAXON]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {k: data[k] for k in ("ruleset", "legal", "stands", "figures", "leaders", "banner")} == {
        "ruleset": "shieldwall",
        "legal": True,
        "stands": 7,
        "figures": 31,
        "leaders": 2,
        "banner": 0,
    }
    assert [(u["where"], u["troop"], u["figures"], u["points"]) for u in data["units"]] == [
        ("stands[0]", "huscarl", 4, None),
        ("stands[1]", "warrior", 8, None),
        ("stands[2]", "thrall", 12, None),
        ("stands[3]", "huscarl", 3, None),
        ("stands[4]", "thrall", 4, None),
    ]
    assert data["findings"] == []


def test_check_an_illegal_army_lists_its_findings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "army.toml"
    text = Path(SAXON).read_text(encoding="utf-8")
    path.write_text(
        text.replace('role = "commander"', 'role = "hero"').replace(
            'leader = "Wulfmaer"', 'leader = "Harold"'
        ),
        encoding="utf-8",
    )
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "[one-commander]" in out and "stands[3]: 'Thegns on horse' names leader 'Harold'" in out
    assert "NOT LEGAL: 2 broken rule(s)" in out
    assert main(["check", "--json", str(path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [(f["code"], f["where"]) for f in data["findings"]] == [
        ("one-commander", ""),
        ("unknown-leader", "stands[3]"),
    ]


def test_catalogue_lists_the_stands_leaders_and_grids(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalogue", "--ruleset", "shieldwall", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ruleset"] == "shieldwall"
    assert [t["key"] for t in data["troops"]] == [
        "thralls",
        "warriors",
        "huscarls",
        "berserkers",
        "archers",
        "sharpshooters",
        "horsemen",
        "commander",
        "hero",
    ]
    assert all(t["points"] is None for t in data["troops"])
    grids = {g["title"]: g for g in data["reference"]}
    assert grids["Quality"]["rows"][2] == ["Huscarls", "4-6", "6s; no 6s: 5s; no 5s: 4s"]
    assert grids["Armour"]["rows"] == [
        ["no armour", "6"],
        ["helmet", "6"],
        ["shield", "5-6"],
        ["mail", "4-6"],
    ]
    assert main(["catalogue", "--ruleset", "shieldwall"]) == 0
    out = capsys.readouterr().out
    assert "Dark Ages shieldwall: what an army may hold" in out and "Berserkers" in out


def test_catalogue_entries_make_stands_that_check(capsys: pytest.CaptureFixture[str]) -> None:
    from builder.systems.shieldwall import RULESET

    army = RULESET.new_army("New")
    for entry in RULESET.catalogue():
        getattr(army, entry.into).append(entry.make())
    # Two commanders now (the new army's and the entry's): the only finding.
    assert [f.code for f in RULESET.check(army)] == ["one-commander"]
    stands = RULESET.summary(army).metric("stands")
    assert stands is not None and stands.value == 7


def test_roll_says_there_is_nothing_to_roll(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", NORSE]) == 2
    err = capsys.readouterr().err
    assert "has no dice to roll" in err and "Traceback" not in err


def test_the_ruleset_and_check_stay_light() -> None:
    from hygiene import HEAVY, loaded_after

    assert not loaded_after("import builder.systems.shieldwall") & set(HEAVY)
    code = (
        "from builder.cli import main\nimport contextlib, io\n"
        f"with contextlib.redirect_stdout(io.StringIO()): main(['check', {NORSE!r}])"
    )
    assert not loaded_after(code) & set(HEAVY)
