"""The Feudal crib sheet's words (templates/feudal/crib-sheet.toml): two sides with every
topic of issue 16's crib-sheet row, look-up tables that agree with the ruleset's catalogue, and
words of our own (no run copied from the source, tests/originality.py)."""

from __future__ import annotations

import tomllib
from typing import Any

from originality import copied_runs, strings

from builder.resources import templates_dir
from builder.systems.feudal import rules as cat

CRIB = tomllib.loads((templates_dir() / "feudal" / "crib-sheet.toml").read_text(encoding="utf-8"))


def part(table: str) -> dict[str, Any]:
    return next(p for s in CRIB["sections"] for p in s["parts"] if p.get("table") == table)


def rows_under(heading: str) -> dict[str, str]:
    found = next(
        p
        for s in CRIB["sections"]
        for p in s["parts"]
        if p.get("heading") == heading and "rows" in p
    )
    return dict(found["rows"])


def test_two_sides_two_columns_and_every_topic() -> None:
    places = {(s["side"], s["column"]) for s in CRIB["sections"]}
    assert places == {(1, 1), (1, 2), (2, 1), (2, 2)}
    titles = [s["title"] for s in CRIB["sections"]]
    assert titles == [
        "The turn",
        "Leaders",
        "Optional rules",
        "Movement",
        "Shooting",
        "Combat",
        "Combat: who counts",
        "Morale",
        "Rout",
    ]
    headings = {p.get("heading") for s in CRIB["sections"] for p in s["parts"]}
    assert {
        "Order of play",
        "Steady or not",
        "Inches a turn",
        "Manoeuvres",
        "Modifiers to the test",
        "Modifiers to the rout roll",
    } <= headings
    assert (
        len(
            next(
                p
                for s in CRIB["sections"]
                for p in s["parts"]
                if p.get("heading") == "Order of play"
            )["bullets"]
        )
        == 6
    )
    for section in CRIB["sections"]:
        for p in section["parts"]:
            assert set(p) <= {
                "heading",
                "intro",
                "text",
                "bullets",
                "numbered",
                "rows",
                "table",
                "columns",
            }, p
            if "columns" in p:
                assert all(len(row) == len(p["columns"]) for row in p["rows"])
            elif "rows" in p:
                assert all(len(row) == 2 for row in p["rows"])


def test_shooting_table_matches_the_catalogue() -> None:
    table = {row[0]: row[1:] for row in part("shooting")["rows"]}
    names = {
        "Thrown weapons": ["thrown"],
        "Light bows and slings": ["light-bow", "sling"],
        "Crossbows": ["crossbow"],
        "Longbows": ["longbow"],
    }
    assert set(table) == set(names)
    for label, keys in names.items():
        for key in keys:
            m = cat.MISSILES[key]
            shown = [
                f"{h}-10" if h is not None and h < 10 else "10" if h == 10 else "none"
                for h in m.hits
            ]
            assert table[label] == [f'{m.range}"', *shown]
    mods = rows_under("Modifiers to each die")  # the first such part is the shooting one
    assert sorted(int(v) for k, v in mods.items() if not k.startswith("Natural")) == sorted(
        v for _, v in cat.SHOOTING_MODIFIERS
    )


def test_combat_modifiers_match_the_catalogue() -> None:
    combat = next(s for s in CRIB["sections"] if s["title"] == "Combat")
    rows = next(p for p in combat["parts"] if "rows" in p)["rows"]
    values = sorted(int(v.split(",")[0]) for k, v in rows if not k.startswith("Natural"))
    assert values == sorted(v for _, v in cat.COMBAT_MODIFIERS)


def test_morale_rout_and_leader_tables_match_the_catalogue() -> None:
    grades: list[str] = part("morale")["columns"][1:]
    passes, rout = part("morale")["rows"]
    assert grades == list(cat.GRADES)
    assert passes[1:] == [str(cat.MORALE_PASS[g]) for g in cat.GRADES]
    assert rout[1:] == [f"{cat.ROUT_MODIFIER[g]:+d}" for g in cat.GRADES]
    rows = part("rout")["rows"]
    assert rows[0][0] == f"{cat.ROUT_SHATTERED} or less"
    for (low, high, inches, hits), (score, result) in zip(cat.ROUT_TABLE, rows[1:], strict=True):
        assert score == f"{low}-{high}" and f'{inches}"' in result and f"{hits} rout" in result
    for score, charisma, points in part("leader-rolls")["rows"]:
        low, _, high = score.partition("-")
        for die in range(int(low), int(high or low) + 1):
            assert charisma == f"{cat.from_table(cat.CHARISMA_FOR_DIE, die):+d}"
            assert points == str(cat.from_table(cat.COMMAND_POINTS_FOR_DIE, die))
    moves = rows_under("Inches a turn")
    assert moves["Foot up to 8 wide (column)"] == f'{cat.MOVE_COLUMN}"'
    assert moves["Heavy or armored horse"] == f'{cat.MOVE_CAVALRY["heavy"]}"'


def test_no_run_of_seven_words_is_copied_from_the_source() -> None:
    assert copied_runs(strings(CRIB), "feudal") == []
