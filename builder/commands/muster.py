"""``billhooks muster COLLECTION --size N``: an army dealt from a figure collection, by the
draw of the collection's rule system (its ``muster``: a Mustering rule of its own, or our
own draw for a system without one: docs/rules/index.md#our-draws).

Prints the draw as a player would narrate it (core, shuffle and cut, each card dealt with its
size and running total, set-asides, leaders and their dice), then a table of the army it made;
``--json`` prints the draw for other tools instead. ``--out FILE`` writes the army file (with
``--both``: one file per side, ``FILE``'s stem plus ``-<side>``), only after the whole draw
succeeded. ``--plan`` answers what the collection can field, without dealing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from builder import armyfile
from builder.commands.usage import EXIT_OK, EXIT_RULES, UsageError, seed, whole
from builder.core.base import Grid, Ruleset
from builder.files import commit, printable, write_temp

if TYPE_CHECKING:
    # The parser reads this module's arguments for every command: the draw's types are
    # loaded only when a draw runs (`check` never does).
    from builder.core.mustering import Collection, Deal, Mustering


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("collection", help="the figure collection file (.toml) to deal from")
    p.add_argument(
        "--size",
        type=whole,
        help="the agreed size, in the measure of the collection's rule system (troop points, "
        "figures, units, stands: above)",
    )
    p.add_argument("--troops", type=whole, help="another name for --size (troop points)")
    p.add_argument(
        "--leaders",
        type=whole,
        help="leaders each army gets (default: the draw's own number, above); the "
        "collection's leader figures first, placeholders for the rest",
    )
    p.add_argument(
        "--plan",
        action="store_true",
        help="deal nothing: say the largest legal army, how many different armies the "
        "collection makes at --size (default the system's usual size), the units no legal "
        "army uses, and what to add for the next size up",
    )
    p.add_argument(
        "--seed",
        type=seed,
        help="seed for the shuffle and cut, to repeat a draw (default: random, and printed)",
    )
    p.add_argument(
        "--side",
        help="the side of a single army: one of the rule system's sides, or your own words "
        "where its sides are free text (default: the one its draw names)",
    )
    p.add_argument(
        "--both", action="store_true", help="club draft: every side from the one collection"
    )
    p.add_argument(
        "--out",
        metavar="FILE",
        help="write the army file here (with --both: one file per side, "
        "FILE-<side>.toml); an existing file is refused without --force",
    )
    p.add_argument(
        "--keep-proportions",
        action="store_true",
        help="house rule of the Mustering rules: set aside skirmish cards that would pass "
        "one fifth of the total (the rules deal every card)",
    )
    p.add_argument("--force", action="store_true", help="replace an existing --out file")
    p.add_argument(
        "--json", action="store_true", help="print the draw (or the plan) as JSON instead"
    )


def out_paths(out: str, sides: tuple[str, ...]) -> dict[str, Path]:
    """Where each side's army file goes: ``out`` itself for one side, else ``out``'s stem plus
    ``-<side>`` and its suffix (``.toml`` if it has none), in the same folder."""
    path = Path(out)
    if (
        not out.strip()
        or out.endswith(("/", os.sep))
        or path.name in ("", ".", "..")
        or path.is_dir()
    ):
        raise UsageError(
            f"--out {printable(out)!r} is a folder or no name; give a file name such as army.toml"
        )
    if len(sides) == 1:
        return {sides[0]: path}
    suffix = path.suffix or ".toml"
    return {side: path.with_name(f"{path.stem}-{side}{suffix}") for side in sides}


def _check_out(paths: dict[str, Path], force: bool) -> None:
    """Refuse an unwritable destination, or one that would overwrite a file without
    ``--force``, before drawing, so nothing is half written."""
    for path in paths.values():
        shown = printable(str(path))
        folder = path.parent
        if not folder.is_dir():
            raise UsageError(f"--out {shown}: no such folder {printable(str(folder))}")
        if path.is_dir() and not path.is_symlink():
            raise UsageError(f"--out {shown} is a folder; give a file name such as army.toml")
        if os.path.lexists(path) and not force:
            raise UsageError(
                f"--out {shown} already exists: add --force to replace it, or choose another name"
            )
        if not os.access(folder, os.W_OK):
            raise UsageError(f"--out {shown}: cannot write in {printable(str(folder))}")


def army_text(muster: Mustering, deal: Deal, side: str, folder: str | None) -> str:
    """The army file for ``side``, to be written in ``folder`` (photos are relative to it;
    None: the current folder): the ruleset's header comments, then the army."""
    return armyfile.dumps(deal.army(side).army, muster.header(deal, side), folder)


def write_armies(muster: Mustering, deal: Deal, paths: dict[str, Path]) -> None:
    """Write each side's army file: every file is finished under a temporary name first, then
    they are renamed into place one after the other (builder.files.commit), each under the
    name asked for (a link there is replaced, never followed). A run killed between the two
    renames leaves one file of the new seed and the other as it was (each names its seed)."""
    # The folder as it really is (photo paths are relative to it); the name as given.
    paths = {side: Path(os.path.realpath(p.parent)) / p.name for side, p in paths.items()}
    temps: dict[str, Path] = {}
    try:
        for side, path in paths.items():
            text = army_text(muster, deal, side, str(path.parent))
            kept = path.is_file() and not path.is_symlink()  # a file replaced keeps its mode
            mode = path.stat().st_mode & 0o777 if kept else 0o644
            temps[side] = write_temp(path.parent, path.name, text.encode("utf-8"), mode)
        commit((temps[side], paths[side]) for side in paths)
    except BaseException:
        for tmp in temps.values():
            tmp.unlink(missing_ok=True)
        raise


