"""The print pack pipeline: which kinds exist and writing them all safely, the manifest
(:mod:`builder.export.pipeline.manifest`) last.

:func:`export_pack` writes every kind to a temporary name inside the output folder (a PDF, or
with ``--format png`` / ``tts`` a deck or token sheet as a temporary folder of images that
replaces the kind's folder, :mod:`builder.export.images.png`, :mod:`builder.export.images.tts`);
only when all of them and ``manifest.json`` are on disk are they renamed into place
(:func:`builder.files.commit`), manifest last. A failure leaves the folder as it was; after a
kill between two renames the manifest's ``sha256`` of each file tells a reader which files
belong to it (:func:`unverified_files`) until the next export writes the pack whole. Nothing a
killed run left in the output folder is ever read or removed (``builder.files``: a zip could
plant it). Libraries' temporary folders (WeasyPrint's fonts) live in a folder of this
process's, in billhooks' private temporary folder, that the next run removes if this one
dies. The writers are imported lazily, so importing this module
(the TUI does) loads neither ReportLab nor WeasyPrint.
"""

from __future__ import annotations

import atexit
import dataclasses
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from builder import armyfile, files
from builder.core.base import Ruleset
from builder.core.printables import (
    Deck,
    Document,
    Photo,
    Printable,
    Printables,
    PrintOptions,
    Source,
    TokenSheet,
)
from builder.core.validate import ArmyFileError
from builder.export.images.preflight import PREFLIGHT, report
from builder.export.job import (
    CARD_MM,
    DPI_RANGE,
    FORMATS,
    PAPER_MM,
    ExportError,
    ExportJob,
    Written,
)
from builder.export.pipeline import workers
from builder.export.pipeline.manifest import (
    MANIFEST,
    kind_of,
    manifest,
    merge_older,
    sha256_of,
    shop_preflight,
)
from builder.export.pipeline.packsize import check_size
from builder.export.shops import SHOP_NAMES, SHOPS, Shop, missing_profile
from builder.registry import get_ruleset

Progress = Callable[[str, int, int], None]


def print_options(
    ruleset: Ruleset,
    collections: Sequence[Source] = (),
    named: Sequence[tuple[str, Path]] = (),
    house_rules_off: frozenset[str] = frozenset(),
) -> PrintOptions:
    """What the ruleset's printables depend on besides the armies, its input files read: each
    the player's own (``named``, by option) or the one it ships. A file named for an input the
    ruleset does not read is refused, not ignored."""
    files_named = dict(named)
    declared = {spec.option: spec for spec in ruleset.inputs}
    for option in files_named.keys() - declared.keys():
        raise ExportError(
            f"--{option}: {ruleset.title} reads no such file (its pack prints no {option})"
        )
    return PrintOptions(
        tuple(collections),
        {
            option: armyfile.read_input(spec, files_named.get(option) or spec.shipped())
            for option, spec in declared.items()
        },
        house_rules_off,
    )


def printables(job: ExportJob) -> Printables:
    """What the job's ruleset prints for its armies (every count decided there)."""
    ruleset = job.ruleset
    try:
        options = print_options(
            ruleset, job.collections, job.options.inputs, job.options.house_rules_off
        )
        return ruleset.printables(job.armies, options)
    except ArmyFileError as exc:
        raise ExportError(str(exc)) from None


def kinds(job: ExportJob) -> tuple[str, ...]:
    """The kinds the job's pack holds, in order: what ``--only`` and the Print screen offer."""
    return printables(job).kinds


def ruleset_kinds(name: str) -> tuple[str, ...]:
    """The kinds a ruleset's pack holds (for help texts and tests)."""
    ruleset = get_ruleset(name)
    return ruleset.printables((), print_options(ruleset)).kinds


def write_kind(job: ExportJob, kind: str, path: Path) -> Written:
    """Write the job's printable ``kind`` alone at ``path`` (an empty folder for a folder of
    images; no manifest: tests and benchmarks)."""
    pack = printables(job)
    _check_kinds({kind}, pack.kinds)
    return _write(job, [pack.get(kind)], path, pack)


def parse_kinds(text: str, known: Sequence[str]) -> set[str]:
    """The kinds named in a comma-separated list; ExportError naming the ``known`` kinds for
    an unknown one."""
    chosen = {part.strip() for part in text.split(",") if part.strip()}
    _check_kinds(chosen, known)
    return chosen


def _check_kinds(chosen: set[str], known: Sequence[str]) -> None:
    unknown = sorted(chosen - set(known))
    if unknown or not chosen:
        what = ", ".join(unknown) if unknown else "(none)"
        raise ExportError(f"unknown kind {what}: choose from {', '.join(known)}")


