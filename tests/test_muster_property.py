"""Property: every draw that completes gives legal armies that survive a save and a load."""

from __future__ import annotations

import random
from typing import Any

import bh as RULES
from bh import loads_collection
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from builder import armyfile
from builder.systems.billhooks import rules as cat
from builder.systems.billhooks.checks import core_points
from builder.systems.billhooks.draw import MusterError, muster


@st.composite
def card_text(draw: st.DrawFn) -> str:
    """One [[cards]] table with options the rules allow on its troop (as the builder offers)."""
    troop = draw(st.sampled_from(sorted(cat.TROOPS)))
    opts = RULES.unit_options(troop)
    lines = ["[[cards]]", f'troop = "{troop}"']
    if len(opts.qualities) > 0 and draw(st.booleans()):
        lines.append(f'quality = "{draw(st.sampled_from(opts.qualities))}"')
    formation = draw(st.sampled_from(opts.formations))
    if formation != "single":
        lines.append(f'formation = "{formation}"')
    if formation == "combined":
        rear = draw(st.sampled_from(opts.rear_troops))
        lines.append(f'rear = {{ troop = "{rear}" }}')
    for flag in ("stakes", "pavises", "defences"):
        if getattr(opts, flag) and draw(st.booleans()):
            lines.append(f"{flag} = true")
    if len(opts.arms) > 0 and draw(st.booleans()):
        lines.append(f'arms = "{draw(st.sampled_from(opts.arms))}"')
    lines.append(f"count = {draw(st.integers(1, 6))}")
    return "\n".join(lines) + "\n"


@st.composite
def collections(draw: st.DrawFn) -> str:
    # Archers and billmen are weighted in so that most collections can make a core.
    core = draw(st.lists(st.sampled_from(["archers", "billmen"]), max_size=6))
    tables = [f'[[cards]]\ntroop = "{t}"\ncount = {draw(st.integers(1, 4))}\n' for t in core]
    tables += draw(st.lists(card_text(), max_size=12))
    order = draw(st.permutations(tables))
    # One collection in five is not English: dealt without a core.
    english = "" if draw(st.integers(0, 4)) else "english = false\n"
    return 'ruleset = "billhooks"\nname = "Random"\n' + english + "\n" + "\n".join(order)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=collections(),
    troops=st.integers(1, 300),
    leaders=st.integers(1, 5),
    both=st.booleans(),
    seed=st.integers(0, 2**32),
    keep=st.booleans(),
)
def test_every_completed_draw_is_legal_and_round_trips(
    text: str, troops: int, leaders: int, both: bool, seed: int, keep: bool
) -> None:
    coll = loads_collection(text, "random.toml")
    sides = ["york", "lancaster"] if both else ["lancaster"]
    try:
        result = muster(
            coll, troops, leaders, sides, random.Random(seed), seed, keep_proportions=keep
        )
    except MusterError as exc:
        event(exc.reason)
        assert exc.reason in ("core-short", "deck-short", "too-few-units")
        if exc.reason == "core-short" and not both:
            # Only a collection truly without the core fails for one side.
            core_cards = [
                c
                for c in coll.cards
                if c.troop in cat.CORE_TROOPS
                and not (
                    c.options.get("formation") == "combined"
                    and c.options["rear"]["troop"] not in cat.CORE_TROOPS
                )
            ]
            assert sum(core_points(c.unit()) for c in core_cards) < troops * cat.CORE_SHARE
        return
    event("completed")
    assert (
        result.as_dict()
        == muster(
            coll, troops, leaders, sides, random.Random(seed), seed, keep_proportions=keep
        ).as_dict()
    )
    used: list[str] = []
    for a in result.armies:
        summary = RULES.summary(a.army)
        assert summary.legal, [f.message for f in summary.errors]
        assert a.troop_points >= troops
        if coll.english:
            assert a.core_points >= troops * cat.CORE_SHARE
        else:
            assert a.core == [] and not a.army.english
        totals = [s.total for s in a.dealt]
        assert all(t < troops for t in totals[:-1])
        skirmish = sum(s.card.points for s in a.dealt if cat.TROOPS[s.card.troop].is_skirmish)
        if keep:
            assert skirmish <= troops * cat.SKIRMISH_SHARE
        else:
            assert a.set_aside == []
        used += [s.card.id for s in a.core + a.dealt]
        assert len(a.army.wards) == leaders
        loaded: Any = RULES.loads(armyfile.dumps(a.army), "round-trip.toml")
        assert loaded == a.army
        assert RULES.summary(loaded).legal
    assert len(used) == len(set(used))
