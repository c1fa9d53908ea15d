"""Points for every troop type and every extra, hand-computed from
docs/rules/billhooks.md#points."""

from __future__ import annotations

import bh as BH
import pytest
from armies import army, unit

from builder.systems.billhooks import rules as cat
from builder.systems.billhooks.model import Army, Leader, Unit, Ward
from builder.systems.billhooks.points import figures, troop_points, unit_points


@pytest.mark.parametrize(
    ("troop", "figs", "points"),
    [
        ("archers", 12, 12),
        ("billmen", 12, 12),
        ("pikemen", 12, 12),
        ("men-at-arms", 12, 24),
        ("skirmish-archers", 6, 6),
        ("crossbowmen", 6, 6),
        ("handgunners", 6, 6),
        ("kern", 6, 6),
        ("knights", 8, 24),
        ("light-horse", 8, 12),
        ("artillery", 3, 9),  # gun 6 + three artillerymen at 1
    ],
)
def test_every_troop_type(troop: str, figs: int, points: int) -> None:
    u = unit(troop)
    assert figures(u) == figs
    assert unit_points(u) == points


@pytest.mark.parametrize(
    ("kw", "points"),
    [
        ({"quality": "veteran"}, 15),
        ({"quality": "levy"}, 9),
        ({"quality": "retinue"}, 12),
        ({"stakes": True}, 15),
        ({"defences": True}, 15),
        ({"quality": "veteran", "stakes": True, "defences": True}, 21),
        ({"formation": "line"}, 24),
        ({"formation": "block"}, 24),
        ({"formation": "line", "quality": "veteran"}, 30),  # +3 per company
        ({"formation": "line", "stakes": True}, 30),  # stakes per archer company
        ({"formation": "line", "defences": True}, 30),  # two companies of frontage
        ({"formation": "block", "defences": True}, 27),  # one company of frontage
        ({"formation": "combined", "rear": "billmen"}, 24),
        ({"formation": "combined", "rear": ("men-at-arms", "veteran")}, 39),
        ({"formation": "combined", "rear": ("billmen", "levy"), "stakes": True}, 24),
        ({"formation": "combined", "rear": "pikemen", "defences": True}, 27),
    ],
)
def test_archer_company_extras(kw: dict[str, object], points: int) -> None:
    assert unit_points(unit("archers", **kw)) == points


def test_pavises_on_crossbows_and_handguns() -> None:
    assert unit_points(unit("crossbowmen", pavises=True)) == 9
    assert unit_points(unit("handgunners", pavises=True)) == 9


def test_men_at_arms_quality_and_pairs() -> None:
    assert unit_points(unit("men-at-arms", quality="veteran")) == 27
    assert unit_points(unit("men-at-arms", formation="block", quality="levy")) == 42
    assert figures(unit("men-at-arms", formation="block")) == 24


def test_seed_core_force_of_five_companies_is_60() -> None:
    a = army(
        [unit("archers"), unit("archers"), unit("archers")], [unit("billmen"), unit("billmen")]
    )
    assert troop_points(a) == 60


def test_seed_four_companies_are_48() -> None:
    a = army([unit("archers"), unit("archers")], [unit("billmen"), unit("billmen")])
    assert troop_points(a) == 48


def test_seed_band_men_at_arms_and_gun_make_99_with_the_core() -> None:
    extras = [unit("crossbowmen"), unit("men-at-arms"), unit("artillery")]
    assert sum(unit_points(u) for u in extras) == 39
    a = army(
        [unit("archers"), unit("archers"), unit("archers")],
        [unit("billmen"), unit("billmen")],
        extras,
    )
    assert troop_points(a) == 99


def test_seed_squadron_of_knights_is_24() -> None:
    assert unit_points(unit("knights")) == 24


def test_leader_points_c_in_c_free_others_five() -> None:
    a = army(
        [unit("archers"), unit("billmen")],
        [unit("archers"), unit("billmen")],
        [unit("archers"), unit("billmen")],
    )
    summary = BH.summary(a)
    assert BH.metric(summary, "troop_points") == 72
    assert BH.metric(summary, "leader_points") == 10
    assert BH.metric(summary, "total_points") == 82


def test_army_morale_tokens_skip_bands_and_artillery_pairs_count_once() -> None:
    a = army(
        [unit("archers", formation="line"), unit("billmen"), unit("kern")],
        [unit("archers", formation="combined", rear="billmen"), unit("artillery"), unit("knights")],
    )
    assert BH.metric(BH.summary(a), "army_morale_tokens") == 4


def test_catalogue_lists_eleven_troops_with_unit_points() -> None:
    rows = {r.key: r for r in BH.entries()}
    assert len(rows) == 14
    # And a combined block behind archers for each company that may stand there (12 + rear).
    blocks = {k: r.points for k, r in rows.items() if r.kind == "block"}
    assert blocks == {
        "combined-archers-billmen": 24,
        "combined-archers-pikemen": 24,
        "combined-archers-men-at-arms": 36,
    }
    block = rows["combined-archers-pikemen"].make()
    assert isinstance(block, Unit)
    assert BH.unit_title(block) == "Combined block: Archers before Pikemen"
    legal = Army("billhooks", "t", wards=[Ward(Leader("L", c_in_c=True), [block])])
    assert "option-not-allowed" not in [f.code for f in BH.check(legal)]
    assert rows["men-at-arms"].points == 24
    assert rows["light-horse"].points == 12
    assert rows["artillery"].summary == "1 gun + 3 crew"
    assert rows["archers"].options == (
        "veteran +3, levy -3 a company",
        "line or block: 2 companies, 24",
        "combined block (front): 12 + the rear company",
        "stakes +3 a company",
        "defences +3 a company of frontage (line 2)",
    )
    assert "combined block (rear): 12 in front + 24 = 36" in rows["men-at-arms"].options
    assert "line or block: 2 companies, 48" in rows["men-at-arms"].options
    assert "pavises +3" in rows["handgunners"].options
    assert rows["kern"].options == () and rows["knights"].options == ()
    assert rows["light-horse"].options == ("arms bows/crossbows (no cost)",)


