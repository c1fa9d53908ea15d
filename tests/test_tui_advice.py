"""Findings in the builder's words: the ruleset's fix (an army-file key) becomes a key to press,
read from the action table; file users keep the army-file advice."""

from __future__ import annotations

import re

import bh as RULES
import pytest

from builder.core.base import Finding, Fix
from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.tui import advice
from builder.tui.actions import key_of

BILLHOOKS = get_ruleset("billhooks")


def builder_message(finding: Finding) -> str:
    return advice.builder_message(finding, BILLHOOKS)


LANCASTER = (examples_dir() / "lancaster.toml").read_text()
#: Army-file keys and flags a builder user never types.
FILE_WORDS = re.compile(r"=|c_in_c|command_class|formation|rear =|\btrue\b")


def findings(text: str) -> list[Finding]:
    return RULES.check(RULES.loads(text, "army.toml"))


def one(text: str, code: str) -> Finding:
    found = [f for f in findings(text) if f.code == code]
    assert len(found) == 1, found
    return found[0]


def classes(*values: int) -> str:
    """Lancaster with its three leaders' command classes set to ``values``."""
    parts = LANCASTER.split("command_class = 2")
    assert len(parts) == 4
    return "".join(
        p + (f"command_class = {v}" if i < 3 else "")
        for i, (p, v) in enumerate(zip(parts, (*values, 0), strict=True))
    )


def test_a_second_hero_says_press_k() -> None:
    f = one(classes(2, 3, 3), "one-hero")
    assert f.message.endswith("set command_class = 2")  # `check` still speaks the file
    assert builder_message(f) == (
        "Rhys ap Thomas is a second Hero, and an army has at "
        "most one: select the leader and press k (Set class)"
    )


def test_a_dolt_c_in_c_says_press_k() -> None:
    f = one(classes(1, 2, 2), "c-in-c-dolt")
    assert builder_message(f) == (
        "John de Vere, Earl of Oxford is the C-in-C and may "
        "not be a Dolt: select the leader and press k (Set "
        "class)"
    )


def test_no_c_in_c_says_select_and_press_c() -> None:
    f = one(LANCASTER.replace("c_in_c = true\n", ""), "one-c-in-c")
    assert "set c_in_c = true" in f.message
    assert builder_message(f) == (
        "no leader is the C-in-C: select the leader and press c (Make C-in-C)"
    )


def test_two_c_in_cs_say_press_c() -> None:
    text = LANCASTER.replace('rank = "Knight Banneret"', 'rank = "Knight Banneret"\nc_in_c = true')
    shown = builder_message(one(text, "one-c-in-c"))
    assert shown.startswith(
        "2 leaders are marked C-in-C (John de Vere, Earl of Oxford, Sir John Savage): "
    ) and shown.endswith("press c (Make C-in-C)")


@pytest.mark.parametrize(
    "edit",
    [
        ('troop = "men-at-arms"', 'troop = "men-at-arms"\nstakes = true'),
        ('troop = "kern"', 'troop = "kern"\nquality = "levy"'),
        ('troop = "men-at-arms"', 'troop = "men-at-arms"\nrear = { troop = "billmen" }'),
        ('troop = "crossbowmen"', 'troop = "crossbowmen"\nformation = "line"'),
        ('troop = "billmen"\n', 'troop = "billmen"\nformation = "combined"\n'),
        (
            'quality = "levy"\n\n[[wards.units]]\ntroop = "men-at-arms"',
            'quality = "levy"\nformation = "combined"\n\n[[wards.units]]\ntroop = "men-at-arms"',
        ),
    ],
)
def test_a_unit_option_says_press_e(edit: tuple[str, str]) -> None:
    assert edit[0] in LANCASTER
    f = one(LANCASTER.replace(edit[0], edit[1], 1), "option-not-allowed")
    assert f.fix is not None and f.fix.key in RULES.unit_keys
    shown = builder_message(f)
    assert shown == f"{f.fix.problem}: select the unit and press e to edit it"
    assert not FILE_WORDS.search(shown), shown


def test_every_fix_the_checks_give_is_said_in_the_builders_words() -> None:
    armies = [
        classes(2, 3, 3),
        classes(1, 2, 2),
        classes(1, 3, 3),
        LANCASTER.replace("c_in_c = true\n", ""),
        LANCASTER.replace(
            'troop = "men-at-arms"',
            'troop = "men-at-arms"\nstakes = true\npavises = true\ndefences = true\narms = "bows"',
        ),
    ]
    fixed = [f for text in armies for f in findings(text) if f.fix is not None]
    # over-points: the options cost points, so that army is over its agreed points too (advice
    # in plain words, the key to press added after it).
    assert {f.code for f in fixed} == {
        "one-hero",
        "c-in-c-dolt",
        "one-c-in-c",
        "option-not-allowed",
        "over-points",
    }
    for f in fixed:
        shown = builder_message(f)
        assert f.fix is not None
        assert f.message.startswith(f.fix.problem) and shown.startswith(f.fix.problem)
        assert "press " in shown and not FILE_WORDS.search(shown), shown


def test_keys_come_from_the_action_table_and_the_ruleset() -> None:
    assert (key_of("edit"), key_of("settings"), key_of("open")) == ("e", "s", "Ctrl+O")
    # The ruleset's own keys come from its declaration: the builder names none of them.
    assert {(q.key, q.keys) for q in BILLHOOKS.quick_actions} == {
        ("c", ("c_in_c",)),
        ("k", ("command_class",)),
    }


def test_findings_without_a_fix_the_builder_knows_are_shown_as_they_are() -> None:
    plain = Finding("warning", "ward-size", "a ward has 4 units; the rules advise 2 or 3")
    photo = Finding(
        "warning",
        "x",
        'no such photo: set photo = "a.jpg"',
        "wards[0].units[1]",
        Fix("photo", "no such photo"),
    )  # not in a dialog
    assert builder_message(plain) == plain.message
    assert builder_message(photo) == photo.message
    assert plain.as_dict() == {
        "level": "warning",
        "code": "ward-size",
        "message": plain.message,
        "where": "",
    }  # JSON contract kept


def test_a_fix_is_said_for_the_place_it_names() -> None:
    def said(key: str, where: str) -> str:
        return builder_message(Finding("error", "x", f"bad: set {key} = 1", where, Fix(key, "bad")))

    assert said("points", "points") == "bad: press s to change the army settings"
    assert said("name", "") == "bad: press s to change the army settings"
    assert said("name", "wards[1].leader") == "bad: select the leader and press e to edit it"
    assert said("name", "wards[1]") == "bad: select the leader and press e to edit it"
    assert said("label", "wards[1].units[0]") == "bad: select the unit and press e to edit it"
    assert said("label", "") == "bad: set label = 1"  # the army has no label
