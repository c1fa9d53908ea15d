"""KISS rules: every finding code, and every derived number against values worked by hand
from the source (KISS Wars of the Roses; docs/rules/kiss.md), the rounding cases among them."""

from __future__ import annotations

import pytest

from builder import armyfile
from builder.resources import examples_dir
from builder.systems.kiss import derive as d
from builder.systems.kiss.checks import check_army
from builder.systems.kiss.model import Army, Magnate, Unit, Ward


def magnate(ability: str = "practiced", **kw: object) -> Magnate:
    return Magnate(str(kw.pop("name", "M")), ability, **kw)  # type: ignore[arg-type]


def army(*wards: Ward, side: str = "york", pre: tuple[str, ...] = ()) -> Army:
    return Army("kiss", "T", side, list(pre), list(wards))


def ward(m: Magnate, *troops: str) -> Ward:
    return Ward(m, [Unit(t) for t in troops])


def chief(ability: str = "practiced", **kw: object) -> Magnate:
    return magnate(ability, c_in_c=True, **kw)


def codes(a: Army) -> list[tuple[str, str, str]]:
    return [(f.level, f.code, f.where) for f in check_army(a)]


# --- Findings ---------------------------------------------------------------------------------


def test_a_good_army_has_no_findings() -> None:
    assert codes(army(ward(chief(), "archers", "billmen"))) == []


def test_one_c_in_c() -> None:
    assert codes(army()) == [("error", "one-c-in-c", "")]
    assert "no magnate to lead it" in check_army(army())[0].message
    assert codes(army(ward(magnate(), "archers", "billmen"))) == [("error", "one-c-in-c", "")]
    two = army(ward(chief(), "archers", "billmen"), ward(chief(), "spears", "billmen"))
    assert codes(two) == [("error", "one-c-in-c", "wards[1].leader")]
    fix = check_army(two)[0].fix
    assert fix is not None and fix.key == "c_in_c"


def test_empty_ward_is_not_also_ward_size() -> None:
    a = army(ward(chief(), "archers", "billmen"), ward(magnate()))
    assert codes(a) == [("error", "empty-ward", "wards[1]")]


@pytest.mark.parametrize(
    ("ability", "allowed"), [("audacious", 3), ("old soldier", 2), ("practiced", 1), ("amateur", 0)]
)
def test_stratagem_count(ability: str, allowed: int) -> None:
    free = ["captain's advice", "forethought", "stout ensign", "far sighted"]
    ok = army(ward(chief(ability, stratagems=free[:allowed]), "archers", "billmen"))
    assert codes(ok) == []
    over = army(ward(chief(ability, stratagems=free[: allowed + 1]), "archers", "billmen"))
    assert codes(over) == [("error", "stratagem-count", "wards[0].leader")]
    assert f"allows {allowed}" in check_army(over)[0].message


@pytest.mark.parametrize(
    ("stratagem", "lacking", "having"),
    [
        ("inspiring", {"puissance": 3}, {"puissance": 4}),
        ("energetic", {"forwardness": 3}, {"forwardness": 4}),
        ("caltrops/pavises", {"traits": ["merciful"]}, {"traits": ["artifices"]}),
    ],
)
def test_stratagem_prerequisites_of_the_magnate(
    stratagem: str, lacking: dict[str, object], having: dict[str, object]
) -> None:
    bad = army(ward(chief("old soldier", stratagems=[stratagem], **lacking), "archers", "spears"))
    assert codes(bad) == [("error", "stratagem-prerequisite", "wards[0].leader")]
    good = army(ward(chief("old soldier", stratagems=[stratagem], **having), "archers", "spears"))
    assert codes(good) == []


def test_master_gonner_needs_a_gonne_anywhere_in_the_army() -> None:
    m = chief("practiced", stratagems=["master gonner"])
    assert codes(army(ward(m, "archers", "billmen"))) == [
        ("error", "stratagem-prerequisite", "wards[0].leader")
    ]
    assert codes(army(ward(m, "archers", "billmen"), ward(magnate(), "gonne", "billmen"))) == []


@pytest.mark.parametrize("stratagem", ["good timing", "feint"])
@pytest.mark.parametrize(
    ("ability", "ok"), [("old soldier", True), ("audacious", False), ("practiced", False)]
)
def test_old_soldier_stratagems(stratagem: str, ability: str, ok: bool) -> None:
    a = army(ward(chief(ability, stratagems=[stratagem]), "archers", "billmen"))
    assert codes(a) == ([] if ok else [("error", "stratagem-prerequisite", "wards[0].leader")])


