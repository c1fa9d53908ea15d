"""The Mustering draw (docs/rules/billhooks.md#mustering): the rulebook's worked example, the deal,
the club draft."""

from __future__ import annotations

import random
from typing import Any

import bh as RULES
import pytest
from bh import load_collection, loads_collection

from builder import armyfile
from builder.resources import examples_dir
from builder.systems.billhooks.collection import Collection
from builder.systems.billhooks.draw import Draw, MusterError, muster

#: The rulebook's worked example: three archer and two billmen companies (the core), then in the
#: rest of the deck a light horse squadron, a skirmish band, men-at-arms, a gun and knights.
SEED_EXAMPLE = """
ruleset = "billhooks"
name = "The seed's example"

[[cards]]
troop = "archers"
count = 3

[[cards]]
troop = "billmen"
count = 2

[[cards]]
troop = "light-horse"

[[cards]]
troop = "skirmish-archers"

[[cards]]
troop = "men-at-arms"

[[cards]]
troop = "artillery"

[[cards]]
troop = "knights"
"""


class StackedDeck(random.Random):
    """A deterministic 'rng' for reading a draw step by step: every random pick takes the
    first card of its pile, the shuffle leaves the deck in collection order, and the cut takes
    the smallest real cut (one card from the top to the bottom)."""

    def randrange(
        self,
        start: int,
        stop: int | None = None,
        step: int = 1,
    ) -> int:
        return 0 if stop is None else start

    def shuffle(self, x: Any) -> None:
        pass


def collection(text: str) -> Collection:
    return loads_collection(text, "test.toml")


def cards(body: str) -> Collection:
    return collection('ruleset = "billhooks"\nname = "Test"\n' + body)


def troops_of(steps: Any) -> list[str]:
    return [s.card.troop for s in steps]


def totals_of(steps: Any) -> list[float]:
    return [s.total for s in steps]


def assert_legal_and_round_trips(draw: Draw) -> None:
    for a in draw.armies:
        summary = RULES.summary(a.army)
        assert summary.legal, [f.message for f in summary.errors]
        assert RULES.metric(summary, "troop_points") == a.troop_points
        # Photos from the cards are kept (absolute here, as no folder is given).
        assert RULES.loads(armyfile.dumps(a.army)) == a.army


def test_worked_example_step_by_step() -> None:
    draw = muster(collection(SEED_EXAMPLE), 100, 3, ["lancaster"], StackedDeck(), seed=None)
    a = draw.army("lancaster")
    # Core: A, B, A, B makes 48, two short of 50, so a third archer company: 5 x 12 = 60.
    assert troops_of(a.core) == ["archers", "billmen", "archers", "billmen", "archers"]
    assert totals_of(a.core) == [12, 24, 36, 48, 60]
    # The rest (light horse, band, men-at-arms, gun, knights) cut one card down.
    assert a.cut == 1 and a.deck_size == 5
    # 60 + 6 + 24 + 9 = 99, short of 100, so one more card: the knights, 123. The deal stops
    # there: the light horse (now at the bottom) is never dealt.
    assert troops_of(a.dealt) == ["skirmish-archers", "men-at-arms", "artillery", "knights"]
    assert totals_of(a.dealt) == [66, 90, 99, 123]
    assert a.set_aside == []
    assert (a.troop_points, a.leader_points, a.total_points) == (123, 10, 133)
    assert_legal_and_round_trips(draw)
    text = "\n".join(draw.transcript())
    assert "core 48" in text and "core 60" in text
    assert "Band of Skirmish Archers [4.1]" in text
    assert "total 99\n" in text and "total 123  reaches the total" in text
    assert "cut the deck: the top 1 went to the bottom, so card 2 of 5 is on top" in text
    assert "Light Horse" not in text


def test_worked_example_with_a_real_seed() -> None:
    # Seed 407 was found by trying seeds in turn: it is the first that shuffles and cuts this
    # deck into the seed's order. It pins the order of random calls (picks, shuffle, cut).
    draw = muster(collection(SEED_EXAMPLE), 100, 3, ["lancaster"], random.Random(407), 407)
    a = draw.army("lancaster")
    assert totals_of(a.core) == [12, 24, 36, 48, 60]
    assert troops_of(a.dealt) == ["skirmish-archers", "men-at-arms", "artillery", "knights"]
    assert totals_of(a.dealt) == [66, 90, 99, 123]
    assert a.army.muster is not None and (a.army.muster.troops, a.army.muster.seed) == (100, 407)


