"""``billhooks event`` (issue 44): an organiser's intake of a 16-list Billhooks event (army
files, shared lists, FILE=CODE, a changed list, an unreadable one, one of another system) and a
small event of every other system; the summary, slips and CSV read back; bad event files
refused with the file, line and key."""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path

import pdfread
import pytest
from printcheck import page_figures

from builder import armyfile, eventfile
from builder.cli import main
from builder.commands.share import source
from builder.core import event as ev
from builder.core.validate import ArmyFileError
from builder.export.job import PAPER_MM
from builder.registry import get_ruleset, names
from builder.resources import examples_dir
from builder.share import render, share_list

MM = 72 / 25.4
BOSWORTH = examples_dir() / "event-bosworth.toml"
#: Each other system's example event and two of its example armies.
SMALL = {
    "kiss": ("event-kiss.toml", "kiss-york.toml", "kiss-lancaster.toml"),
    "feudal": ("event-feudal.toml", "feudal-flanders.toml", "feudal-normandy.toml"),
    "shieldwall": ("event-shieldwall.toml", "shieldwall-norse.toml", "shieldwall-saxon.toml"),
}


def with_player(text: str, player: str) -> str:
    """An example army's text with a ``player`` key after its name."""
    return re.sub(r"^(name = .*)$", rf'\1\nplayer = "{player}"', text, count=1, flags=re.M)


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


@dataclass
class Run:
    code: int
    out: Path
    said: str
    lists: list[str]


def run(
    capsys: pytest.CaptureFixture[str], event: Path, lists: list[str], out: Path, *more: str
) -> Run:
    code = main(["event", str(event), *lists, "--out", str(out), *more])
    return Run(code, out, capsys.readouterr().out, lists)


def sixteen(tmp: Path) -> list[str]:
    """Sixteen lists handed in for the Bosworth Cup, in order: eight army files with players,
    two share codes, a JSON list, a file with its code, a file changed since its code, an
    unreadable file, a KISS army, and a list breaking the knights limit."""
    lanc = (examples_dir() / "lancaster.toml").read_text(encoding="utf-8")
    york = (examples_dir() / "york.toml").read_text(encoding="utf-8")
    lists = [
        write(tmp / f"p{n}.toml", with_player(lanc if n % 2 else york, f"Player {n} <b>&"))
        for n in range(1, 9)
    ]
    lists.append(write(tmp / "code-9.txt", render(share_list(source(lists[0])))))
    lists.append(write(tmp / "code-10.md", render(share_list(source(lists[1])), "markdown")))
    from builder import listjson

    lists.append(write(tmp / "list-11.json", listjson.dumps(share_list(source(lists[2])))))
    code = write(tmp / "code-12.txt", render(share_list(source(lists[3]))))
    lists.append(f"{lists[3]}={code}")
    before = write(tmp / "code-13.txt", render(share_list(source(lists[4]))))
    changed = write(
        tmp / "p13.toml", (tmp / "p5.toml").read_text().replace('"archers"', '"kern"', 1)
    )
    lists.append(f"{changed}={before}")
    lists.append(write(tmp / "junk-14.txt", "not a list\n"))
    lists.append(str(examples_dir() / "kiss-york.toml"))
    knights = york.replace(
        "[[wards.units]]", '[[wards.units]]\ntroop = "knights"\n\n[[wards.units]]', 2
    )
    lists.append(write(tmp / "p16.toml", with_player(knights, "Player 16")))
    return lists


@pytest.fixture(scope="module")
def bosworth(tmp_path_factory: pytest.TempPathFactory) -> Run:
    tmp = tmp_path_factory.mktemp("bosworth")
    lists = sixteen(tmp)
    code = main(["event", str(BOSWORTH), *lists, "--out", str(tmp / "out")])
    return Run(code, tmp / "out", "", lists)