def test_trait_conflict() -> None:
    a = army(ward(chief(traits=["bloodthirsty", "merciful"]), "archers", "billmen"))
    assert codes(a) == [("error", "trait-conflict", "wards[0].leader")]


@pytest.mark.parametrize(
    ("traits", "side", "warned"),
    [
        (["trimmer"], "york", True),
        (["treacherous"], "lancaster", True),
        (["anti-york"], "york", True),
        (["anti-Yorkist"], "york", True),
        (["anti-LANCASTER"], "lancaster", True),
        (["anti-lancastrian"], "york", False),
        (["anti-Neville"], "york", False),
        (["lethargic"], "york", False),
    ],
)
def test_treachery(traits: list[str], side: str, warned: bool) -> None:
    a = army(
        ward(chief(), "archers", "billmen"),
        ward(magnate(traits=traits), "spears", "gonne"),
        side=side,
    )
    assert codes(a) == ([("warning", "treachery", "wards[1].leader")] if warned else [])


@pytest.mark.parametrize(("units", "warned"), [(1, True), (2, False), (3, False), (4, True)])
def test_ward_size(units: int, warned: bool) -> None:
    a = army(ward(chief(), *["billmen"] * units))
    assert codes(a) == ([("warning", "ward-size", "wards[0]")] if warned else [])


def test_codes_are_every_check_s() -> None:
    from builder.registry import get_ruleset
    from builder.systems.kiss.checks import CHECKS

    assert get_ruleset("kiss").codes == tuple(c.__name__.replace("_", "-") for c in CHECKS)


def test_errors_come_before_warnings() -> None:
    a = army(ward(magnate(traits=["trimmer"]), "archers"))
    assert [c for _, c, _ in codes(a)] == ["one-c-in-c", "treachery", "ward-size"]


# --- Units ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("figures", "rout"),
    [(2, 4), (7, 4), (8, 4), (9, 4), (10, 5), (11, 5), (12, 6), (13, 6), (25, 12), (48, 24)],
)
def test_rout_point(figures: int, rout: int) -> None:
    assert d.rout_point(figures) == rout


@pytest.mark.parametrize(
    ("figures", "lost"), [(2, 1), (4, 1), (5, 1), (8, 4), (9, 5), (12, 6), (13, 7)]
)
def test_losses_to_rout(figures: int, lost: int) -> None:
    assert d.losses_to_rout(figures) == lost


@pytest.mark.parametrize(
    ("troop", "commitment", "fire", "hand", "crossbow"),
    [
        ("archers", "retinue", 6, None, None),
        ("billmen", "retinue", 5, 5, None),
        ("billmen", "well-wishers", 5, 5, None),
        ("billmen", "arrayed", 6, 6, None),
        ("men-at-arms", "arrayed", 4, 4, 6),
        ("mounted-knights", "retinue", 4, 4, 6),
        ("crossbows", "retinue", 6, None, None),
        ("spears", "retinue", 5, 5, None),
        ("gonne", "retinue", None, None, None),
    ],
)
def test_saves(
    troop: str, commitment: str, fire: int | None, hand: int | None, crossbow: int | None
) -> None:
    unit = Unit(troop, commitment)
    assert d.save_fire(unit) == fire
    assert d.save_hand(unit) == hand
    assert d.die(d.save_vs_crossbow(unit)) == d.die(crossbow)


def test_save_texts() -> None:
    assert d.save_fire_text(Unit("mounted-knights")) == (
        "6 against longbows, 4+ against other fire; 6 against crossbows (-2)"
    )
    assert d.save_fire_text(Unit("billmen")) == "5+; none against crossbows (-2)"
    assert d.save_fire_text(Unit("gonne")) == "none"


@pytest.mark.parametrize(
    ("commitment", "fails"), [("retinue", 6), ("well-wishers", 5), ("arrayed", 4)]
)
def test_morale_fail_by_commitment(commitment: str, fails: int) -> None:
    # A ward of one grade falls back to that grade when its magnate falls.
    ward = Ward(Magnate("Lord A", "practiced"), [Unit("billmen", commitment)])
    assert d.fallen_morale_fail(ward) == fails


