"""The KISS crib sheet's words (templates/kiss/crib-sheet.toml): two sides, every part the
issue lists, look-up tables that carry the catalogue's numbers, and our own words (no run of 7
words copied from the source)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pdfread
from originality import copied_runs, strings

from builder.resources import cards_dir, examples_dir, templates_dir
from builder.systems.kiss import derive as d
from builder.systems.kiss import rules as cat
from builder.systems.kiss.catalogue import reference
from builder.systems.kiss.model import Unit


def crib() -> dict[str, Any]:
    with open(templates_dir() / "kiss" / "crib-sheet.toml", "rb") as f:
        return tomllib.load(f)


def part(title: str) -> list[dict[str, Any]]:
    return next(s["parts"] for s in crib()["sections"] if s["title"] == title)


def own_words(texts: list[str]) -> list[str]:
    """Runs of the texts found in the KISS source's fingerprint (tests/originality.py)."""
    return copied_runs(texts, "kiss")


def test_two_sides_two_columns_and_every_part_the_issue_lists() -> None:
    data = crib()
    assert {(s["side"], s["column"]) for s in data["sections"]} == {(1, 1), (1, 2), (2, 1), (2, 2)}
    titles = [s["title"] for s in data["sections"]]
    for wanted in (
        "Sequence of play",
        "Orders and how they change",
        "Troops",
        "Morale",
        "Rout",
        "Army morale",
        "Casualties among the lords",
        '"I\'ll not shrink back!"',
    ):
        assert wanted in titles, wanted


def test_tables_have_a_cell_for_every_column() -> None:
    for section in crib()["sections"]:
        for p in section["parts"]:
            for row in p.get("rows", []):
                assert len(row) == len(p.get("columns", ["label", "value"])), row


def _or_dash(score: int | None) -> str:
    return "-" if score is None else d.die(score)


def test_troop_tables_are_the_catalogues() -> None:
    moving, fighting = (p for p in part("Troops") if "columns" in p)
    for row, troop in zip(moving["rows"], cat.TROOPS.values(), strict=True):
        unit = Unit(troop.key)
        fire = _or_dash(troop.fire_hit) + (" (5+)" if troop.fire_better else "")
        assert row == [troop.name, d.move_text(unit), d.range_text(unit), fire]
    for row, troop in zip(fighting["rows"], cat.TROOPS.values(), strict=True):
        saves = []
        for table in (troop.save_fire, troop.save_hand):
            if table is None or table["retinue"] is None:
                saves.append("-")
                continue
            odd = {table[c] for c in cat.COMMITMENTS} - {table["retinue"]}
            if troop.save_longbow is not None and table is troop.save_fire:
                odd = {troop.save_longbow}
            saves.append(d.die(table["retinue"]) + "".join(f" ({d.die(n)})" for n in odd))
        assert row == [troop.name, _or_dash(troop.hand_first), _or_dash(troop.hand_later), *saves]


def test_orders_follow_the_marker() -> None:
    rows = part("Orders and how they change")[0]["rows"]
    for (label, _), order in zip(rows, cat.ORDERS.values(), strict=True):
        name, _, to = label.partition(": to ")
        assert name == order.name
        assert to.split(", ") == [cat.ORDERS[t].name for t in order.to]


def test_the_crib_document_names_its_tables() -> None:
    from builder.systems.kiss.printables import crib_sheet

    doc = crib_sheet()
    tables = doc.context["tables"]
    assert isinstance(tables, dict) and len(tables) == 3
    assert doc.duplex and doc.template == "crib-sheet.html"


