"""The command line: output, JSON, exit codes, and no traceback ever reaching the user."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import bh
import pytest

from builder.cli import CORE_COMMANDS, main
from builder.registry import get_ruleset, names
from builder.resources import examples_dir

LANCASTER = str(examples_dir() / "lancaster.toml")
YORK = str(examples_dir() / "york.toml")
TESTS = Path(__file__).parent
EXAMPLES = examples_dir()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_human_lists_units_totals_and_legal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    code, out, _ = run(capsys, "check", LANCASTER)
    assert code == 0
    assert "Company of Veteran Archers with stakes" in out
    assert re.search(r"Troop points\s+99\s+of 100 agreed", out)
    assert re.search(r"Army Morale tokens\s+5", out)
    assert out.rstrip().endswith("LEGAL")


def test_check_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", YORK, "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) >= {
        "name",
        "ruleset",
        "legal",
        "troop_points",
        "leader_points",
        "total_points",
        "army_morale_tokens",
        "units",
        "findings",
    }
    assert (data["troop_points"], data["leader_points"], data["total_points"]) == (96, 10, 106)
    assert data["army_morale_tokens"] == 4
    assert data["units"][0] == {
        "where": "wards[0].units[0]",
        "troop": "archers",
        "title": "Line of Archers with stakes",
        "figures": 24,
        "points": 30,
    }
    assert data["findings"] == [] and data["legal"] is True


def test_check_illegal_army_exits_1_with_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (examples_dir() / "york.toml").read_text(encoding="utf-8")
    text = text.replace('troop = "knights"', 'troop = "knights"\nstakes = true')
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path), "--json")
    data = json.loads(out)
    assert code == 1 and data["legal"] is False
    stakes = [f for f in data["findings"] if f["code"] == "option-not-allowed"]
    assert stakes[0]["where"] == "wards[1].units[0]"
    assert "stakes are only for archer companies" in stakes[0]["message"]
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    assert "wards[1].units[0]: stakes are only for archer companies" in out


def test_bad_file_exit_2_message_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('ruleset = "billhooks"\nname = "x"\nwards = "many"\n', encoding="utf-8")
    code, out, err = run(capsys, "check", str(path))
    assert code == 2 and out == ""
    assert err.strip() == (
        f"billhooks: {path}:3: wards: expected a list of tables ([[wards]]), got text 'many'"
    )


def test_roll_shows_dice_and_writes_only_classes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "army.toml"
    src = (examples_dir() / "york.toml").read_text(encoding="utf-8")
    path.write_text(src, encoding="utf-8")
    code, out, err = run(capsys, "roll", str(path), "--seed", "7")
    assert code == 0 and "seed 7" in out and "rolled" in out
    assert path.read_text(encoding="utf-8") == src and "--write" in err
    code, out2, _ = run(capsys, "roll", str(path), "--seed", "7", "--write")
    assert out2 == out

    classes = [w.leader.command_class for w in bh.load(path).wards]
    for ward_line, cls in zip([ln for ln in out.splitlines() if "->" in ln], classes, strict=True):
        assert f"({cls})" in ward_line
    after = path.read_text(encoding="utf-8")
    assert [ln for ln in after.splitlines() if not ln.startswith("command_class")] == [
        ln for ln in src.splitlines() if not ln.startswith("command_class")
    ]


def test_catalogue(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    code, out, _ = run(capsys, "catalogue")
    assert code == 0 and "men-at-arms" in out and "1 gun + 3 crew" in out
    # What each option costs, one a line, so a hand-written army can be priced.
    for cost in (
        "veteran +3, levy -3 a company",
        "line or block: 2 companies, 24",
        "combined block (rear): 12 in front + 24 = 36",
        "stakes +3 a company",
        "pavises +3",
        "defences +3 a company of frontage (line 2)",
    ):
        assert cost in out, cost
    code, out, _ = run(capsys, "catalogue", "--json")
    data = json.loads(out)
    assert len(data["troops"]) == 14  # eleven troop types and three combined blocks
    assert {t["key"]: t["points"] for t in data["troops"]}["combined-archers-men-at-arms"] == 36
    assert {t["key"]: t["points"] for t in data["troops"]}["light-horse"] == 12
    options = {t["key"]: t["options"] for t in data["troops"]}
    assert options["billmen"] == [
        "veteran +3, levy -3 a company",
        "line or block: 2 companies, 24",
        "combined block (rear): 12 in front + 12 = 24",
        "defences +3 a company of frontage (line 2)",
    ]
    code, _, err = run(capsys, "catalogue", "--ruleset", "chess")
    assert code == 2 and "unknown ruleset" in err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["check"])
    assert info.value.code == 2
    with pytest.raises(SystemExit) as info:
        main(["roll", LANCASTER, "--seed", "abc"])
    assert info.value.code == 2


@pytest.mark.parametrize("content", [b"\x00\xff\xfe garbage", b"[[[", b"wards = 3"])
def test_no_traceback_from_the_real_command(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "x.toml"
    path.write_bytes(content)
    proc = subprocess.run(
        [sys.executable, "-m", "builder", "check", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and str(path) in proc.stderr


def test_check_an_army_with_no_wards_is_not_legal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.toml"
    path.write_text('ruleset = "billhooks"\nname = "Empty"\n', encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path), "--json")
    data = json.loads(out)
    assert code == 1 and data["legal"] is False
    assert [f["code"] for f in data["findings"] if f["level"] == "error"] == ["one-c-in-c"]


# --- check output (issue 10.20) ----------------------------------------------------------------


def big_army_file(tmp_path: Path, wards: int) -> Path:
    from builder import armyfile
    from builder.systems.billhooks.model import Army, Leader, Unit, Ward

    army = Army(
        "billhooks",
        "Big",
        points=10,
        wards=[
            Ward(
                Leader(
                    f"Sir Leader number {w} of a long and winding name",
                    rank="Knight Banneret",
                    c_in_c=w == 0,
                ),
                [Unit("archers"), Unit("billmen")],
            )
            for w in range(wards)
        ],
    )
    path = tmp_path / "big.toml"
    path.write_text(armyfile.dumps(army), encoding="utf-8")
    return path


def test_check_is_linear_in_the_army_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import gc
    import time

    def timed(wards: int) -> float:
        path = big_army_file(tmp_path, wards)
        # The collector off while timed: in a worker that has run hundreds of tests its
        # passes walk their leftovers too, a cost of the worker, not of `check` (one loaded
        # run measured 31 times for ten times the wards; a fresh process measures 8-11).
        gc.collect()
        gc.disable()
        try:
            started = time.process_time()
            code, out, _ = run(capsys, "check", str(path))
            spent = time.process_time() - started
        finally:
            gc.enable()
        assert code == 1 and f"Ward {wards}: " in out
        return spent

    # 375 wards of 4 records each: the most an army may hold (1,500 records, issue 38.7).
    small, large = timed(37), timed(375)
    # Ten times the wards, about ten times the time (every ward scanning every unit made it a
    # hundred; 3,000 wards took 10 s). The 2 s target itself is the benchmark's, on a quiet
    # machine (benchmarks/bench_check.py); here a loaded one must not fail the suite.
    assert large < 25 * small + 0.5 and large < 6.0, (small, large)


def test_check_output_neither_wraps_nor_pads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = big_army_file(tmp_path, 3)
    code, out, _ = run(capsys, "check", str(path))  # piped: rich would assume 80 columns
    lines = out.splitlines()
    assert [ln for ln in lines if ln != ln.rstrip()] == []
    heading = (
        "Ward 2: Sir Leader number 1 of a long and winding name (Knight Banneret, Commander, 5 pts)"
    )
    assert heading in lines and len(heading) > 80
    finding = [ln for ln in lines if "[over-points]" in ln]
    assert len(finding) == 1 and finding[0].startswith("error   points: troop points are 72")
    assert "  wards[0].units[0]  Company of Archers       12      12" in lines


# --- help, mistyped commands, option spelling (issue 10.21) ------------------------------------


def _system_commands() -> list[str]:
    return sorted({c.name for n in names() for c in get_ruleset(n).commands})


@pytest.mark.parametrize("command", [*CORE_COMMANDS, *_system_commands()])
def test_every_command_help_explains_its_options_and_exit_codes(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert info.value.code == 0
    assert "exit codes: 0 done" in out and "2 unreadable input or bad usage" in out
    # Every option has a sentence after it (argparse prints nothing for one without help).
    from builder.cli import build_parser

    group = build_parser()._subparsers
    assert group is not None
    choices = group._group_actions[0].choices
    assert isinstance(choices, dict)
    sub = choices[command]
    for action in sub._actions:
        assert action.help, f"{command} {action.option_strings or action.dest} has no help"


def test_a_system_adds_commands_of_its_own(capsys: pytest.CaptureFixture[str]) -> None:
    """The flat test system declares ``weigh`` (tests/flat_command.py): it is listed in the
    help beside the core's own ``muster`` (every system's draw) and runs, with nothing of it
    in the command line's own code."""
    assert "weigh" in _system_commands() and "muster" not in _system_commands()
    assert "muster" in CORE_COMMANDS
    with pytest.raises(SystemExit):
        main(["--help"])
    listed = capsys.readouterr().out
    assert re.search(r"\n\s+muster\s+deal an army from a figure collection", listed)
    assert re.search(r"\n\s+weigh\s+the load a flat band carries", listed)
    assert main(["weigh", str(TESTS / "flat_example.toml"), "--heaviest"]) == 0
    assert capsys.readouterr().out == "Anvil: 7\nLoad: 10\n"
    assert main(["weigh", str(EXAMPLES / "lancaster.toml")]) == 2
    assert "is not a flat band" in capsys.readouterr().err


