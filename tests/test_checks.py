"""Every finding code, with hand-computed armies (docs/contracts.md#findings)."""

from __future__ import annotations

import bh as BH
from armies import army, codes, unit

from builder.systems.billhooks.checks import core_points


def legal_base() -> list:  # type: ignore[type-arg]
    return [[unit("archers"), unit("billmen")], [unit("archers"), unit("billmen")]]


def test_legal_army_has_no_findings() -> None:
    a = army(*legal_base(), points=100)
    assert BH.check(a) == []
    assert BH.summary(a).legal


def test_archers_billmen_half_error_at_the_boundary() -> None:
    # Core 24 of 48: exactly half is legal.
    a = army([unit("archers"), unit("men-at-arms")], [unit("billmen")])
    assert "archers-billmen-half" not in codes(BH.check(a))
    # Core 24 of 60: under half. 12 more makes 36 of 72 (each point added adds to the total).
    a = army([unit("archers"), unit("men-at-arms")], [unit("billmen"), unit("pikemen")])
    found = [f for f in BH.check(a) if f.code == "archers-billmen-half"]
    assert len(found) == 1 and found[0].level == "error"
    assert "24 points" in found[0].message and "add 12 more" in found[0].message


def test_pikemen_and_men_at_arms_behind_archers_are_not_core() -> None:
    a = army([unit("archers", formation="combined", rear="men-at-arms")], [unit("pikemen")])
    # Core is only the archer company: 12 of 12 + 24 + 12 = 48 -> under half.
    assert "archers-billmen-half" in codes(BH.check(a))
    a = army([unit("archers", formation="combined", rear="billmen")], [unit("pikemen")])
    assert "archers-billmen-half" not in codes(BH.check(a))  # 24 of 36


def test_field_defences_on_a_combined_block_count_toward_the_half() -> None:
    # Archers before billmen with defences: 12 + 12 + 3 = 27, all of it core. Archers before
    # men-at-arms with defences and stakes: the archers' 12 + 3 + 3 = 18 is core, the 24 not.
    block = unit("archers", formation="combined", rear="billmen", defences=True)
    assert core_points(block) == 27
    assert (
        core_points(
            unit("archers", formation="combined", rear="men-at-arms", defences=True, stakes=True)
        )
        == 18
    )
    # The block and knights: core 27 of 27 + 24 = 51, half is 25.5: legal. With the
    # defences dropped (as before) the core was 24: illegal.
    a = army([block], [unit("knights")])
    assert "archers-billmen-half" not in codes(BH.check(a))


def test_skirmishers_fifth() -> None:
    # Bands 12 of 60 = one fifth exactly: legal.
    ok = army(
        [unit("archers"), unit("billmen"), unit("kern")],
        [unit("archers"), unit("billmen"), unit("kern")],
    )
    assert "skirmishers-fifth" not in codes(BH.check(ok))
    over = army(
        [unit("archers"), unit("billmen"), unit("kern")],
        [unit("archers"), unit("billmen"), unit("crossbowmen", pavises=True)],
    )
    found = [f for f in BH.check(over) if f.code == "skirmishers-fifth"]
    assert found and found[0].level == "error" and "15 points" in found[0].message


def test_non_english_army_gets_advice_instead_of_errors() -> None:
    a = army(
        [unit("men-at-arms"), unit("kern")],
        [unit("knights"), unit("kern"), unit("kern")],
        english=False,
    )
    found = BH.check(a)
    assert "archers-billmen-half" not in codes(found)
    assert "skirmishers-fifth" not in codes(found)
    advice = [f for f in found if f.code == "restriction-advice"]
    assert len(advice) == 2 and all(f.level == "warning" for f in advice)
    assert BH.summary(a).legal


def test_muster_measures_proportions_against_the_agreed_total() -> None:
    # Core 48 of troop points 117 is under half, but at least half of the agreed 96.
    units = [
        [unit("archers"), unit("archers"), unit("billmen")],
        [unit("billmen"), unit("men-at-arms"), unit("knights")],
        [unit("crossbowmen"), unit("artillery")],
    ]
    plain = army(*units)
    assert "archers-billmen-half" in codes(BH.check(plain))
    mustered = army(*units, muster=96)
    assert "archers-billmen-half" not in codes(BH.check(mustered))
    assert "over-points" not in codes(BH.check(mustered))


def test_one_c_in_c() -> None:
    a = army(*legal_base())
    a.wards[1].leader.c_in_c = True
    found = [f for f in BH.check(a) if f.code == "one-c-in-c"]
    assert [f.where for f in found] == ["wards[1].leader"]
    for w in a.wards:
        w.leader.c_in_c = False
    found = [f for f in BH.check(a) if f.code == "one-c-in-c"]
    assert len(found) == 1 and "no leader is the C-in-C" in found[0].message


