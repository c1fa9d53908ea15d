"""The derived numbers a player looks up (RULES.md 1.6), hand-computed."""

from __future__ import annotations

import pytest
from armies import unit

from builder.rules import get_ruleset
from builder.rules.billhooks.profile import expected_kills

BH = get_ruleset("billhooks")


def test_archer_company() -> None:
    p = BH.profile(unit("archers"))
    assert (p.move_good, p.move_bad) == (6, 4)
    assert [(s.name, s.range_text, s.hit_on, s.dice) for s in p.shooting] == [
        ("short", 'under 9"', 5, 12), ("long", '9-15"', 6, 12)]
    assert p.shots_per_turn == 2 and p.arrow_supply == 6
    assert (p.melee_first_round, p.melee_later) == (6, 6)  # 12 x 0.5
    assert [(s.shooting, s.melee) for s in p.saves] == [(5, 5)]


def test_line_of_archers_shoots_with_24() -> None:
    p = BH.profile(unit("archers", formation="line"))
    assert p.shooting[0].dice == 24 and p.figures == 24


def test_block_adds_third_rank_and_attacking_pikes_four() -> None:
    bill = BH.profile(unit("billmen", formation="block"))
    assert (bill.melee_first_round, bill.melee_later) == (18, 12)
    pike = BH.profile(unit("pikemen", formation="block"))
    assert (pike.melee_first_round, pike.melee_later) == (24, 12)
    maa = BH.profile(unit("men-at-arms", formation="line"))
    assert maa.melee_first_round == 36  # 24 x 1.5


def test_combined_block_two_save_lines_and_support() -> None:
    p = BH.profile(unit("archers", formation="combined", rear=("billmen", "levy")))
    assert [(s.who, s.shooting, s.melee) for s in p.saves] == [
        ("Archers", 5, 5), ("Billmen", 6, 6)]
    assert (p.melee_first_round, p.melee_later) == (15, 12)  # 12 bills + 6 archers x 0.5
    assert p.shooting[0].dice == 12


@pytest.mark.parametrize(
    ("troop", "kw", "move", "saves", "melee"),
    [
        ("billmen", {}, (6, 4), (4, 4), 12),
        ("billmen", {"quality": "levy"}, (6, 4), (6, 6), 12),
        ("men-at-arms", {}, (6, 4), (3, 3), 18),
        ("knights", {}, (8, 4), (4, 3), 16),
        ("light-horse", {}, (10, 4), (5, 4), 12),
        ("kern", {}, (8, 8), (6, 6), 6),
        ("skirmish-archers", {}, (8, 8), (5, 5), 3),
        ("crossbowmen", {"pavises": True}, (6, 6), (5, 5), 3),
        ("artillery", {}, (4, None), (5, 5), 2),  # 3 crew x 0.5, rounded up
    ],
)
def test_moves_saves_melee(troop: str, kw: dict, move: tuple, saves: tuple, melee: int) -> None:
    p = BH.profile(unit(troop, **kw))
    assert (p.move_good, p.move_bad) == move
    assert (p.saves[0].shooting, p.saves[0].melee) == saves
    assert p.melee_first_round == melee


def test_skirmish_and_artillery_shooting() -> None:
    kern = BH.profile(unit("kern"))
    assert [(s.range_text, s.hit_on, s.dice) for s in kern.shooting] == [('0-6"', 5, 6)]
    assert kern.can_attack
    xbow = BH.profile(unit("crossbowmen"))
    assert [(s.range_text, s.dice) for s in xbow.shooting] == [('0-12"', 6)]
    assert not xbow.can_attack and "Cannot attack" in xbow.specials
    gun = BH.profile(unit("artillery"))
    assert [(s.range_text, s.hit_on, s.dice) for s in gun.shooting] == [('0-30"', 6, 6)]
    assert any("blows up" in s for s in gun.specials)
    assert gun.move_text == '4" / no'


def test_light_horse_with_bows_shoot_dismounted() -> None:
    assert BH.profile(unit("light-horse")).shooting == ()
    p = BH.profile(unit("light-horse", arms="bows"))
    assert p.shooting[0].dice == 6 and p.shots_per_turn == 1


def test_specials_for_extras() -> None:
    p = BH.profile(unit("archers", stakes=True, quality="veteran"))
    assert any("Stakes" in s for s in p.specials)
    assert any("Veteran" in s for s in p.specials)
    assert any("two charges" in s for s in BH.profile(unit("knights")).specials)
    assert any("evades" in s for s in p.specials)


def test_expected_kills() -> None:
    # 12 dice hitting on 5-6 against billmen saving on 4-6: 12 x 1/3 x 1/2 = 2.
    assert expected_kills(12, 5, 4) == pytest.approx(2.0)
    table = BH.kill_table(unit("archers"))
    assert table["shoot short"]["medium"] == pytest.approx(2.0)
    assert table["shoot long"]["heavy"] == pytest.approx(12 / 6 * 2 / 6)
    # Artillery hits kill outright: 6 dice hitting on a 6 -> 1 kill whatever the armour.
    assert BH.kill_table(unit("artillery"))["shoot range"]["heavy"] == pytest.approx(1.0)
