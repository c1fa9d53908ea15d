"""Time `billhooks check` against a bare interpreter start, checking a 200-unit army, and
checking and printing the largest army `check` takes: 1,500 records, 375 wards of a leader and
two companies (issue 10.20: linear in the army's size; a larger one is refused at once).

Run: .venv/bin/python benchmarks/bench_check.py [--runs N]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
from pathlib import Path

from measure import BILLHOOKS, Row, Target, median_seconds, medians_alternating, run_child, table

from builder import armyfile
from builder.cli import main as billhooks
from builder.limits import ARMY_MAX
from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.systems.billhooks.model import Army, Leader, Unit, Ward

#: `check` may take this many times a bare `python -c pass` (issue 41.5; issue 7 asked 12).
CHECK_RATIO = 4
#: `check` of the largest army it takes, read, checked and printed, in milliseconds: a quarter
#: of the 2,000 ms once asked of 3,000 wards (12,000 records), which it now refuses.
WIDE_MS = 500
#: Wards of four records (the ward, its leader, two companies): builder.limits.ARMY_MAX.
WIDE_WARDS = ARMY_MAX // 4


def big_army(units: int) -> Army:
    troops = ["archers", "billmen", "men-at-arms", "kern", "knights", "artillery"]
    wards = [Ward(Leader(f"Leader {w}", c_in_c=w == 0), []) for w in range(units // 4)]
    for i in range(units):
        wards[i % len(wards)].units.append(Unit(troops[i % len(troops)]))
    return Army("billhooks", "Big", wards=wards)


def wide_army(wards: int) -> Army:
    """``wards`` wards of two companies each under long-named leaders."""
    return Army(
        "billhooks",
        "Wide",
        points=100,
        wards=[
            Ward(
                Leader(
                    f"Sir Leader number {w} of a long and winding name",
                    rank="Knight Banneret",
                    c_in_c=w == 0,
                ),
                [Unit("archers"), Unit("billmen")],
            )
            for w in range(wards)
        ],
    )


def check_printed(path: str) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        billhooks(["check", path])


def measure(runs: int) -> list[Row]:
    """`check` in a fresh interpreter against `python -c pass` (their runs taking turns), and
    the in-process check of a 200-unit army. Both are cheap, so each takes three times
    ``runs`` samples."""
    runs *= 3
    army = str(examples_dir() / "lancaster.toml")
    floor, check = medians_alternating(
        (
            lambda: run_child([sys.executable, "-c", "pass"]).seconds,
            lambda: run_child([*BILLHOOKS, "check", army]).seconds,
        ),
        runs,
    )
    ruleset = get_ruleset("billhooks")
    big = big_army(200)
    with tempfile.TemporaryDirectory() as tmp:
        wide = Path(tmp) / "wide.toml"
        wide.write_text(armyfile.dumps(wide_army(WIDE_WARDS)), encoding="utf-8")
        printed = median_seconds(lambda: check_printed(str(wide)), max(3, runs // 3))
    return [
        Row(
            "check examples/lancaster.toml (fresh python)",
            check,
            floor,
            Target("ratio", CHECK_RATIO),
        ),
        Row(
            "check a 200-unit army (in process)", median_seconds(lambda: ruleset.summary(big), runs)
        ),
        Row(
            f"check a {ARMY_MAX:,}-record army, read and printed (in process)",
            printed,
            target=Target("max", WIDE_MS),
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    print(table(measure(parser.parse_args().runs)))


if __name__ == "__main__":
    main()
