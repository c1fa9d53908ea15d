"""The roster's cost per unit, for every ruleset: WeasyPrint lays out rosters of growing size
(1, 20 and 100 units by default) in one warm interpreter a ruleset (libraries imported, fonts
loaded and the first layout set up first); the cost per unit is the slope of the CPU time
between the smallest and the largest, the memory per unit the slope of the peak RSS. The
armies are the examples grown to that many units (tests/armies.py ``scaled``: eight a ward or
battle; shieldwall stands of one).

Targets: Billhooks' roster at most a third of its cost before issue 13 (24.4 ms a unit, so
8.1 ms; a busy machine misses it); every other ruleset's roster within 1.5x of Billhooks' per
unit in the same run (issue 26.4), and so their memory per unit.

Run: .venv/bin/python benchmarks/bench_roster.py [--runs N] [--sizes 20,100,1000]
     [--tree PATH]  (measure another checkout, say the commit before, with this probe)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from measure import ROOT, Row, Target, table

RULESETS = ("billhooks", "kiss", "feudal", "shieldwall")
#: Issue 13: a third of Billhooks' cost per unit before its work (24.4 ms).
BILLHOOKS_MS = 8.1
#: Issue 26.4: every roster within this of Billhooks' per unit, time and memory.
WITHIN = 1.5
SIZES = (1, 20, 100)

PROBE = """
import json, resource, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from armies import scaled
from builder.export.job import ArmyInput, ExportJob
from builder.export.pipeline.pack import write_kind
from builder.export.documents.weasy import document_pdf

from builder import resources
ruleset, out = sys.argv[2], Path(sys.argv[3])
# The measured checkout's own templates and fonts (an editable install maps builder.templates
# to the one it was made from).
resources._folder = lambda name, root=Path(resources.__file__).parent.parent: root / name

def job(units):
    return ExportJob((ArmyInput(scaled(ruleset, units), Path("bench.toml"), ""),))

def peak_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

write_kind(job(1), "roster", out / "warm.pdf")  # imports, fonts, the first layout's set-up
found = {"warm": peak_mb()}
for n in map(int, sys.argv[4:]):  # growing sizes: the peak after each is its own
    made = job(n)
    document_pdf.cache_clear()  # laid out, not the PDF kept from the warm-up
    start = time.process_time()
    pages = write_kind(made, "roster", out / f"{ruleset}-{n}.pdf").pages
    found[n] = (time.process_time() - start, pages, peak_mb())
print(json.dumps(found))
"""


#: One probe run: the peak RSS after the warm-up (MB), and per size its CPU seconds, pages and
#: peak RSS (MB).
Sample = tuple[float, dict[int, tuple[float, int, float]]]


def sample(ruleset: str, sizes: Sequence[int], tree: Path) -> Sample:
    """One run of the probe for ``ruleset`` in a fresh interpreter."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            [sys.executable, "-c", PROBE, str(ROOT / "tests"), ruleset, tmp, *map(str, sizes)],
            check=True,
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp,
        ).stdout  # not here: "-c" puts "." first
    found = json.loads(out.splitlines()[-1])
    warm = float(found.pop("warm"))
    return warm, {int(n): (float(t), int(p), float(mb)) for n, (t, p, mb) in found.items()}


def measure(runs: int, sizes: Sequence[int] = SIZES, tree: Path = ROOT) -> list[Row]:
    lo, hi = sizes[0], sizes[-1]
    rows: list[Row] = []
    per_unit: dict[str, float] = {}
    per_kb: dict[str, float] = {}
    for ruleset in RULESETS:
        samples = [sample(ruleset, sizes, tree) for _ in range(runs)]
        rows += [
            Row(
                f"{ruleset} roster of {n} units ({samples[0][1][n][1]} pages)",
                statistics.median(s[n][0] for _, s in samples),
            )
            for n in sizes
        ]
        per_unit[ruleset] = statistics.median((s[hi][0] - s[lo][0]) / (hi - lo) for _, s in samples)
        grown = [s[hi][2] - warm for warm, s in samples]
        per_kb[ruleset] = statistics.median(grown) * 1024 / hi
        rows.append(
            Row(
                f"{ruleset} roster: peak memory at {hi} units (over warm)",
                statistics.median(grown),
                unit="MB",
            )
        )
    for ruleset in RULESETS:
        own = ruleset == "billhooks"
        rows.append(
            Row(
                f"{ruleset} roster: CPU per unit",
                per_unit[ruleset],
                floor=None if own else per_unit["billhooks"],
                target=Target("max", BILLHOOKS_MS) if own else Target("ratio", WITHIN),
            )
        )
    for ruleset in RULESETS:
        own = ruleset == "billhooks"
        rows.append(
            Row(
                f"{ruleset} roster: peak memory per unit",
                per_kb[ruleset],
                floor=None if own else per_kb["billhooks"],
                target=None if own else Target("ratio", WITHIN),
                unit="kB",
            )
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--sizes",
        default=",".join(map(str, SIZES)),
        help="growing roster sizes in units, comma-separated",
    )
    parser.add_argument(
        "--tree", type=Path, default=ROOT, help="the checkout to measure (its builder is imported)"
    )
    args = parser.parse_args()
    sizes = sorted(int(n) for n in args.sizes.split(","))
    print(table(measure(args.runs, sizes, args.tree.resolve())))


if __name__ == "__main__":
    main()
