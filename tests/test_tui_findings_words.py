"""Every finding of every ruleset in the builder's words (issue 22 item 4): for each code each
ruleset declares, an army that raises it; the builder's wording names keys to press and no
army-file syntax (``=``, ``[[``, snake_case keys), while ``check`` keeps the file's words."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

import pytest

from builder import armyfile
from builder.core.base import Finding
from builder.registry import BUILT_IN, get_ruleset
from builder.resources import examples_dir
from builder.tui.advice import builder_message

#: Army-file syntax a builder user never types: assignments, table headers, snake_case keys.
FILE_SYNTAX = re.compile(r"=|\[\[|\b[a-z]+_[a-z_]+\b")

Edit = Callable[[Any], None]


def _set_all(records: list[Any], **values: Any) -> None:
    for record in records:
        for key, value in values.items():
            setattr(record, key, value)


def _units(army: Any) -> list[Any]:
    return [u for group in army.wards for u in group.units]


def _billhooks_muster(troops: int) -> Edit:
    def edit(army: Any) -> None:
        from builder.systems.billhooks.model import Muster

        army.points, army.muster = None, Muster(troops)

    return edit


def _many_kern(army: Any) -> None:
    _set_all(
        _units(army),
        troop="kern",
        formation="single",
        quality=None,
        rear=None,
        stakes=False,
        pavises=False,
        defences=False,
    )


def _all_knights(army: Any) -> None:
    _set_all(
        _units(army),
        troop="knights",
        formation="single",
        quality=None,
        rear=None,
        stakes=False,
        pavises=False,
        defences=False,
    )


def _second(attr: str, value: Any, group: str = "wards") -> Edit:
    return lambda army: setattr(getattr(army, group)[1].leader, attr, value)


def _first_empty(group: str) -> Edit:
    return lambda army: setattr(getattr(army, group)[0], "units", [])


def _no(group: str) -> Edit:
    return lambda army: setattr(army, group, [])


def _no_chief(group: str) -> Edit:
    return lambda army: _set_all([g.leader for g in getattr(army, group)], c_in_c=False)


def _ward_of(n: int, group: str = "wards") -> Edit:
    def edit(army: Any) -> None:
        first = getattr(army, group)[0]
        first.units = [copy.deepcopy(first.units[0]) for _ in range(n)]

    return edit


def _unit(index: int, group: str = "battles", **values: Any) -> Edit:
    return lambda army: _set_all([getattr(army, group)[0].units[index]], **values)


def _stand(**values: Any) -> Edit:
    return lambda army: _set_all([army.stands[0]], **values)


def _both(*edits: Edit) -> Edit:
    def edit(army: Any) -> None:
        for e in edits:
            e(army)

    return edit


#: For each ruleset, the example it starts from and, for each code, edits that raise it (more
#: than one where a code has several messages).
CASES: dict[str, tuple[str, dict[str, tuple[Edit, ...]]]] = {
    "billhooks": (
        "lancaster.toml",
        {
            "archers-billmen-half": (_all_knights,),
            "skirmishers-fifth": (_many_kern,),
            "restriction-advice": (
                _both(_many_kern, lambda a: setattr(a, "english", False)),
                _both(_billhooks_muster(40), _many_kern),
            ),
            "one-c-in-c": (_no("wards"), _no_chief("wards"), _second("c_in_c", True)),
            "one-hero": (
                _both(
                    _second("command_class", 3),
                    lambda a: setattr(a.wards[2].leader, "command_class", 3),
                ),
            ),
            "c-in-c-dolt": (lambda a: setattr(a.wards[0].leader, "command_class", 1),),
            "over-points": (lambda a: setattr(a, "points", 50), _billhooks_muster(20)),
            "under-points": (_billhooks_muster(500),),
            "option-not-allowed": tuple(
                _unit(0, "wards", troop=troop, **{"stakes": False, key: value})
                for troop, key, value in (
                    ("men-at-arms", "stakes", True),
                    ("men-at-arms", "pavises", True),
                    ("knights", "defences", True),
                    ("men-at-arms", "arms", "bows"),
                    ("knights", "quality", "levy"),
                )
            )
            + (
                _unit(0, "wards", troop="knights", formation="line"),
                _unit(0, "wards", troop="archers", formation="combined", rear=None),
            ),
            "empty-ward": (_first_empty("wards"),),
            "leader-count": (
                lambda a: setattr(a, "wards", a.wards[:1]),
                lambda a: setattr(a, "wards", a.wards + copy.deepcopy(a.wards)),
            ),
            "ward-size": (_ward_of(4), _ward_of(1)),
        },
    ),
    "kiss": (
        "kiss-york.toml",
        {
            "one-c-in-c": (_no("wards"), _no_chief("wards"), _second("c_in_c", True)),
            "empty-ward": (_first_empty("wards"),),
            "stratagem-count": (_second("ability", "amateur"),),
            "stratagem-prerequisite": (
                _second("forwardness", 1),
                _both(_second("stratagems", ["inspiring"]), _second("puissance", 1)),
            ),
            "trait-conflict": (_second("traits", ["bloodthirsty", "merciful"]),),
            "treachery": (_second("traits", ["trimmer"]),),
            "ward-size": (_ward_of(4), _ward_of(1)),
        },
    ),
    "feudal": (
        "feudal-flanders.toml",
        {
            "one-c-in-c": (
                _no("battles"),
                _no_chief("battles"),
                _second("c_in_c", True, "battles"),
            ),
            "empty-battle": (_first_empty("battles"),),
            "unit-size": (_unit(0, figures=4),),
            "skirmish-light-only": (_unit(0, armour="heavy", skirmish=True),),
            "missile-figures": (
                _unit(0, missile=None, missile_figures=3),
                _unit(0, missile="sling", missile_figures=40, figures=12),
            ),
            "width": (_unit(0, figures=6, width=8),),
            "units-per-battle": (_ward_of(5, "battles"),),
            "no-command-points": (_second("command_points", None, "battles"),),
        },
    ),
    "shieldwall": (
        "shieldwall-norse.toml",
        {
            "one-commander": (
                lambda a: _set_all(a.leaders, role="hero"),
                lambda a: _set_all(a.leaders, role="commander"),
            ),
            "duplicate-leader": (lambda a: setattr(a.leaders[1], "name", a.leaders[0].name),),
            "unknown-leader": (_stand(leader="Nobody"),),
            "leader-attached-twice": (_stand(leader="Sigurd", count=2),),
            "no-stands": (_no("stands"),),
        },
    ),
}


def raised(ruleset: str, code: str) -> list[Finding]:
    """The findings of ``code`` the edits of ``CASES`` give, one army an edit."""
    example, edits = CASES[ruleset]
    rules = get_ruleset(ruleset)
    found = []
    for edit in edits[code]:
        army = armyfile.load(examples_dir() / example)
        edit(army)
        hits = [f for f in rules.check(army) if f.code == code]
        assert hits, (code, [f.code for f in rules.check(army)])
        found += hits
    return found


@pytest.mark.parametrize("ruleset", sorted(BUILT_IN))
def test_every_code_has_a_case(ruleset: str) -> None:
    assert set(CASES[ruleset][1]) == set(get_ruleset(ruleset).codes)


#: Findings with nothing to put right: a warning of what may happen in the game.
NOTHING_TO_PRESS = {"treachery"}

CODES = [(ruleset, code) for ruleset, (_, edits) in CASES.items() for code in edits]


@pytest.mark.parametrize(("ruleset", "code"), CODES, ids=[f"{r}-{c}" for r, c in CODES])
def test_the_builder_says_it_without_the_files_syntax(ruleset: str, code: str) -> None:
    rules = get_ruleset(ruleset)
    for finding in raised(ruleset, code):
        shown = builder_message(finding, rules)
        assert not FILE_SYNTAX.search(shown), shown
        if code in NOTHING_TO_PRESS:
            assert finding.fix is None and shown == finding.message
            continue
        # Every other finding says what to press: after the ruleset's problem (its file
        # advice left out), or after its own advice where that is in plain words.
        assert finding.fix is not None and "press " in shown, shown
        if finding.fix.keep:
            assert shown.startswith(finding.message + "; ")
        else:
            assert shown.startswith(finding.fix.problem + ": ")
            assert finding.message.startswith(finding.fix.problem + ": ")


def test_check_keeps_the_files_words() -> None:
    said = {(r, c): [f.message for f in raised(r, c)] for r, c in CODES}
    assert any("set c_in_c = true" in m for m in said["feudal", "one-c-in-c"])
    assert any('set role = "commander"' in m for m in said["shieldwall", "one-commander"])
    assert any("[[stands]]" in m for m in said["shieldwall", "no-stands"])


def shown(ruleset: str, code: str) -> list[str]:
    return [builder_message(f, get_ruleset(ruleset)) for f in raised(ruleset, code)]


def test_the_issues_own_examples_name_the_key() -> None:
    assert shown("shieldwall", "one-commander")[0] == (
        "no leader is the army commander: select a leader and press e to edit it"
    )
    assert shown("shieldwall", "no-stands") == [
        "the army has no stands: press a (Add stand) to add one"
    ]
    assert shown("feudal", "one-c-in-c")[:2] == [
        "The army has no battles, so no C-in-C: press w (Add battle) to add one",
        "The army has no C-in-C: select a leader and press e to edit it",
    ]
    assert shown("kiss", "one-c-in-c")[:2] == [
        "the army has no magnate to lead it: press w (Add ward) to add one",
        "no magnate is the C-in-C: select a magnate and press e to edit it",
    ]
    assert shown("billhooks", "one-c-in-c")[0] == (
        "the army has no wards, so no C-in-C: press w (Add ward) to add one"
    )
    # Advice in plain words is kept, the keys after it.
    assert [s.split("; ")[-1] for s in shown("billhooks", "leader-count")] == [
        "press w (Add ward) to add one",
        "select a ward and press x to remove it",
    ]
    assert [s.split("; ")[-1] for s in shown("kiss", "ward-size")] == [
        "select a unit and press m to move it to another ward",
        "select a ward and press a (Add unit)",
    ]


@pytest.mark.parametrize(
    ("ruleset", "code", "group"),
    [
        ("billhooks", "empty-ward", "ward"),
        ("kiss", "empty-ward", "ward"),
        ("feudal", "empty-battle", "battle"),
    ],
)
def test_an_empty_group_says_add_a_unit_or_remove_it(ruleset: str, code: str, group: str) -> None:
    assert shown(ruleset, code)[0].endswith(
        f"has no units: select the {group} and press a (Add unit) to add one, or x to remove "
        f"the {group}"
    )