def test_the_deal_stops_at_the_first_card_reaching_the_total() -> None:
    coll = load_collection(examples_dir() / "collection.toml")
    for seed in range(40):
        a = muster(coll, 100, 3, ["york"], random.Random(seed), seed).armies[0]
        totals = totals_of(a.dealt)
        assert totals and totals[-1] >= 100
        assert all(t < 100 for t in totals[:-1])
        assert a.troop_points == totals[-1]


def test_core_reaching_the_total_deals_nothing() -> None:
    draw = muster(
        cards('[[cards]]\ntroop = "archers"\ncount = 2\n'), 10, 1, ["york"], random.Random(1), 1
    )
    a = draw.armies[0]
    assert totals_of(a.core) == [12] and a.dealt == [] and a.troop_points == 12
    assert "the core alone reaches the total" in "\n".join(draw.transcript())


def test_same_seed_same_draw_and_seeds_vary() -> None:
    coll = load_collection(examples_dir() / "collection.toml")
    first = muster(coll, 100, 3, ["lancaster"], random.Random(12), 12).as_dict()
    again = muster(coll, 100, 3, ["lancaster"], random.Random(12), 12).as_dict()
    assert first == again
    deals = {
        tuple(
            c["id"]
            for c in muster(coll, 100, 3, ["lancaster"], random.Random(s), s).as_dict()["armies"][
                0
            ]["dealt"]
        )
        for s in range(30)
    }
    cores = {
        tuple(
            c["id"]
            for c in muster(coll, 100, 3, ["lancaster"], random.Random(s), s).as_dict()["armies"][
                0
            ]["core"]
        )
        for s in range(30)
    }
    assert len(deals) >= 20 and len(cores) >= 10


def test_core_balances_companies_not_cards() -> None:
    # A line of archers is two companies: the core answers it with two billmen companies.
    coll = cards(
        '[[cards]]\ntroop = "archers"\nformation = "line"\n\n'
        '[[cards]]\ntroop = "billmen"\ncount = 3\n\n'
        '[[cards]]\ntroop = "knights"\ncount = 2\n'
    )
    a = muster(coll, 100, 3, ["york"], StackedDeck()).armies[0]
    # 24 + 12 + 12 = 48 is short of 50; the archers have run out, so billmen go on alone.
    assert [(s.card.troop, s.card.options.get("formation")) for s in a.core] == [
        ("archers", "line"),
        ("billmen", None),
        ("billmen", None),
        ("billmen", None),
    ]
    assert totals_of(a.core) == [24, 36, 48, 60]


def test_when_one_kind_runs_out_the_other_goes_on() -> None:
    coll = cards(
        '[[cards]]\ntroop = "archers"\n\n[[cards]]\ntroop = "billmen"\ncount = 5\n'
        '\n[[cards]]\ntroop = "men-at-arms"\ncount = 2\n'
    )
    a = muster(coll, 100, 2, ["york"], StackedDeck()).armies[0]
    assert troops_of(a.core) == ["archers", "billmen", "billmen", "billmen", "billmen"]
    assert_legal_and_round_trips(muster(coll, 100, 2, ["york"], random.Random(3), 3))


def test_combined_blocks_archers_billmen_are_core_others_are_dealt() -> None:
    coll = cards(
        '[[cards]]\ntroop = "archers"\nformation = "combined"\n'
        'rear = { troop = "men-at-arms" }\n\n'
        '[[cards]]\ntroop = "archers"\nformation = "combined"\n'
        'rear = { troop = "billmen" }\ncount = 3\n\n'
        '[[cards]]\ntroop = "billmen"\n'
    )
    draw = muster(coll, 100, 2, ["york"], StackedDeck())
    a = draw.armies[0]
    # Each archer+billmen block brings one company of each (24 points of core).
    assert [s.card.id for s in a.core] == ["2.1", "2.2", "2.3"]
    assert totals_of(a.core) == [24, 48, 72]
    # The block with men-at-arms behind is no core card: it comes with the deal (36 points).
    # (The spare billmen company and it, cut one down: billmen 84, then the block 120.)
    assert [s.card.id for s in a.dealt] == ["3.1", "1.1"]
    assert totals_of(a.dealt) == [84, 120]
    assert_legal_and_round_trips(draw)


