"""The print pack pipeline: which kinds exist, writing them all safely, and the manifest.

:func:`export_pack` writes every kind to a temporary name inside the output folder and renames
them into place only when all have been written, then writes ``manifest.json`` atomically; a
failure leaves the folder as it was. The writers are imported lazily, so importing this module
(the TUI does) loads neither ReportLab nor WeasyPrint.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

from builder import __version__
from builder.export.base import (
    CARD_MM,
    PAPER_MM,
    TOKEN_MM,
    ArmyInput,
    ExportError,
    ExportJob,
    Written,
)

#: Kind name (the file name without ``.pdf``) -> "module:function" writing it, in pack order.
KINDS: dict[str, str] = {
    "roster": "builder.export.documents:write_roster",
    "crib-sheet": "builder.export.documents:write_crib_sheet",
    "play-deck": "builder.export.play_deck:write",
    "bonus-deck": "builder.export.bonus_deck:write",
    "special-events": "builder.export.special_events:write",
    "tokens": "builder.export.tokens:write",
    "unit-cards": "builder.export.unit_cards:write",
}

Writer = Callable[[ExportJob, Path], Written]
Progress = Callable[[str, int, int], None]

MANIFEST = "manifest.json"


def parse_kinds(text: str) -> set[str]:
    """The kinds named in a comma-separated list; ExportError naming the known kinds for an
    unknown one."""
    kinds = {part.strip() for part in text.split(",") if part.strip()}
    unknown = sorted(kinds - set(KINDS))
    if unknown or not kinds:
        what = ", ".join(unknown) if unknown else "(none)"
        raise ExportError(f"unknown kind {what}: choose from {', '.join(KINDS)}")
    return kinds


def writer(kind: str) -> Writer:
    """The function that writes ``kind`` (imported on first use)."""
    module_name, _, func = KINDS[kind].partition(":")
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        raise ExportError(f"{kind}: this build has no writer for it yet ({module_name})") from None
    found: Writer = getattr(module, func)
    return found


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
        raise ExportError(f"{out_dir}: cannot create the folder ({exc.strerror or exc})") \
            from None
    if not os.access(out_dir, os.W_OK | os.X_OK):
        raise ExportError(f"{out_dir}: the folder is not writable")
    return out_dir


def _temp_name(out_dir: Path, name: str) -> Path:
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=out_dir)
    os.close(fd)
    return Path(tmp)


def _input_entry(item: ArmyInput) -> dict[str, Any]:
    return {
        "name": item.army.name,
        "side": item.army.side,
        "file": item.path.name,
        "sha256": item.sha256[:16],
    }


def manifest(job: ExportJob, written: list[Written]) -> dict[str, Any]:
    """The manifest: armies, paper, sizes, and every file with its pages and counts."""
    opts = job.options
    return {
        "generator": f"billhooks {__version__}",
        "armies": [_input_entry(item) for item in job.armies],
        "collections": [_input_entry(item) for item in job.collections],
        "paper": {"name": opts.paper, "mm": list(PAPER_MM[opts.paper])},
        "card_size": {"name": opts.card_size, "mm": list(CARD_MM[opts.card_size])},
        "token_mm": TOKEN_MM,
        "bleed_mm": opts.bleed,
        "gutter": opts.gutter,
        "ink_saver": opts.ink_saver,
        "files": [
            {"file": w.file, "pages": w.pages, "counts": dict(sorted(w.counts.items())),
             **w.details}
            for w in written
        ],
    }


def _check_options(job: ExportJob) -> None:
    opts = job.options
    if opts.paper not in PAPER_MM:
        raise ExportError(f"unknown paper {opts.paper!r}: choose from {', '.join(PAPER_MM)}")
    if opts.card_size not in CARD_MM:
        raise ExportError(f"unknown card size {opts.card_size!r}: choose from "
                          f"{', '.join(CARD_MM)}")
    if not 0 <= opts.bleed <= 10:
        raise ExportError(f"bleed must be 0-10 mm, got {opts.bleed:g}")
    if not job.armies and not job.collections:
        raise ExportError("no army to export")


def export_pack(job: ExportJob, out_dir: Path, only: set[str] | None = None,
                progress: Progress | None = None) -> dict[str, Any]:
    """Write the pack (every kind, or those in ``only``) into ``out_dir`` and return the
    manifest it also writes there. ``progress(kind, done, total)`` is called after each file.

    Raises ExportError for bad options or an unusable folder; on any failure the files already
    in ``out_dir`` are left untouched and no temporary file remains.
    """
    _check_options(job)
    if only is not None:
        unknown = sorted(set(only) - set(KINDS))
        if unknown or not only:
            raise ExportError(f"unknown kind {', '.join(unknown) or '(none)'}: choose from "
                              f"{', '.join(KINDS)}")
    kinds = [k for k in KINDS if only is None or k in only]
    writers = {k: writer(k) for k in kinds}
    out_dir = _prepare(Path(out_dir))
    temps: dict[str, Path] = {}
    written: list[Written] = []
    try:
        for done, kind in enumerate(kinds, 1):
            tmp = temps[kind] = _temp_name(out_dir, f"{kind}.pdf")
            result = writers[kind](job, tmp)
            result.file = f"{kind}.pdf"
            written.append(result)
            if progress is not None:
                progress(kind, done, len(kinds))
        data = manifest(job, written)
        tmp = temps[MANIFEST] = _temp_name(out_dir, MANIFEST)
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2, ensure_ascii=False)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        for kind in kinds:
            os.chmod(temps[kind], 0o644)
        os.chmod(tmp, 0o644)
    except BaseException as exc:
        for path in temps.values():
            path.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            where = exc.filename or out_dir
            raise ExportError(f"{where}: cannot write ({exc.strerror or exc})") from None
        raise
    # Everything is on disk: move it into place (renames within one folder).
    for kind in kinds:
        os.replace(temps[kind], out_dir / f"{kind}.pdf")
    os.replace(temps[MANIFEST], out_dir / MANIFEST)
    return data
