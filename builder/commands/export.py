"""``billhooks export ARMY [ARMY ...]``: the print pack (cards, tokens, rosters, crib sheet)."""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path
from typing import Any

from builder import armyfile, eventfile
from builder.commands.usage import EXIT_RULES, INPUT_DEST, UsageError
from builder.export.images.preflight import failures, shop_step
from builder.export.job import (
    DPI,
    NEXT_STEP,
    ArmyInput,
    ExportError,
    ExportJob,
    ExportOptions,
)
from builder.export.pipeline.manifest import MANIFEST, entry_kinds
from builder.export.pipeline.pack import default_out_dir, export_pack, kinds, parse_kinds
from builder.export.pipeline.packsize import check_size
from builder.export.shops import HOME, ShopConflict, settle
from builder.files import printable
from builder.registry import get_ruleset


def _load(
    paths: list[str], photos_anywhere: bool = False
) -> tuple[tuple[ArmyInput, ...], tuple[ArmyInput, ...]]:
    """The army files and the Mustering collections among ``paths`` (a collection is a file
    holding its ruleset's collection key and no army), each collection as the army its
    ruleset makes of it (a unit per card)."""
    armies, collections = [], []
    for name in paths:
        found = armyfile.read(name, photos_anywhere)
        muster = found.ruleset.muster
        if muster is not None and found.is_collection:
            army = muster.collection_army(found.collection())
            collections.append(ArmyInput(army, Path(name), found.text))
        else:
            armies.append(ArmyInput(found.army(), Path(name), found.text))
    return tuple(armies), tuple(collections)


def _collection_kinds(collections: tuple[ArmyInput, ...]) -> frozenset[str]:
    """What the collections print on their own, as their ruleset's Mustering says (a pack is
    of one ruleset: a mixed one is refused with the kinds, below)."""
    muster = get_ruleset(collections[0].army.ruleset).muster
    assert muster is not None, "a collection is read only by a ruleset with Mustering"
    return muster.collection_kinds


def _shop_options(args: argparse.Namespace) -> None:
    """Settle ``--format``, ``--dpi`` and ``--bleed`` (None when not given) for ``--shop``,
    as the Print screen does (:func:`builder.export.shops.settle`)."""
    try:
        settled = settle(args.shop, args.format, args.dpi, args.bleed)
    except ShopConflict as exc:
        raise UsageError(str(exc)) from None
    args.format, args.dpi, args.bleed = settled.format, settled.dpi, settled.bleed


def _format_notes(args: argparse.Namespace) -> None:
    """Refuse what the chosen format cannot do, and note the options it ignores."""
    if args.shop != HOME:
        return
    if args.dpi is not None and args.format == "pdf":
        raise UsageError(
            "--dpi sets the resolution of images: use it with --format png or "
            "--format tts (PDF sheets are drawn, not rasterised)"
        )
    for flag, used in (("--gutter", args.gutter), ("--fold", args.fold)):
        if used and args.format != "pdf":
            print(
                f"billhooks export: note: {flag} lays cards out on PDF sheets; --format "
                f"{args.format} writes each card on its own, so it is ignored",
                file=sys.stderr,
            )
    if args.bleed and args.format == "tts":
        print(
            "billhooks export: note: Tabletop Simulator shows each card to its trim, so "
            "--bleed is ignored with --format tts",
            file=sys.stderr,
        )


def _options(args: argparse.Namespace) -> ExportOptions:
    # The input files the rule systems declare: a bad one stops the export before
    # anything is written, as the core reads it while the ruleset decides its printables.
    inputs = tuple(
        (key.removeprefix(INPUT_DEST), Path(value))
        for key, value in vars(args).items()
        if key.startswith(INPUT_DEST) and value is not None
    )
    return ExportOptions(
        paper=args.paper,
        card_size=args.card_size,
        bleed=args.bleed,
        gutter=args.gutter,
        fold=args.fold,
        ink_saver=args.ink_saver,
        large_print=args.large_print,
        inputs=inputs,
        format=args.format,
        dpi=args.dpi if args.dpi is not None else DPI,
        allow_photos_anywhere=args.allow_photos_anywhere,
        shop=args.shop,
    )


