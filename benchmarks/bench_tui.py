"""Time the builder: its first screen from a fresh interpreter, and an edit on a 40-unit army of
every rule system.

Measures, headless (Textual's test driver, 80x24):
* first screen: ``billhooks tui examples/lancaster.toml`` (the command line's own path, run
  headless) from starting a fresh interpreter until the first frame drawn after the status bar
  was painted with the army's status (its metrics, LEGAL or what is broken); the child stops
  there, so its teardown is not counted. The floor: a fresh interpreter until it has imported
  Textual's app. The two take turns, run by run, so a machine that grows busier slows both;
* an edit on a 40-unit army of each system in the registry (its first example, its units
  repeated in turn until there are 40), the cursor on a unit in the middle: a key press until
  the first frame drawn after the status bar was painted with the re-checked status. Two
  kinds: a field of the unit changed (Ctrl+Z and Ctrl+Y in turns, after the change was made
  as its form makes it), and the unit removed (``x``, then Ctrl+Z bringing it back). Each
  figure is given as wall time and as the CPU time this process spent meanwhile (on a loaded
  machine the wall time also holds the time other processes had the core). The selected
  record's facts follow the status by a frame: the first frame drawn once they are in the
  detail pane is given too.

Targets (issue 41.5): the first screen within 1.6x of a fresh interpreter importing Textual's
app, an edit on screen within one 60 Hz frame (16 ms).

Run: .venv/bin/python benchmarks/bench_tui.py [--runs N]
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from measure import ROOT, Row, Target, clocked_child

from builder import armyfile
from builder.core import schema
from builder.core.base import ArmyRecord
from builder.eventfile import is_event_file
from builder.registry import names
from builder.resources import examples_dir
from builder.tui import edits
from builder.tui.app import BuilderApp
from builder.tui.session import Session
from builder.tui.widgets.detail import DetailPane
from builder.tui.widgets.status import StatusBar

#: Issue 41.5: the first screen within 1.6x of importing Textual's app, an edit re-checked and
#: repainted within one 60 Hz frame.
FIRST_SCREEN_RATIO = 1.6
EDIT_MS = 16
#: The army of an edit.
UNITS = 40
#: The first screen's army, as the issue names it.
ARMY_FILE = ROOT / "examples" / "lancaster.toml"

#: The floor of the first screen: a fresh interpreter importing what every Textual app imports,
#: printing when it is done (as the first screen's child does).
TEXTUAL = """
import time
import textual.app
print(time.time(), time.process_time(), flush=True)
"""

#: A fresh interpreter running ``billhooks tui ARMY`` headless: it prints the time of the first
#: frame drawn after the status bar was painted with the army's status, then of the first frame
#: drawn once the selected record's facts are in the detail pane as well, and stops at once.
COLD_START = """
import os, sys, time
from textual.app import App
from builder import cli
from builder.tui.widgets.detail import DetailPane
from builder.tui.widgets.status import StatusBar

marks = []
status, detail = [], []
render_lines = StatusBar.render_lines

def render_and_note(self, crop):
    if self._shown is not None:
        status.append(True)
    return render_lines(self, crop)

StatusBar.render_lines = render_and_note
show = DetailPane.show

def show_and_note(self, *args):
    show(self, *args)
    detail.append(True)

DetailPane.show = show_and_note
display = App._display

def displayed(self, screen, renderable):
    display(self, screen, renderable)
    if renderable is None:
        return
    if status and not marks:
        marks.append(f"{time.time()} {time.process_time()}")
    if marks and detail:
        marks.append(f"{time.time()} {time.process_time()}")
        print(*marks[:2], sep="\\n", flush=True)
        os._exit(0)

