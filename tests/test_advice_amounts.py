"""Every "add N" / "drop N" a check advises is the amount that fixes it (issue 23, item 1).

Each test applies the advice to the army (real units worth the amount, added or dropped) and
checks again: the finding is gone; and every smaller amount the army's units can make leaves it.
Billhooks holds the point advice; the other systems' amounts are counts and keys.
"""

from __future__ import annotations

import copy
import itertools
import re

import bh as BH
import hypothesis.strategies as st
from armies import army, unit
from hypothesis import HealthCheck, given, settings

from builder.systems.billhooks import rules as cat
from builder.systems.billhooks.checks import core_points
from builder.systems.billhooks.model import Army, Unit
from builder.systems.billhooks.points import unit_points

#: Core companies a player adds to reach the half, and what each costs.
CORE_ADDITIONS = (
    unit("billmen", quality="levy"),
    unit("archers"),
    unit("billmen", quality="veteran"),
)
OTHERS = ("men-at-arms", "knights", "light-horse", "pikemen", "artillery")
BANDS = ("kern", "crossbowmen", "handgunners", "archers-band")


def _band(key: str, pavises: bool) -> Unit:
    troop = {"archers-band": "skirmish-archers"}.get(key, key)
    return unit(troop, pavises=pavises and troop in ("crossbowmen", "handgunners"))


@st.composite
def english_armies(draw: st.DrawFn) -> Army:
    core = [
        unit(
            draw(st.sampled_from(["archers", "billmen"])),
            quality=draw(st.sampled_from([None, "levy", "veteran"])),
        )
        for _ in range(draw(st.integers(0, 5)))
    ]
    others = [unit(draw(st.sampled_from(OTHERS))) for _ in range(draw(st.integers(0, 4)))]
    bands = [
        _band(draw(st.sampled_from(BANDS)), draw(st.booleans()))
        for _ in range(draw(st.integers(0, 5)))
    ]
    muster = draw(st.sampled_from([None, None, 60, 99, 100]))
    return army(core + others, bands, muster=muster)


def _finding(a: Army, code: str) -> str | None:
    """The message of ``code`` (as an error, or as the muster's advice), or None."""
    for f in BH.check(a):
        if f.code == code or (
            f.code == "restriction-advice" and code in _ADVICE_OF and _ADVICE_OF[code] in f.message
        ):
            return f.message
    return None


_ADVICE_OF = {"skirmishers-fifth": "skirmish bands make", "archers-billmen-half": "archer and"}


def _amount(message: str, verb: str) -> int:
    found = re.search(rf"{verb} (?:bands worth )?(?:at least )?(\d+)", message)
    assert found, message
    return int(found.group(1))


def _with(a: Army, added: list[Unit] = (), dropped: set[int] = frozenset()) -> Army:  # type: ignore[assignment]
    """``a`` with units added to its first ward and the units at ``dropped`` (positions in
    ``units_with_paths`` order) taken out."""
    b = copy.deepcopy(a)
    flat = [u for w in b.wards for u in w.units]
    gone = {id(flat[i]) for i in dropped}
    for w in b.wards:
        w.units = [u for u in w.units if id(u) not in gone]
    b.wards[0].units.extend(copy.deepcopy(added))
    return b


def _core_sets(limit: int = 3) -> list[list[Unit]]:
    return [
        list(c)
        for n in range(limit + 1)
        for c in itertools.combinations_with_replacement(CORE_ADDITIONS, n)
    ]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=english_armies())
def test_adding_the_advised_core_points_makes_half_and_less_does_not(a: Army) -> None:
    message = _finding(a, "archers-billmen-half")
    if message is None:
        return
    need = _amount(message, "add")
    for extra in _core_sets():
        worth = sum(unit_points(u) for u in extra)
        still = _finding(_with(a, added=extra), "archers-billmen-half") is not None
        assert still == (worth < need), (message, worth)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=english_armies())
def test_fielding_the_advised_fewer_other_troops_makes_half(a: Army) -> None:
    message = _finding(a, "archers-billmen-half")
    if message is None:
        return
    units = [u for _, u in a.units_with_paths()]
    others = [i for i, u in enumerate(units) if core_points(u) == 0]
    if a.muster is not None:
        # Against an agreed total fewer other troops change nothing, and it is not advised.
        assert "fewer" not in message
        return
    need = _amount(message, "field")
    assert need == _amount(message, "add")
    for n in range(len(others) + 1):
        for drop in itertools.combinations(others, n):
            worth = sum(unit_points(units[i]) for i in drop)
            still = _finding(_with(a, dropped=set(drop)), "archers-billmen-half") is not None
            assert still == (worth < need), (message, worth)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=english_armies())
def test_dropping_the_advised_bands_makes_a_fifth_and_less_does_not(a: Army) -> None:
    message = _finding(a, "skirmishers-fifth")
    if message is None:
        return
    drop = _amount(message, "drop")
    units = [u for _, u in a.units_with_paths()]
    bands = [i for i, u in enumerate(units) if cat.TROOPS[u.troop].is_skirmish]
    worths = set()
    for n in range(len(bands) + 1):
        for chosen in itertools.combinations(bands, n):
            worth = sum(unit_points(units[i]) for i in chosen)
            worths.add(worth)
            still = _finding(_with(a, dropped=set(chosen)), "skirmishers-fifth") is not None
            assert still == (worth < drop), (message, worth)
    assert drop in worths  # what the army's bands cost: a player can drop exactly that


