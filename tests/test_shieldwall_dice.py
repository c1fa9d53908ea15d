"""Shieldwall derived numbers (issue 17 "What a user gets") against hand-worked values from the
rules (docs/rules/shieldwall.md#stands to #file-and-pack), and the hit-ladder expectations against
exact enumeration of every way the dice can fall."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from builder.systems.shieldwall import dice
from builder.systems.shieldwall.model import Leader, Stand


def stand(
    quality: str = "huscarl",
    figures: int = 4,
    armour: str = "mail",
    weapon: str = "axe",
    mounted: bool = False,
    leader: str | None = None,
) -> Stand:
    return Stand("S", quality, figures, armour, weapon, mounted, leader=leader)


def ladder_hits(faces: tuple[int, ...], quality: str) -> int:
    """The rule as the source words it: every 6 hits; warriors with no 6s count 5s; huscarls
    with no 5s either count 4s; berserkers go on down to 3s."""
    lowest = {"thrall": 6, "warrior": 5, "huscarl": 4, "berserker": 3}[quality]
    for face in (6, 5, 4, 3):
        if face < lowest:
            return 0
        if face in faces:
            return faces.count(face)
    return 0


def enumerated_hits(n: int, quality: str) -> Fraction:
    outcomes = list(itertools.product(range(1, 7), repeat=n))
    return Fraction(sum(ladder_hits(o, quality) for o in outcomes), len(outcomes))


QUALITIES = ("thrall", "warrior", "huscarl", "berserker")


@pytest.mark.parametrize("quality", QUALITIES)
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_expected_hits_equal_the_exact_enumeration(quality: str, n: int) -> None:
    assert dice.expected_hits(n, quality) == enumerated_hits(n, quality)


@pytest.mark.parametrize(
    ("n", "quality", "hits"),
    [
        (1, "thrall", Fraction(1, 6)),
        (3, "thrall", Fraction(1, 2)),  # only 6s: n/6
        (1, "warrior", Fraction(1, 3)),  # one die: 5 or 6
        (2, "warrior", Fraction(11, 18)),  # 12/36 sixes + 10/36 fives with no six
        (2, "huscarl", Fraction(5, 6)),  # + 8/36 fours with no five or six
        (1, "berserker", Fraction(2, 3)),
        (4, "huscarl", Fraction(5, 4)),  # 2/3 + 500/1296 + 256/1296
        (0, "huscarl", Fraction(0)),
    ],
)
def test_expected_hits_hand_worked(n: int, quality: str, hits: Fraction) -> None:
    assert dice.expected_hits(n, quality) == hits


@pytest.mark.parametrize(
    ("n", "quality", "armour"),
    [
        (1, "warrior", "shield"),
        (2, "huscarl", "mail"),
        (2, "berserker", "none"),
        (3, "thrall", "helmet"),
    ],
)
def test_expected_wounds_equal_enumerating_the_saves_too(n: int, quality: str, armour: str) -> None:
    saves_on = {"none": 6, "helmet": 6, "shield": 5, "mail": 4}[armour]
    total, cases = Fraction(0), 0
    for attack in itertools.product(range(1, 7), repeat=n):
        hits = ladder_hits(attack, quality)
        for saves in itertools.product(range(1, 7), repeat=hits):
            weight = Fraction(1, 6**hits)
            total += weight * sum(s < saves_on for s in saves)
        cases += 1
    assert dice.expected_wounds(n, quality, armour) == total / cases


def test_four_huscarls_against_each_save_class_and_the_rounding() -> None:
    # 5/4 hits; unsaved: x5/6 = 1.0417, x2/3 = 0.8333, x1/2 = 0.625 (half rounds up: 0.63).
    [melee] = dice.expectations(stand())
    assert (melee.action, melee.dice, melee.hits) == ("melee round", 4, Fraction(5, 4))
    assert {k: dice.shown(v) for k, v in melee.wounds.items()} == {
        "none": "1.04",
        "shield": "0.83",
        "mail": "0.63",
    }
    assert dice.shown(melee.hits) == "1.25"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(1, 8), "0.13"),
        (Fraction(3, 8), "0.38"),
        (Fraction(1, 3), "0.33"),
        (Fraction(2, 3), "0.67"),
        (Fraction(0), "0.00"),
        (Fraction(5, 2), "2.50"),
    ],
)
def test_shown_rounds_halves_up(value: Fraction, text: str) -> None:
    assert dice.shown(value) == text


def test_a_volley_rolls_two_dice_a_figure_for_sharpshooters() -> None:
    volley, melee = dice.expectations(stand("thrall", 2, "none", "sharpshooter"))
    assert (volley.action, volley.dice, volley.hits) == ("volley", 4, Fraction(4, 6))
    assert (melee.dice, melee.hits) == (2, Fraction(2, 6))
    # The table rolls the usual dice the roster prints: a leader attached adds one to both.
    led = stand("warrior", 4, "none", "bow", leader="X")
    assert [e.dice for e in dice.expectations(led)] == [5, 5]
    assert (dice.shooting_dice(led), dice.melee_dice(led)) == (5, 5)


@pytest.mark.parametrize(
    ("quality", "target", "ladder"),
    [
        ("thrall", 6, "6s"),
        ("warrior", 5, "6s; no 6s: 5s"),
        ("huscarl", 4, "6s; no 6s: 5s; no 5s: 4s"),
        ("berserker", 3, "6s; no 6s: 5s; no 5s: 4s; no 4s: 3s"),
    ],
)
def test_bravery_target_and_the_hit_ladder(quality: str, target: int, ladder: str) -> None:
    assert dice.bravery_target(quality) == target
    assert dice.ladder_text(quality) == ladder


def test_usual_dice_add_the_standing_modifiers_only() -> None:
    plain = stand("warrior", 4, "shield", "spear")
    assert (dice.bravery_dice(plain), dice.melee_dice(plain), dice.move_dice(plain)) == (1, 4, 3)
    assert dice.shooting_dice(plain) is None
    rider = stand("huscarl", 3, "mail", "sword", mounted=True, leader="Wulfmaer")
    # melee: 3 figures + 1 mounted + 1 leader; bravery 1 + 1 leader; move 3D6 + 1 mounted.
    assert (dice.bravery_dice(rider), dice.melee_dice(rider), dice.move_dice(rider)) == (2, 5, 4)
    archers = stand("warrior", 4, "none", "bow")
    assert dice.shooting_dice(archers) == 4
    assert dice.shooting_dice(stand("thrall", 2, "none", "sharpshooter")) == 4


def test_conditional_dice_are_listed_by_weapon_and_quality() -> None:
    axe = dice.melee_extras(stand(weapon="axe"))
    assert axe[0].startswith("+1 axe") and not any("spear in the first" in e for e in axe)
    assert dice.melee_extras(stand(weapon="spear"))[0].startswith("+1 spear")
    assert "+1 berserk" not in dice.melee_extras(stand("huscarl"))
    assert "+1 berserk" in dice.melee_extras(stand("berserker"))
    assert "+1 berserk" in dice.bravery_extras(stand("berserker"))
    assert "+1 berserk" not in dice.bravery_extras(stand("thrall"))
    assert any("berserk" in e for e in dice.move_extras(stand("berserker")))
    assert not any("berserk" in e for e in dice.move_extras(stand("warrior")))
    # Bow stands form no shieldwall: no shieldwall dice for them.
    bows = stand("warrior", 4, "none", "bow")
    assert not any(
        "shieldwall" in e
        for e in (*dice.bravery_extras(bows), *dice.melee_extras(bows), *dice.move_extras(bows))
    )
    assert "+1 in shieldwall" in dice.bravery_extras(stand())


@pytest.mark.parametrize(
    ("armour", "save"), [("none", 6), ("helmet", 6), ("shield", 5), ("mail", 4)]
)
def test_saves_by_armour(armour: str, save: int) -> None:
    assert dice.save_on(armour) == save


def test_wounds_and_leaders_stands() -> None:
    assert dice.wounds(stand(figures=6)) == 6
    assert dice.leader_figures(Leader("A", "hero")) == 3  # a single figure: a stand of 3
    assert dice.leader_figures(Leader("A", "hero", 2)) == 2  # his own stand
    assert dice.leader_figures(Leader("A", "commander", 5)) == 5


@pytest.mark.parametrize(("low", "text"), [(6, "6"), (5, "5-6"), (4, "4-6"), (3, "3-6")])
def test_faces_as_players_say_them(low: int, text: str) -> None:
    assert dice.faces(low) == text
