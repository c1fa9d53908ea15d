"""Time the builder: opening the sample army, and re-checking after an edit on a 40-unit army.

Measures, headless (Textual's test driver, 80x24):
* import: a fresh interpreter importing the app (Textual included), and one importing
  Textual's app alone (the floor of the first screen);
* first screen: from creating the app on the sample army to its first screen drawn, in this
  process, and from starting a fresh interpreter to the first frame drawn after the army's
  status (its metrics and LEGAL or what is broken) was set (what ``billhooks`` costs before
  the player sees it; the child stops there, so its teardown is not counted);
* per edit on a 40-unit army (10 wards of 4 units): the core check alone
  (``ruleset.summary``), the session's step (undo snapshot + check), the screen's step (that
  plus refreshing the tree, detail, findings and status bar), and a key press (the ``k`` key
  cycling a leader's class): until the first frame drawn after the re-check (the edit on
  screen), until the last frame (Textual repaints the scroll bars a frame later), and until
  Pilot finds the app idle again (Pilot's round trip, which sleeps in steps while it polls; an
  unbound key gives its floor).

Targets (issue 41.5; issue 6 asked a second and 50 ms): the first screen within 1.6x of a
fresh interpreter importing Textual's app, an edit on screen within one 60 Hz frame (16 ms).

Run: .venv/bin/python benchmarks/bench_tui.py [--runs N]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from typing import Any

from measure import Row, Target, clocked_child, medians_alternating, run_child, table

from builder.core.base import ArmyRecord
from builder.registry import get_ruleset
from builder.resources import sample_army
from builder.systems.billhooks.model import Army, Leader, Unit, Ward
from builder.tui.app import BuilderApp
from builder.tui.session import Session

#: Issue 41.5: the first screen within 1.6x of importing Textual's app, an edit re-checked and
#: repainted within one 60 Hz frame.
FIRST_SCREEN_RATIO = 1.6
EDIT_MS = 16
#: The floor of the first screen: a fresh interpreter importing what every Textual app imports.
TEXTUAL = "import textual.app"

TROOPS = ["archers", "billmen", "men-at-arms", "crossbowmen", "knights", "pikemen"]


def army_40() -> Army:
    wards = [
        Ward(
            Leader(f"Leader {w + 1}", c_in_c=w == 0),
            [Unit(TROOPS[(w * 4 + u) % len(TROOPS)]) for u in range(4)],
        )
        for w in range(10)
    ]
    return Army("billhooks", "Forty units", side="york", points=500, wards=wards)


#: A fresh interpreter: import the app, open the sample army, and print the time of the first
#: frame drawn once the status bar holds the army's status; then stop at once.
COLD_START = """
import asyncio, os, time
from builder.resources import sample_army
from builder.tui.app import BuilderApp
from builder.tui.session import Session
from builder.tui.widgets.status import StatusBar

shown = []
show = StatusBar.show

def show_and_note(self, *args):
    show(self, *args)
    shown.append(True)

StatusBar.show = show_and_note

async def main():
    app = BuilderApp(Session.sample(sample_army()))
    display = app._display

    def painted(screen, renderable):
        display(screen, renderable)
        if shown:
            print(time.time(), flush=True)
            os._exit(0)

    app._display = painted
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    raise SystemExit("no frame was drawn after the status was shown")