SKIRMISH_HEAVY = (
    '[[cards]]\ntroop = "archers"\ncount = 3\n\n'
    '[[cards]]\ntroop = "billmen"\ncount = 2\n\n'
    '[[cards]]\ntroop = "men-at-arms"\n\n'  # cut to the bottom
    '[[cards]]\ntroop = "kern"\n\n'
    '[[cards]]\ntroop = "crossbowmen"\npavises = true\n\n'
    '[[cards]]\ntroop = "handgunners"\n\n'
    '[[cards]]\ntroop = "skirmish-archers"\n\n'
    '[[cards]]\ntroop = "knights"\ncount = 2\n'
)


def test_the_deal_is_literal_skirmish_cards_count_like_any_other() -> None:
    draw = muster(cards(SKIRMISH_HEAVY), 100, 3, ["york"], StackedDeck())
    a = draw.armies[0]
    # Kern 66, crossbows 75, handgunners 81, skirmish archers 87, then knights 111.
    assert troops_of(a.dealt) == [
        "kern",
        "crossbowmen",
        "handgunners",
        "skirmish-archers",
        "knights",
    ]
    assert totals_of(a.dealt) == [66, 75, 81, 87, 111]
    assert a.set_aside == [] and draw.as_dict()["armies"][0]["set_aside"] == []
    assert "set aside" not in "\n".join(draw.transcript())
    # 27 of skirmishers is over one fifth of 100: advice for a mustered army, not an error.
    findings = RULES.check(a.army)
    assert [f.code for f in findings if f.level == "error"] == []
    assert any(
        f.code == "restriction-advice" and "skirmish bands make 27" in f.message for f in findings
    )
    assert_legal_and_round_trips(draw)


def test_keep_proportions_sets_aside_skirmish_cards_over_one_fifth() -> None:
    draw = muster(cards(SKIRMISH_HEAVY), 100, 3, ["york"], StackedDeck(), keep_proportions=True)
    a = draw.armies[0]
    # Kern 6 + crossbows 9 = 15; handgunners would make 21 > 20: set aside; skirmish archers
    # 21 too; then knights 60 + 15 + 24 = 99 and knights again = 123.
    assert troops_of(a.dealt) == ["kern", "crossbowmen", "knights", "knights"]
    assert [c.troop for c in a.set_aside] == ["handgunners", "skirmish-archers"]
    assert totals_of(a.dealt) == [66, 75, 99, 123]
    army_troops = [u.troop for _, u in a.army.units_with_paths()]
    assert "handgunners" not in army_troops
    text = "\n".join(draw.transcript())
    assert "Keeping the proportions (house rule)" in text
    assert (
        "Band of Handgunners [6.1]" in text
        and "set aside: skirmishers would make 21, over one fifth of 100 (20)" in text
    )
    assert draw.as_dict()["keep_proportions"] is True
    assert RULES.check(a.army) == [f for f in RULES.check(a.army) if f.level == "warning"]
    assert not any(f.code == "restriction-advice" for f in RULES.check(a.army))
    assert_legal_and_round_trips(draw)


def test_a_collection_not_english_is_dealt_without_a_core() -> None:
    coll = collection(
        SEED_EXAMPLE.replace(
            'name = "The seed\'s example"', 'name = "Burgundians"\nenglish = false'
        )
    )
    assert coll.english is False
    draw = muster(coll, 100, 3, ["lancaster"], StackedDeck())
    a = draw.armies[0]
    assert a.core == [] and a.core_points == 0 and a.deck_size == 10
    # All ten cards in one deck, cut one down (the first archers to the bottom): the rulebook's
    # numbers in another order, 99 then the knights, 123.
    assert [s.card.id for s in a.dealt] == [
        "1.2",
        "1.3",
        "2.1",
        "2.2",
        "3.1",
        "4.1",
        "5.1",
        "6.1",
        "7.1",
    ]
    assert totals_of(a.dealt) == [12, 24, 36, 48, 60, 66, 90, 99, 123]
    assert a.army.english is False
    # Archers and billmen make 48 of 100: advice only, as for any army not English.
    advice = [f for f in RULES.check(a.army) if f.code == "restriction-advice"]
    assert len(advice) == 1 and "make 48 points" in advice[0].message
    text = "\n".join(draw.transcript())
    assert "Not an English army: no core" in text and "core 0" not in text
    assert_legal_and_round_trips(draw)


