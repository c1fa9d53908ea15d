"""The derived numbers a player looks up (docs/rules/billhooks.md#game-facts), hand-computed."""

from __future__ import annotations

import bh as BH
import pytest
from armies import unit

from builder.systems.billhooks.profile import dice, expected_kills


def test_archer_company() -> None:
    p = BH.profile(unit("archers"))
    assert (p.move_good, p.move_bad) == (6, 4)
    assert [(s.name, s.range_text, s.hit_on, s.dice) for s in p.shooting] == [
        ("short", 'under 9"', 5, 12),
        ("long", '9-15"', 6, 12),
    ]
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
    assert [(s.who, s.shooting, s.melee) for s in p.saves] == [("Archers", 5, 5), ("Billmen", 6, 6)]
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
        # Behind pavises a band is in cover against shooting: light 5+ up to medium 4+.
        ("crossbowmen", {"pavises": True}, (6, 6), (4, 5), 3),
        ("handgunners", {"pavises": True}, (6, 6), (4, 5), 3),
        # Levy save as naked men, but levy men-at-arms keep their heavy armour.
        ("men-at-arms", {"quality": "levy"}, (6, 4), (3, 3), 18),
        ("pikemen", {"quality": "levy"}, (6, 4), (6, 6), 12),
        ("archers", {"quality": "levy"}, (6, 4), (6, 6), 6),
        ("artillery", {}, (4, None), (5, 5), 2),  # 3 crew x 0.5, rounded up
    ],
)
def test_moves_saves_melee(
    troop: str,
    kw: dict[str, object],
    move: tuple[int, int | None],
    saves: tuple[int, int],
    melee: int,
) -> None:
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
    assert any("2 charges a game" in s for s in BH.profile(unit("knights")).specials)
    assert any("1-3 evade" in s for s in p.specials)


def test_expected_kills() -> None:
    # 12 dice hitting on 5-6 against billmen saving on 4-6: 12 x 1/3 x 1/2 = 2.
    assert expected_kills(12, 5, 4) == pytest.approx(2.0)
    table = BH.kill_table(unit("archers"))
    assert table["shoot short"]["medium"] == pytest.approx(2.0)
    assert table["shoot long"]["heavy"] == pytest.approx(12 / 6 * 2 / 6)
    # Artillery hits kill outright: 6 dice hitting on a 6 -> 1 kill whatever the armour.
    assert BH.kill_table(unit("artillery"))["shoot range"]["heavy"] == pytest.approx(1.0)


# --- Issue 10, item 7: saves and kills ----------------------------------------------------


def test_crossbows_and_handguns_pierce_men_at_arms() -> None:
    # 6 dice hitting on 5-6: 2 hits; men-at-arms save 4-6 instead of 3-6 against bolts and
    # shot, so half the hits kill: 1.0 (not 2 x 2/6 = 0.7).
    for troop in ("crossbowmen", "handgunners"):
        assert BH.kill_table(unit(troop))["shoot range"]["heavy"] == pytest.approx(1.0)
    assert BH.kill_table(unit("light-horse", arms="crossbows"))["shoot range"][
        "heavy"
    ] == pytest.approx(1.0)
    # Bows do not pierce; knights are not men-at-arms (4-6 either way).
    assert BH.kill_table(unit("skirmish-archers"))["shoot range"]["heavy"] == pytest.approx(2 / 3)
    assert BH.kill_table(unit("light-horse", arms="bows"))["shoot range"]["heavy"] == pytest.approx(
        2 / 3
    )
    assert BH.kill_table(unit("crossbowmen"))["shoot range"]["heavy-mounted"] == pytest.approx(1.0)
    # The target's side: men-at-arms (levy too) save 4+ against them, 3+ against anything else.
    for quality in ("retinue", "levy"):
        maa = BH.profile(unit("men-at-arms", quality=quality)).saves[0]
        assert (maa.shooting, maa.pierced) == (3, 4)
    assert BH.profile(unit("billmen")).saves[0].pierced is None
    assert BH.profile(unit("knights")).saves[0].pierced is None
    combined = BH.profile(unit("archers", formation="combined", rear="men-at-arms"))
    assert [s.pierced for s in combined.saves] == [None, 4]


def test_bands_and_guns_halve_their_dice_at_each_other() -> None:
    # The rulebook's example: five crossbows roll five dice, halved to 2.5, rounded up to three.
    assert dice(5 / 2) == 3
    xbow = BH.profile(unit("crossbowmen"))
    assert [line.dice_at_skirmishers for line in xbow.shooting] == [3]
    table = BH.kill_table(unit("crossbowmen"))
    # Only against what bands and guns wear: light (5-6 saves) and naked (kern, 6 saves).
    assert table["shoot range at skirmishers"] == pytest.approx(
        {"light": 3 * 2 / 6 * 4 / 6, "naked": 3 * 2 / 6 * 5 / 6}
    )
    # A gun: 3 crew count double, 6 dice, halved to 3, hitting on a 6 and killing outright.
    gun = BH.kill_table(unit("artillery"))["shoot range at skirmishers"]
    assert gun == pytest.approx({"light": 0.5, "naked": 0.5})
    assert BH.profile(unit("light-horse", arms="bows")).shooting[0].dice_at_skirmishers == 3
    # Archer companies are neither: no halved line.
    assert BH.profile(unit("archers")).shooting[0].dice_at_skirmishers is None
    assert not [k for k in BH.kill_table(unit("archers")) if "skirmishers" in k]


