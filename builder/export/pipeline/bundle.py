"""A written pack as one zip file, for a player who cannot reach the folder it was written to
(the builder in a browser, through ``billhooks serve``): the files its manifest lists, a print
shop's preflight and the manifest, read back from the folder. Nothing else in the folder goes
in (it may be any folder the player typed, their home folder among them)."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path, PurePosixPath
from typing import Any

from builder.export.images.preflight import PREFLIGHT
from builder.export.pipeline.manifest import MANIFEST


def pack_files(manifest: dict[str, Any]) -> list[str]:
    """The pack's files, as paths under its folder: each file the manifest lists (a folder of
    images: each image), a print shop's preflight, then the manifest itself."""
    names = []
    for entry in manifest["files"]:
        images = entry.get("images")
        names += (
            [image["file"] for image in images] if isinstance(images, list) else [entry["file"]]
        )
    if "preflight" in manifest:  # a print shop's verdict, beside its files
        names.append(PREFLIGHT)
    names.append(MANIFEST)
    for name in names:
        # The manifest was just written by this program, but a zip must never reach out of
        # the folder whatever it is given.
        parts = PurePosixPath(name).parts
        if not parts or PurePosixPath(name).is_absolute() or ".." in parts:
            raise ValueError(f"{name!r} is not a file of the pack's folder")
    return names


def zip_name(out_dir: Path) -> str:
    """The zip's file name: the folder's, in letters a browser keeps as they are."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", out_dir.resolve().name).strip("-.")
    return f"{stem or 'pack'}.zip"


def pack_zip(out_dir: Path, manifest: dict[str, Any]) -> bytes:
    """The pack in ``out_dir`` (as ``manifest`` lists it) as the bytes of a zip file.

    Raises OSError when a file of the pack cannot be read (gone since it was written)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in pack_files(manifest):
            archive.write(out_dir / name, name)
    return buffer.getvalue()
