"""The full sweep of ``export --shop`` (issue 42): every example army of every rule system, for
every print shop and card size, its decks exported as the shop takes them and its preflight read.
CI tries each shop on one army a system (tests/test_shops.py); this is the rest.

    .venv/bin/python benchmarks/shops.py [--shops mpc,tgc,dtc] [--sizes poker,mini,tarot]

Prints one line per export (the preflight's verdict, the decks and their cards, the nearest ink
to the trim, the most ink, the time) and exits 1 if any preflight FAILS.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from builder.commands.share import source
from builder.core.printables import Deck
from builder.eventfile import is_event_file
from builder.export.job import ExportJob, ExportOptions
from builder.export.pipeline.pack import export_pack, printables
from builder.export.shops import SHOPS, shop_format
from builder.resources import examples_dir


def _figure(checks: list[dict[str, Any]], rule: str) -> str:
    found = [c["measured"] for c in checks if c["rule"] == rule]
    return min(found, key=len) if found else "-"


def sweep(shop: str, size: str, army: Path, out: Path) -> bool:
    profile = SHOPS[shop]
    options = ExportOptions(card_size=size, shop=shop, format=shop_format(profile), dpi=profile.dpi)
    job = ExportJob((source(str(army)),), options)
    decks = {i.kind for i in printables(job).items if isinstance(i, Deck)}
    started = time.perf_counter()
    data = export_pack(job, out, decks)
    took = time.perf_counter() - started
    flight = data["preflight"]
    checks = flight["checks"]
    nearest = min(
        (c["measured"] for c in checks if c["rule"] == "safe zone"),
        key=lambda m: float(m.split()[4]),
    )
    ordered = ", ".join(f"{d['file']} {d['cards']}" for d in flight["decks"])
    failed = [f"{c['file']} {c['rule']}" for c in checks if not c["passed"]]
    verdict = "PASS" if flight["passed"] else "FAIL " + "; ".join(failed)
    print(
        f"{shop:4} {size:6} {army.stem:22} {verdict:5} {took:5.1f} s  "
        f"[{ordered}]  safe: {nearest.removeprefix('nearest text or art ')}"
        + (f"  ink: {_figure(checks, 'ink')}" if profile.ink_limit else ""),
        flush=True,
    )
    return bool(flight["passed"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shops", default=",".join(SHOPS))
    parser.add_argument("--sizes", default="poker,mini,tarot")
    args = parser.parse_args()
    armies = [
        p
        for p in sorted(examples_dir().glob("*.toml"))
        if not p.name.endswith("collection.toml") and not is_event_file(p)
    ]
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for shop in args.shops.split(","):
            for size in args.sizes.split(","):
                for army in armies:
                    out = Path(tmp) / f"{shop}-{size}-{army.stem}"
                    ok = sweep(shop, size, army, out) and ok
    print("every preflight PASSES" if ok else "some preflight FAILS")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
