"""Time the two WeasyPrint documents (roster and crib sheet) for the two example armies.

Each run is a fresh interpreter doing what a user's `billhooks export ... --only
roster,crib-sheet` does, so the WeasyPrint import, the font loading and the first render's
set-up are all counted. Also times a floor in the same conditions: a fresh interpreter that
imports WeasyPrint and writes the same number of pages of plain text (on a busy machine both
rise together, so the ratio is the steadier figure).

Target (issue 5): both documents in under two seconds, import included.

Run: python benchmarks/bench_documents.py [--runs N] [--paper a4|letter]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

PROBE = """
import json, sys, time
wall, cpu = time.perf_counter(), time.process_time()
import weasyprint
imported = time.perf_counter() - wall
from pathlib import Path
from builder import armyfile
from builder.export.base import ArmyInput, ExportJob, ExportOptions
from builder.export.documents import write_crib_sheet, write_roster
from builder.resources import examples_dir
paths = [examples_dir() / "lancaster.toml", examples_dir() / "york.toml"]
job = ExportJob(tuple(ArmyInput(armyfile.load(p), p, p.read_text(encoding="utf-8"))
                      for p in paths), ExportOptions(paper=sys.argv[2]))
start = time.perf_counter()
roster = write_roster(job, Path(sys.argv[1]) / "roster.pdf")
middle = time.perf_counter()
crib = write_crib_sheet(job, Path(sys.argv[1]) / "crib-sheet.pdf")
end = time.perf_counter()
print(json.dumps({"import": imported, "roster": middle - start, "crib": end - middle,
                  "total": end - wall, "cpu": time.process_time() - cpu,
                  "pages": [roster.pages, crib.pages]}))
"""

FLOOR = """
import sys, time
wall = time.perf_counter()
from weasyprint import HTML
html = "".join(f"<p style='break-after: page'>Page {i}, plain text</p>"
               for i in range(int(sys.argv[2])))
HTML(string=html).write_pdf(sys.argv[1] + "/floor.pdf")
print(time.perf_counter() - wall)
"""


def main() -> None:
    import tempfile

    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4")
    args = parser.parse_args()
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.runs):
            out = subprocess.run([sys.executable, "-c", PROBE, tmp, args.paper], check=True,
                                 capture_output=True, text=True).stdout
            runs.append(json.loads(out.splitlines()[-1]))
        pages = runs[0]["pages"]
        floors = [float(subprocess.run([sys.executable, "-c", FLOOR, tmp, str(sum(pages))],
                                       check=True, capture_output=True, text=True
                                       ).stdout.split()[-1]) for _ in range(args.runs)]
    print(f"roster ({pages[0]} pages) + crib sheet ({pages[1]} pages), 2 armies, "
          f"{args.paper}, {args.runs} fresh runs")
    print(f"{'':22}{'min':>8}{'median':>8}")
    for key, label in (("import", "import weasyprint"), ("roster", "roster.pdf"),
                       ("crib", "crib-sheet.pdf"), ("total", "total wall"),
                       ("cpu", "total cpu")):
        values = [r[key] for r in runs]
        print(f"{label:22}{min(values) * 1000:6.0f}ms{statistics.median(values) * 1000:6.0f}ms")
    print(f"{'floor (plain pages)':22}{min(floors) * 1000:6.0f}ms"
          f"{statistics.median(floors) * 1000:6.0f}ms")
    ratio = statistics.median(r["total"] for r in runs) / statistics.median(floors)
    print(f"total / floor: {ratio:.1f}x; target: total under 2000 ms")


if __name__ == "__main__":
    main()
