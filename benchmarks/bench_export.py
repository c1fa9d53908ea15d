"""Time the full print pack for the two example armies against what the libraries cost alone.

The floor: a fresh interpreter that imports WeasyPrint and ReportLab and renders the same number
of pages of plain text with each (WeasyPrint pages for the documents, ReportLab pages for the
card and token sheets). Also reports the peak memory (max RSS) of the export process.

Run: python benchmarks/bench_export.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from builder.resources import examples_dir

WEASY_KINDS = ("roster", "crib-sheet")

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


def timed(cmd: list[str]) -> tuple[float, int]:
    """Wall seconds and the child's peak RSS in MB."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    elapsed = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return elapsed, max(peak, before) // 1024


def measure(runs: int) -> list[tuple[str, float, float | None, str]]:
    armies = [str(examples_dir() / "lancaster.toml"), str(examples_dir() / "york.toml")]
    with tempfile.TemporaryDirectory() as tmp:
        pack_times, peaks = [], []
        for _ in range(runs):
            t, peak = timed([sys.executable, "-m", "builder", "export", *armies, "--out", tmp])
            pack_times.append(t)
            peaks.append(peak)
        manifest = json.loads((Path(tmp) / "manifest.json").read_text(encoding="utf-8"))
        files = manifest["files"]
        weasy = sum(f["pages"] for f in files if Path(f["file"]).stem in WEASY_KINDS)
        lab = sum(f["pages"] for f in files if Path(f["file"]).stem not in WEASY_KINDS)
        floor_times = [timed([sys.executable, "-c", FLOOR, str(weasy), str(lab), tmp])[0]
                       for _ in range(runs)]
    pack, floor = statistics.median(pack_times), statistics.median(floor_times)
    return [
        (f"export pack, 2 armies ({weasy}+{lab} pages)", pack, floor, "within 4x"),
        ("export peak memory (max RSS, MB)", float(max(peaks)), None, "under 300 MB"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    for job, value, floor, target in measure(parser.parse_args().runs):
        ratio = f"{value / floor:5.1f}x" if floor else ""
        shown = f"{value * 1000:8.0f}ms" if "MB" not in job else f"{value:8.0f}MB"
        floor_s = f"{floor * 1000:8.0f}ms" if floor else ""
        print(f"{job:44} {shown} {floor_s:>10} {ratio:>7}  target {target}")


if __name__ == "__main__":
    main()
