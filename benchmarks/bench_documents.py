"""Time the two WeasyPrint documents (roster and crib sheet) for the two example armies.

Each run is a fresh interpreter doing what a user's `billhooks export ... --only
roster,crib-sheet` does, so the WeasyPrint import, the font loading and the first render's
set-up are all counted. Also prints the import alone, the floor nothing can go under.

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
    print(f"roster ({pages[0]} pages) + crib sheet ({pages[1]} pages), 2 armies, "
          f"{args.paper}, {args.runs} fresh runs")
    print(f"{'':22}{'min':>8}{'median':>8}")
    for key, label in (("import", "import weasyprint"), ("roster", "roster.pdf"),
                       ("crib", "crib-sheet.pdf"), ("total", "total wall"),
                       ("cpu", "total cpu")):
        values = [r[key] for r in runs]
        print(f"{label:22}{min(values) * 1000:6.0f}ms{statistics.median(values) * 1000:6.0f}ms")
    print("target: total under 2000 ms")


if __name__ == "__main__":
    main()
