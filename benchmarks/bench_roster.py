"""The roster's cost per unit: WeasyPrint lays out rosters of 1, 50 and 200 units (in one
warm interpreter, libraries imported and fonts loaded first), Billhooks' own and the shared
roster of facts and trackers; the cost per unit is the slope between the smallest and the
largest.

Target (issue 13): at least 3x smaller than before its work (commit 52c2e5d, measured back to
back with this one on 1 December 2026, medians of three runs: Billhooks 24.4 ms a unit, the
shared roster 23.1 ms; the machine is shared, so compare medians with medians).

Run: .venv/bin/python benchmarks/bench_roster.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile

from measure import Row, Target, table

#: Issue 13: a third of the cost per unit before its work (24.4 ms Billhooks', 23.1 ms shared).
PER_UNIT_MS = {"Billhooks roster": 8.1, "shared roster (facts)": 7.7}
SIZES = (1, 50, 200)

PROBE = """
import json, sys, time
from pathlib import Path
from builder import armyfile
from builder.export.base import ArmyInput, ExportJob
from builder.export.pack import write_kind
from builder.resources import examples_dir
from builder.rules.billhooks.model import Leader, Unit, Ward

base = armyfile.load(examples_dir() / "york.toml")
troops = [u for w in base.wards for u in w.units]
out = Path(sys.argv[1])

def job(units):
    army = armyfile.loads((examples_dir() / "york.toml").read_text(encoding="utf-8"))
    army.wards = [Ward(Leader(f"Leader {w + 1}", command_class=2),
                       [Unit(troops[(w * 8 + i) % len(troops)].troop)
                        for i in range(min(8, units - w * 8))])
                  for w in range((units + 7) // 8)]
    return ExportJob((ArmyInput(army, Path("bench.toml"), ""),))

def shared(job, path):
    # The shared roster of facts and trackers (templates/roster.html), for the same armies.
    from builder.export.documents import write_document
    from builder.rules import get_ruleset
    from builder.rules.printables import facts_roster
    return write_document(job, path, facts_roster(get_ruleset("billhooks"), job.armies), "")

write_kind(job(1), "roster", out / "warm.pdf")  # imports, fonts, the first layout's set-up
shared(job(1), out / "warm2.pdf")
times = {}
for n in map(int, sys.argv[2:]):
    start = time.perf_counter()
    pages = write_kind(job(n), "roster", out / f"r{n}.pdf").pages
    middle = time.perf_counter()
    plain = shared(job(n), out / f"s{n}.pdf").pages
    times[n] = (middle - start, pages, time.perf_counter() - middle, plain)
print(json.dumps(times))
"""


def measure(runs: int) -> list[Row]:
    samples = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(runs):
            out = subprocess.run([sys.executable, "-c", PROBE, tmp, *map(str, SIZES)],
                                 check=True, capture_output=True, text=True).stdout
            samples.append({int(k): v for k, v in json.loads(out.splitlines()[-1]).items()})

    def med(n: int, i: int) -> float:
        return float(statistics.median(s[n][i] for s in samples))

    lo, hi = SIZES[0], SIZES[-1]
    rows = []
    for name, i in (("Billhooks roster", 0), ("shared roster (facts)", 2)):
        rows += [Row(f"{name} of {n} units ({samples[0][n][i + 1]} pages)", med(n, i))
                 for n in SIZES]
        slope = statistics.median((s[hi][i] - s[lo][i]) / (hi - lo) for s in samples)
        rows.append(Row(f"{name}: layout per unit", slope,
                        target=Target("max", PER_UNIT_MS[name])))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    print(table(measure(parser.parse_args().runs)))


if __name__ == "__main__":
    main()
