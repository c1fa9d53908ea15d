"""The print pack pipeline: which kinds exist, writing them all safely, and the manifest.

:func:`export_pack` writes every kind to a temporary name inside the output folder; only when
all of them and ``manifest.json`` are on disk are they renamed into place, under a journal
(:func:`builder.files.commit`), manifest last. A failure leaves the folder as it was; a kill
between two renames is completed by the next export into that folder, and until then the
manifest's ``sha256`` of each file tells a reader which files belong to it
(:func:`unverified_files`). The next run also sweeps a killed run's temporary files, and
libraries' temporary folders (WeasyPrint's fonts) live in a folder of this process's that the
next run removes if this one dies. The writers are imported lazily, so importing this module
(the TUI does) loads neither ReportLab nor WeasyPrint.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

from builder import __version__, files
from builder.export.base import (
    CARD_MM,
    PAPER_MM,
    TOKEN_MM,
    ArmyInput,
    ExportError,
    ExportJob,
    Written,
)
from builder.rules.validate import locate

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


def _sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(files.read_bytes(path, 1 << 30)).hexdigest()
    except files.FileProblem:
        return None


def _settings(data: dict[str, Any]) -> dict[str, Any]:
    """What makes two manifests the same pack: everything but the file lists."""
    return {k: v for k, v in data.items() if k not in ("files", "stale_files", "generator")}


def read_manifest(out_dir: Path) -> dict[str, Any] | None:
    """The manifest in ``out_dir``, or None when there is none or it is not ours."""
    try:
        data = json.loads(files.read_bytes(out_dir / MANIFEST))
    except (files.FileProblem, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("files"), list):
        return None
    return data


def unverified_files(out_dir: Path) -> list[str]:
    """The files the manifest in ``out_dir`` lists whose bytes are not the ones it records
    (missing, or replaced by another run): readers trust only the others."""
    data = read_manifest(out_dir)
    if data is None:
        return []
    return [e["file"] for e in data["files"] if isinstance(e, dict) and
            (not isinstance(e.get("file"), str) or Path(e["file"]).name != e["file"]
             or _sha256(out_dir / e["file"]) != e.get("sha256"))]


def _merge(data: dict[str, Any], out_dir: Path) -> None:
    """Keep ``data`` (the manifest of an ``--only`` export) true to the whole folder: entries of
    the older manifest whose files are still there, unchanged, from the same pack (armies and
    options) are carried over; the older pack's other files present are named in
    ``stale_files``, so nobody prints them as part of this pack."""
    old = read_manifest(out_dir)
    if old is None:
        return
    now = {e["file"] for e in data["files"]}
    same_pack = _settings(old) == _settings(data)
    stale = []
    for entry in old["files"]:
        name = entry.get("file") if isinstance(entry, dict) else None
        if not isinstance(name, str) or name in now or Path(name).name != name:
            continue
        if not (out_dir / name).is_file():
            continue
        if same_pack and _sha256(out_dir / name) == entry.get("sha256"):
            data["files"].append(entry)
        else:
            stale.append(name)
    earlier = old.get("stale_files")
    for name in earlier if isinstance(earlier, list) else []:
        if isinstance(name, str) and Path(name).name == name and name not in now \
                and name not in stale and (out_dir / name).is_file():
            stale.append(name)
    order = list(KINDS)
    data["files"].sort(key=lambda e: order.index(e["file"][:-4])
                       if e["file"][:-4] in order else len(order))
    if stale:
        data["stale_files"] = sorted(stale)


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
    try:
        base.mkdir(mode=0o700, exist_ok=True)
        if hasattr(os, "getuid") and base.stat().st_uid != os.getuid():
            return  # someone else's folder: leave the default
        files.sweep(base)
        if _private_temp:
            return
        mine = files.temp_dir(base)
    except OSError:
        return
    _private_temp.append(mine)
    tempfile.tempdir = str(mine)
    atexit.register(shutil.rmtree, mine, True)


def _check_photos(job: ExportJob) -> None:
    """ExportError naming the army file, line and key of the first photo that cannot be
    printed, before anything is written."""
    from builder.export.photos import check_photo

    for item in (*job.armies, *job.collections):
        folder = files.file_folder(item.path)
        for wi, ward in enumerate(item.army.wards):
            for ui, unit in enumerate(ward.units):
                if not unit.photo:
                    continue
                written = Path(os.path.relpath(unit.photo, folder)).as_posix()
                if item in job.collections:
                    key, line = "photo", None  # a collection's cards were checked at load
                else:
                    key = f"wards[{wi}].units[{ui}].photo"
                    line = locate(item.text, key)
                place = f"{files.printable(str(item.path))}" + (f":{line}" if line else "")
                problem = files.photo_problem(unit.photo)
                if problem is None:
                    try:
                        check_photo(unit.photo)
                    except ExportError as exc:
                        problem = str(exc).removeprefix(f"{files.printable(unit.photo)}: ")
                if problem is not None:
                    raise ExportError(f"{place}: {key}: {files.printable(repr(written))} "
                                      f"{problem}")


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
    files.sweep(out_dir)
    _private_tempdir()
    if "unit-cards" in kinds:
        _check_photos(job)
    temps: dict[str, Path] = {}
    written: list[Written] = []
    try:
        for done, kind in enumerate(kinds, 1):
            tmp = temps[kind] = files.temp_file(out_dir, f"{kind}.pdf")
            result = writers[kind](job, tmp)
            result.file = f"{kind}.pdf"
            result.details["sha256"] = _sha256(tmp)
            written.append(result)
            if progress is not None:
                progress(kind, done, len(kinds))
        data = manifest(job, written)
        if only is not None:
            _merge(data, out_dir)
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        temps[MANIFEST] = files.write_temp(out_dir, MANIFEST, text.encode("utf-8"))
        for kind in kinds:
            with open(temps[kind], "rb") as fh:
                os.fsync(fh.fileno())
            os.chmod(temps[kind], 0o644)
    except BaseException as exc:
        for path in temps.values():
            path.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            where = exc.filename or out_dir
            raise ExportError(f"{where}: cannot write ({exc.strerror or exc})") from None
        raise
    # Everything is on disk: move it into place, the manifest last.
    try:
        files.commit([(temps[k], out_dir / f"{k}.pdf") for k in kinds]
                     + [(temps[MANIFEST], out_dir / MANIFEST)])
    except OSError as exc:
        raise ExportError(f"{out_dir}: the pack could not be moved into place "
                          f"({exc.strerror or exc}); the next export into this folder "
                          "finishes it") from None
    return data
