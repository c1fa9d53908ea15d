"""Feudal print-pack counts (issue 16 contract table) and the card and token words."""

from __future__ import annotations

import json
import re
import string
import tomllib
from pathlib import Path

import pdfread
import pytest
from pypdf import PdfReader

from builder import armyfile
from builder.cli import main
from builder.export.job import ArmyInput
from builder.export.pipeline.pack import print_options
from builder.registry import get_ruleset
from builder.resources import cards_dir, examples_dir
from builder.systems.feudal.model import Army
from builder.systems.feudal.printcounts import counts


def load(name: str) -> Army:
    army = armyfile.load(examples_dir() / name)
    assert isinstance(army, Army)
    return army


def test_counts_for_the_examples() -> None:
    flanders, normandy = load("feudal-flanders.toml"), load("feudal-normandy.toml")
    # Flanders: 2 leaders with 2 and 3 command points, 5 units.
    assert counts([flanders]) == {
        "LEADER": 2,
        "UNIT": 5,
        "UNSTEADY": 10,
        "PURSUIT": 5,
        "COMMAND POINT": 5,
    }
    # Normandy plays without command points: no COMMAND POINT markers at all.
    assert counts([normandy]) == {
        "LEADER": 2,
        "UNIT": 5,
        "UNSTEADY": 10,
        "PURSUIT": 5,
        "COMMAND POINT": 0,
    }
    assert counts([flanders, normandy]) == {
        "LEADER": 4,
        "UNIT": 10,
        "UNSTEADY": 20,
        "PURSUIT": 10,
        "COMMAND POINT": 5,
    }
    assert counts([]) == dict.fromkeys(
        ("LEADER", "UNIT", "UNSTEADY", "PURSUIT", "COMMAND POINT"), 0
    )


def test_an_empty_battle_still_has_its_leader_card() -> None:
    army = load("feudal-flanders.toml")
    army.battles[1].units.clear()
    army.battles[0].leader.command_points = 4
    assert counts([army]) == {
        "LEADER": 2,
        "UNIT": 2,
        "UNSTEADY": 4,
        "PURSUIT": 2,
        "COMMAND POINT": 7,
    }


def words(name: str) -> dict[str, object]:
    return tomllib.loads((cards_dir() / "feudal" / name).read_text(encoding="utf-8"))


def test_token_labels_are_the_counted_labels() -> None:
    tokens = words("tokens.toml")
    labels = {t["label"] for t in tokens.values() if isinstance(t, dict)}
    assert labels | {"LEADER", "UNIT"} == set(counts([]))
    assert words("leader-cards.toml")["label"] == "LEADER"
    assert words("unit-cards.toml")["label"] == "UNIT"


def test_card_placeholders_are_the_ones_the_facts_fill() -> None:
    fields = {"leader-cards.toml": {"battle"}, "unit-cards.toml": set()}
    for name, allowed in fields.items():
        used = {
            f
            for text in words(name).values()
            if isinstance(text, str)
            for _, f, _, _ in string.Formatter().parse(text)
            if f
        }
        assert used <= allowed, name


def label_counts(pdf: Path) -> dict[str, int]:
    """Each contract label as printed in ``pdf`` (upper case, a whole word)."""
    text = "\n".join(page.extract_text() or "" for page in PdfReader(pdf).pages)
    # A two-word label on a round token may break between its words.
    found = {}
    for label in counts([]):
        words = r"\s*".join(label.split())
        found[label] = len(re.findall(rf"(?<![A-Z]){words}(?![A-Z])", text))
    return found


