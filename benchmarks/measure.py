"""What the benchmark scripts share: a result row with its target, timing a child process, and
the table ``run.py`` prints.

Each ``bench_*.py`` exposes ``measure(runs) -> list[Row]`` and stays runnable on its own.
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

#: ``python -m builder`` from this checkout, whatever the current folder.
ROOT = Path(__file__).resolve().parent.parent
BILLHOOKS = [sys.executable, "-m", "builder"]


@dataclass(frozen=True)
class Target:
    """A goal: ``value / floor`` at most ``limit`` (kind "ratio"), or ``value`` under
    ``limit`` in the row's unit (kind "max")."""

    kind: str
    limit: float

    def text(self, unit: str) -> str:
        if self.kind == "ratio":
            return f"within {self.limit:g}x"
        return f"under {self.limit:g} {unit}"


@dataclass(frozen=True)
class Row:
    """One job of the table: the median (seconds, or MB or kB for memory), the floor it is measured
    against if any, and the target if the issue sets one."""

    job: str
    value: float
    floor: float | None = None
    target: Target | None = None
    unit: str = "ms"

    @property
    def ratio(self) -> float | None:
        return self.value / self.floor if self.floor else None

    def shown(self, value: float | None) -> str:
        if value is None:
            return ""
        if self.unit in ("MB", "kB"):
            return f"{value:.0f} {self.unit}"
        return f"{value * 1000:.1f} ms" if value < 0.1 else f"{value * 1000:.0f} ms"

    @property
    def passed(self) -> bool | None:
        if self.target is None:
            return None
        if self.target.kind == "ratio":
            return self.ratio is not None and self.ratio <= self.target.limit
        limit = self.target.limit if self.unit in ("MB", "kB") else self.target.limit / 1000
        return self.value < limit


@dataclass(frozen=True)
class Child:
    """A finished child process: wall seconds and its own peak RSS in MB."""

    seconds: float
    max_rss_mb: float


@cache
def _bytecode() -> None:
    """Compile the checkout's modules, as ``pip install`` does an installed package's: a
    child would otherwise compile every module it imports on every run where
    PYTHONDONTWRITEBYTECODE is set (0.2-0.3 s an export), while the libraries it is measured
    against load compiled."""
    compileall.compile_dir(ROOT / "builder", quiet=1)


def run_child(cmd: Sequence[str]) -> Child:
    """Run ``cmd`` (absolute paths) with its output discarded, timing it; raise if it fails.

    ``os.wait4`` reports the resource use of exactly this child (and of any children it waited
    for), so the peak memory of one export is not mixed with earlier children's, as
    ``getrusage(RUSAGE_CHILDREN)`` would be.
    """
    _bytecode()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    devnull = os.open(os.devnull, os.O_RDWR)
    try:
        start = time.perf_counter()
        pid = os.posix_spawn(
            cmd[0],
            list(cmd),
            env,
            file_actions=[(os.POSIX_SPAWN_DUP2, devnull, fd) for fd in (0, 1, 2)],
        )
        _, status, usage = os.wait4(pid, 0)
        seconds = time.perf_counter() - start
    finally:
        os.close(devnull)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise RuntimeError(f"benchmark child failed with exit {code}: {' '.join(cmd)}")
    # Linux reports ru_maxrss in kilobytes.
    return Child(seconds, usage.ru_maxrss / 1024)


def median_seconds(job: Callable[[], object], runs: int) -> float:
    """The median wall time of ``runs`` calls of ``job`` in this process."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def median_child(cmd: Sequence[str], runs: int) -> float:
    """The median wall time of ``runs`` fresh runs of ``cmd``."""
    return statistics.median(run_child(cmd).seconds for _ in range(runs))


def medians_alternating(jobs: Sequence[Callable[[], float]], runs: int) -> tuple[float, ...]:
    """The median of ``runs`` samples of each job, the jobs taking turns, so a machine that
    grows busier or quieter meanwhile weighs on each alike (a job and its floor)."""
    samples: list[list[float]] = [[] for _ in jobs]
    for _ in range(runs):
        for job, out in zip(jobs, samples, strict=True):
            out.append(job())
    return tuple(statistics.median(out) for out in samples)


def clocked_child(code: str, *args: str) -> list[tuple[float, float]]:
    """Run a fresh interpreter on ``code`` (given ``args``), which prints ``time.time()`` and
    ``time.process_time()`` at each moment it marks: for each, the wall seconds since the
    interpreter was started and the CPU seconds it had used by then (what a user waits for,
    not the child's teardown)."""
    _bytecode()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.time()
    done = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, check=True
    )
    marks = [line.split() for line in done.stdout.splitlines() if line.strip()]
    return [(float(wall) - start, float(cpu)) for wall, cpu in marks]


HEADER = ("job", "median", "floor", "ratio", "target", "result")


def table(rows: Sequence[Row]) -> str:
    """The rows as an aligned plain-text table (also valid Markdown)."""
    cells = [HEADER]
    for row in rows:
        ratio = f"{row.ratio:.1f}x" if row.ratio is not None else ""
        target = row.target.text(row.unit) if row.target else ""
        result = {True: "PASS", False: "MISS", None: ""}[row.passed]
        cells.append((row.job, row.shown(row.value), row.shown(row.floor), ratio, target, result))
    widths = [max(len(line[i]) for line in cells) for i in range(len(HEADER))]

    def line(values: Sequence[str]) -> str:
        parts = [
            v.ljust(w) if i in (0, 4, 5) else v.rjust(w)
            for i, (v, w) in enumerate(zip(values, widths, strict=True))
        ]
        return "| " + " | ".join(parts) + " |"

    rule = (
        "|"
        + "|".join(
            ("-" * (w + 1) + ":" if i in (1, 2, 3) else "-" * (w + 2)) for i, w in enumerate(widths)
        )
        + "|"
    )
    return "\n".join([line(cells[0]), rule, *(line(c) for c in cells[1:])])
