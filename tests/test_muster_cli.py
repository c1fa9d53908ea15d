"""`billhooks muster`: the transcript, --json, --out, --both, and every error path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import bh
import pytest

from builder.cli import main
from builder.registry import get_ruleset
from builder.resources import examples_dir

COLLECTION = str(examples_dir() / "collection.toml")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, body: str) -> str:
    path = tmp_path / "coll.toml"
    path.write_text('ruleset = "billhooks"\nname = "Small"\n' + body, encoding="utf-8")
    return str(path)


def test_transcript_then_summary(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    code, out, err = run(capsys, "muster", COLLECTION, "--troops", "100", "--seed", "12")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith(
        "Mustering Lancaster from The club collection: 100 troop points agreed, 3 leaders, seed 12."
    )
    assert any(" core " in line for line in lines)
    assert any("cut the deck: the top" in line and "went to the bottom" in line for line in lines)
    deals = [line for line in lines if "   total " in line]
    assert deals and deals[-1].endswith("reaches the total")
    # The summary table: three wards, the leaders' points, the totals.
    assert "Ward 1" in out and "Ward 3" in out and "Lancastrian C-in-C (Lord, C-in-C)" in out
    assert "Troop points (100 agreed)" in out and "Leader points" in out


def test_json_matches_the_draw_and_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "muster", COLLECTION, "--troops", "100", "--seed", "12", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["seed"] == 12 and data["target"] == 100 and len(data["armies"]) == 1
    army = data["armies"][0]
    for key in ("side", "troop_points", "leader_points", "core", "cut", "dealt", "set_aside"):
        assert key in army
    every = army["core"] + army["dealt"]
    assert army["troop_points"] == sum(c["points"] for c in every) >= 100
    assert all({"troop", "points"} <= set(c) for c in every + army["set_aside"])
    assert sum(c["points"] for c in army["core"]) >= 50
    assert all(c["troop"] in ("archers", "billmen") for c in army["core"])
    # Same seed, same JSON.
    assert run(capsys, "muster", COLLECTION, "--troops", "100", "--seed", "12", "--json")[1] == out


def test_out_writes_a_legal_army_with_a_muster_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "tonight.toml"
    code, out, _ = run(
        capsys,
        "muster",
        COLLECTION,
        "--troops",
        "100",
        "--leaders",
        "3",
        "--seed",
        "12",
        "--out",
        str(out_file),
    )
    assert code == 0 and f"Wrote Lancaster to {out_file}" in out
    text = out_file.read_text()
    assert "muster = {troops = 100, seed = 12}" in text and "\npoints" not in text
    assert text.startswith("# Lancaster army dealt by the Mustering draw")
    army = bh.load(out_file)
    assert army.muster is not None and army.points is None and len(army.wards) == 3
    assert get_ruleset("billhooks").summary(army).legal
    assert run(capsys, "check", str(out_file))[0] == 0
    assert not list(tmp_path.glob(".*tmp"))


def test_both_writes_one_file_per_side(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "muster",
        COLLECTION,
        "--troops",
        "100",
        "--both",
        "--seed",
        "4",
        "--json",
        "--out",
        str(tmp_path / "club.toml"),
    )
    assert code == 0
    data = json.loads(out)  # stdout stays pure JSON; the note goes to stderr
    assert [a["side"] for a in data["armies"]] == ["york", "lancaster"]
    assert "york" in err and "one file per side" in err
    ids = [[c["id"] for c in a["core"] + a["dealt"]] for a in data["armies"]]
    assert not set(ids[0]) & set(ids[1])
    assert all(a["troop_points"] >= 100 for a in data["armies"])
    for side in ("york", "lancaster"):
        path = tmp_path / f"club-{side}.toml"
        army = bh.load(path)
        assert army.side == side
        assert run(capsys, "check", str(path))[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club-lancaster.toml", "club-york.toml"]


def test_side_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "muster",
        COLLECTION,
        "--troops",
        "60",
        "--side",
        "york",
        "--seed",
        "1",
        "--json",
        "--leaders",
        "2",
    )
    assert code == 0 and json.loads(out)["armies"][0]["side"] == "york"


def test_seed_is_shown_when_not_given(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "muster", COLLECTION, "--troops", "100", "--json")
    assert code == 0 and isinstance(json.loads(out)["seed"], int)


def test_core_short_is_exit_1_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    coll = write(tmp_path, '[[cards]]\ntroop = "archers"\ncount = 2\n')
    out_file = tmp_path / "army.toml"
    code, out, err = run(
        capsys, "muster", coll, "--troops", "100", "--seed", "1", "--out", str(out_file)
    )
    assert code == 1 and out == ""
    assert err == (
        f"billhooks muster: {coll}: the core needs 50 points of archer and "
        "billmen companies; the collection has 24 (seed 1)\n"
    )
    assert not out_file.exists()


def test_deck_short_and_too_few_units_are_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    coll = write(tmp_path, '[[cards]]\ntroop = "archers"\ncount = 5\n')
    code, _, err = run(capsys, "muster", coll, "--troops", "100", "--seed", "1")
    assert code == 1 and "the deck ran out before the troops made 100 points" in err
    code, _, err = run(capsys, "muster", coll, "--troops", "20", "--leaders", "3", "--seed", "1")
    assert code == 1 and "3 leaders need a unit each" in err


def test_bad_collection_is_exit_2_naming_file_line_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    coll = write(tmp_path, '[[cards]]\ntroop = "archers"\ncount = 0\n')
    code, out, err = run(capsys, "muster", coll, "--troops", "100")
    assert code == 2 and out == ""
    assert err.startswith(f"billhooks: {coll}:5: cards[0].count: must be 1 or more")
    code, _, err = run(capsys, "muster", str(tmp_path / "none.toml"), "--troops", "100")
    assert code == 2 and "no such file" in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--troops", "0"], "--troops must be 1 or more"),
        (["--troops", "100", "--leaders", "0"], "--leaders must be 1 or more"),
        (["--troops", "100", "--out", "/nonexistent-folder/x.toml"], "no such folder"),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, out, err = run(capsys, "muster", COLLECTION, *args)
    assert code == 2 and out == "" and words in err


def test_out_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "muster", COLLECTION, "--troops", "100", "--out", str(tmp_path))
    assert code == 2 and "is a folder" in err


def test_argparse_rejects_bad_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    # No size: --plan has a default one, a draw has none (exit 2, the option named).
    assert main(["muster", COLLECTION]) == 2
    assert "--size is required" in capsys.readouterr().err
    for argv in (
        ["muster", COLLECTION, "--troops", "many"],
        ["muster", COLLECTION, "--troops", "-5"],
    ):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 2


def test_a_side_the_rules_do_not_have_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["muster", COLLECTION, "--troops", "100", "--side", "burgundy"])
    assert code == 2
    assert "--side 'burgundy': expected one of york, lancaster" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ('[[cards]]\ntroop = "archers"\n', 1),
        ('[[cards]]\ntroop = "archers"\nphoto = "../../etc/passwd"\n', 2),
        ("[[cards]\n", 2),
    ],
)
def test_no_traceback_from_the_real_command(tmp_path: Path, body: str, code: int) -> None:
    coll = write(tmp_path, body)
    proc = subprocess.run(
        [sys.executable, "-m", "builder", "muster", coll, "--troops", "100"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == code
    assert "Traceback" not in proc.stderr and coll in proc.stderr


def test_rules_advice_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "muster", COLLECTION, "--troops", "100", "--leaders", "1", "--seed", "12"
    )
    assert code == 0
    assert (
        "Lancaster: warning: the army has 1 leader; the rules advise 2 to 4 [leader-count]" in out
    )


def test_an_illegal_result_is_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from builder.core.base import Finding
    from builder.systems.billhooks import checks

    def broken(army: object) -> list[Finding]:
        return [Finding("error", "archers-billmen-half", "pretend the core is short")]

    monkeypatch.setattr(checks, "CHECKS", (*checks.CHECKS, broken))
    out_file = tmp_path / "army.toml"
    code, _, err = run(
        capsys, "muster", COLLECTION, "--troops", "100", "--seed", "12", "--out", str(out_file)
    )
    assert code == 1 and "pretend the core is short" in err and "bug" in err
    assert not out_file.exists()


def test_literal_deal_and_keep_proportions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seed 97 deals handgunners, crossbows with pavises and skirmish archers: 6 + 9 + 6 = 21 of
    # skirmishers, over one fifth of 100.
    argv = ["muster", COLLECTION, "--troops", "100", "--seed", "97"]
    code, out, _ = run(capsys, *argv, "--json")
    army = json.loads(out)["armies"][0]
    assert code == 0 and army["set_aside"] == []
    bands = [
        c["points"]
        for c in army["dealt"]
        if c["troop"] in ("handgunners", "crossbowmen", "skirmish-archers", "kern")
    ]
    assert sum(bands) == 21
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "set aside" not in out
    assert (
        "warning: the Mustering deal is literal, so this is advice: skirmish bands make 21 points"
        in out
        and "[restriction-advice]" in out
    )
    # The house rule sets the skirmish archers aside and says so, in the file too.
    out_file = tmp_path / "kept.toml"
    code, out, _ = run(capsys, *argv, "--keep-proportions", "--out", str(out_file))
    assert code == 0 and "Keeping the proportions (house rule)" in out
    assert "set aside: skirmishers would make 21, over one fifth of 100 (20)" in out
    assert "restriction-advice" not in out
    assert "# Dealt with --keep-proportions" in out_file.read_text(encoding="utf-8")
    code, out, _ = run(capsys, *argv, "--keep-proportions", "--json")
    data = json.loads(out)
    assert data["keep_proportions"] is True
    assert [c["troop"] for c in data["armies"][0]["set_aside"]] == ["skirmish-archers"]


def test_collection_not_english_is_dealt_without_a_core(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "burgundians.toml"
    path.write_text(
        'ruleset = "billhooks"\nname = "Burgundians"\nenglish = false\n'
        '[[cards]]\ntroop = "men-at-arms"\ncount = 5\n'
        '[[cards]]\ntroop = "handgunners"\ncount = 2\n',
        encoding="utf-8",
    )
    out_file = tmp_path / "army.toml"
    code, out, err = run(
        capsys,
        "muster",
        str(path),
        "--troops",
        "100",
        "--seed",
        "3",
        "--leaders",
        "2",
        "--out",
        str(out_file),
    )
    assert code == 0, err
    assert "Not an English army: no core" in out
    army = bh.load(out_file)
    assert army.english is False and army.muster is not None
    assert run(capsys, "check", str(out_file))[0] == 0