def test_the_pack_prints_every_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    armies = [str(examples_dir() / n) for n in ("feudal-flanders.toml", "feudal-normandy.toml")]
    assert main(["export", *armies, "--out", str(tmp_path)]) == 0
    capsys.readouterr()
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    files = {f["file"]: f for f in manifest["files"]}
    assert set(files) == {
        "roster.pdf",
        "crib-sheet.pdf",
        "unit-cards.pdf",
        "tokens.pdf",
        "packing-list.pdf",
    }
    want = counts([load("feudal-flanders.toml"), load("feudal-normandy.toml")])
    # The roster: every unit with its derived numbers and casualty track.
    roster = " ".join(
        "\n".join(p.extract_text() or "" for p in PdfReader(tmp_path / "roster.pdf").pages).split()
    )
    assert files["roster.pdf"]["units"] == want["UNIT"] == 10
    # Ghent spearmen's line: combat 4 dice, pass morale on 4+, +1 to the rout roll, steady,
    # and the casualties at 25%, 50% and the shatter point; their track marks the same.
    for words in (
        'Ghent spearmen heavy infantry · grade C · 16 figures column, 8 12" – – – – '
        "4 dice 4+ +1 yes 4 · 8 · 12",
        "casualties, rout hits too 25% 50% shatter",
        "Combat",
        "Morale",
    ):
        assert words in roster, words
    assert files["unit-cards.pdf"]["counts"] == {"UNIT": want["UNIT"]}
    # The leader cards, never dealt, print on the shared sheets with the markers (issue 42).
    assert files["tokens.pdf"]["counts"] == {
        k: want[k] for k in ("LEADER", "UNSTEADY", "PURSUIT", "COMMAND POINT")
    }
    assert files["tokens.pdf"]["kinds"] == ["leader-cards", "tokens"]
    # Read back from the PDFs themselves.
    assert label_counts(tmp_path / "tokens.pdf")["LEADER"] == 4
    assert label_counts(tmp_path / "unit-cards.pdf")["UNIT"] == 10
    tokens = label_counts(tmp_path / "tokens.pdf")
    assert (tokens["UNSTEADY"], tokens["PURSUIT"]) == (20, 10)
    assert_command_points_in_full(tmp_path / "tokens.pdf", 5)
    crib = PdfReader(tmp_path / "crib-sheet.pdf")
    assert len(crib.pages) == 4  # the crib, then "Situations and readings"
    text = "\n".join(page.extract_text() or "" for page in crib.pages)
    for heading in (
        "Order of play",
        "Steady or not",
        "Manoeuvres",
        "Terrain",
        "Shooting",
        "Combat",
        "Morale",
        "Rout",
    ):
        assert heading in text


def assert_command_points_in_full(path: Path, n: int) -> None:
    """Each COMMAND POINT marker's label is whole, on two lines centred one over the other
    (one line would need type under 6 pt on a 25 mm token), inside the gold ring."""

    from builder.export.drawing.canvas import MIN_TEXT_PT

    with pdfread.document(path) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        assert "\u2026" not in (page.extract_text() or "")
        assert min(float(ch["size"]) for ch in page.chars) >= MIN_TEXT_PT
    lower = [w for w in words if w["text"] == "POINT"]
    upper = [w for w in words if w["text"] == "COMMAND"]
    assert len(lower) == len(upper) == n
    mm = 72 / 25.4
    for word in lower:
        mid = (word["x0"] + word["x1"]) / 2
        above = [
            u
            for u in upper
            if abs((u["x0"] + u["x1"]) / 2 - mid) < 0.3 * mm
            and 2.0 * mm < word["bottom"] - u["bottom"] < 3.0 * mm
        ]
        assert len(above) == 1, word
        # Both lines narrower than the 25 mm token's ring (22.6 mm across).
        assert (above[0]["x1"] - above[0]["x0"]) < 18 * mm and (word["x1"] - word["x0"]) < 14 * mm


def test_printables_through_the_ruleset() -> None:
    army = load("feudal-normandy.toml")
    source = ArmyInput(army, examples_dir() / "feudal-normandy.toml", "")
    ruleset = get_ruleset("feudal")
    pack = ruleset.printables([source], print_options(ruleset))
    assert pack.kinds == (
        "roster",
        "crib-sheet",
        "leader-cards",
        "unit-cards",
        "tokens",
        "packing-list",
    )
    assert pack.counts("leader-cards") == {"LEADER": 2}
    assert pack.counts("unit-cards") == {"UNIT": 5}
    # No command points in this army: no COMMAND POINT markers at all.
    assert pack.counts("tokens") == {"UNSTEADY": 10, "PURSUIT": 5}