def shop_of(job: ExportJob) -> Shop | None:
    """The print shop the job's decks are made for (None: printed at home)."""
    return SHOPS.get(job.options.shop)


def is_folder(job: ExportJob, item: Printable) -> bool:
    """Whether ``item`` is written as a folder of images (a deck or token sheet as PNG or
    for Tabletop Simulator; for a print shop, a deck as its PNGs) rather than a PDF."""
    shop = shop_of(job)
    if shop is not None:
        return shop.file_type == "png" and isinstance(item, Deck)
    return job.options.format != "pdf" and not isinstance(item, Document)


def single_sided(job: ExportJob, item: Printable) -> bool:
    """Whether ``item`` prints single-sided on the pack's shared sheets as PDF: a token sheet,
    or, printed at home, reference cards that are never dealt (they need no backs; a print
    shop makes them cards like any other)."""
    if isinstance(item, TokenSheet):
        return True
    return isinstance(item, Deck) and item.reference and shop_of(job) is None


def shared_file(job: ExportJob, pack: Printables) -> str:
    """The one PDF every single-sided kind of the pack (tokens, markers, trackers, labels,
    reference cards) is printed in, packed together onto shared sheets
    (:mod:`builder.export.layout.shared`): ``tokens.pdf`` where the pack has tokens (a system's
    markers are printed there too), else named for its first single-sided kind."""
    single = [i.kind for i in pack.items if single_sided(job, i)]
    return "tokens.pdf" if "tokens" in single or not single else f"{single[0]}.pdf"


def target(job: ExportJob, item: Printable, pack: Printables) -> str:
    """The name ``item`` is written under in the pack's folder: ``<kind>.pdf``, for a
    folder of images ``<kind>``, and for a token sheet or reference cards as PDF the pack's
    shared file."""
    if is_folder(job, item):
        return item.kind
    return shared_file(job, pack) if single_sided(job, item) else f"{item.kind}.pdf"


def outputs(
    job: ExportJob, pack: Printables, items: Sequence[Printable]
) -> list[tuple[str, list[Printable]]]:
    """The files ``items`` (some of ``pack``'s) are written to, in pack order (a shared file
    where its first kind is), each with the kinds it holds."""
    files: dict[str, list[Printable]] = {}
    for item in items:
        files.setdefault(target(job, item, pack), []).append(item)
    return list(files.items())


def files_for(job: ExportJob, only: set[str] | None = None) -> list[str]:
    """The names of the files an export of ``only`` (None: every kind) writes, in order."""
    pack = printables(job)
    return [
        name
        for name, _ in outputs(job, pack, [i for i in pack.items if only is None or i.kind in only])
    ]


def _write(job: ExportJob, items: Sequence[Printable], path: Path, pack: Printables) -> Written:
    """Write one file of printables (one, or the shared sheets' kinds) at ``path``, a
    temporary name in the pack's folder (the writers import their libraries on first use)."""
    item = items[0]
    shop = shop_of(job)
    if shop is not None and isinstance(item, Deck):
        from builder.export.images.shopcards import write_shop_deck

        return write_shop_deck(job, path, item, shop)
    if (job.options.format == "pdf" or shop is not None) and single_sided(job, item):
        from builder.export.layout.decks import write_tokens

        return write_tokens(
            job,
            path,
            [i for i in items if isinstance(i, TokenSheet | Deck) and single_sided(job, i)],
            pack.subject,
        )
    if isinstance(item, Document):
        from builder.export.documents.render import write_document

        return write_document(job, path, item, pack.ruleset)
    if job.options.format == "png":
        from builder.export.images.png import write_images

        return write_images(job, path, item)
    if job.options.format == "tts":
        from builder.export.images.tts import write_tts

        # Its saved object names the images where the pack renames them to.
        return write_tts(job, path, item, path.parent / target(job, item, pack))
    from builder.export.layout.decks import write_deck

    assert isinstance(item, Deck)
    return write_deck(job, path, item, pack.subject)


def default_out_dir(job: ExportJob) -> Path:
    """``output/<first army's file stem>/`` under the current folder."""
    inputs = job.armies or job.collections
    stem = inputs[0].path.stem if inputs else "army"
    # The stem names a folder inside output/: keep it one plain path component.
    safe = re.sub(r"[^\w.-]+", "-", stem).strip(".-") or "army"
    return Path("output") / safe


def _prepare(out_dir: Path) -> Path:
    if out_dir.exists() and not out_dir.is_dir():
        raise ExportError(f"{out_dir}: is a file, not a folder")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise ExportError(f"{out_dir}: a file is in the way of this folder") from None
    except OSError as exc:
        raise ExportError(f"{out_dir}: cannot create the folder ({exc.strerror or exc})") from None
    if not os.access(out_dir, os.W_OK | os.X_OK):
        raise ExportError(f"{out_dir}: the folder is not writable")
    return out_dir


