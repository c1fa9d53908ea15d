"""The pack's manifest (docs/contracts.md#the-manifest): what was written, with what options,
each file's pages, counts and SHA-256; read back to tell which files in a folder belong to its
pack (:func:`unverified_files`), and merged with an older one when ``--only`` rewrites part of
a pack, so it stays true to the whole folder.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import builder
from builder import files
from builder.core.base import Ruleset
from builder.core.printables import Printables, TokenSheet
from builder.export.images.preflight import PREFLIGHT, Check, summary
from builder.export.job import CARD_MM, PAPER_MM, TOKEN_MM, ArmyInput, ExportJob, Written
from builder.export.shops import SHOPS, Shop

MANIFEST = "manifest.json"


def kind_of(name: str) -> str:
    """The kind a file is named for (a PDF's name or an image folder's)."""
    return name.removesuffix(".pdf")


def entry_kinds(entry: dict[str, Any]) -> list[str]:
    """The kinds a manifest entry's file holds: its ``kinds`` (the shared sheets list
    theirs), else the one it is named for."""
    kinds = entry.get("kinds")
    if isinstance(kinds, list) and all(isinstance(k, str) for k in kinds):
        return kinds
    name = entry.get("file")
    return [kind_of(name)] if isinstance(name, str) else []


def _input_entry(ruleset: Ruleset, item: ArmyInput) -> dict[str, Any]:
    return {
        "name": item.army.name,
        "side": ruleset.sides.of(item.army),
        "file": item.path.name,
        "sha256": item.sha256[:32],
    }


def _token_mm(pack: Printables) -> float:
    """The size of the pack's first tokens (the manifest's ``token_mm``)."""
    for item in pack.items:
        if isinstance(item, TokenSheet) and item.groups:
            return item.groups[0].size_mm[0]
    return TOKEN_MM


def manifest(job: ExportJob, written: list[Written], pack: Printables) -> dict[str, Any]:
    """The manifest: armies, paper, sizes, and every file with its pages and counts (a
    folder of images: its images, each with its size)."""
    opts = job.options
    images = {"format": opts.format, "dpi": opts.dpi} if opts.format != "pdf" else {}
    shop = SHOPS.get(opts.shop)
    if shop is not None:
        images["shop"] = shop.name
    return {
        "generator": f"billhooks {builder.__version__}",
        "armies": [_input_entry(job.ruleset, item) for item in job.armies],
        "collections": [_input_entry(job.ruleset, item) for item in job.collections],
        "paper": {"name": opts.paper, "mm": list(PAPER_MM[opts.paper])},
        "card_size": {"name": opts.card_size, "mm": list(CARD_MM[opts.card_size])},
        "token_mm": _token_mm(pack),
        "bleed_mm": opts.bleed,
        "gutter": opts.gutter,
        "fold": opts.fold,
        "ink_saver": opts.ink_saver,
        "large_print": opts.large_print,
        **images,
        "files": [
            {
                "file": w.file,
                "pages": w.pages,
                "counts": dict(sorted(w.counts.items())),
                **w.details,
            }
            for w in written
        ],
    }


def shop_preflight(shop: Shop, data: dict[str, Any]) -> dict[str, Any]:
    """The preflight of this run's shop files, taken out of their manifest entries into one
    object (the manifest's ``preflight``)."""
    checks, decks = [], []
    for entry in data["files"]:
        if "preflight" in entry:
            checks += [Check(**c) for c in entry.pop("preflight")]
            decks.append(entry.pop("order"))
    return summary(shop, checks, decks)


def sha256_of(path: Path) -> str | None:
    """The SHA-256 of a file, or of a folder of images: of its files' names and SHA-256s
    (None if anything in it cannot be read)."""
    if path.is_dir() and not path.is_symlink():
        lines = []
        for entry in sorted(path.iterdir()):
            digest = sha256_of(entry) if entry.is_file() else None
            if digest is None:
                return None
            lines.append(f"{digest}  {entry.name}\n")
        return hashlib.sha256("".join(lines).encode("utf-8")).hexdigest()
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
    return [
        e["file"]
        for e in data["files"]
        if isinstance(e, dict)
        and (
            not isinstance(e.get("file"), str)
            or Path(e["file"]).name != e["file"]
            or sha256_of(out_dir / e["file"]) != e.get("sha256")
        )
    ]


def merge_older(data: dict[str, Any], out_dir: Path, order: Sequence[str]) -> None:
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
        if not (out_dir / name).exists():
            continue
        if same_pack and sha256_of(out_dir / name) == entry.get("sha256"):
            data["files"].append(entry)
        else:
            stale.append(name)
    if "preflight" in old and "preflight" not in data and (out_dir / PREFLIGHT).exists():
        stale.append(PREFLIGHT)  # a shop's verdict on files this pack replaced
    earlier = old.get("stale_files")
    for name in earlier if isinstance(earlier, list) else []:
        if (
            isinstance(name, str)
            and Path(name).name == name
            and name not in now
            and name not in stale
            and (out_dir / name).exists()
        ):
            stale.append(name)

    def place(entry: dict[str, Any]) -> int:
        return min(
            (list(order).index(k) for k in entry_kinds(entry) if k in order), default=len(order)
        )

    data["files"].sort(key=place)
    if stale:
        data["stale_files"] = sorted(stale)