def test_catalogue_costs_are_read_from_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every price in the catalogue's options comes from the rules module: change the
    # data and the catalogue follows (nothing is retyped).
    monkeypatch.setattr(cat, "STAKES_POINTS", 4)
    monkeypatch.setattr(cat, "DEFENCES_POINTS", 5)
    monkeypatch.setattr(cat, "PAVISES_POINTS", 2)
    monkeypatch.setattr(cat, "QUALITY_POINTS", {"levy": -2, "retinue": 0, "veteran": 4})
    monkeypatch.setattr(cat, "FORMATION_FRONTAGE", {**cat.FORMATION_FRONTAGE, "block": 2})
    rows = {r.key: r for r in BH.entries()}
    assert "stakes +4 a company" in rows["archers"].options
    assert "defences +5 a company of frontage (line 2, block 2)" in rows["billmen"].options
    assert "veteran +4, levy -2 a company" in rows["pikemen"].options
    assert rows["crossbowmen"].options == ("pavises +2",)


@pytest.mark.parametrize("troop", ["archers", "billmen", "men-at-arms"])
def test_catalogue_prices_match_the_points_of_the_units_they_describe(troop: str) -> None:
    # The figures the catalogue quotes are what unit_points charges.
    options = {r.key: r for r in BH.entries()}[troop].options
    pair = unit_points(unit(troop, formation="line"))
    assert f"line or block: 2 companies, {pair:g}" in options
    if troop != "archers":
        block = unit_points(unit("archers", formation="combined", rear=troop))
        assert any(o.endswith(f"= {block:g}") for o in options)
    assert unit_points(unit(troop, quality="veteran")) - unit_points(unit(troop)) == 3
    assert unit_points(unit(troop, defences=True, formation="line")) - pair == 6


def test_extras_on_troops_that_cannot_take_them_cost_nothing() -> None:
    assert unit_points(unit("billmen", stakes=True)) == 12
    assert unit_points(unit("knights", stakes=True, defences=True, pavises=True)) == 24
    assert unit_points(unit("kern", pavises=True)) == 6


def test_leader_points_with_two_c_in_c_flags_only_the_first_is_free() -> None:
    a = army([unit("archers")], [unit("billmen")], [unit("archers")])
    a.wards[1].leader.c_in_c = True
    points = [BH.leader_points(a, w.leader) for w in a.wards]
    assert points == [0, 5, 5]  # one C-in-C is free, not both
    assert BH.metric(BH.summary(a), "leader_points") == 10
    assert [BH.leader_profile(a, w.leader).points for w in a.wards] == points


def test_leader_points_without_a_c_in_c_every_leader_costs_five() -> None:
    a = army([unit("archers")], [unit("billmen")])
    for w in a.wards:
        w.leader.c_in_c = False
    assert [BH.leader_points(a, w.leader) for w in a.wards] == [5, 5]
    assert BH.metric(BH.summary(a), "leader_points") == 10


def test_leader_points_follow_the_leader_not_his_fields() -> None:
    # Two leaders alike in every field: only the one flagged first is the free C-in-C.
    a = army([unit("archers")], [unit("billmen")])
    a.wards[1].leader.name = a.wards[0].leader.name
    a.wards[1].leader.c_in_c = True
    assert a.wards[0].leader == a.wards[1].leader
    assert [BH.leader_points(a, w.leader) for w in a.wards] == [0, 5]


def test_combined_without_rear_is_the_single_company_it_is() -> None:
    lone = unit("archers", formation="combined")
    assert figures(lone) == 12
    assert unit_points(lone) == 12
    assert unit_points(unit("archers", formation="combined", stakes=True, quality="veteran")) == 18
    assert BH.profile(lone).figures == 12


def test_roster_and_check_price_leaders_as_the_ruleset_does() -> None:
    # Two flagged C-in-Cs: the roster's leader lines, its totals and check --json all say
    # one is free and the other costs 5.
    import datetime as dt
    from pathlib import Path

    from builder.commands.check import summary_dict
    from builder.export.job import ArmyInput
    from builder.systems.billhooks.roster import roster_context

    a = army(
        [unit("archers"), unit("billmen")],
        [unit("archers"), unit("billmen")],
        [unit("archers"), unit("billmen")],
    )
    a.wards[2].leader.c_in_c = True
    context = roster_context(ArmyInput(a, Path("two-chiefs.toml"), ""), dt.date(2026, 1, 1))
    assert [w.points for w in context["wards"]] == ["0", "5", "5"]
    assert context["leader_points"] == "10"
    assert summary_dict(a, BH.summary(a))["leader_points"] == 10
