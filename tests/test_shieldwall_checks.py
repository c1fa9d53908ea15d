"""Shieldwall findings (issue 17 "Findings"): each code, and how often it repeats
(docs/rules/shieldwall.md#file-and-pack: one a army, one a stand entry, one a leader, one a
repeated name)."""

from __future__ import annotations

from builder.systems.shieldwall import RULESET
from builder.systems.shieldwall.model import Army, Leader, Stand


def stand(label: str = "S", leader: str | None = None, count: int = 1) -> Stand:
    return Stand(label, "warrior", 4, "shield", "spear", count=count, leader=leader)


def army(*leaders: Leader, stands: tuple[Stand, ...] = (stand(),)) -> Army:
    return Army("shieldwall", "Test", "Norse", leaders=list(leaders), stands=list(stands))


def findings(a: Army) -> list[tuple[str, str]]:
    return [(f.code, f.where) for f in RULESET.check(a)]


SIGURD = Leader("Sigurd", "commander")


def test_a_legal_army_has_no_findings() -> None:
    assert (
        findings(
            army(
                SIGURD,
                Leader("Thorkell", "hero"),
                stands=(stand(leader="Sigurd"), stand(leader="Thorkell"), stand(count=3)),
            )
        )
        == []
    )


def test_one_commander_once_for_none_and_once_for_several() -> None:
    none = RULESET.check(army(Leader("A", "hero")))
    assert [(f.code, f.level, f.where) for f in none] == [("one-commander", "error", "")]
    assert "no leader is the army commander" in none[0].message
    assert none[0].fix is not None and none[0].fix.key == "role"
    three = RULESET.check(army(SIGURD, Leader("B", "commander"), Leader("C", "commander")))
    assert [f.code for f in three] == ["one-commander"]
    assert "3 leaders are army commanders" in three[0].message


def test_unknown_leader_once_per_stand_entry() -> None:
    a = army(SIGURD, stands=(stand("A", "Ragnar"), stand("B"), stand("C", "Ragnar", count=2)))
    assert findings(a) == [("unknown-leader", "stands[0]"), ("unknown-leader", "stands[2]")]
    assert "'Ragnar', who is not listed" in RULESET.check(a)[0].message


def test_leader_attached_twice_once_per_leader() -> None:
    a = army(
        SIGURD,
        Leader("T", "hero"),
        stands=(
            stand("A", "Sigurd"),
            stand("B", "Sigurd"),
            stand("C", "Sigurd"),
            stand("D", "T", count=2),
            stand("E", "T"),
        ),
    )
    assert findings(a) == [
        ("leader-attached-twice", "stands[0]"),
        ("leader-attached-twice", "stands[3]"),
    ]
    messages = [f.message for f in RULESET.check(a)]
    assert "'Sigurd' is attached to 3 stands" in messages[0]
    assert "'T' is attached to 3 stands" in messages[1]


def test_a_leader_on_a_stand_entry_of_several_is_attached_twice() -> None:
    assert findings(army(SIGURD, stands=(stand("A", "Sigurd", count=2),))) == [
        ("leader-attached-twice", "stands[0]")
    ]
    assert findings(army(SIGURD, stands=(stand("A", "Sigurd", count=1),))) == []


def test_duplicate_leader_once_per_repeated_name() -> None:
    a = army(SIGURD, Leader("Sigurd", "hero"), Leader("Sigurd", "hero"), Leader("T", "hero"))
    assert findings(a) == [("duplicate-leader", "leaders[1]"), ("duplicate-leader", "leaders[2]")]


def test_no_stands_once_an_army() -> None:
    assert findings(army(SIGURD, stands=())) == [("no-stands", "")]
    assert findings(army(stands=())) == [("one-commander", ""), ("no-stands", "")]


def test_summary_counts_stands_figures_leaders_and_banner() -> None:
    a = army(
        SIGURD,
        Leader("T", "hero", 3),
        stands=(stand(count=3), Stand("B", "thrall", 6, "none", "bow")),
    )
    a.banner = True
    s = RULESET.summary(a)
    assert [(m.key, m.value) for m in s.metrics] == [
        ("stands", 4),
        ("figures", 18),
        ("leaders", 2),
        ("banner", 1),
    ]
    assert [(line.where, line.kind, line.figures, line.points) for line in s.lines] == [
        ("stands[0]", "warrior", 12, None),
        ("stands[1]", "thrall", 6, None),
    ]
    assert s.lines[0].title == "3 x S (warriors, 4 figures, shield, spear)"
    assert s.legal


def test_codes_are_the_checks_in_order() -> None:
    from builder.systems.shieldwall import Shieldwall
    from builder.systems.shieldwall.checks import CHECKS

    assert Shieldwall.codes == tuple(c.__name__.replace("_", "-") for c in CHECKS)