def test_both_sides_share_the_collection_without_reusing_a_card() -> None:
    coll = load_collection(examples_dir() / "collection.toml")
    for seed in range(25):
        draw = muster(coll, 100, 3, ["york", "lancaster"], random.Random(seed), seed)
        york, lancaster = draw.army("york"), draw.army("lancaster")
        ids_y = [s.card.id for s in york.core + york.dealt]
        ids_l = [s.card.id for s in lancaster.core + lancaster.dealt]
        assert not set(ids_y) & set(ids_l)
        assert len(set(ids_y)) == len(ids_y) and len(set(ids_l)) == len(ids_l)
        set_aside = {c.id for c in york.set_aside + lancaster.set_aside}
        assert not set_aside & (set(ids_y) | set(ids_l))
        assert york.troop_points >= 100 and lancaster.troop_points >= 100
        assert york.cut == lancaster.cut == draw.cut
        # Cores first, picks alternating while both still need cards.
        kinds = [e.kind for e in draw.events]
        assert kinds.index("deal") > max(i for i, k in enumerate(kinds) if k == "core")
        core_sides = [e.side for e in draw.events if e.kind == "core"]
        n = min(len(york.core), len(lancaster.core))
        assert core_sides[: 2 * n] == ["york", "lancaster"] * n
        assert_legal_and_round_trips(draw)


def test_both_deal_alternates_between_sides_still_under_the_total() -> None:
    coll = cards(
        '[[cards]]\ntroop = "archers"\ncount = 6\n\n'
        '[[cards]]\ntroop = "billmen"\ncount = 4\n\n'
        '[[cards]]\ntroop = "knights"\ncount = 6\n'
    )
    draw = muster(coll, 100, 2, ["york", "lancaster"], StackedDeck())
    deal = [(e.side, e.total) for e in draw.events if e.kind == "deal"]
    # Both cores are 60 (A B A B A each); then knights alternately: 84, 84, 108, 108.
    assert deal == [("york", 84), ("lancaster", 84), ("york", 108), ("lancaster", 108)]


def test_core_short_says_what_was_short() -> None:
    coll = cards('[[cards]]\ntroop = "archers"\ncount = 2\n\n[[cards]]\ntroop = "knights"\n')
    with pytest.raises(MusterError) as info:
        muster(coll, 100, 3, ["york"], random.Random(1), 1)
    assert info.value.reason == "core-short"
    assert str(info.value) == (
        "the core needs 50 points of archer and billmen companies; the collection has 24"
    )


def test_core_short_for_the_club_draft_names_the_side() -> None:
    coll = cards('[[cards]]\ntroop = "archers"\ncount = 7\n\n[[cards]]\ntroop = "knights"\n')
    with pytest.raises(MusterError) as info:
        muster(coll, 100, 3, ["york", "lancaster"], random.Random(1), 1)
    assert info.value.reason == "core-short"
    # Picks alternate Y, L, Y, L, ... until the seven archer companies are gone.
    assert str(info.value) == (
        "each core needs 50 points of archer and billmen companies (100 for 2 sides); the "
        "collection has 84 in all, and the picks ran out with York 48, Lancaster 36: York, "
        "Lancaster short"
    )


def test_deck_running_out_is_an_error() -> None:
    coll = cards(
        '[[cards]]\ntroop = "archers"\ncount = 3\n\n[[cards]]\ntroop = "billmen"\n'
        'count = 2\n\n[[cards]]\ntroop = "kern"\ncount = 5\n'
    )
    with pytest.raises(MusterError) as info:
        muster(coll, 100, 3, ["york"], random.Random(1), 1)
    assert info.value.reason == "deck-short"
    # Every card dealt: 60 + 5 x 6 = 90.
    assert str(info.value) == (
        "the deck ran out before the troops made 100 points: reached "
        "York 90; the collection is too small for this total"
    )
    with pytest.raises(MusterError) as info:
        muster(coll, 100, 3, ["york"], random.Random(1), 1, keep_proportions=True)
    msg = str(info.value)
    assert "ran out before the troops made 100 points: reached York 78" in msg
    assert "2 skirmish cards set aside" in msg