def test_an_army_with_no_wards_has_no_c_in_c() -> None:
    a = army()
    found = [f for f in BH.check(a) if f.code == "one-c-in-c"]
    assert len(found) == 1 and found[0].level == "error" and found[0].where == "wards"
    assert "no wards" in found[0].message
    assert not BH.summary(a).legal


def test_one_hero() -> None:
    a = army(*legal_base(), classes=(3, 3))
    found = [f for f in BH.check(a) if f.code == "one-hero"]
    assert [f.where for f in found] == ["wards[1].leader"]
    assert "one-hero" not in codes(BH.check(army(*legal_base(), classes=(3, 2))))


def test_c_in_c_dolt() -> None:
    found = [f for f in BH.check(army(*legal_base(), classes=(1, 2))) if f.code == "c-in-c-dolt"]
    assert [f.where for f in found] == ["wards[0].leader"]
    assert "c-in-c-dolt" not in codes(BH.check(army(*legal_base(), classes=(2, 1))))


def test_over_points() -> None:
    assert "over-points" not in codes(BH.check(army(*legal_base(), points=48)))
    found = [f for f in BH.check(army(*legal_base(), points=47)) if f.code == "over-points"]
    assert found and "remove 1 point of troops" in found[0].message and found[0].where == "points"


def _option_messages(u) -> list[str]:  # type: ignore[no-untyped-def]
    a = army(
        [u, unit("archers"), unit("billmen")], [unit("archers"), unit("billmen")], english=False
    )
    return [
        f.message
        for f in BH.check(a)
        if f.code == "option-not-allowed" and f.where == "wards[0].units[0]"
    ]


def test_option_not_allowed_cases() -> None:
    assert any(
        "stakes are only for archer" in m for m in _option_messages(unit("billmen", stakes=True))
    )
    assert any(
        "quality veteran" in m for m in _option_messages(unit("crossbowmen", quality="veteran"))
    )
    assert any("quality levy" in m for m in _option_messages(unit("knights", quality="levy")))
    assert any("pavises" in m for m in _option_messages(unit("kern", pavises=True)))
    assert any("pavises" in m for m in _option_messages(unit("archers", pavises=True)))
    assert any("cannot be paired" in m for m in _option_messages(unit("kern", formation="line")))
    assert any(
        "archers in front" in m
        for m in _option_messages(unit("billmen", formation="combined", rear="billmen"))
    )
    assert any(
        "needs its rear" in m for m in _option_messages(unit("archers", formation="combined"))
    )
    assert any(
        "cannot stand behind archers" in m
        for m in _option_messages(unit("archers", formation="combined", rear="archers"))
    )
    assert any(
        "rear is only for a combined" in m
        for m in _option_messages(unit("archers", rear="billmen"))
    )
    assert any("field defences" in m for m in _option_messages(unit("knights", defences=True)))
    assert any(
        "arms are only for light horse" in m for m in _option_messages(unit("knights", arms="bows"))
    )
    # Allowed options give nothing.
    for ok in (
        unit("archers", stakes=True, quality="levy", defences=True),
        unit("light-horse", arms="crossbows"),
        unit("handgunners", pavises=True),
        unit("archers", formation="combined", rear="men-at-arms", stakes=True),
        unit("pikemen", formation="block"),
        unit("crossbowmen", quality="retinue"),
    ):
        assert _option_messages(ok) == [], ok


def test_empty_ward_and_ward_size() -> None:
    a = army([unit("archers"), unit("billmen")], [], [unit("archers")], [unit("billmen")] * 4)
    found = BH.check(a)
    assert [(f.code, f.where) for f in found if f.code == "empty-ward"] == [
        ("empty-ward", "wards[1]")
    ]
    sizes = [(f.level, f.where) for f in found if f.code == "ward-size"]
    assert sizes == [("warning", "wards[2]"), ("warning", "wards[3]")]


def test_leader_count() -> None:
    one = army([unit("archers"), unit("billmen")])
    assert [f.level for f in BH.check(one) if f.code == "leader-count"] == ["warning"]
    five = army(*[[unit("archers"), unit("billmen")]] * 5)
    assert "leader-count" in codes(BH.check(five))
    assert "leader-count" not in codes(BH.check(army(*[[unit("archers"), unit("billmen")]] * 4)))


def test_errors_come_before_warnings() -> None:
    a = army([unit("archers")], [unit("men-at-arms"), unit("men-at-arms")])
    levels = [f.level for f in BH.check(a)]
    assert levels == sorted(levels, key=lambda lv: lv != "error")
    assert "error" in levels and "warning" in levels