def rows(out: Path) -> list[dict[str, str]]:
    with (out / "lists.csv").open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def test_a_sixteen_list_event_passes_and_fails_each_list_for_its_reason(bosworth: Run) -> None:
    assert bosworth.code == 1
    found = rows(bosworth.out)
    assert len(found) == 16
    verdicts = [r["verdict"] for r in found]
    assert verdicts[:12] == ["PASS"] * 12
    assert verdicts[12:] == ["FAIL"] * 4
    assert found[0]["player"] == "Player 1 <b>&"
    assert found[0]["system"] == "Never Mind the Billhooks" and found[0]["side"] == "Lancaster"
    assert found[0]["size"] == "99 troop points"
    # A code carries no player: its row names the army.
    assert found[8]["player"] == "" and found[8]["army"] == "The Earl of Oxford's Retinue"
    assert "changed since its code" in found[12]["limits broken"]
    assert "troop archers → kern" in found[12]["limits broken"]
    assert found[13]["limits broken"].startswith("unreadable:")
    assert "KISS Wars of the Roses list" in found[14]["limits broken"]
    assert "troop knights: 3 units, the event allows at most 2" in found[15]["limits broken"]
    # The Facts hash is the list's own (a code and its file agree); the file hash the file's.
    assert found[0]["facts hash"] == found[8]["facts hash"] == found[2]["facts hash"]
    assert re.fullmatch("[0-9a-f]{64}", found[0]["file hash"])
    assert found[0]["file hash"] != found[2]["file hash"]


def test_the_folder_holds_the_summary_slips_csv_and_every_roster(bosworth: Run) -> None:
    names_ = sorted(p.name for p in bosworth.out.iterdir())
    rosters = [n for n in names_ if n.startswith("roster-")]
    # Every readable Billhooks list has its roster; the unreadable and the KISS one not.
    assert len(rosters) == 14
    assert {"summary.pdf", "results-slips.pdf", "lists.csv"} <= set(names_)
    assert not [n for n in names_ if n.startswith(".")]
    with pdfread.pages(bosworth.out / "roster-01-the-earl-of-oxford-s-retinue.pdf") as pages:
        assert "Player: Player 1 <b>&" in pages[0].text


def test_the_summary_names_every_list_the_limits_and_house_rules(bosworth: Run) -> None:
    with pdfread.pages(bosworth.out / "summary.pdf") as pages:
        text = re.sub(r"\s+", " ", " ".join(page.text for page in pages))
        for page in pages:
            figures = page_figures(page)
            assert figures.edge_mm >= 5 - 0.01, figures.nearest
            assert figures.min_pt >= 6 - 0.01, figures.smallest
            assert (page.width / MM, page.height / MM) == pytest.approx(PAPER_MM["a4"], abs=0.5)
    assert "The Bosworth Cup" in text and "120 troop points" in text
    assert "contingent Burgundian: at most 60 troop points" in text
    assert "The C-in-C duel: on" in text
    assert "Win 3 · Draw 1 · Loss 0 · +1 a leader level killed" in text
    assert "16 lists, 12 pass, 4 fail" in text
    assert "Player 1 <b>&" in text  # user text is data, not markup
    assert text.count("PASS") == 12 and text.count("FAIL") == 4


def test_the_slips_give_every_round_a_slip_a_game(bosworth: Run) -> None:
    with pdfread.pages(bosworth.out / "results-slips.pdf") as pages:
        text = re.sub(r"\s+", " ", " ".join(page.text for page in pages))
        for page in pages:
            figures = page_figures(page)
            assert figures.edge_mm >= 5 - 0.01, figures.nearest
            assert figures.min_pt >= 6 - 0.01, figures.smallest
    for round_ in (1, 2, 3):
        for table in range(1, 9):
            assert f"Round {round_} · Table {table} " in text
    assert "Round 4" not in text and "Table 9" not in text
    assert text.count("Signed, first general") == 24
    for heading in ("General (name)", "Kills", "Leaders lost", "Winner", "Score"):
        assert text.count(heading) >= 24, heading
    assert "Player 16" in text  # the players, for the pairings


@pytest.mark.parametrize("ruleset", sorted(SMALL))
def test_a_small_event_of_each_other_system(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, ruleset: str
) -> None:
    event, first, second = (examples_dir() / name for name in SMALL[ruleset])
    mine = write(tmp_path / "mine.toml", with_player(first.read_text(), "Ann"))
    result = run(capsys, event, [mine, str(second), str(BOSWORTH)], tmp_path / "out")
    lines = result.said.splitlines()
    assert lines[0].startswith("PASS   1.") and "Ann" in lines[0]
    assert lines[2].startswith("FAIL   3.") and "an event file, not an army" in lines[2]
    found = rows(result.out)
    assert found[0]["player"] == "Ann" and found[0]["system"] == get_ruleset(ruleset).title
    assert found[0]["size"].endswith(ev.rules_of(get_ruleset(ruleset)).measure)
    assert result.code == 1  # the event file handed in as a list fails
    assert len(list(result.out.glob("roster-*.pdf"))) == 2


