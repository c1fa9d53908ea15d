"""Every benchmark in one table: the median of several runs per job, the floor it is measured
against, the ratio, the target and PASS/MISS.

    .venv/bin/python benchmarks/run.py [--runs N] [--quick]

Targets (issues 6, 7 and 41): `check` within 4x of a bare `python -c pass`; the full print pack
of each system's examples within 2.5x of what WeasyPrint and ReportLab cost alone for as
many plain pages; a Mustering draw from a 10,000-card collection under 100 ms; the TUI's first
screen (the army's status painted) within 1.6x of importing Textual's app, and an edit on a
40-unit army re-checked and repainted within one 60 Hz frame (16 ms); the export's peak memory
under 300 MB. A job and its floor take turns, so a busy machine slows both; quote the load
(`uptime`) with the figures.

The package's bytecode is compiled first, as an install does, so a fresh interpreter measures
running the tool rather than compiling it (this environment sets PYTHONDONTWRITEBYTECODE). Exits
1 if a target is missed.
"""

from __future__ import annotations

import argparse
import compileall
import sys
import time

import bench_check
import bench_export
import bench_muster
import bench_tui
from measure import ROOT, Row, table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--runs",
        type=int,
        default=7,
        help="samples per job (default 7; cheap jobs take a multiple)",
    )
    parser.add_argument("--quick", action="store_true", help="3 samples per job")
    args = parser.parse_args()
    runs = 3 if args.quick else args.runs
    if runs < 1:
        parser.error("--runs must be at least 1")
    compileall.compile_dir(ROOT / "builder", quiet=1)
    start = time.perf_counter()
    rows: list[Row] = []
    for bench in (bench_check, bench_export, bench_muster, bench_tui):
        rows += bench.measure(runs)
    print(table(rows))
    missed = [row.job for row in rows if row.passed is False]
    print(
        f"\n{runs} runs per job, {time.perf_counter() - start:.0f} s in all; "
        + (f"MISSED: {'; '.join(missed)}" if missed else "every target met")
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
