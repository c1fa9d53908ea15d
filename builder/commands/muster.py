"""``billhooks muster COLLECTION --troops N``: the Mustering draw (RULES.md 1.7).

Prints the draw as a player would narrate it (core, shuffle and cut, each card dealt with its
points and running total, set-asides), then a table of the army it made; ``--json`` prints the
draw for other tools instead. ``--out FILE`` writes the army file (with ``--both``: one file per
side, ``FILE``'s stem plus ``-york`` / ``-lancaster``), only after the whole draw succeeded.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
from pathlib import Path

from builder import armyfile
from builder.collection import load_collection
from builder.commands.usage import EXIT_OK, EXIT_RULES, UsageError
from builder.files import commit, printable, real_target, sweep, write_temp
from builder.muster import SIDE_NAMES, ArmyDraw, Draw, MusterError, muster
from builder.rules import get_ruleset
from builder.rules.billhooks.model import Leader
from builder.rules.billhooks.points import leader_points

BOTH = ("york", "lancaster")


def out_paths(out: str, sides: tuple[str, ...]) -> dict[str, Path]:
    """Where each side's army file goes: ``out`` itself for one side, else ``out``'s stem plus
    ``-<side>`` and its suffix (``.toml`` if it has none), in the same folder."""
    path = Path(out)
    if not out.strip() or out.endswith(("/", os.sep)) or path.name in ("", ".", "..") \
            or path.is_dir():
        raise UsageError(f"--out {printable(out)!r} is a folder or no name; give a file name "
                         "such as army.toml")
    if len(sides) == 1:
        return {sides[0]: path}
    suffix = path.suffix or ".toml"
    return {side: path.with_name(f"{path.stem}-{side}{suffix}") for side in sides}


def _check_out(paths: dict[str, Path], force: bool) -> None:
    """Refuse an unwritable destination, or one that would overwrite a file without
    ``--force``, before drawing, so nothing is half written."""
    for path in paths.values():
        shown = printable(str(path))
        target = real_target(path)
        folder = target.parent
        if not folder.is_dir():
            raise UsageError(f"--out {shown}: no such folder {printable(str(folder))}")
        # Finish (or clear away) what a killed earlier run left there, then decide.
        sweep(folder)
        if target.is_dir():
            raise UsageError(f"--out {shown} is a folder; give a file name such as army.toml")
        if os.path.lexists(path) and not force:
            raise UsageError(f"--out {shown} already exists: add --force to replace it, or "
                             "choose another name")
        if not os.access(folder, os.W_OK):
            raise UsageError(f"--out {shown}: cannot write in {printable(str(folder))}")


def write_armies(draw: Draw, paths: dict[str, Path]) -> None:
    """Write each side's army file, all or nothing: every file is finished under a temporary
    name first, then they are renamed into place under a journal (builder.files.commit), so a
    kill between the renames is completed by the next run instead of leaving two seeds."""
    targets = {side: real_target(path) for side, path in paths.items()}
    temps: dict[str, Path] = {}
    try:
        for side, target in targets.items():
            text = army_text(draw, side, str(target.parent))
            mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
            temps[side] = write_temp(target.parent, target.name, text.encode("utf-8"), mode)
    except BaseException:
        for tmp in temps.values():
            tmp.unlink(missing_ok=True)
        raise
    if len({t.parent for t in targets.values()}) == 1:
        commit((temps[side], targets[side]) for side in targets)
    else:  # links into two folders: no single journal can cover both
        for side, target in targets.items():
            os.replace(temps[side], target)


def _header(draw: Draw, side: str) -> str:
    """Comments at the top of a written army file: what it is and what to edit."""
    a = draw.army(side)
    # The seed alone does not repeat a draw made under the house rule: say it was used.
    kept = "\n# Dealt with --keep-proportions (skirmish cards over one fifth set aside)." \
        if draw.keep_proportions else ""
    return (
        f"# {SIDE_NAMES[side]} army dealt by the Mustering draw (billhooks muster) from\n"
        f"# {draw.collection}: {draw.target} troop points agreed, seed {draw.seed}; dealt "
        f"{a.troop_points:g}.{kept}\n"
        "# The leaders' names are placeholders: write in your own. The same seed and\n"
        "# collection always deal this army, so your opponent can check the draw.\n"
    )


def army_text(draw: Draw, side: str, folder: str | None = None) -> str:
    """The army file for ``side``, to be written in ``folder`` (photos are relative to it; the
    TUI passes None, the current folder, and its save makes them relative to the file): the
    header comments, then the army, a blank line before each table header so the file reads
    like a hand-written one."""
    text = armyfile.dumps(draw.army(side).army, _header(draw, side), folder)
    return re.sub(r"\n+(\[\[wards)", r"\n\n\1", text)


def _print_human(draw: Draw) -> None:
    from rich import box
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    # The narration is plain lines (never re-wrapped); the summary is a table.
    for line in draw.transcript():
        print(line)
    console = Console(highlight=False)
    for a in draw.armies:
        console.print()
        table = Table(box=box.SIMPLE_HEAD, title_justify="left",
                      title=escape(f"{SIDE_NAMES[a.side]}: {a.army.name}"))
        table.add_column("ward")
        table.add_column("leader / unit")
        table.add_column("card", style="dim")
        table.add_column("points", justify="right")
        cards = iter([s.card for s in a.core] + [s.card for s in a.dealt])
        for i, ward in enumerate(a.army.wards, 1):
            leader = ward.leader
            chief = ", C-in-C" if leader.c_in_c else ""
            table.add_row(f"Ward {i}", Text(f"{leader.name} ({leader.rank}{chief})",
                                            style="bold"),
                          "", f"{draw_leader_points(a, leader):g}")
            for _unit in ward.units:
                card = next(cards)
                table.add_row("", f"  {card.title}", card.id, f"{card.points:g}")
        table.add_section()
        table.add_row("", f"Troop points ({draw.target} agreed)", "", f"{a.troop_points:g}")
        table.add_row("", "Leader points", "", f"{a.leader_points:g}")
        table.add_row("", Text("Total", style="bold"), "",
                      Text(f"{a.total_points:g}", style="bold"))
        console.print(table)


def draw_leader_points(a: ArmyDraw, leader: Leader) -> float:
    """A leader's points, from the ruleset."""
    return leader_points(a.army, leader)


