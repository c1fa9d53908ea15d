"""Time the builder: opening the sample army, and re-checking after an edit on a 40-unit army.

Measures, headless (Textual's test driver, 80x24):
* import: a fresh interpreter importing the app (Textual included);
* first screen: from creating the app on the sample army to its first screen drawn, in this
  process and in a fresh interpreter (what ``billhooks`` costs before the player sees it);
* per edit on a 40-unit army (10 wards of 4 units): the core check alone
  (``ruleset.summarise``), the session's step (undo snapshot + check), the screen's step (that
  plus refreshing the tree, detail, findings and status bar), and a key press (the ``k`` key
  cycling a leader's class) until the app is idle again.

Run: python benchmarks/bench_tui.py [--runs N]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time

from builder.army import Army, Leader, Unit, Ward
from builder.resources import sample_army
from builder.rules import get_ruleset
from builder.tui.app import BillhooksApp
from builder.tui.edits import Place
from builder.tui.session import Session

TROOPS = ["archers", "billmen", "men-at-arms", "crossbowmen", "knights", "pikemen"]


def army_40() -> Army:
    wards = [Ward(Leader(f"Leader {w + 1}", c_in_c=w == 0),
                  [Unit(TROOPS[(w * 4 + u) % len(TROOPS)]) for u in range(4)])
             for w in range(10)]
    return Army("billhooks", "Forty units", side="york", points=500, wards=wards)


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:7.1f} ms (max {max(values) * 1000:.1f})"


#: A fresh interpreter: import the app, open the sample army, stop once the first screen is up.
COLD_START = """
import asyncio
from builder.resources import sample_army
from builder.tui.app import BillhooksApp
from builder.tui.session import Session

async def main():
    app = BillhooksApp(Session.sample(sample_army()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()

asyncio.run(main())
"""


def fresh(code: str, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        out.append(time.perf_counter() - start)
    return out


async def first_screen(runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        app = BillhooksApp(Session.sample(sample_army()))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            out.append(time.perf_counter() - start)
    return out


async def edits(runs: int) -> dict[str, list[float]]:
    ruleset = get_ruleset("billhooks")
    army = army_40()
    assert len(army.units_with_paths()) == 40
    times: dict[str, list[float]] = {"check": [], "session": [], "screen": [], "key": [],
                                  "idle key": []}
    for _ in range(runs):
        start = time.perf_counter()
        ruleset.summarise(army)
        times["check"].append(time.perf_counter() - start)
    app = BillhooksApp(Session(army, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.army_screen
        for i in range(runs):
            quality = ("levy", "veteran")[i % 2]

            def edit(a: Army, q: str = quality) -> None:
                a.wards[5].units[1].quality = q

            start = time.perf_counter()
            app.session.apply("bench", edit)
            times["session"].append(time.perf_counter() - start)
            start = time.perf_counter()
            screen.apply("bench", edit, Place(5, 1))
            times["screen"].append(time.perf_counter() - start)
        screen.show_army(Place(3))
        await pilot.pause()
        for _ in range(runs):
            start = time.perf_counter()
            await pilot.press("k")
            times["key"].append(time.perf_counter() - start)
            # The same press with nothing bound: what the test driver itself costs.
            start = time.perf_counter()
            await pilot.press("f12")
            times["idle key"].append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    imports = fresh("import builder.tui.app", max(3, args.runs // 10))
    cold = fresh(COLD_START, max(3, args.runs // 10))
    first = asyncio.run(first_screen(max(3, args.runs // 10)))
    per_edit = asyncio.run(edits(args.runs))
    print(f"{'import builder.tui.app (fresh python)':48} {ms(imports)}")
    print(f"{'sample army: app created -> first screen':48} {ms(first)}")
    print(f"{'sample army: fresh python -> first screen':48} {ms(cold)}")
    print(f"{'40 units: ruleset.summarise':48} {ms(per_edit['check'])}")
    print(f"{'40 units: session.apply (snapshot + check)':48} {ms(per_edit['session'])}")
    print(f"{'40 units: screen.apply (+ tree, detail, status)':48} {ms(per_edit['screen'])}")
    print(f"{'40 units: key press k -> idle (pilot)':48} {ms(per_edit['key'])}")
    print(f"{'   the same with an unbound key (pilot floor)':48} {ms(per_edit['idle key'])}")


if __name__ == "__main__":
    main()
