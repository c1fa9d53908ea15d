"""Every system's draw over thousands of seeds, and ``muster --plan`` on a 300-figure collection.

    .venv/bin/python benchmarks/bench_draws.py [--seeds 2000]

For each rule system with a draw: deals its sample collection (``examples/``) at its usual size,
one army and a club draft at every seed, checks every army dealt is legal by the system's own
checks (exit 1 if one is not), and prints the median time of a draw. Then times ``--plan`` at the
usual size on each sample and on a KISS collection of 300 figures (target: under 2 s).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from builder import armyfile
from builder.core.mustering import FREE_SIDES
from builder.registry import get_ruleset, names
from builder.resources import examples_dir

#: ``--plan`` on a 300-figure collection may take this long (issue 43).
PLAN_S = 2.0

#: A 300-figure KISS collection: 25 units in 10 tables.
KISS_300 = """ruleset = "kiss"
name = "Three hundred figures"
""" + "".join(
    f'\n[[cards]]\ntroop = "{troop}"\nfigures = {figures}\ncommitment = "{commitment}"\n'
    f"count = {count}\n"
    for troop, figures, commitment, count in (
        ("archers", 12, "retinue", 5),
        ("archers", 16, "arrayed", 2),
        ("billmen", 12, "retinue", 4),
        ("billmen", 12, "well-wishers", 3),
        ("men-at-arms", 8, "retinue", 3),
        ("mounted-knights", 6, "retinue", 2),
        ("crossbows", 10, "well-wishers", 2),
        ("spears", 12, "arrayed", 2),
        ("gonne", 4, "retinue", 1),
        ("archers", 10, "arrayed", 1),
    )
)


def draws(seeds: int) -> bool:
    ok = True
    for name in names():
        ruleset = get_ruleset(name)
        muster = ruleset.muster
        if muster is None or muster.sample_collection is None:
            continue
        _, collection = armyfile.load_collection(examples_dir() / muster.sample_collection)
        sides = tuple(s.key for s in ruleset.sides.fixed) or FREE_SIDES
        times: list[float] = []
        bad = 0
        for seed in range(seeds):
            for chosen in (sides[:1], sides):
                start = time.perf_counter()
                deal = muster.deal(
                    collection, muster.usual_size, None, chosen, random.Random(seed), seed, False
                )
                times.append(time.perf_counter() - start)
                for a in deal.armies:
                    if any(f.level == "error" for f in ruleset.check(a.army)):
                        bad += 1
                        print(f"{name}: seed {seed} {chosen}: an illegal army", file=sys.stderr)
        ok = ok and not bad
        print(
            f"{name:<11} {seeds} seeds x (one army, club draft) at {muster.usual_size} "
            f"{muster.measure}: median {statistics.median(times) * 1000:.2f} ms, max "
            f"{max(times) * 1000:.1f} ms, {bad} illegal"
        )
    return ok


def plans() -> bool:
    ok = True
    cases = []
    for name in names():
        muster = get_ruleset(name).muster
        if muster is not None and muster.sample_collection is not None:
            cases.append(
                (
                    name,
                    muster.sample_collection,
                    armyfile.read(examples_dir() / muster.sample_collection).collection(),
                )
            )
    cases.append(("kiss", "300 figures", armyfile.reads(KISS_300, "kiss-300.toml").collection()))
    for name, label, collection in cases:
        muster = get_ruleset(name).muster
        assert muster is not None
        start = time.perf_counter()
        plan = muster.plan(collection, muster.usual_size, None)
        took = time.perf_counter() - start
        ok = ok and took < PLAN_S
        print(
            f"--plan {name:<11} {label:<28} {took:.3f} s (target < {PLAN_S:g} s): "
            f"{plan.json['armies']:,} armies of {muster.usual_size}"
        )
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2000, help="seeds a system (default 2000)")
    args = parser.parse_args()
    ok = draws(args.seeds)
    ok = plans() and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