def _findings_ok(draw: Draw, quiet: bool) -> bool:
    """Show the rules' advice on the dealt armies (ward sizes, leader count), and guard the
    contract that a mustered army passes ``check``: an error here is a bug, reported as such
    (exit 1, nothing written) rather than saved."""
    ok = True
    for a in draw.armies:
        for f in get_ruleset(a.army.ruleset).check(a.army):
            if f.level == "error":
                ok = False
            if f.level == "error" or not quiet:
                print(f"{SIDE_NAMES[a.side]}: {f.level}: {f.message} [{f.code}]",
                      file=sys.stderr if f.level == "error" or quiet else sys.stdout)
    if not ok:
        print("billhooks muster: the draw made an army the rules forbid; this is a bug in "
              "billhooks, please report it with the seed", file=sys.stderr)
    return ok


def run(args: argparse.Namespace) -> int:
    if args.troops < 1:
        raise UsageError("--troops must be 1 or more (the agreed troop points, e.g. 100)")
    if args.leaders < 1:
        raise UsageError("--leaders must be 1 or more: every army has a C-in-C")
    sides: tuple[str, ...] = BOTH if args.both else (args.side,)
    paths = out_paths(args.out, sides) if args.out is not None else {}
    _check_out(paths, args.force)
    collection = load_collection(args.collection)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    try:
        draw = muster(collection, args.troops, args.leaders, sides, random.Random(seed), seed,
                      keep_proportions=args.keep_proportions)
    except MusterError as exc:
        print(f"billhooks muster: {printable(args.collection)}: {exc} (seed {seed})",
              file=sys.stderr)
        return EXIT_RULES
    if args.json:
        print(draw.to_json())
    else:
        _print_human(draw)
    if not _findings_ok(draw, quiet=args.json):
        return EXIT_RULES
    write_armies(draw, paths)
    if paths:
        note = " (one file per side)" if len(paths) > 1 else ""
        written = ", ".join(f"{SIDE_NAMES[s]} to {printable(str(p))}" for s, p in paths.items())
        them = "each" if len(paths) > 1 else "it"
        print(f"Wrote {written}{note}. Rename the leaders, then billhooks check {them}.",
              file=sys.stderr if args.json else sys.stdout)
    return EXIT_OK
