"""The shieldwall crib sheet's words (templates/shieldwall/crib-sheet.toml): two sides, every
topic of the issue's crib-sheet row, tables that agree with the catalogue, and our own words
(no run copied from the source text, tests/originality.py), as are the card and token
wording (cards/shieldwall/) and everything the ruleset shows."""

from __future__ import annotations

import tomllib
from typing import Any

from originality import copied_runs

from builder import armyfile
from builder.resources import cards_dir, examples_dir, templates_dir
from builder.systems.shieldwall import RULESET
from builder.systems.shieldwall import rules as cat
from builder.systems.shieldwall.model import Army

CRIB = templates_dir() / "shieldwall" / "crib-sheet.toml"


def crib() -> dict[str, Any]:
    return tomllib.loads(CRIB.read_text(encoding="utf-8"))


def part(heading: str) -> dict[str, Any]:
    return next(p for s in crib()["sections"] for p in s["parts"] if p.get("heading") == heading)


def test_two_sides_two_columns_and_every_topic_of_the_issue() -> None:
    sections = crib()["sections"]
    assert {(s["side"], s["column"]) for s in sections} == {(1, 1), (1, 2), (2, 1), (2, 2)}
    names = " / ".join(
        [s["title"] for s in sections]
        + [p.get("heading", "") for s in sections for p in s["parts"]]
    ).lower()
    for topic in (
        "initiative",
        "movement",
        "formations",
        "wedge",
        "bravery",
        "berserk",
        "shooting",
        "melee",
        "hits",
        "saves",
        "seeing",
        "commanders and heroes",
    ):
        assert topic in names, topic
    assert "shieldwall" in str(part("Three orders")["bullets"]).lower()


def test_tables_have_a_cell_per_column() -> None:
    for s in crib()["sections"]:
        for p in s["parts"]:
            width = len(p.get("columns", ())) or 2
            assert all(len(row) == width for row in p.get("rows", ())), p


def test_the_crib_numbers_agree_with_the_catalogue() -> None:
    passes = dict(map(tuple, part("Passing")["rows"]))
    assert passes == {
        q.name: "6" if q.score == 6 else f"{q.score}-6" for q in cat.QUALITIES.values()
    }
    saves = [row[1] for row in part("Saves")["rows"]]
    assert (
        saves
        == ["6", "5-6", "4-6"]
        == [
            "6" if cat.ARMOUR[k].save == 6 else f"{cat.ARMOUR[k].save}-6"
            for k, _ in cat.SAVE_CLASSES
        ]
    )
    moves = dict(map(tuple, part("Movement")["rows"]))
    assert moves["In the open (our reading)"] == f'{cat.MOVE_DICE_OPEN}D6"'
    assert moves["Inside a template"] == f'{cat.MOVE_DICE_TEMPLATE}D6"'
    assert f'{cat.EFFECTIVE_RANGE}"' in part("Bows")["intro"]
    assert f'{cat.LONG_RANGE}"' in part("Bows")["intro"]


def _ruleset_words() -> list[str]:
    """Every sentence the ruleset itself shows: facts, titles, reference grids, catalogue."""
    texts = []
    for name in ("shieldwall-norse.toml", "shieldwall-saxon.toml"):
        army = armyfile.load(examples_dir() / name)
        assert isinstance(army, Army)
        for where in (
            "",
            *(f"leaders[{i}]" for i in range(len(army.leaders))),
            *(f"stands[{i}]" for i in range(len(army.stands))),
        ):
            facts = RULESET.facts(army, where)
            texts += [r.value for r in facts.rows] + list(facts.notes)
    texts += [" ".join(cell for row in g.rows for cell in row) for g in RULESET.reference()]
    texts += [e.summary for e in RULESET.catalogue()]
    return texts


def test_the_crib_sheet_and_the_rulesets_wording_are_in_our_own_words() -> None:
    texts = [CRIB.read_text(encoding="utf-8")]
    texts += [
        p.read_text(encoding="utf-8") for p in sorted((cards_dir() / "shieldwall").glob("*.toml"))
    ]
    runs = copied_runs(texts + _ruleset_words(), "shieldwall")
    assert not runs, f"runs copied from the source: {runs[:5]}"