def test_a_letter_event_prints_on_letter(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    event, army, _ = (examples_dir() / name for name in SMALL["shieldwall"])
    result = run(capsys, event, [str(army)], tmp_path / "out", "--paper", "letter")
    assert result.code == 0, result.said
    for name in ("summary.pdf", "results-slips.pdf"):
        with pdfread.pages(result.out / name) as pages:
            for page in pages:
                size = (page.width / MM, page.height / MM)
                assert size == pytest.approx(PAPER_MM["letter"], abs=0.5)
                figures = page_figures(page)
                assert figures.edge_mm >= 5 - 0.01 and figures.min_pt >= 6 - 0.01


def test_a_limit_breaks_in_every_system(tmp_path: Path) -> None:
    """Every registered system holds an event: a limit of none of its first selector's kind
    of record is broken by an example that has one."""
    for name in names():
        ruleset = get_ruleset(name)
        rules = ev.rules_of(ruleset)
        examples = [
            p
            for p in sorted(examples_dir().glob("*.toml"))
            if not eventfile.is_event_file(p)
            and not p.name.endswith("collection.toml")
            and f'ruleset = "{name}"' in p.read_text()
        ]
        if not examples:
            continue
        army = armyfile.load(examples[0])
        summary = ruleset.summary(army)
        counted = rules.counted(army, summary)
        selector = rules.selectors[0]
        value = counted[0].tags[selector.key]
        measure = rules.measures[0]
        text = (
            f'name = "Test"\nruleset = "{name}"\npoints = 1000\n[[limits]]\n'
            f'{selector.key} = "{value}"\n{measure.key} = 0\n'
        )
        event = eventfile.read(write(tmp_path / f"event-{name}.toml", text))
        found = ev.findings(event, ruleset, army, summary)
        assert [f.code for f in found if f.level == "error"] == [ev.LIMIT_CODE], name
        assert any(f.code == ev.UNDER_CODE for f in found), name


BAD = [
    ('name = "X"\nruleset = "billhooks"\npoints = 120\npionts = 3\n', 4, "pionts", "did you mean"),
    (
        'name = "X"\nruleset = "billhooks"\npoints = 120\n\n[[limits]]\ntroop = "knights"\n'
        "min_units = 3\nmax_units = 2\n",
        7,
        "limits[0].min_units",
        "impossible",
    ),
    (
        'name = "X"\nruleset = "billhooks"\npoints = 120\n[[limits]]\ntroop = "knigts"\n'
        "max_units = 2\n",
        5,
        "limits[0].troop",
        "did you mean 'knights'",
    ),
    (
        'name = "X"\nruleset = "billhooks"\npoints = 120\n[[limits]]\nmax_stands = 2\n',
        5,
        "limits[0].max_stands",
        "unknown key",
    ),
    (
        'name = "X"\nruleset = "billhooks"\npoints = 120\n[[limits]]\ntroop = "knights"\n',
        4,
        "limits[0]",
        "needs a bound",
    ),
    ('name = "X"\nruleset = "kiss"\npoints = 120\n[house_rules]\nduel = false\n', 5, "", ""),
    ('name = "X"\nruleset = "billhooks"\npoints = 0\n', 3, "points", "out of range 1-"),
    ('name = "X"\nruleset = "billhooks"\npoints = 9\n[scoring]\nwin = 0\ndraw = 1\n', 4, "", ""),
]


@pytest.mark.parametrize(("text", "line", "key", "said"), BAD)
def test_a_bad_event_file_is_refused_with_file_line_and_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, line: int, key: str, said: str
) -> None:
    path = write(tmp_path / "event-bad.toml", text)
    with pytest.raises(ArmyFileError) as caught:
        eventfile.read(path)
    assert caught.value.line == line and caught.value.path == path
    if key:
        assert caught.value.key == key
    assert said in caught.value.message
    army = str(examples_dir() / "york.toml")
    assert main(["event", path, army, "--out", str(tmp_path / "out")]) == 2
    assert not (tmp_path / "out").exists()
    err = capsys.readouterr().err
    assert f"{path}:{line}:" in err and "Traceback" not in err
    assert main(["check", army, "--event", path]) == 2


