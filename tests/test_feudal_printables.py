"""Feudal print-pack counts (issue 16 contract table) and the card and token words."""

from __future__ import annotations

import string
import tomllib

from builder import armyfile
from builder.resources import cards_dir, examples_dir
from builder.rules.feudal.model import Army
from builder.rules.feudal.printcounts import counts


def load(name: str) -> Army:
    army = armyfile.load(examples_dir() / name)
    assert isinstance(army, Army)
    return army


def test_counts_for_the_examples() -> None:
    flanders, normandy = load("feudal-flanders.toml"), load("feudal-normandy.toml")
    # Flanders: 2 leaders with 2 and 3 command points, 5 units.
    assert counts([flanders]) == {"LEADER": 2, "UNIT": 5, "UNSTEADY": 10, "PURSUIT": 5,
                                  "COMMAND POINT": 5}
    # Normandy plays without command points: no COMMAND POINT markers at all.
    assert counts([normandy]) == {"LEADER": 2, "UNIT": 5, "UNSTEADY": 10, "PURSUIT": 5,
                                  "COMMAND POINT": 0}
    assert counts([flanders, normandy]) == {"LEADER": 4, "UNIT": 10, "UNSTEADY": 20,
                                            "PURSUIT": 10, "COMMAND POINT": 5}
    assert counts([]) == dict.fromkeys(("LEADER", "UNIT", "UNSTEADY", "PURSUIT",
                                        "COMMAND POINT"), 0)


def test_an_empty_battle_still_has_its_leader_card() -> None:
    army = load("feudal-flanders.toml")
    army.battles[1].units.clear()
    army.battles[0].leader.command_points = 4
    assert counts([army]) == {"LEADER": 2, "UNIT": 2, "UNSTEADY": 4, "PURSUIT": 2,
                              "COMMAND POINT": 7}


def words(name: str) -> dict[str, object]:
    return tomllib.loads((cards_dir() / "feudal" / name).read_text(encoding="utf-8"))


def test_token_labels_are_the_counted_labels() -> None:
    tokens = words("tokens.toml")
    labels = {t["label"] for t in tokens.values() if isinstance(t, dict)}
    assert labels | {"LEADER", "UNIT"} == set(counts([]))
    assert words("leader-cards.toml")["label"] == "LEADER"
    assert words("unit-cards.toml")["label"] == "UNIT"


def test_card_placeholders_are_the_ones_the_facts_fill() -> None:
    fields = {"leader-cards.toml": {"battle"}, "unit-cards.toml": {"kind", "grade", "figures"}}
    for name, allowed in fields.items():
        used = {f for text in words(name).values() if isinstance(text, str)
                for _, f, _, _ in string.Formatter().parse(text) if f}
        assert used <= allowed, name