def test_move_range_fire_and_handstrokes() -> None:
    assert [
        d.move_text(Unit(t)) for t in ("archers", "men-at-arms", "mounted-knights", "gonne")
    ] == ['6"', '4"', '8"', "static"]
    assert d.range_text(Unit("crossbows")) == '18"' and d.range_text(Unit("billmen")) == "-"
    assert d.fire_text(Unit("archers")) == "6 (5+ against enemies charging them)"
    assert d.fire_text(Unit("archers", "well-wishers")) == "6"
    assert d.fire_text(Unit("gonne", "arrayed")) == (
        "6 (5+ against enemies charging a friend beside it)"
    )
    assert d.fire_text(Unit("billmen")) == "does not shoot"
    assert d.hand_text(Unit("mounted-knights")) == "2+ on the charge, 4+ later"
    assert d.hand_text(Unit("billmen")) == "4+ first turn of contact, 5+ later"
    assert d.hand_text(Unit("archers")) == "6 first turn of contact, 5+ later"
    assert d.hand_text(Unit("men-at-arms")) == "4+"
    assert d.hand_text(Unit("gonne")) == "none"


# --- Magnates ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ability", "modifier", "extra", "changes", "text"),
    [
        ("audacious", 1, None, 2, "2+ (always, with +1)"),
        ("old soldier", 1, None, 1, "2+ (always, with +1)"),
        ("practiced", 0, None, 1, "2+"),
        ("amateur", 0, 4, 1, "2+, then 4+ as well"),
    ],
)
def test_order_roll(
    ability: str, modifier: int, extra: int | None, changes: int, text: str
) -> None:
    roll = d.order_roll(magnate(ability))
    assert (roll.modifier, roll.extra, roll.changes, roll.text) == (modifier, extra, changes, text)
    # No natural-1 rule (docs/rules/kiss.md#our-decisions): +1 makes every die succeed, the plain
    # roll needs 2.
    assert roll.needs == (1 if modifier else 2)


def test_order_changes_with_captains_advice() -> None:
    assert d.changes_text(magnate("audacious")) == "2 a turn"
    assert d.changes_text(magnate(stratagems=["captain's advice"])) == (
        "1 a turn, one more once a game (captain's advice)"
    )


@pytest.mark.parametrize(
    ("traits", "side", "lethargy", "treacherous"),
    [
        ([], "york", 0, 0),
        (["lethargic"], "york", 2, 0),
        (["treacherous"], "york", 2, 1),
        (["lethargic", "treacherous"], "york", 2, 1),
        (["trimmer", "treacherous", "anti-york"], "york", 2, 1),
        (["anti-york"], "york", 2, 1),
        (["anti-york"], "lancaster", 0, 0),
    ],
)
def test_chits(traits: list[str], side: str, lethargy: int, treacherous: int) -> None:
    c = d.chits(magnate(traits=traits), side)
    assert (c.ward, c.lethargy, c.treacherous) == (1, lethargy, treacherous)


def test_casualty_tables() -> None:
    assert d.casualty_rows("shooting") == (("2-10", "unhurt"), ("11", "wounded"), ("12", "killed"))
    assert d.casualty_rows("handstrokes") == (
        ("2-8", "unhurt"),
        ("9-10", "wounded"),
        ("11+", "killed"),
    )
    assert d.casualty_rows("I'll not shrink back") == (("2-7", "unhurt"), ("8+", "killed"))


def test_trait_reminders() -> None:
    assert "2 lethargy chits" in d.trait_reminder("lethargic")
    assert "own side" in d.trait_reminder("anti-Neville")


# --- The army ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pre", "morale"),
    [
        ((), 5),
        (("forced march",), 4),
        (("coldness of the king", "odds 3:2", "forced march", "bombardment"), 1),
    ],
)
def test_starting_morale(pre: tuple[str, ...], morale: int) -> None:
    assert d.starting_morale(army(pre=pre)) == morale


def test_morale_marks() -> None:
    assert d.morale_marks(5) == ((3, "all test"), (4, "all test worse"), (5, "all rout"))
    assert d.morale_marks(1) == ((1, "all rout"),)


def test_the_examples_add_up() -> None:
    york = armyfile.load(examples_dir() / "kiss-york.toml")
    lanc = armyfile.load(examples_dir() / "kiss-lancaster.toml")
    assert isinstance(york, Army) and isinstance(lanc, Army)
    assert check_army(york) == []
    assert d.starting_morale(york) == 4 and d.cup(york).total == 3
    assert d.figures(york) == 12 + 12 + 8 + 6 + 16 + 10 + 12
    # Three ward chits; Percy is lethargic (2); Grey the trimmer 2 lethargy and 1 treacherous.
    assert d.cup(lanc) == d.Chits(3, 4, 1)
    assert [f.code for f in check_army(lanc)] == ["treachery"]