def test_morale_rout_and_casualty_numbers_are_the_rules() -> None:
    fails = {label: value for label, value in part("Morale")[0]["rows"]}
    assert fails == {cat.COMMITMENT_NAMES[c]: d.die(cat.MORALE_FAIL[c]) for c in cat.COMMITMENTS}
    covered: list[int] = []
    for label, value in part("Rout")[0]["rows"]:
        sizes = [int(n) for n in re.findall(r"\d+", label)]
        low, high = sizes[0], sizes[-1]
        covered += range(low, high + 1)
        if value.endswith("half, rounded down"):
            assert all(d.rout_point(n) == n // 2 for n in range(low, high + 1))
        elif value.endswith("first loss"):
            # As the roster's track has it: a unit at its rout point from the start.
            assert {d.losses_to_rout(n) for n in range(low, high + 1)} == {1}
            assert all(d.rout_point(n) >= n for n in range(low, high + 1))
        else:
            points = {d.rout_point(n) for n in range(low, high + 1)}
            assert points == {int(value.split()[-1])} and all(
                n > p for n in range(low, high + 1) for p in points
            )
    # Every unit size the schema allows is in the table once.
    assert covered == list(range(cat.FIGURES_MIN, cat.FIGURES_MAX + 1))
    table = next(p for p in part("Casualties among the lords") if "columns" in p)
    for row, key in zip(table["rows"], cat.CASUALTIES, strict=True):
        assert [v for v in row[1:] if v != "-"] == [t for t, _ in d.casualty_rows(key)]
    # A magnate caught in a rout: the die's ranges as the rules' table has them.
    rout = next(
        p for p in part("Casualties among the lords") if p.get("heading") == "Caught in a rout"
    )
    fate = cat.ROUT_FATE
    ranges = [
        f"{low}-{high}" if high > low else f"{low}"
        for (low, _), high in zip(fate, [n - 1 for n, _ in fate[1:]] + [6], strict=True)
    ]
    words = {"captured": "taken prisoner", "killed": "killed", "escaped": "he gets away"}
    said = ", ".join(f"{r} {words[result]}" for r, (_, result) in zip(ranges, fate, strict=True))
    assert f"one die: {said}." in rout["bullets"][1]
    allowed = dict(part("Magnates")[0]["rows"])
    assert {k.lower(): 0 if v == "none" else int(v) for k, v in allowed.items()} == {
        a.key: a.stratagems for a in cat.ABILITIES.values()
    }


def test_army_morale_levels() -> None:
    levels = dict(part("Army morale")[2]["rows"])
    assert levels["5, 4, 3"] == cat.MORALE_LEVELS[5] and levels["0"] == cat.MORALE_LEVELS[0]
    assert len(part("Army morale")[0]["bullets"]) == len(cat.PRE_BATTLE)


def test_words_are_our_own() -> None:
    assert own_words(strings(crib())) == []


def test_reminders_and_card_words_are_our_own() -> None:
    """Every reminder the catalogue prints (orders, abilities, traits, stratagems, morale
    levels) and every card and token word in cards/kiss."""
    ours = [cell for grid in reference() for row in grid.rows for cell in row]
    for path in sorted((cards_dir() / "kiss").glob("*.toml")):
        with open(path, "rb") as f:
            ours += strings(tomllib.load(f))
    assert len(ours) > 60
    assert own_words(ours) == []


def test_the_printed_rout_table_has_every_row_in_order(tmp_path: Path) -> None:
    """The rout table as the crib sheet prints it: each size band with its rout point, read
    back from the PDF in the order the data gives (the table once skipped 14-15 and 18+)."""

    from builder.cli import main

    out = tmp_path / "pack"
    assert (
        main(
            [
                "export",
                str(examples_dir() / "kiss-york.toml"),
                "--out",
                str(out),
                "--only",
                "crib-sheet",
            ]
        )
        == 0
    )
    with pdfread.document(out / "crib-sheet.pdf") as pdf:
        text = " ".join(" ".join(page.extract_text() or "" for page in pdf.pages).split())
    places = [text.find(f"{label} {value}") for label, value in part("Rout")[0]["rows"]]
    assert -1 not in places, places
    assert places == sorted(places)
