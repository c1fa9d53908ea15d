"""Time `billhooks check` against a bare interpreter start, and checking a 200-unit army.

Run: python benchmarks/bench_check.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from builder.army import Army, Leader, Unit, Ward
from builder.resources import examples_dir
from builder.rules import get_ruleset


def median_seconds(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=False, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def big_army(units: int) -> Army:
    troops = ["archers", "billmen", "men-at-arms", "kern", "knights", "artillery"]
    wards = [Ward(Leader(f"Leader {w}", c_in_c=w == 0), []) for w in range(units // 4)]
    for i in range(units):
        wards[i % len(wards)].units.append(Unit(troops[i % len(troops)]))
    return Army("billhooks", "Big", wards=wards)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    army = str(examples_dir() / "lancaster.toml")
    floor = median_seconds([sys.executable, "-c", "pass"], args.runs)
    check = median_seconds([sys.executable, "-m", "builder", "check", army], args.runs)
    ruleset = get_ruleset("billhooks")
    big = big_army(200)
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        ruleset.summarise(big)
        times.append(time.perf_counter() - start)
    print(f"{'job':40} {'median':>10} {'floor':>10} {'ratio':>7}")
    print(f"{'check examples/lancaster.toml':40} {check * 1000:8.1f}ms {floor * 1000:8.1f}ms "
          f"{check / floor:6.1f}x")
    print(f"{'summarise a 200-unit army (in process)':40} "
          f"{statistics.median(times) * 1000:8.2f}ms {'':>10} {'':>7}")


if __name__ == "__main__":
    main()
