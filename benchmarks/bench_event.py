"""Time `billhooks event` on 16 Billhooks lists (issue 44): the whole command in a fresh
interpreter (every list read and checked, the summary, the slips, 16 rosters and the CSV
written), and the intake alone in process (the lists read and checked, nothing printed).

Run: .venv/bin/python benchmarks/bench_event.py [--runs N]
"""

from __future__ import annotations

import argparse
import re
import shutil
import tempfile
from pathlib import Path

from measure import BILLHOOKS, Row, median_seconds, run_child, table

from builder import eventfile, intake
from builder.resources import examples_dir

LISTS = 16
EVENT = examples_dir() / "event-bosworth.toml"


def lists(folder: Path) -> list[str]:
    """``LISTS`` army files, the two Billhooks examples in turn, each with its player."""
    out = []
    for n in range(1, LISTS + 1):
        text = (examples_dir() / ("lancaster.toml" if n % 2 else "york.toml")).read_text()
        text = re.sub(r"^(name = .*)$", rf'\1\nplayer = "Player {n}"', text, count=1, flags=re.M)
        path = folder / f"list-{n:02d}.toml"
        path.write_text(text, encoding="utf-8")
        out.append(str(path))
    return out


def measure(runs: int) -> list[Row]:
    with tempfile.TemporaryDirectory() as tmp:
        given = lists(Path(tmp))
        event = eventfile.read(EVENT)
        intake_only = median_seconds(lambda: intake.rows(event, given), runs)
        out = Path(tmp) / "out"

        def whole() -> float:
            shutil.rmtree(out, ignore_errors=True)
            return run_child([*BILLHOOKS, "event", str(EVENT), *given, "--out", str(out)]).seconds

        times = sorted(whole() for _ in range(runs))
    return [
        Row(
            f"event: {LISTS} lists checked, summary, slips, rosters (fresh python)",
            times[runs // 2],
        ),
        Row(f"event: {LISTS} lists read and checked (in process)", intake_only),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    print(table(measure(parser.parse_args().runs)))


if __name__ == "__main__":
    main()
