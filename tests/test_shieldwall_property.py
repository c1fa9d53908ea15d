"""Any shieldwall army the generator builds (legal or not) survives a fresh write and a save
over its old file unchanged, and every view of it works: check, summary, facts, offers,
titles and the print-pack counts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from builder import armyfile
from builder.systems.shieldwall import RULESET
from builder.systems.shieldwall import rules as cat
from builder.systems.shieldwall.model import Army, Leader, Stand
from builder.systems.shieldwall.printcounts import counts

names = st.text(
    st.characters(min_codepoint=32, max_codepoint=0x2FF, blacklist_categories=["Cc"]),
    min_size=1,
    max_size=12,
).filter(str.strip)
leaders = st.builds(Leader, names, st.sampled_from(cat.ROLES), st.integers(1, cat.MAX_FIGURES))


@st.composite
def armies(draw: st.DrawFn) -> Army:
    people = draw(st.lists(leaders, max_size=4))
    stands = draw(
        st.lists(
            st.builds(
                Stand,
                names,
                st.sampled_from(tuple(cat.QUALITIES)),
                st.integers(1, cat.MAX_FIGURES),
                st.sampled_from(tuple(cat.ARMOUR)),
                st.sampled_from(tuple(cat.WEAPONS)),
                st.booleans(),
                st.integers(1, 5),
                st.one_of(
                    st.none(),
                    st.sampled_from([p.name for p in people]) if people else st.none(),
                    names,
                ),
            ),
            max_size=6,
        )
    )
    return Army("shieldwall", draw(names), draw(names), draw(st.booleans()), people, stands)


@settings(max_examples=60, deadline=None)
@given(armies(), armies())
def test_write_and_save_over_round_trip(army: Army, other: Army) -> None:
    assert armyfile.loads(armyfile.dumps(army)) == army
    # Written over another army's file, only the values that differ change.
    assert armyfile.loads(armyfile.dumps(army, armyfile.dumps(other))) == army


@settings(max_examples=60, deadline=None)
@given(armies())
def test_every_view_works_on_any_army(army: Army) -> None:
    summary = RULESET.summary(army)
    stands = summary.metric("stands")
    assert stands is not None and stands.value == sum(s.count for s in army.stands)
    assert summary.legal == (not RULESET.check(army))
    for where in (
        "",
        *(f"leaders[{i}]" for i in range(len(army.leaders))),
        *(f"stands[{i}]" for i in range(len(army.stands))),
    ):
        facts = RULESET.facts(army, where)
        assert facts.heading
        assert RULESET.title_of(army, where)
        assert RULESET.offered(army, where)
    assert counts([army])["WOUND"] == 2 * sum(s.count for s in army.stands)