_private_temp: list[Path] = []


def temp_root() -> Path:
    """The folder holding each billhooks process's private temporary folder."""
    if _private_temp:
        return _private_temp[0].parent
    return Path(tempfile.gettempdir()) / f"billhooks-{os.getuid() if hasattr(os, 'getuid') else 0}"


def _private_tempdir() -> None:
    """Send libraries' temporary files (WeasyPrint's font folders) into a folder of this
    process's under the system temporary folder, and remove the folders of processes that
    died there, so a killed export leaves no litter past the next one."""
    base = temp_root()
    if not files.private_folder(base):
        return  # someone else's, or a link: leave the default
    try:
        files.sweep_private(base)
        if _private_temp:
            return
        mine = files.temp_dir(base)
    except OSError:
        return
    _private_temp.append(mine)
    tempfile.tempdir = str(mine)
    atexit.register(shutil.rmtree, mine, True)


def _check_photos(items: Sequence[Printable], anywhere: bool) -> None:
    """ExportError naming the army file, line and key of the first photo that cannot be
    printed (or, unless ``anywhere``, lies outside its file's folder), before anything is
    written."""
    from builder.export.drawing.photos import check_photo

    for item in items:
        if not isinstance(item, Deck):
            continue
        for face in item.cards:
            for block in face.blocks:
                if not isinstance(block, Photo):
                    continue
                if not anywhere and files.outside(block.path, block.root):
                    raise ExportError(
                        f"{block.origin}: {files.printable(repr(block.written))} "
                        f"{files.OUTSIDE_PHOTO}"
                    )
                problem = files.photo_problem(block.path)
                if problem is None:
                    try:
                        check_photo(block.path)
                    except ExportError as exc:
                        problem = str(exc).removeprefix(f"{files.printable(block.path)}: ")
                if problem is not None:
                    raise ExportError(
                        f"{block.origin}: {files.printable(repr(block.written))} {problem}"
                    )


def _check_options(job: ExportJob) -> None:
    opts = job.options
    if opts.paper not in PAPER_MM:
        raise ExportError(f"unknown paper {opts.paper!r}: choose from {', '.join(PAPER_MM)}")
    if opts.card_size not in CARD_MM:
        raise ExportError(f"unknown card size {opts.card_size!r}: choose from {', '.join(CARD_MM)}")
    if not 0 <= opts.bleed <= 10:
        raise ExportError(f"bleed must be 0-10 mm, got {opts.bleed:g}")
    if opts.fold and opts.gutter:
        raise ExportError(
            "--fold and --gutter do not go together: a fold sheet's front and "
            "back meet at the fold line; leave out --gutter (--bleed still puts "
            "bleed on every outer side)"
        )
    if opts.format not in FORMATS:
        raise ExportError(f"unknown format {opts.format!r}: choose from {', '.join(FORMATS)}")
    if not DPI_RANGE[0] <= opts.dpi <= DPI_RANGE[1]:
        raise ExportError(f"dpi must be {DPI_RANGE[0]}-{DPI_RANGE[1]}, got {opts.dpi}")
    if opts.shop not in SHOP_NAMES:
        raise ExportError(f"unknown shop {opts.shop!r}: choose from {', '.join(SHOP_NAMES)}")
    if not job.armies and not job.collections:
        raise ExportError("no army to export")
    shop = shop_of(job)
    if shop is not None and (missing := missing_profile(shop)):
        raise ExportError(missing)


def _check_folders(
    job: ExportJob, pack: Printables, items: Sequence[Printable], out_dir: Path
) -> None:
    """ExportError before anything is written if a file (or a link) has the name a folder of
    images is to take: only a folder is replaced by one."""
    for item in items:
        path = out_dir / target(job, item, pack)
        if is_folder(job, item) and (path.is_symlink() or path.exists() and not path.is_dir()):
            raise ExportError(
                f"{path}: is in the way of the folder of {item.kind} images "
                "(move it, or export into another folder with --out)"
            )


def _flush(path: Path) -> None:
    """Flush a written file (or every file of a folder of images) to disk, readable by all."""
    for entry in sorted(path.iterdir()) if path.is_dir() else [path]:
        with open(entry, "rb") as fh:
            os.fsync(fh.fileno())
        os.chmod(entry, 0o644)
    if path.is_dir():
        os.chmod(path, 0o755)


