"""Time the full print pack of each rule system's two example armies against what the libraries
cost alone.

The floor: a fresh interpreter that imports WeasyPrint and ReportLab and renders the same number
of pages of plain text with each (WeasyPrint pages for the documents, ReportLab pages for the
card and token sheets). Also reports the peak memory (max RSS) of the export process itself.

Run: .venv/bin/python benchmarks/bench_export.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from measure import BILLHOOKS, Row, Target, run_child, table

from builder.resources import examples_dir

#: Kinds WeasyPrint lays out; ReportLab draws the others.
WEASY_KINDS = ("roster", "crib-sheet")
#: The pack may take this many times the libraries' own cost (issue 24: 2.5x for any system's
#: examples); the export this much memory.
PACK_RATIO = 2.5
PEAK_MB = 300
#: Each rule system's two example armies, exported together as a player would for a game.
PAIRS = {
    "billhooks": ("lancaster.toml", "york.toml"),
    "kiss": ("kiss-lancaster.toml", "kiss-york.toml"),
    "feudal": ("feudal-flanders.toml", "feudal-normandy.toml"),
    "shieldwall": ("shieldwall-norse.toml", "shieldwall-saxon.toml"),
}

FLOOR = """
import sys
from reportlab.pdfgen.canvas import Canvas
from weasyprint import HTML
weasy_pages, lab_pages, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
html = "".join(f"<p style='page-break-after:always'>Page {i} plain text</p>"
               for i in range(weasy_pages))
HTML(string=html).write_pdf(out + "/w.pdf")
c = Canvas(out + "/r.pdf")
for i in range(lab_pages):
    c.drawString(100, 700, f"Page {i} plain text")
    c.showPage()
c.save()
"""


def measure_pair(system: str, runs: int) -> list[Row]:
    """One system's pack against its floor, export and floor runs interleaved (on a busy
    machine both rise together), and the export's peak memory."""
    armies = [str(examples_dir() / name) for name in PAIRS[system]]
    with tempfile.TemporaryDirectory() as tmp:
        export = [*BILLHOOKS, "export", *armies, "--out", tmp]
        first = run_child(export)  # also tells the floor how many pages to render
        files = json.loads((Path(tmp) / "manifest.json").read_text(encoding="utf-8"))["files"]
        weasy = sum(f["pages"] for f in files if Path(f["file"]).stem in WEASY_KINDS)
        lab = sum(f["pages"] for f in files if Path(f["file"]).stem not in WEASY_KINDS)
        floor_cmd = [sys.executable, "-c", FLOOR, str(weasy), str(lab), tmp]
        packs, floors = [first], []
        for i in range(runs):
            floors.append(run_child(floor_cmd))
            if i:
                packs.append(run_child(export))
    return [
        Row(
            f"{system} pack, 2 armies ({weasy} WeasyPrint + {lab} ReportLab pages)",
            statistics.median(p.seconds for p in packs),
            statistics.median(f.seconds for f in floors),
            Target("ratio", PACK_RATIO),
        ),
        Row(
            f"{system} export peak memory (max RSS)",
            max(p.max_rss_mb for p in packs),
            statistics.median(f.max_rss_mb for f in floors),
            Target("max", PEAK_MB),
            unit="MB",
        ),
    ]


def measure(runs: int, systems: Sequence[str] = tuple(PAIRS)) -> list[Row]:
    """Every system's pack, one after another."""
    return [row for system in systems for row in measure_pair(system, runs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--system",
        choices=tuple(PAIRS),
        action="append",
        help="only this system's pack (repeatable; default: all four)",
    )
    args = parser.parse_args()
    print(table(measure(args.runs, args.system or tuple(PAIRS))))


if __name__ == "__main__":
    main()