def _message(a: Army, code: str) -> str:
    found = _finding(a, code)
    assert found is not None, code
    return found


def test_the_issue_s_own_figures() -> None:
    # 36 of 90: 18 more (not 9), 36 of 78: 6 (not 3); 18 of bands out of 54: 9 (not 8).
    a = army(
        [unit("archers"), unit("billmen"), unit("archers")],
        [unit("men-at-arms"), unit("knights"), unit("kern")],
    )
    assert "(90): add 18 more points of archers or billmen, or field 18 fewer points" in (
        _message(a, "archers-billmen-half")
    )
    b = army(
        [unit("archers"), unit("billmen"), unit("archers")],
        [unit("men-at-arms"), unit("light-horse"), unit("kern")],
    )
    assert "36 points, under half of the troop points (78): add 6 more" in (
        _message(b, "archers-billmen-half")
    )
    c = army(
        [unit("archers"), unit("billmen"), unit("pikemen")],
        [unit("crossbowmen", pavises=True), unit("crossbowmen", pavises=True)],
    )
    assert (
        "make 18 points, over one fifth of the troop points (54): drop bands worth at "
        "least 9 points" in _message(c, "skirmishers-fifth")
    )
    # The agreed total of a muster stays put: half of 100 is 50, 14 short of 36.
    m = army(
        [unit("archers"), unit("billmen"), unit("archers")],
        [unit("men-at-arms"), unit("knights"), unit("kern"), unit("knights")],
        muster=100,
    )
    assert "(100): add 14 more points of archers or billmen" in _message(m, "archers-billmen-half")


def test_over_and_under_points_advice_is_what_fixes_them() -> None:
    base = [unit("archers"), unit("billmen"), unit("archers"), unit("billmen")]
    # By points: 48 + 24 + 9 + 6 = 87 for an agreed 80: remove 7 (a 9-point gun or more).
    a = army(base, [unit("men-at-arms"), unit("artillery"), unit("kern")], points=80)
    cut = _amount(_message(a, "over-points"), "remove")
    assert cut == 7
    units = [u for _, u in a.units_with_paths()]
    for n in range(len(units) + 1):
        for drop in itertools.combinations(range(len(units)), n):
            worth = sum(unit_points(units[i]) for i in drop)
            still = _finding(_with(a, dropped=set(drop)), "over-points") is not None
            assert still == (worth < cut)
    # Mustered for 60: 48 + 24 + 24 = 96 less the largest (24) is 72: remove 13 of the others.
    m = army(base, [unit("men-at-arms"), unit("knights")], muster=60)
    cut = _amount(_message(m, "over-points"), "remove")
    assert cut == 13
    assert _finding(_with(m, dropped={0, 1}), "over-points") is None  # 24 of others
    assert _finding(_with(m, dropped={0}), "over-points") is not None  # 12 < 13
    # Mustered for 60 with 48: add at least 12.
    u = army(base, muster=60)
    need = _amount(_message(u, "under-points"), "add")
    assert need == 12
    assert _finding(_with(u, added=[unit("pikemen")]), "under-points") is None
    assert _finding(_with(u, added=[unit("billmen", quality="levy")]), "under-points")


# --- The other systems: their advised amounts are counts and limits --------------------------


def test_kiss_remove_n_stratagems_is_what_fixes_the_count() -> None:
    from builder.systems.kiss.checks import check_army as kiss_check
    from builder.systems.kiss.model import Army as KissArmy
    from builder.systems.kiss.model import Magnate, Ward

    many = ["captain's advice", "forethought", "stout ensign", "far sighted"]
    for ability, allowed in (
        ("practiced", 1),
        ("old soldier", 2),
        ("audacious", 3),
        ("amateur", 0),
    ):
        m = Magnate("M", ability, c_in_c=True, stratagems=list(many))
        k = KissArmy("kiss", "T", "york", wards=[Ward(m, [])])
        found = [f for f in kiss_check(k) if f.code == "stratagem-count"]
        assert found
        n = int(re.search(r"remove (\d+)", str(found[0].as_dict()))[1])  # type: ignore[index]
        assert n == len(many) - allowed
        m.stratagems = many[: len(many) - n]
        assert not [f for f in kiss_check(k) if f.code == "stratagem-count"]
        m.stratagems = many[: len(many) - n + 1]
        assert [f for f in kiss_check(k) if f.code == "stratagem-count"]


def test_feudal_at_most_n_is_the_largest_that_passes() -> None:
    from builder.systems.feudal.checks import check_army as feudal_check
    from builder.systems.feudal.model import Army as FeudalArmy
    from builder.systems.feudal.model import Battle, Leader
    from builder.systems.feudal.model import Unit as FeudalUnit

    unit_ = FeudalUnit(
        "Bowmen", "infantry", "light", "D", 10, width=12, missile="longbow", missile_figures=14
    )
    f = FeudalArmy("feudal", "T", "Anjou", [Battle(Leader("L", c_in_c=True), [unit_])])
    for code, key in (("width", "width"), ("missile-figures", "missile_figures")):
        found = [x for x in feudal_check(f) if x.code == code]
        n = int(re.search(r"at most (\d+)", str(found[0].as_dict()))[1])  # type: ignore[index]
        setattr(unit_, key, n)
        assert not [x for x in feudal_check(f) if x.code == code]
        setattr(unit_, key, n + 1)
        assert [x for x in feudal_check(f) if x.code == code]
        setattr(unit_, key, n)