def test_pavises_give_cover_against_shooting_only() -> None:
    p = BH.profile(unit("crossbowmen", pavises=True))
    assert (p.saves[0].shooting, p.saves[0].melee) == (4, 5)
    assert (p.move_good, p.move_bad) == (6, 6)
    # Pavises on kern are not allowed (a finding) and give them nothing.
    assert BH.profile(unit("kern", pavises=True)).saves[0].shooting == 6


def test_pike_block_attacking_and_defending_dice() -> None:
    pike = BH.profile(unit("pikemen", formation="block"))
    # Four ranks of six attacking, three defending, two ranks later.
    assert (pike.melee_first_round, pike.melee_defending, pike.melee_later) == (24, 18, 12)
    table = BH.kill_table(unit("pikemen", formation="block"))
    # Hits on 4-6 against billmen saving on 4-6: a quarter of the dice kill.
    assert table["melee"]["medium"] == pytest.approx(6.0)
    assert table["melee defending"]["medium"] == pytest.approx(4.5)
    bill = BH.profile(unit("billmen", formation="block"))
    assert bill.melee_first_round == bill.melee_defending == 18
    assert "melee defending" not in BH.kill_table(unit("billmen", formation="block"))
    assert BH.profile(unit("pikemen")).melee_defending == 12


# --- Issue 10, items 8 and 9: daunted tokens, morale dice, wording -------------------------


@pytest.mark.parametrize(
    ("troop", "kw", "tokens"),
    [
        ("billmen", {}, 1),
        ("billmen", {"formation": "line"}, 1),
        ("billmen", {"formation": "block"}, 2),
        ("archers", {"formation": "combined", "rear": "pikemen"}, 2),
        ("knights", {}, 1),
        ("kern", {}, 1),
        ("artillery", {}, 1),
    ],
)
def test_daunted_tokens_two_for_a_block_that_splits(
    troop: str, kw: dict[str, object], tokens: int
) -> None:
    assert BH.profile(unit(troop, **kw)).daunted_tokens == tokens


@pytest.mark.parametrize(
    ("troop", "kw", "morale"),
    [
        ("billmen", {}, "2D6"),
        ("archers", {"formation": "combined", "rear": "men-at-arms"}, "2D6"),
        ("knights", {}, "1D6+1"),
        ("light-horse", {"arms": "bows"}, "1D6+1"),
        ("crossbowmen", {}, "1D6"),
        ("kern", {}, "1D6"),
        ("artillery", {}, "1D6"),  # decision: the source names no dice for guns
    ],
)
def test_morale_dice(troop: str, kw: dict[str, object], morale: str) -> None:
    assert BH.profile(unit(troop, **kw)).morale_dice == morale


def specials(troop: str, **kw: object) -> str:
    return " | ".join(BH.profile(unit(troop, **kw)).specials)


def test_archers_attacked_roll_or_choose() -> None:
    roll = "Attacked: roll 1D6: 4-6 shoot once at short range, 1-3 evade"
    assert f"{roll}; with a leader, choose instead" in specials("archers")
    assert f"{roll}; levy re-roll 6s; with a leader, choose instead" in specials(
        "archers", quality="levy"
    )
    assert f"{roll}; veterans choose instead" in specials("archers", quality="veteran")
    assert "levy" not in specials("archers", quality="veteran")
    # The crib sheet's words: every case at once.
    assert BH.reaction_text("archers") == (
        "roll 1D6: 4-6 shoot once at short range, 1-3 evade; levy re-roll 6s;"
        " veterans or archers with a leader choose instead"
    )


def test_combined_block_swaps_only_when_the_archers_evade() -> None:
    text = specials("archers", formation="combined", rear="billmen")
    assert "swap to the rear, to support, only when they evade (no move, no Disarray)" in text
    assert "Attacked: roll 1D6" in text
    # With no company behind, the archers are a single company: nothing to swap with.
    assert "Combined block" not in specials("archers", formation="combined")


def test_reactions_and_pursuit_wording() -> None:
    assert "Attacked: always stand and fight" in specials("men-at-arms")
    assert "Attacked: always stand and fight" in specials("billmen")
    assert "form a hedgehog" in specials("pikemen")
    assert "Attacked: countercharge enemy cavalry; may evade foot" in specials("knights")
    assert "Attacked: countercharge or evade" in specials("light-horse")
    assert "Attacked: always try to evade" in specials("crossbowmen")
    pursue = 'Won a melee: follow up a beaten enemy; chase a broken one 12" and take 2 Disarray'
    for troop in ("kern", "knights", "light-horse"):
        assert pursue in specials(troop)
    assert "Won a melee" not in specials("billmen")


def test_charge_wording() -> None:
    charge = (
        'Charge +4" on an attack move (the second, if both actions are moves);'
        " straight ahead, never uphill"
    )
    assert f"{charge}; 2 charges a game" in specials("knights")
    assert charge in specials("light-horse")
    assert "no re-rolls against pikes" in specials("knights").lower()
    assert "no re-rolls" in specials("pikemen")
    assert "Charge" not in specials("billmen")