def _core_five() -> list:  # type: ignore[type-arg]
    """The rulebook's core force: three archer and two billmen companies, 60 points."""
    return [unit("archers"), unit("archers"), unit("archers"), unit("billmen"), unit("billmen")]


def test_mustered_army_below_the_agreed_total_is_under_points() -> None:
    # The rulebook's example before its last card: 60 + 6 + 24 + 9 = 99, one short of 100.
    a = army(
        _core_five(), [unit("skirmish-archers"), unit("men-at-arms"), unit("artillery")], muster=100
    )
    found = [f for f in BH.check(a) if f.code == "under-points"]
    assert [(f.level, f.where) for f in found] == [("error", "muster")]
    assert "troop points are 99, under the agreed 100" in found[0].message
    assert "add at least 1 more point of troops (deal another card)" in found[0].message
    # One more card (the rulebook's knights): 123, legal.
    a.wards[1].units.append(unit("knights"))
    assert BH.summary(a).legal


def test_mustered_army_no_deal_could_reach_is_over_points() -> None:
    # 204 for an agreed 100: 60 of core and six companies of men-at-arms (144).
    a = army(_core_five(), [unit("men-at-arms")] * 3, [unit("men-at-arms")] * 3, muster=100)
    found = [f for f in BH.check(a) if f.code == "over-points"]
    assert [(f.level, f.where) for f in found] == [("error", "muster")]
    msg = found[0].message
    assert "troop points are 204 for the agreed 100" in msg
    assert "(Company of Men-at-Arms, 24 points) still 180" in msg
    # 204 - 81 = 123; less the largest unit 99: the deal would have stopped there.
    assert "remove at least 81 points of other troops" in msg


def test_mustered_overshoot_by_the_last_card_is_legal_one_more_point_is_not() -> None:
    # The rulebook's example: 99, then the knights reach 123; 123 - 24 = 99 < 100.
    units = [
        _core_five(),
        [unit("skirmish-archers"), unit("men-at-arms"), unit("artillery"), unit("knights")],
    ]
    assert "over-points" not in codes(BH.check(army(*units, muster=100)))
    # Agreed 99: 99 already reached the total, so the knights were one card too many.
    found = [f for f in BH.check(army(*units, muster=99)) if f.code == "over-points"]
    assert found and "remove at least 1 point of other troops" in found[0].message
    # Pavises on the band instead: 126 - 24 = 102 for 100; removing 3 leaves 99.
    units[1][0] = unit("crossbowmen", pavises=True)
    found = [f for f in BH.check(army(*units, muster=100)) if f.code == "over-points"]
    assert found and "remove at least 3 points of other troops" in found[0].message


def test_point_advice_is_whole_points() -> None:
    # 99 troop points, core 48: 99 - 2 x 48 = 3 more (51 of 102).
    units = (
        [unit("archers"), unit("archers"), unit("billmen"), unit("billmen")],
        [unit("men-at-arms"), unit("light-horse"), unit("crossbowmen", pavises=True), unit("kern")],
    )
    found = [f.message for f in BH.check(army(*units)) if f.code == "archers-billmen-half"]
    assert found and "add 3 more points of archers or billmen" in found[0]
    # Against an agreed 99 the base stays put: half is 49.5, 1.5 short: add 2 points.
    found = [
        f.message for f in BH.check(army(*units, muster=99)) if f.code == "archers-billmen-half"
    ]
    assert found and "add 2 more points of archers or billmen" in found[0]
    assert "1.5" not in found[0]
    # 99 troop points with 24 of bands: (24 - 19.8) / 0.8 = 5.25, and a band is 6.
    b = army(_core_five(), [unit("kern")] * 4, [unit("pikemen", quality="veteran")])
    found = [f.message for f in BH.check(b) if f.code == "skirmishers-fifth"]
    assert found and "(99): drop bands worth at least 6 points" in found[0]


def test_mustered_english_army_over_a_fifth_of_skirmishers_is_advice() -> None:
    # 60 + 24 of kern + 24 of knights = 108 for 100 (108 - 24 = 84: a deal could end so).
    a = army(_core_five(), [unit("kern")] * 4, [unit("knights")], muster=100)
    found = BH.check(a)
    assert "skirmishers-fifth" not in codes(found)
    advice = [f for f in found if f.code == "restriction-advice"]
    assert [f.level for f in advice] == ["warning"]
    assert "skirmish bands make 24 points, over one fifth of the agreed troop total" in (
        advice[0].message
    )
    assert BH.summary(a).legal
    # Built by points, the same army breaks the rule.
    assert "skirmishers-fifth" in codes(
        BH.check(army(_core_five(), [unit("kern")] * 4, [unit("knights")]))
    )