def print_grid(grid: Grid) -> None:
    """A table the ruleset made, as a simple table with its title at the left."""
    from rich import box
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, title_justify="left", title=escape(grid.title))
    for i, column in enumerate(grid.columns):
        table.add_column(column, justify="right" if i in grid.right else "left")
    for i, row in enumerate(grid.rows):
        if i in grid.sections:
            table.add_section()
        table.add_row(*(escape(cell) for cell in row))
    console = Console(highlight=False)
    console.print()
    console.print(table)


def _print_human(deal: Deal) -> None:
    # The narration is plain lines (never re-wrapped); each army is a table.
    for line in deal.transcript:
        print(line)
    for grid in deal.tables:
        print_grid(grid)


def _findings_ok(ruleset: Ruleset, deal: Deal, quiet: bool) -> bool:
    """Show the rules' advice on the dealt armies (ward sizes, leader count), and guard the
    contract that a mustered army passes ``check``: an error here is a bug, reported as such
    (exit 1, nothing written) rather than saved."""
    ok = True
    for a in deal.armies:
        side = ruleset.sides.name_of(a.side)
        for f in ruleset.check(a.army):
            if f.level == "error":
                ok = False
            if f.level == "error" or not quiet:
                print(
                    f"{side}: {f.level}: {f.message} [{f.code}]",
                    file=sys.stderr if f.level == "error" or quiet else sys.stdout,
                )
    if not ok:
        print(
            "billhooks muster: the draw made an army the rules forbid; this is a bug in "
            "billhooks, please report it with the seed",
            file=sys.stderr,
        )
    return ok


def _size(args: argparse.Namespace, muster: Mustering) -> int:
    """The agreed size (``--size``, or ``--troops`` by its other name); the usual one for
    ``--plan`` without either."""
    if args.size is not None and args.troops is not None:
        raise UsageError("give --size or --troops, not both (they are one option)")
    given, name = (args.troops, "--troops") if args.troops is not None else (args.size, "--size")
    if given is None:
        if args.plan:
            return muster.usual_size
        raise UsageError(
            f"--size is required: the agreed size in {muster.measure}, e.g. --size "
            f"{muster.usual_size}"
        )
    if given < 1:
        raise UsageError(f"{name} must be 1 or more (the agreed {muster.measure}, e.g. 100)")
    return int(given)


def _sides(ruleset: Ruleset, muster: Mustering, side: str | None, both: bool) -> tuple[str, ...]:
    """The sides to deal: a system's own (fixed names), or "Side A" and "Side B" where
    its sides are free text; one of them, or the one asked for, for a single army."""
    from builder.core.mustering import FREE_SIDES

    fixed = tuple(s.key for s in ruleset.sides.fixed)
    if both:
        return fixed or FREE_SIDES
    if side is None:
        return (muster.default_side,)
    if fixed:
        key = side.lower()
        if key not in fixed:
            raise UsageError(f"--side {printable(side)!r}: expected one of {', '.join(fixed)}")
        return (key,)
    if not side.strip() or len(side) > ruleset.sides.max_len:
        raise UsageError(f"--side: your words for the side, 1-{ruleset.sides.max_len} letters")
    return (side.strip(),)


def _plan(args: argparse.Namespace, muster: Mustering, collection: Collection, size: int) -> int:
    plan = muster.plan(collection, size, args.leaders)
    if args.json:
        print(json.dumps(plan.json, indent=2, ensure_ascii=False))
    else:
        print("\n".join(plan.lines))
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    from builder.core.mustering import DrawError

    if args.leaders is not None and args.leaders < 1:
        raise UsageError("--leaders must be 1 or more: every army has a commander")
    if args.size is not None and args.size < 1 or args.troops is not None and args.troops < 1:
        name = "--troops" if args.troops is not None else "--size"
        raise UsageError(f"{name} must be 1 or more (the agreed size, e.g. 100)")
    ruleset, collection = armyfile.load_collection(args.collection)
    muster = ruleset.muster
    assert muster is not None  # load_collection refuses a system without the draw
    size = _size(args, muster)
    if args.keep_proportions and not muster.keeps_proportions:
        raise UsageError(
            f"--keep-proportions is a house rule of the Mustering rules; {ruleset.title}'s "
            "draw has no proportions to keep"
        )
    if args.plan:
        if args.out is not None or args.both:
            raise UsageError("--plan deals nothing: it takes no --out or --both")
        return _plan(args, muster, collection, size)
    sides = _sides(ruleset, muster, args.side, args.both)
    paths = out_paths(args.out, sides) if args.out is not None else {}
    _check_out(paths, args.force)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    try:
        deal = muster.deal(
            collection,
            size,
            args.leaders,
            sides,
            random.Random(seed),
            seed,
            args.keep_proportions,
        )
    except DrawError as exc:
        print(
            f"billhooks muster: {printable(args.collection)}: {exc} (seed {seed})", file=sys.stderr
        )
        return EXIT_RULES
    if args.json:
        print(json.dumps(deal.json, indent=2, ensure_ascii=False))
    else:
        _print_human(deal)
    if not _findings_ok(ruleset, deal, quiet=args.json):
        return EXIT_RULES
    write_armies(muster, deal, paths)
    if paths:
        note = " (one file per side)" if len(paths) > 1 else ""
        written = ", ".join(
            f"{ruleset.sides.name_of(s)} to {printable(str(p))}" for s, p in paths.items()
        )
        them = "each" if len(paths) > 1 else "it"
        print(
            f"Wrote {written}{note}. Rename the leaders, then billhooks check {them}.",
            file=sys.stderr if args.json else sys.stdout,
        )
    return EXIT_OK