def test_fewer_units_than_leaders_is_an_error() -> None:
    coll = cards('[[cards]]\ntroop = "archers"\n\n[[cards]]\ntroop = "knights"\n')
    with pytest.raises(MusterError) as info:
        muster(coll, 20, 3, ["york"], random.Random(1), 1)
    assert info.value.reason == "too-few-units"
    assert "--leaders 2 or fewer" in str(info.value)


def test_leaders_and_wards() -> None:
    coll = load_collection(examples_dir() / "collection.toml")
    a = muster(coll, 100, 4, ["york"], random.Random(5), 5).armies[0]
    wards = a.army.wards
    assert len(wards) == 4
    sizes = [len(w.units) for w in wards]
    assert max(sizes) - min(sizes) <= 1 and sizes == sorted(sizes, reverse=True)
    assert [w.leader.c_in_c for w in wards] == [True, False, False, False]
    assert wards[0].leader.name == "Yorkist C-in-C"
    assert a.leader_points == 15  # C-in-C free, three leaders at 5
    # The core's units come first, in the C-in-C's ward.
    assert wards[0].units[0].troop in ("archers", "billmen")


def test_photos_travel_to_the_units(tmp_path: Any) -> None:
    (tmp_path / "a.png").write_bytes(b"\x89PNG fake")
    path = tmp_path / "c.toml"
    path.write_text(
        'ruleset = "billhooks"\nname = "P"\n[[cards]]\ntroop = "archers"\n'
        'count = 3\nphoto = "a.png"\n[[cards]]\ntroop = "billmen"\ncount = 2\n'
        '[[cards]]\ntroop = "knights"\ncount = 2\n'
    )
    a = muster(load_collection(path), 100, 2, ["york"], random.Random(2), 2).armies[0]
    photos = {u.troop: u.photo for _, u in a.army.units_with_paths()}
    assert photos["archers"] == str((tmp_path / "a.png").resolve())
    assert photos["billmen"] is None


def test_json_shape() -> None:
    coll = collection(SEED_EXAMPLE)
    data = muster(coll, 100, 3, ["lancaster"], StackedDeck(), seed=7).as_dict()
    assert {"seed", "target", "armies"} <= set(data)
    assert (data["seed"], data["target"]) == (7, 100)
    army = data["armies"][0]
    assert {"side", "troop_points", "leader_points", "core", "cut", "dealt", "set_aside"} <= set(
        army
    )
    assert army["side"] == "lancaster" and army["troop_points"] == 123
    assert army["leader_points"] == 10 and army["cut"] == 1
    assert army["dealt"][0] == {
        "id": "4.1",
        "troop": "skirmish-archers",
        "title": "Band of Skirmish Archers",
        "points": 6,
        "total": 66,
    }
    assert [c["points"] for c in army["core"]] == [12] * 5


def test_bad_arguments_are_value_errors() -> None:
    coll = collection(SEED_EXAMPLE)
    for troops, leaders, sides in (
        (0, 3, ["york"]),
        (100, 0, ["york"]),
        (100, 3, []),
        (100, 3, ["york", "york"]),
        (100, 3, ["burgundy"]),
    ):
        with pytest.raises(ValueError):
            muster(coll, troops, leaders, sides, random.Random(1))


def test_core_counts_field_defences_on_combined_blocks_as_check_does() -> None:
    # Archers before billmen with defences: 27 points of core each, so two make 54 >= 50.
    # (Counted as 24 each, the core would need a third card.)
    coll = cards(
        '[[cards]]\ntroop = "archers"\nformation = "combined"\n'
        'rear = { troop = "billmen" }\ndefences = true\ncount = 3\n\n'
        '[[cards]]\ntroop = "knights"\ncount = 3\n'
    )
    a = muster(coll, 100, 2, ["york"], StackedDeck()).armies[0]
    assert totals_of(a.core) == [27, 54]
    assert a.core_points == 54