def _with_event(job: ExportJob, path: str) -> ExportJob:
    """The job with the house rules of the event file at ``path`` (one of its rule system)."""
    event = eventfile.read(path)
    if job.ruleset.name != event.ruleset:
        raise UsageError(
            f"{printable(path)} is an event of another rule system ({event.ruleset}); "
            f"these armies are {job.ruleset.name}"
        )
    options = dataclasses.replace(job.options, house_rules_off=event.off())
    return dataclasses.replace(job, options=options)


def _collections_only(collections: tuple[ArmyInput, ...], only: set[str] | None) -> set[str]:
    """Collections alone print the kinds their draw names; the other kinds need an army."""
    kept = _collection_kinds(collections)
    if not kept:
        raise UsageError(
            "this rule system's collections print nothing on their own: deal an army "
            "from one with `billhooks muster`, then export the army"
        )
    if only is not None and not only <= kept:
        listed = ",".join(sorted(kept))
        raise UsageError(
            f"a Mustering collection prints only {listed}: give an army "
            f"file for the other kinds, or use --only {listed}"
        )
    return set(kept) if only is None else only


def _note_broken(job: ExportJob) -> None:
    """An army that breaks a rule is printed anyway, with a note saying so."""
    for item in job.armies:
        errors = [f for f in job.ruleset.check(item.army) if f.level == "error"]
        if errors:
            shown = printable(str(item.path))
            print(
                f"billhooks export: note: {shown} breaks {len(errors)} rule(s) "
                f"(see `billhooks check {shown}`); printing it anyway",
                file=sys.stderr,
            )


def _report(out: Path, data: dict[str, Any], written: set[str], elapsed: float, step: str) -> None:
    """Each file this run wrote, with its pages and counts, then the manifest and what next.
    The manifest may also list files an earlier export wrote: only this run's are said."""
    entries = [e for e in data["files"] if set(entry_kinds(e)) & written]
    for entry in entries:
        counts = ", ".join(f"{n} {label}" for label, n in entry["counts"].items())
        what = f"{entry['pages']} file(s)" if "images" in entry else f"{entry['pages']} page(s)"
        print(f"{printable(str(out / entry['file']))}: {what}" + (f"; {counts}" if counts else ""))
    print(f"{printable(str(out / MANIFEST))}: {len(entries)} file(s) in {elapsed:.2f} s. " + step)


def run(args: argparse.Namespace) -> int:
    only = None
    if args.only is not None:
        only = {part.strip() for part in args.only.split(",") if part.strip()}
    _shop_options(args)
    _format_notes(args)
    armies, collections = _load(args.armies, args.allow_photos_anywhere)
    if not armies:
        only = _collections_only(collections, only)
    job = ExportJob(armies, _options(args), collections)
    if args.event is not None:
        job = _with_event(job, args.event)
    try:
        check_size(job)  # refused at once: the checks and printables below take a while too
    except ExportError as exc:
        print(f"billhooks export: {printable(str(exc))}", file=sys.stderr)
        return 2
    try:
        known = kinds(job)
        if only is not None:
            only = parse_kinds(",".join(sorted(only)), known)
    except ExportError as exc:
        raise UsageError(str(exc)) from None
    _note_broken(job)
    if args.out is not None and not args.out.strip():
        raise UsageError("--out needs a folder name (leave it out for output/<army>/)")
    out = Path(args.out) if args.out is not None else default_out_dir(job)
    started = time.perf_counter()
    try:
        data = export_pack(job, out, only)
    except ExportError as exc:
        print(f"billhooks export: {printable(str(exc))}", file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - started
    preflight = data.get("preflight")
    step = NEXT_STEP[args.format]
    if preflight is not None:
        step = shop_step(out, preflight)
    _report(out, data, set(known) if only is None else only, elapsed, step)
    skipped = [k for k in known if only is not None and k not in only]
    if skipped:
        print(f"(not written this time: {', '.join(skipped)})")
    if preflight is not None and not preflight["passed"]:
        for failed in failures(preflight):
            print(f"billhooks export: preflight {failed.line()}", file=sys.stderr)
        return EXIT_RULES
    return 0
