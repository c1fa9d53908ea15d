"""The shieldwall print pack's counts (issue 17 "The print pack": label, count), hand-counted
from the two example armies, and the printables' wording as data."""

from __future__ import annotations

import tomllib

import pytest

from builder import armyfile
from builder.resources import cards_dir, examples_dir
from builder.systems.shieldwall.model import Army, Leader, Stand
from builder.systems.shieldwall.printcounts import LABELS, counts, wedges


def example(name: str) -> Army:
    army = armyfile.load(examples_dir() / f"shieldwall-{name}.toml")
    assert isinstance(army, Army)
    return army


def test_the_norse_pack() -> None:
    # Stands 1 + 1 + 2 berserkers + 3 + bowmen 1 + sharpshooters 1 = 9; 7 not bow stands.
    # A STAND label for Thorkell too, attached to no stand: 10 labels; wounds from stands.
    assert counts([example("norse")]) == {
        "STAND": 10,
        "COMMANDER": 1,
        "HERO": 1,
        "BANNER": 1,
        "WOUND": 18,
        "LOOSE SHIELDWALL": 7,
        "TIGHT SHIELDWALL": 7,
        "WEDGE": 3,
        "BERSERK": 2,
    }


def test_the_saxon_pack() -> None:
    # Stands 1 + 2 + 2 + 1 horse + bowmen 1 = 7; 6 not bow stands; 7 // 3 = 2 wedges.
    assert counts([example("saxon")]) == {
        "STAND": 7,
        "COMMANDER": 1,
        "HERO": 1,
        "BANNER": 0,
        "WOUND": 14,
        "LOOSE SHIELDWALL": 6,
        "TIGHT SHIELDWALL": 6,
        "WEDGE": 2,
        "BERSERK": 0,
    }


def test_a_pack_of_both_adds_them_up_wedges_army_by_army() -> None:
    both = counts([example("norse"), example("saxon")])
    assert both == {
        "STAND": 17,
        "COMMANDER": 2,
        "HERO": 2,
        "BANNER": 1,
        "WOUND": 32,
        "LOOSE SHIELDWALL": 13,
        "TIGHT SHIELDWALL": 13,
        "WEDGE": 5,
        "BERSERK": 2,
    }
    assert list(both) == list(LABELS)


@pytest.mark.parametrize(
    ("stands", "wedge"), [(0, 0), (1, 0), (2, 0), (3, 1), (5, 1), (6, 2), (8, 2), (9, 3)]
)
def test_one_wedge_per_three_stands_rounded_down(stands: int, wedge: int) -> None:
    # docs/rules/shieldwall.md#file-and-pack (corrected): a wedge is three stands, so 0-2 stands get
    # no marker.
    army = Army(
        "shieldwall",
        "T",
        "N",
        leaders=[Leader("A", "commander")],
        stands=[Stand("S", "warrior", 4, "shield", "spear", count=stands)] if stands else [],
    )
    assert wedges(army) == wedge
    assert counts([army])["WEDGE"] == wedge


def test_no_armies_no_printables() -> None:
    assert counts([]) == dict.fromkeys(LABELS, 0)


def test_every_label_has_its_wording() -> None:
    tokens = tomllib.loads((cards_dir() / "shieldwall" / "tokens.toml").read_text("utf-8"))
    cards = tomllib.loads((cards_dir() / "shieldwall" / "cards.toml").read_text("utf-8"))
    labels = {t["label"] for t in tokens.values()} | {
        c["label"] for c in cards.values() if isinstance(c, dict)
    }
    assert labels == set(LABELS)
    assert all(t["note"] for t in tokens.values())
