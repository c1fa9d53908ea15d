"""Time the Mustering draw on a 10,000-card collection; prints the median of several runs.

    python benchmarks/bench_muster.py [--cards 10000] [--runs 15]

The collection is written to a temporary folder as a real collection file (one ``[[cards]]``
table per 10 copies, every troop type and option mix) so the load is timed too; a second file
gives every card its own table, the slowest layout to load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from builder.collection import load_collection
from builder.muster import muster

#: Card kinds cycled through; archers and billmen make half, as in a real collection.
KINDS = (
    'troop = "archers"', 'troop = "billmen"', 'troop = "archers"\nquality = "veteran"',
    'troop = "billmen"\nquality = "levy"', 'troop = "men-at-arms"', 'troop = "pikemen"',
    'troop = "skirmish-archers"', 'troop = "crossbowmen"\npavises = true',
    'troop = "knights"', 'troop = "light-horse"\narms = "bows"', 'troop = "artillery"',
    'troop = "archers"\nformation = "combined"\nrear = { troop = "billmen" }',
)


def collection_text(cards: int, per_table: int = 10) -> str:
    tables = []
    for i in range(cards // per_table):
        tables.append(f"[[cards]]\n{KINDS[i % len(KINDS)]}\ncount = {per_table}\n")
    return 'ruleset = "billhooks"\nname = "Benchmark"\n\n' + "\n".join(tables)


def median_ms(job: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        job()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "collection.toml"
        path.write_text(collection_text(args.cards), encoding="utf-8")
        flat = Path(folder) / "flat.toml"
        flat.write_text(collection_text(args.cards, per_table=1), encoding="utf-8")
        coll = load_collection(path)
        assert len(coll.cards) == args.cards
        seeds = iter(range(10**6))
        rows = [
            ("load the collection file (count = 10)", median_ms(lambda: load_collection(path),
                                                                 args.runs)),
            ("load, one [[cards]] table per card", median_ms(lambda: load_collection(flat),
                                                             max(3, args.runs // 5))),
            ("draw one army, 100 points", median_ms(
                lambda: muster(coll, 100, 3, ["lancaster"], random.Random(next(seeds))),
                args.runs)),
            ("draw both armies (--both), 100 points", median_ms(
                lambda: muster(coll, 100, 3, ["york", "lancaster"], random.Random(next(seeds))),
                args.runs)),
            ("draw one army, 1000 points", median_ms(
                lambda: muster(coll, 1000, 4, ["lancaster"], random.Random(next(seeds))),
                args.runs)),
        ]
    print(f"Mustering benchmark: {args.cards} cards, median of {args.runs} runs")
    width = max(len(name) for name, _ in rows)
    for name, ms in rows:
        print(f"  {name:<{width}}  {ms:8.1f} ms")


if __name__ == "__main__":
    main()
