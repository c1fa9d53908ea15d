"""Time `billhooks check` against a bare interpreter start, and checking a 200-unit army.

Run: python benchmarks/bench_check.py [--runs N]
"""

from __future__ import annotations

import argparse
import sys

from measure import BILLHOOKS, Row, Target, median_child, median_seconds, table

from builder.army import Army, Leader, Unit, Ward
from builder.resources import examples_dir
from builder.rules import get_ruleset

#: `check` may take this many times a bare `python -c pass` (issue 7).
CHECK_RATIO = 12


def big_army(units: int) -> Army:
    troops = ["archers", "billmen", "men-at-arms", "kern", "knights", "artillery"]
    wards = [Ward(Leader(f"Leader {w}", c_in_c=w == 0), []) for w in range(units // 4)]
    for i in range(units):
        wards[i % len(wards)].units.append(Unit(troops[i % len(troops)]))
    return Army("billhooks", "Big", wards=wards)


def measure(runs: int) -> list[Row]:
    """`check` in a fresh interpreter against `python -c pass`, and the in-process check of a
    200-unit army. Both are cheap, so each takes three times ``runs`` samples."""
    runs *= 3
    army = str(examples_dir() / "lancaster.toml")
    floor = median_child([sys.executable, "-c", "pass"], runs)
    check = median_child([*BILLHOOKS, "check", army], runs)
    ruleset = get_ruleset("billhooks")
    big = big_army(200)
    return [
        Row("check examples/lancaster.toml (fresh python)", check, floor,
            Target("ratio", CHECK_RATIO)),
        Row("check a 200-unit army (in process)", median_seconds(lambda: ruleset.summarise(big),
                                                                 runs)),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    print(table(measure(parser.parse_args().runs)))


if __name__ == "__main__":
    main()