def test_check_with_an_event_adds_its_findings(capsys: pytest.CaptureFixture[str]) -> None:
    york = str(examples_dir() / "york.toml")
    assert main(["check", york, "--event", str(BOSWORTH)]) == 0
    said = capsys.readouterr().out
    assert "of 120 agreed" in said and "[event-under-size]" in said
    assert main(["check", str(examples_dir() / "kiss-york.toml"), "--event", str(BOSWORTH)]) == 1
    assert "[event-ruleset]" in capsys.readouterr().out
    # The army file is untouched, and plain check still sees its own points.
    assert main(["check", york]) == 0
    assert "of 100 agreed" in capsys.readouterr().out


def test_an_event_file_given_as_an_army_is_a_clear_message(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", str(BOSWORTH)]) == 2
    err = capsys.readouterr().err
    assert "this is an event file, not an army file" in err and "Traceback" not in err


def test_export_with_an_event_leaves_a_duel_turned_off_off_the_crib(tmp_path: Path) -> None:
    noduel = write(
        tmp_path / "event-x.toml", BOSWORTH.read_text().replace("duel = true", "duel = false")
    )
    york = str(examples_dir() / "york.toml")
    said = {}
    for name, event in (("on", str(BOSWORTH)), ("off", noduel)):
        out = tmp_path / name
        args = ["export", york, "--only", "crib-sheet", "--out", str(out), "--event", event]
        assert main(args) == 0
        with pdfread.pages(out / "crib-sheet.pdf") as pages:
            said[name] = " ".join(page.text for page in pages).lower()
    assert said["on"].count("duel") >= 2
    assert "duel" not in said["off"]
    assert "dolt 1." in re.sub(r"\s+", " ", said["off"])
    kiss = str(examples_dir() / "kiss-york.toml")
    assert main(["export", kiss, "--out", str(tmp_path / "k"), "--event", noduel]) == 2


def test_bad_usage_and_an_unwritable_folder_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    york = str(examples_dir() / "york.toml")
    with pytest.raises(SystemExit) as caught:
        main(["event", str(BOSWORTH), york])  # no --out
    assert caught.value.code == 2
    assert main(["event", str(BOSWORTH), york, "--out", str(tmp_path), "--paper", "A5"]) == 2
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["event", str(BOSWORTH), york, "--out", str(blocker)]) == 2
    assert main(["event", str(tmp_path / "event-none.toml"), york, "--out", str(tmp_path)]) == 2
    capsys.readouterr()


def test_an_army_over_the_events_size_fails_in_every_system(tmp_path: Path) -> None:
    """A size of 1 in the system's measure: a system whose armies name their agreed size gets
    it replaced (its own rule says the army is over); the others get ``event-size``."""
    for name in ("billhooks", *SMALL):
        ruleset = get_ruleset(name)
        rules = ev.rules_of(ruleset)
        example = SMALL[name][1] if name in SMALL else "york.toml"
        army = armyfile.load(examples_dir() / example)
        path = write(
            tmp_path / f"event-{name}.toml", f'name = "T"\nruleset = "{name}"\npoints = 1\n'
        )
        event = eventfile.read(path)
        agreed = ev.at_event_size(event, ruleset, army)
        summary = ruleset.summary(agreed)
        found = ev.findings(event, ruleset, agreed, summary)
        if rules.at_size is None:
            assert [f.code for f in found] == [ev.SIZE_CODE], name
            assert "over the event's 1: take off" in found[0].message
        else:
            assert not found and not summary.legal, name
            assert "over-points" in {f.code for f in summary.errors}


def test_a_level_killed_scores_only_where_leaders_have_levels(tmp_path: Path) -> None:
    """Billhooks' and KISS's leaders have levels an event may score; Feudal's and shieldwall's
    do not, so their event files refuse the key."""
    for ruleset, allowed in (
        ("billhooks", True),
        ("kiss", True),
        ("feudal", False),
        ("shieldwall", False),
    ):
        path = tmp_path / f"event-{ruleset}.toml"
        path.write_text(
            f'name = "X"\nruleset = "{ruleset}"\npoints = 24\n\n'
            "[scoring]\nper_leader_level_killed = 1\n",
            encoding="utf-8",
        )
        if allowed:
            assert eventfile.read(path).scoring.per_leader_level_killed == 1
        else:
            with pytest.raises(ArmyFileError, match=r":6: scoring\.per_leader_level_killed"):
                eventfile.read(path)