App._display = displayed
run = App.run
App.run = lambda self, *args, **kw: run(self, headless=True, size=(80, 24))
cli.main(["tui", sys.argv[1]])
raise SystemExit("no frame was drawn after the status was painted")
"""


@dataclass
class Clock:
    """Wall and CPU seconds at one moment."""

    wall: float = field(default_factory=time.perf_counter)
    cpu: float = field(default_factory=time.process_time)


def example_of(ruleset: str) -> ArmyRecord:
    """The first example army (not a collection) of ``ruleset``."""
    for path in sorted(examples_dir().glob("*.toml")):
        if path.name.endswith("collection.toml") or is_event_file(path):
            continue
        army = armyfile.load(path)
        if army.ruleset == ruleset:
            return army
    raise LookupError(f"no example army of {ruleset}")


def grown(ruleset: str, units: int = UNITS) -> tuple[ArmyRecord, str]:
    """``ruleset``'s example with its units repeated in turn, each in the list it came from,
    until it has ``units``; and the place of a unit in the middle."""
    from builder.registry import get_ruleset

    army = example_of(ruleset)
    table = get_ruleset(ruleset).schema
    pool = [n.where for n in edits.nodes(army, table) if n.role == "unit"]
    count = len(pool)
    for i in range(units - count):
        where = pool[i % len(pool)]
        key = schema.parse(where)[-1].key
        schema.append(army, schema.parent_of(where), key, copy.deepcopy(schema.get(army, where)))
    places = [n.where for n in edits.nodes(army, table) if n.role == "unit"]
    assert len(places) == units, (ruleset, len(places))
    return army, places[units // 2]


class Watch:
    """Notes the frames Textual draws and when the status bar is painted: the end of an edit
    is the first frame drawn after the status bar rendered the re-checked status."""

    def __init__(self, app: BuilderApp) -> None:
        self.updated = False
        self.painted = False
        self.detailed = False
        self.frame: Clock | None = None
        self.detail_frame: Clock | None = None
        display = app._display
        status = StatusBar
        update, render_lines = status.update, status.render_lines
        show = DetailPane.show

        def updated(bar: Any, *args: Any, **kw: Any) -> None:
            update(bar, *args, **kw)
            self.updated = True

        def rendered(bar: Any, crop: Any) -> Any:
            if self.updated:
                self.painted = True
            return render_lines(bar, crop)

        def shown(pane: Any, *args: Any) -> None:
            show(pane, *args)
            self.detailed = True

        def displayed(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is None:
                return
            if self.painted and self.frame is None:
                self.frame = Clock()
            if self.detailed and self.detail_frame is None:
                self.detail_frame = Clock()

        app._display = displayed  # type: ignore[method-assign]
        self._patches = (
            (status, "update", updated),
            (status, "render_lines", rendered),
            (DetailPane, "show", shown),
        )
        self._saved = (
            (status, "update", update),
            (status, "render_lines", render_lines),
            (DetailPane, "show", show),
        )

    def __enter__(self) -> Watch:
        for owner, name, value in self._patches:
            setattr(owner, name, value)
        return self

    def __exit__(self, *exc: object) -> None:
        for owner, name, value in self._saved:
            setattr(owner, name, value)

    def start(self) -> Clock:
        self.updated = self.painted = self.detailed = False
        self.frame = self.detail_frame = None
        return Clock()


def field_edit(ruleset: str, army: ArmyRecord, where: str) -> tuple[str, object]:
    """A field of the record at ``where`` that holds a choice (the second such, where there are
    two: the first names what the record is), and another of its values."""
    from builder.registry import get_ruleset

    table = schema.table_at(get_ruleset(ruleset).schema, where)
    fields = [f for f in table.fields if f.choices and len(f.choices) > 1]
    chosen = fields[1] if len(fields) > 1 else fields[0]
    assert chosen.choices is not None
    now = getattr(schema.get(army, where), chosen.key)
    others = [c for c in chosen.choices if c != now]
    return chosen.key, others[0]


#: The kinds of edit timed: the keys pressed in turn, and whether a field is changed first
#: (its undo and redo then change it back and forth; a removal's undo puts the unit back).
EDITS = {"field": ("ctrl+z", "ctrl+y"), "remove": ("x", "ctrl+z")}


@dataclass
class Presses:
    """Seconds from each key press to the frame showing its re-checked status (wall and
    CPU), and to the first frame with the selected record's facts in the detail pane."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    detail: list[float] = field(default_factory=list)