def _write_all(
    job: ExportJob,
    pack: Printables,
    files_: Sequence[tuple[str, list[Printable]]],
    temps: dict[str, Path],
    progress: Progress | None,
) -> list[Written]:
    """Write every file at its temporary path, in pack order in the manifest. Each document
    goes to a forked worker of its own while this process draws the sheets, where there are
    both and workers may be forked (:mod:`builder.export.pipeline.workers`): the roster and the crib
    sheet are the two longest files and independent, so one after the other they were the
    pack's long pole. Progress is reported as each file is done, whichever process wrote
    it."""
    results: dict[str, Written] = {}

    def done(result: Written) -> None:
        results[result.file] = result
        if progress is not None:
            progress(kind_of(result.file), len(results), len(files_))

    def write(name: str, items: list[Printable]) -> Callable[[], Written]:
        def run() -> Written:
            result = _write(job, items, temps[name], pack)
            result.file = name
            result.details["sha256"] = sha256_of(temps[name])
            return result

        return run

    documents = [(n, i) for n, i in files_ if isinstance(i[0], Document)]
    here = [(n, i) for n, i in files_ if not isinstance(i[0], Document)]
    forked: list[workers.Worker[Written]] = []
    try:
        if documents and here and workers.can_fork():
            # Imported before the fork, so the workers have the libraries at once.
            from builder.export.layout import decks  # noqa: F401

            # A worker for each core beyond this one, the first documents (the roster, the
            # longest) dealt to them; the rest are written here after the sheets.
            spare = workers.spare_cores()
            for n, i in documents[:spare]:
                forked.append(workers.Worker([write(n, i)]))
            here += documents[spare:]
        else:
            here = list(files_)
        for name, items in here:
            done(write(name, items)())
            for worker in forked:
                for result in worker.ready():
                    done(result)
        for worker in forked:
            for result in worker.rest():
                done(result)
    finally:
        for worker in forked:
            worker.close()
    return [results[name] for name, _ in files_]


def export_pack(
    job: ExportJob, out_dir: Path, only: set[str] | None = None, progress: Progress | None = None
) -> dict[str, Any]:
    """Write the pack (every kind, or those in ``only``) into ``out_dir`` and return the
    manifest it also writes there. ``progress(kind, done, total)`` is called after each file.

    Raises ExportError for bad options or an unusable folder; on any failure the files already
    in ``out_dir`` are left untouched and no temporary file remains.
    """
    _check_options(job)
    check_size(job)  # before the printables are made, let alone laid out
    if job.options.format == "tts" and job.options.bleed:
        # TTS shows a card to its trim: the manifest says what was drawn.
        job = dataclasses.replace(job, options=dataclasses.replace(job.options, bleed=0.0))
    pack = printables(job)
    if only is not None:
        _check_kinds(set(only), pack.kinds)
    items = [item for item in pack.items if only is None or item.kind in only]
    files_ = outputs(job, pack, items)
    out_dir = _prepare(Path(out_dir))
    _private_tempdir()
    _check_photos(items, job.options.allow_photos_anywhere)
    _check_folders(job, pack, items, out_dir)
    temps: dict[str, Path] = {}
    try:
        for name, held in files_:
            temps[name] = (
                files.temp_dir(out_dir)
                if is_folder(job, held[0])
                else files.temp_file(out_dir, name)
            )
        written = _write_all(job, pack, files_, temps, progress)
        data = manifest(job, written, pack)
        shop = shop_of(job)
        if shop is not None:
            data["preflight"] = shop_preflight(shop, data)
            temps[PREFLIGHT] = files.write_temp(
                out_dir, PREFLIGHT, report(data["preflight"]).encode("utf-8")
            )
        # A whole pack may follow one in another format: its files are named stale.
        merge_older(data, out_dir, pack.kinds)
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        temps[MANIFEST] = files.write_temp(out_dir, MANIFEST, text.encode("utf-8"))
        for name, _ in files_:
            _flush(temps[name])
    except BaseException as exc:
        for path in temps.values():
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            # A temporary file's name would only puzzle: the folder is what the user chose.
            named = exc.filename
            where = named if isinstance(named, str) and Path(named).parent != out_dir else out_dir
            raise ExportError(
                f"{where}: cannot write ({exc.strerror or exc}); nothing in {out_dir} was changed"
            ) from None
        raise
    # Everything is on disk: move it into place, the manifest last.
    try:
        extra = [name for name in temps if name not in dict(files_) and name != MANIFEST]
        files.commit(
            [(temps[name], out_dir / name) for name, _ in files_]
            + [(temps[name], out_dir / name) for name in extra]
            + [(temps[MANIFEST], out_dir / MANIFEST)]
        )
    except OSError as exc:
        for path in temps.values():
            if os.path.lexists(path):
                shutil.rmtree(path, ignore_errors=True) if path.is_dir() else path.unlink()
        raise ExportError(
            f"{out_dir}: the pack could not be moved into place ({exc.strerror or exc}); "
            "some files may be new, and manifest.json still describes the older pack: "
            "export again"
        ) from None
    return data
