"""KISS through the generic commands (check, check --json, catalogue --ruleset kiss, roll) and
the ruleset's facts, offers and titles: what the builder and the roster will be drawn from."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from builder import armyfile
from builder.cli import main
from builder.core.base import Offer
from builder.registry import get_ruleset
from builder.resources import examples_dir

YORK = str(examples_dir() / "kiss-york.toml")
LANCASTER = str(examples_dir() / "kiss-lancaster.toml")
KISS = get_ruleset("kiss")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_prints_wards_metrics_and_no_points(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run(capsys, "check", LANCASTER)
    assert code == 0
    assert "Ward 3: Edmund Grey, Lord of Ruthin (level 3, amateur)" in out
    assert "The Duke's serpentine (Gonne)" in out
    for label, value in (
        ("Wards", 3),
        ("Units", 7),
        ("Figures", 76),
        ("Starting army morale", 5),
        ("Chits in the cup", 8),
    ):
        assert re.search(rf"^{label}\s+{value}\b", out, re.M), label
    assert "3 ward, 4 lethargy, 1 treacherous" in out
    assert "[treachery]" in out and "points" not in out.lower()
    assert out.rstrip().endswith("LEGAL with 1 warning(s)")


def test_check_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", YORK, "--json")
    data = json.loads(out)
    assert code == 0 and data["ruleset"] == "kiss" and data["legal"] is True
    assert {
        k: data[k] for k in ("ward_count", "unit_count", "figures", "starting_morale", "cup_chits")
    } == {"ward_count": 3, "unit_count": 7, "figures": 76, "starting_morale": 4, "cup_chits": 3}
    assert len(data["units"]) == 7 and data["units"][0] == {
        "where": "wards[0].units[0]",
        "troop": "archers",
        "title": "Neville's bowmen (Archers)",
        "figures": 12,
        "points": None,
    }
    assert data["findings"] == []


def test_check_an_illegal_army_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'ruleset = "kiss"\nname = "Bad"\nside = "york"\n[[wards]]\n'
        '[wards.leader]\nname = "A"\nability = "amateur"\n'
        'stratagems = ["feint"]\n',
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "check", str(path), "--json")
    assert code == 1
    assert [f["code"] for f in json.loads(out)["findings"]] == [
        "one-c-in-c",
        "empty-ward",
        "stratagem-count",
        "stratagem-prerequisite",
    ]


def test_catalogue_lists_troops_and_every_reference(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalogue", "--ruleset", "kiss", "--json")
    data = json.loads(out)
    assert code == 0 and data["ruleset"] == "kiss"
    assert [t["key"] for t in data["troops"]] == [
        "archers",
        "billmen",
        "men-at-arms",
        "mounted-knights",
        "crossbows",
        "spears",
        "gonne",
    ]
    assert all(t["points"] is None for t in data["troops"])
    grids = {g["title"].split(" (")[0]: g for g in data["reference"]}
    troops = {r[0]: r for r in grids["Troops"]["rows"]}
    assert troops["Billmen"] == [
        "Billmen",
        '6"',
        "-",
        "-",
        "4+ first turn of contact, 5+ later",
        "5+, arrayed 6",
        "5+, arrayed 6",
    ]
    assert troops["Mounted Knights"][5] == "6 vs longbows, 4+ other"
    assert troops["Gonne"][1:4] == [
        "static",
        '18"',
        "6 (5+ against enemies charging a friend beside it)",
    ]
    assert {r[0] for r in grids["Traits"]["rows"]} >= {"trimmer", "anti-<name or cause>"}
    strat = {r[0]: r[1] for r in grids["Stratagems"]["rows"]}
    assert len(strat) == 10 and strat["inspiring"] == "puissance 4+"
    assert strat["feint"] == "old soldier" and strat["forethought"] == "-"
    assert [r[3] for r in grids["Abilities"]["rows"]] == ["3", "2", "1", "0"]
    assert [r[0] for r in grids["Army morale"]["rows"]] == ["5", "4", "3", "2", "1", "0"]
    code, out, _ = run(capsys, "catalogue", "--ruleset", "kiss")  # piped: 80 columns
    assert code == 0 and "Stratagems" in out and "caltrops/pavises" in out
    assert all(t["key"] in out for t in data["troops"])


def test_roll_says_kiss_has_no_dice(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "roll", YORK)
    assert code == 2 and "no dice to roll" in err and "Traceback" not in err


def _rows(where: str, path: str = YORK) -> dict[str, str]:
    army = armyfile.load(path)
    return {r.label: r.value for r in KISS.facts(army, where).rows}


def test_unit_facts_and_figure_track() -> None:
    army = armyfile.load(YORK)
    facts = KISS.facts(army, "wards[1].units[1]")  # arrayed archers, 16 figures
    rows = {r.label: r.value for r in facts.rows}
    assert rows["Fire to hit"] == "6"
    assert rows["Save against fire"] == "6; none against crossbows (-2)"
    assert rows["Save in handstrokes"] == "none"
    assert rows["Morale"].startswith("fails on 4+")
    assert rows["Rout point"] == "8 figures left"
    track = facts.trackers[0]
    assert (track.boxes, track.marks) == (16, ((8, "rout"),))
    # 10 crossbows rout at 5 left: the 5th figure lost.
    assert KISS.facts(army, "wards[2].units[0]").trackers[0].marks == ((5, "rout"),)


def test_a_small_unit_routs_at_its_first_loss() -> None:
    army = armyfile.load(LANCASTER)
    gonne = KISS.facts(army, "wards[0].units[2]")  # 3 figures: already at the rout point
    rows = {r.label: r.value for r in gonne.rows}
    assert rows["Rout point"].startswith("its first loss")
    assert gonne.trackers[0].marks == ((1, "rout"),)
    assert "Handstrokes to hit" not in rows and "Save against fire" not in rows
    assert rows["Morale"] == (
        "fails on 6 as its magnate (retinue); if he falls: 6 (retinue). "
        "Shaken; failing again routs it"
    )


def test_magnate_facts() -> None:
    rows = _rows("wards[0].leader")
    assert rows["Level"] == "4 (a peer)" and rows["C-in-C"] == "yes"
    assert rows["Order roll"] == "2+ (always, with +1)"
    assert rows["Order changes"] == "1 a turn"
    assert rows["Stratagems"] == "2 of 2"
    assert rows["Good timing"].startswith("+1 to hit") and "Feint" in rows
    assert "Impetuous" in rows and rows["Chits in the cup"] == "1 ward"
    assert rows["Casualties, shooting"] == "2-10 unhurt, 11 wounded, 12 killed"
    assert rows["I'll not shrink back"] == (
        "+4 to share among his ward's to-hit dice that turn, as he likes (his puissance); "
        "casualties 2-7 unhurt, 8+ killed"
    )
    grey = _rows("wards[2]", LANCASTER)
    assert grey["Order roll"] == "2+, then 4+ as well"
    assert grey["Chits in the cup"] == "1 ward, 2 lethargy, 1 treacherous"
    assert KISS.facts(armyfile.load(YORK), "wards[0]").trackers[0].boxes == 2


def test_army_facts_mark_the_starting_morale() -> None:
    facts = KISS.facts(armyfile.load(YORK), "")
    rows = {r.label: r.value for r in facts.rows}
    assert rows["Pre-battle"] == "forced march" and rows["Starting army morale"] == "4"
    assert rows["C-in-C"] == "Richard Neville, Earl of Warwick"
    # From 4: the 2nd point lost is level 2, the 4th level 0.
    assert facts.trackers[0].boxes == 4
    assert facts.trackers[0].marks == ((2, "all test"), (3, "all test worse"), (4, "all rout"))


def _offer(offers: tuple[Offer, ...], key: str) -> Offer:
    return next(o for o in offers if o.field.key == key)


def test_offers_show_prerequisites_as_you_pick() -> None:
    army = armyfile.load(YORK)
    offers = KISS.offered(army, "wards[2].leader")  # Conyers: practiced, puissance 3
    strat = {c.value: c.label for c in _offer(offers, "stratagems").choices}
    assert strat["inspiring"].endswith("(needs puissance 4+, he has 3)")
    assert strat["feint"].endswith("(needs the old soldier ability)")
    assert "needs" not in strat["caltrops/pavises"]  # he has artifices
    assert strat["master gonner"].endswith("(needs a gonne in the army)")
    assert _offer(offers, "stratagems").note == "1 of 1 (practiced)"
    traits = [c.value for c in _offer(offers, "traits").choices]
    assert len(traits) == 9 + 2 + 2  # and anti- each other magnate and each side
    assert "anti-John Neville, Lord Montagu" in traits and "anti-York" in traits
    assert "anti-Sir John Conyers" not in traits
    assert all(c.cost is None for o in offers for c in o.choices)
    assert KISS.offered(army, "wards[2]") == offers
    unit = KISS.offered(army, "wards[0].units[0]")
    assert [o.field.key for o in unit] == ["troop", "commitment", "figures", "label"]
    side = _offer(KISS.offered(army, ""), "side")
    assert [c.label for c in side.choices] == ["York", "Lancaster"]


def test_titles_and_catalogue_entries_make_units() -> None:
    army = armyfile.load(YORK)
    assert KISS.title_of(army, "") == "Warwick's affinity (York)"
    assert KISS.title_of(army, "wards[1]") == "John Neville, Lord Montagu (level 3, audacious)"
    entry = next(e for e in KISS.catalogue() if e.key == "gonne")
    assert entry.into == "units" and entry.points is None
    made = entry.make()
    assert made == type(army.wards[0].units[0])("gonne")  # type: ignore[attr-defined]
    assert KISS.sides.get("lancaster") is not None
    assert KISS.sides.get("lancaster").emblem == "rose-red"  # type: ignore[union-attr]
