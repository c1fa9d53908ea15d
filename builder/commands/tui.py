"""``billhooks`` / ``billhooks tui [ARMY] [--ruleset NAME]``: the builder on an army file
(created if missing)."""

from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path

from builder import eventfile
from builder.commands.usage import UsageError
from builder.core.validate import ArmyFileError
from builder.files import printable
from builder.registry import DEFAULT, names


def army_path(text: str) -> Path:
    """The army file named on the command line: one that does not exist yet is a new army,
    but its folder must exist (``serve`` asks the same before it starts)."""
    path = Path(text).expanduser()
    if not path.exists() and not path.parent.is_dir():
        raise UsageError(f"{path}: no such folder: {path.parent}")
    return path


def ruleset_name(text: str | None) -> str | None:
    """The ``--ruleset`` named, checked against the systems this program knows."""
    if text is not None and text not in names():
        raise UsageError(
            f"--ruleset: no rule system called {text!r} (choose one of {', '.join(names())})"
        )
    return text


def run(args: argparse.Namespace) -> int:
    # What the builder loads and makes for its first screen (its modules, the rules, the army,
    # Textual's widgets) lives as long as the builder: the collector's passes over it were
    # wasted, a tenth of the time to the first screen. It is off until that screen is drawn,
    # and skips all of it from then on (frozen).
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _run(args)
    finally:
        gc.unfreeze()
        if enabled:
            gc.enable()


def _collect() -> None:
    """The first screen is drawn: the collector on again, skipping all there is by now. Only
    while :func:`run` has it off: an app made here but run later (a test's) changes nothing."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _run(args: argparse.Namespace) -> int:
    from builder.tui.session import Session, is_new, new_army

    problem: ArmyFileError | None = None
    ruleset = ruleset_name(getattr(args, "ruleset", None))
    ask = False
    if args.army is None:
        from builder.resources import sample_army  # the package's data: only for no army

        session = Session.sample(sample_army()) if ruleset is None else Session.new(None, ruleset)
    else:
        path = army_path(args.army)
        ask = ruleset is None and is_new(path)
        try:
            session = Session.open(path, ruleset or DEFAULT)
        except ArmyFileError as exc:
            # The builder opens anyway and says what is wrong, on a new army with no file:
            # nothing is written over the broken one unless the player saves there.
            session, problem = Session(new_army("New army", ruleset or DEFAULT), None), exc
        if ruleset is not None and session.ruleset.name != ruleset and problem is None:
            raise UsageError(
                f"{path} is a {session.ruleset.title} army ({session.ruleset.name}"
                f"), not {ruleset}: leave out --ruleset to open it"
            )
    event = getattr(args, "event", None)
    if event is not None:
        session.event = eventfile.read(event)
        session.recheck()
    from builder.tui.app import BuilderApp

    # A new army whose rule system is named: ask its name and side first.
    new = ruleset is not None and problem is None and (args.army is None or is_new(path))
    app = BuilderApp(session, problem=problem, ask_ruleset=ask, new=new, started=_collect)
    app.run()
    if app.crash is not None:
        print(f"billhooks tui: {printable(app.crash)}", file=sys.stderr)
    return app.return_code or 0