async def edits_of(ruleset: str, kind: str, presses: int) -> Presses:
    """Each key press on a 40-unit army of ``ruleset``, the cursor on a unit in the middle:
    "remove": ``x`` removes it, Ctrl+Z brings it back; "field": one of its fields is changed
    (as its form would), then Ctrl+Z and Ctrl+Y undo and redo that."""
    army, place = grown(ruleset)
    app = BuilderApp(Session(army, None))
    keys = EDITS[kind]
    out = Presses()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.army_screen
        screen.show_army(place)
        if kind == "field":
            key, value = field_edit(ruleset, army, place)
            screen.apply("bench", lambda a: setattr(schema.get(a, place), key, value), place)
        await pilot.pause()
        with Watch(app) as watch:
            for i in range(presses + 2):
                start = watch.start()
                await pilot.press(keys[i % 2])
                for _ in range(200):  # the facts' frame can wait for the screen's timer
                    if watch.frame is not None and watch.detail_frame is not None:
                        break
                    await pilot.pause(0.001)
                end, detail = watch.frame, watch.detail_frame
                assert end is not None, f"{ruleset}: the edit drew no status"
                assert detail is not None, f"{ruleset}: the edit drew no facts"
                if i >= 2:  # the first edit and its undo warm up
                    out.wall.append(end.wall - start.wall)
                    out.cpu.append(end.cpu - start.cpu)
                    out.detail.append(detail.wall - start.wall)
    return out


def first_screen(runs: int) -> dict[str, tuple[float, float]]:
    """Median (wall, CPU) seconds of Textual's import, of the first screen's status painted and
    of its detail pane filled, the fresh interpreters taking turns."""
    runs_of: dict[str, list[tuple[float, float]]] = {"textual": [], "status": [], "complete": []}
    for _ in range(runs):
        runs_of["textual"] += clocked_child(TEXTUAL)
        status, complete = clocked_child(COLD_START, str(ARMY_FILE))
        runs_of["status"].append(status)
        runs_of["complete"].append(complete)
    med = statistics.median
    return {
        name: (med(t[0] for t in times), med(t[1] for t in times))
        for name, times in runs_of.items()
    }


def measure(runs: int, full: bool = False) -> list[Row]:
    """The first screen (at least 9 fresh runs of it and of its floor, taking turns) and an edit
    on a 40-unit army of each system (``runs * 4`` key presses each, as each is cheap); ``full``
    adds the CPU times."""
    first = first_screen(max(9, runs))
    textual = first["textual"]
    rows = [
        Row(
            f"TUI first screen, {ARMY_FILE.name}, status painted (fresh python)",
            first["status"][0],
            textual[0],
            Target("ratio", FIRST_SCREEN_RATIO),
        ),
        Row("... its detail pane filled too", first["complete"][0], textual[0]),
    ]
    if full:
        rows.append(
            Row("... CPU time to the status, against Textual's", first["status"][1], textual[1])
        )
        rows.append(Row("... CPU time to the detail pane", first["complete"][1], textual[1]))
    med = statistics.median
    for name in names():
        for kind in EDITS:
            presses = asyncio.run(edits_of(name, kind, runs * 4))
            rows.append(
                Row(
                    f"TUI edit, {UNITS} units of {name}, {kind}: key -> status painted",
                    med(presses.wall),
                    target=Target("max", EDIT_MS),
                )
            )
            if full:
                rows.append(Row("... CPU time of the same", med(presses.cpu)))
                rows.append(Row("... its facts in the detail pane (wall)", med(presses.detail)))
    return rows


def main() -> None:
    from measure import table

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    print(table(measure(parser.parse_args().runs, full=True)))


if __name__ == "__main__":
    main()