asyncio.run(main())
"""


def fresh(code: str, runs: int) -> list[float]:
    return [run_child([sys.executable, "-c", code]).seconds for _ in range(runs)]


async def first_screen(runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        app = BuilderApp(Session.sample(sample_army()))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            out.append(time.perf_counter() - start)
    return out


async def edits(runs: int) -> dict[str, list[float]]:
    ruleset = get_ruleset("billhooks")
    army = army_40()
    assert len(army.units_with_paths()) == 40
    times: dict[str, list[float]] = {
        "check": [],
        "session": [],
        "screen": [],
        "key": [],
        "idle key": [],
        "on screen": [],
        "settled": [],
    }
    for _ in range(runs):
        start = time.perf_counter()
        ruleset.summary(army)
        times["check"].append(time.perf_counter() - start)
    app = BuilderApp(Session(army, None))
    frames: list[float] = []
    checked: list[float] = []
    display = app._display
    session_apply = app.session.apply

    def spy(screen: Any, renderable: Any) -> None:
        # Every frame Textual writes to the (headless) terminal.
        display(screen, renderable)
        frames.append(time.perf_counter())

    def timed_apply(
        label: str, edit: Any, before: str | None = None, after: str | None = None
    ) -> None:
        session_apply(label, edit, before, after)
        checked.append(time.perf_counter())

    app._display = spy  # type: ignore[method-assign]
    app.session.apply = timed_apply  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.army_screen
        for i in range(runs):
            quality = ("levy", "veteran")[i % 2]

            def edit(a: ArmyRecord, q: str = quality) -> None:
                assert isinstance(a, Army)
                a.wards[5].units[1].quality = q

            start = time.perf_counter()
            app.session.apply("bench", edit)
            times["session"].append(time.perf_counter() - start)
            start = time.perf_counter()
            screen.apply("bench", edit, "wards[5].units[1]")
            times["screen"].append(time.perf_counter() - start)
        screen.show_army("wards[3]")
        await pilot.pause()
        for _ in range(runs):
            frames.clear()
            checked.clear()
            start = time.perf_counter()
            await pilot.press("k")
            times["key"].append(time.perf_counter() - start)
            # The first frame drawn after the re-check shows the edit; Textual then repaints
            # the scroll bars once the new content's size is known (the last frame).
            after = [t for t in frames if checked and t > checked[0]]
            assert after, "the edit drew no frame"
            times["on screen"].append(after[0] - start)
            times["settled"].append(after[-1] - start)
            # The same press with nothing bound: what the test driver itself costs.
            start = time.perf_counter()
            await pilot.press("f12")
            times["idle key"].append(time.perf_counter() - start)
    return times


def measure(runs: int, full: bool = False) -> list[Row]:
    """First screen of the sample army in a fresh interpreter against importing Textual's app
    (their runs taking turns), and one edit on a 40-unit army (``runs * 6`` key presses, as
    each is cheap); ``full`` adds the parts of both."""
    fresh_runs = max(3, runs)
    textual, cold = medians_alternating(
        (
            lambda: run_child([sys.executable, "-c", TEXTUAL]).seconds,
            lambda: clocked_child(COLD_START),
        ),
        fresh_runs,
    )
    per_edit = asyncio.run(edits(runs * 6))
    med = statistics.median
    rows = [
        Row(
            "TUI first screen, status painted (fresh python)",
            cold,
            textual,
            Target("ratio", FIRST_SCREEN_RATIO),
        ),
        Row(
            "TUI edit, 40 units: key -> re-checked, on screen",
            med(per_edit["on screen"]),
            target=Target("max", EDIT_MS),
        ),
        Row("TUI edit, 40 units: ... scroll bars repainted", med(per_edit["settled"])),
        Row(
            "TUI edit, 40 units: key -> idle (Pilot round trip)",
            med(per_edit["key"]),
            med(per_edit["idle key"]),
        ),
    ]
    if full:
        imports = fresh("import builder.tui.app", fresh_runs)
        first = asyncio.run(first_screen(fresh_runs))
        rows += [
            Row("import builder.tui.app (fresh python)", med(imports)),
            Row("sample army: app created -> first screen", med(first)),
            Row("40 units: ruleset.summary", med(per_edit["check"])),
            Row("40 units: session.apply (snapshot + check)", med(per_edit["session"])),
            Row("40 units: screen.apply (+ tree, detail, status)", med(per_edit["screen"])),
        ]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    print(table(measure(parser.parse_args().runs, full=True)))


if __name__ == "__main__":
    main()
