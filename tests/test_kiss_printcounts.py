"""How many of each KISS printable the export makes, against the issue's print-pack table,
counted by hand for the example armies; and the card and token wording carries every label."""

from __future__ import annotations

import tomllib

from builder import armyfile
from builder.resources import cards_dir, examples_dir
from builder.systems.kiss.model import Army, Magnate, Unit, Ward
from builder.systems.kiss.printcounts import FILES, counts


def load(name: str) -> Army:
    army = armyfile.load(examples_dir() / name)
    assert isinstance(army, Army)
    return army


def test_counts_for_the_examples() -> None:
    york, lanc = load("kiss-york.toml"), load("kiss-lancaster.toml")
    # York: 3 magnates, 7 units, nobody lethargic or treacherous.
    assert counts([york]) == {
        "MAGNATE": 3,
        "ORDERS": 7,
        "WARD": 3,
        "LETHARGY": 0,
        "TREACHEROUS": 0,
        "SHAKEN": 7,
        "MORALE TRACK": 1,
    }
    # Lancaster: Percy is lethargic (2), Grey a trimmer (2 lethargy, 1 treacherous).
    assert counts([lanc]) == {
        "MAGNATE": 3,
        "ORDERS": 7,
        "WARD": 3,
        "LETHARGY": 4,
        "TREACHEROUS": 1,
        "SHAKEN": 7,
        "MORALE TRACK": 1,
    }
    both = counts([york, lanc])
    assert both["ORDERS"] == 14 and both["LETHARGY"] == 4 and both["MORALE TRACK"] == 2


def test_lethargic_and_treacherous_gives_two_lethargy_chits_not_four() -> None:
    m = Magnate("Stanley", "practiced", True, traits=["lethargic", "treacherous", "anti-york"])
    army = Army("kiss", "T", "york", wards=[Ward(m, [Unit("billmen")])])
    assert counts([army])["LETHARGY"] == 2 and counts([army])["TREACHEROUS"] == 1


def test_no_armies_no_printables() -> None:
    assert set(counts([]).values()) == {0}


def test_every_label_is_worded_in_cards_kiss() -> None:
    labels = set()
    for name in ("magnate-cards.toml", "order-markers.toml", "tokens.toml"):
        with open(cards_dir() / "kiss" / name, "rb") as f:
            data = tomllib.load(f)
        labels |= {data["label"]} if "label" in data else set()
        labels |= {v["label"] for v in data.values() if isinstance(v, dict) and "label" in v}
    assert labels == set(FILES)
