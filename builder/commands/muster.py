"""``billhooks muster COLLECTION --troops N``: the Mustering draw
(docs/rules/billhooks.md#mustering).

Prints the draw as a player would narrate it (core, shuffle and cut, each card dealt with its
points and running total, set-asides), then a table of the army it made; ``--json`` prints the
draw for other tools instead. ``--out FILE`` writes the army file (with ``--both``: one file per
side, ``FILE``'s stem plus ``-<side>``), only after the whole draw succeeded.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

from builder import armyfile
from builder.commands.usage import EXIT_OK, EXIT_RULES, UsageError, lower, seed, whole
from builder.core.base import Grid, Ruleset
from builder.core.mustering import Deal, DrawError, Mustering
from builder.files import commit, printable, write_temp


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("collection", help="the figure collection file (.toml) to deal from")
    p.add_argument("--troops", type=whole, required=True, help="agreed troop points, e.g. 100")
    p.add_argument(
        "--leaders",
        type=whole,
        default=3,
        help="leaders to add, priced as the Mustering rules price them (default 3)",
    )
    p.add_argument(
        "--seed",
        type=seed,
        help="seed for the shuffle and cut, to repeat a draw (default: random, and printed)",
    )
    p.add_argument(
        "--side",
        type=lower,
        help="the side of a single army, one of the rule system's sides (default: "
        "the one its Mustering rules name)",
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
        help="house rule: set aside skirmish cards that would pass one fifth of "
        "the total (the rules deal every card)",
    )
    p.add_argument("--force", action="store_true", help="replace an existing --out file")
    p.add_argument("--json", action="store_true", help="print the draw as JSON instead")


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


def run(args: argparse.Namespace) -> int:
    if args.troops < 1:
        raise UsageError("--troops must be 1 or more (the agreed troop points, e.g. 100)")
    if args.leaders < 1:
        raise UsageError("--leaders must be 1 or more: every army has a commander")
    ruleset, collection = armyfile.load_collection(args.collection)
    muster = ruleset.muster
    assert muster is not None  # load_collection refuses a system without the draw
    keys = tuple(side.key for side in ruleset.sides.fixed)
    side = muster.default_side if args.side is None else args.side
    if side not in keys:
        raise UsageError(f"--side {printable(side)!r}: expected one of {', '.join(keys)}")
    sides: tuple[str, ...] = keys if args.both else (side,)
    paths = out_paths(args.out, sides) if args.out is not None else {}
    _check_out(paths, args.force)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    try:
        deal = muster.deal(
            collection,
            args.troops,
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
