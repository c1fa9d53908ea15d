"""Time the Mustering draw on a 10,000-card collection; prints the median of several runs.

    .venv/bin/python benchmarks/bench_muster.py [--cards 10000] [--runs 15]

The collection is written to a temporary folder as a real collection file (one ``[[cards]]``
table per 10 copies, every troop type and option mix) so the load is timed too; a second file
gives every card its own table, the slowest layout to load.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

from measure import Row, Target, median_seconds, table

from builder.armyfile import load_collection as load_file
from builder.systems.billhooks.collection import Collection
from builder.systems.billhooks.draw import muster


def load_collection(path: Path) -> Collection:
    """A collection file read as ``billhooks muster`` reads it."""
    collection = load_file(path)[1]
    assert isinstance(collection, Collection)
    return collection


#: A draw of one army may take this long (issue 7).
DRAW_MS = 100

#: Card kinds cycled through; archers and billmen make half, as in a real collection.
KINDS = (
    'troop = "archers"',
    'troop = "billmen"',
    'troop = "archers"\nquality = "veteran"',
    'troop = "billmen"\nquality = "levy"',
    'troop = "men-at-arms"',
    'troop = "pikemen"',
    'troop = "skirmish-archers"',
    'troop = "crossbowmen"\npavises = true',
    'troop = "knights"',
    'troop = "light-horse"\narms = "bows"',
    'troop = "artillery"',
    'troop = "archers"\nformation = "combined"\nrear = { troop = "billmen" }',
)


def collection_text(cards: int, per_table: int = 10) -> str:
    tables = []
    for i in range(cards // per_table):
        tables.append(f"[[cards]]\n{KINDS[i % len(KINDS)]}\ncount = {per_table}\n")
    return 'ruleset = "billhooks"\nname = "Benchmark"\n\n' + "\n".join(tables)


def measure(runs: int, cards: int = 10_000, full: bool = False) -> list[Row]:
    """Draws from a ``cards``-card collection (target: one army under 100 ms), after loading
    it from a real collection file; ``full`` adds the slow one-table-per-card load and the
    larger draws."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "collection.toml"
        path.write_text(collection_text(cards), encoding="utf-8")
        coll = load_collection(path)
        assert len(coll.cards) == cards
        seeds = iter(range(10**6))
        rows = [
            Row(
                f"load a {cards:,}-card collection file",
                median_seconds(lambda: load_collection(path), runs),
            ),
            Row(
                f"Mustering draw, {cards:,}-card collection, 100 points",
                median_seconds(
                    lambda: muster(coll, 100, 3, ["lancaster"], random.Random(next(seeds))),
                    runs * 3,
                ),
                target=Target("max", DRAW_MS),
            ),
        ]
        if full:
            flat = Path(folder) / "flat.toml"
            flat.write_text(collection_text(cards, per_table=1), encoding="utf-8")
            rows += [
                Row(
                    "load, one [[cards]] table per card",
                    median_seconds(lambda: load_collection(flat), max(3, runs // 5)),
                ),
                Row(
                    "draw both armies (--both), 100 points",
                    median_seconds(
                        lambda: muster(
                            coll, 100, 3, ["york", "lancaster"], random.Random(next(seeds))
                        ),
                        runs,
                    ),
                ),
                Row(
                    "draw one army, 1000 points",
                    median_seconds(
                        lambda: muster(coll, 1000, 4, ["lancaster"], random.Random(next(seeds))),
                        runs,
                    ),
                ),
            ]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    print(f"Mustering benchmark: {args.cards} cards, median of {args.runs} runs")
    print(table(measure(args.runs, args.cards, full=True)))


if __name__ == "__main__":
    main()