def test_export_help_lists_kinds_and_card_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    out = " ".join(capsys.readouterr().out.split()).replace("- ", "-")
    assert "kinds of the ruleset's pack" in out and "{a4,letter}" in out
    assert "poker 63.5 x 88.9 mm, mini 44.5 x 63.5 mm, tarot 69.9 x 120.7 mm" in out


def test_mistyped_command_gets_did_you_mean(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["chek", LANCASTER])
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert "unknown command 'chek' (did you mean 'check'?)" in err


def test_paper_and_card_size_in_capitals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, _ = run(
        capsys,
        "export",
        LANCASTER,
        "--paper",
        "A4",
        "--card-size",
        "Mini",
        "--only",
        "tokens",
        "--out",
        str(tmp_path),
    )
    assert code == 0
    data = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert data["paper"]["name"] == "a4" and data["card_size"]["name"] == "mini"


@pytest.mark.parametrize(
    "example", ["kiss-york.toml", "feudal-flanders.toml", "shieldwall-norse.toml"]
)
def test_an_events_file_for_a_system_that_reads_none_is_refused(
    example: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only Billhooks declares an events file: naming one for another system's pack is a
    mistake to say, not a file to ignore, and nothing is written."""
    events = tmp_path / "events.toml"
    events.write_text('[[events]]\ntitle = "False Colours"\n', encoding="utf-8")
    out = tmp_path / "pack"
    code = main(
        [
            "export",
            str(examples_dir() / example),
            "--events",
            str(events),
            "--out",
            str(out),
            "--only",
            "roster",
        ]
    )
    err = capsys.readouterr().err
    assert code == 2
    assert "--events:" in err and "reads no such file" in err, err
    assert not out.exists()


def test_a_bad_events_file_names_its_line_and_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The events file is read by the core against the shape Billhooks declares."""
    events = tmp_path / "events.toml"
    events.write_text('[[events]]\ntitle = "False Colours"\nefect = "x"\n', encoding="utf-8")
    code = main(
        [
            "export",
            str(examples_dir() / "york.toml"),
            "--events",
            str(events),
            "--out",
            str(tmp_path / "pack"),
            "--only",
            "special-events",
        ]
    )
    err = capsys.readouterr().err
    assert code == 2
    assert f"{events}:3: events[0]" in err and "efect" in err, err


def test_export_help_names_each_input_file_and_who_reads_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The export's --events is Billhooks' declaration (an InputFile), not a flag of the
    core's: its help says which rule system reads the file."""
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert (
        "--events FILE a file of event cards (.toml) to print instead of the one "
        "shipped; read by Never Mind the Billhooks" in out
    )
