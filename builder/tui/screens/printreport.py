"""What the Print screen says about a pack, as rich renderables and words: the files an
export will write (from the export's own plan), the files written (from the manifest), a print
shop's preflight verdict and the decks to order, and the line under the Shop field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from builder.export.images.preflight import PREFLIGHT, failures
from builder.export.job import (
    ExportError,
    ExportJob,
)
from builder.export.pipeline.manifest import MANIFEST
from builder.export.pipeline.pack import (
    outputs,
    printables,
)
from builder.export.shops import Shop, missing_profile

#: One file the pack writes: its name (a PDF, or a folder of images), the kinds printed in it
#: and what it holds, in words.
PackFile = tuple[str, tuple[str, ...], str]


def pack_files(job: ExportJob) -> list[PackFile]:
    """The files an export of ``job`` writes, in order, from the export's own plan: a file
    that holds several kinds (tokens.pdf: order markers beside stand labels)
    is one file. None if the printables cannot be made (the export then says why)."""
    try:
        pack = printables(job)
    except ExportError:
        return []
    return [
        (name, tuple(i.kind for i in items), ", ".join(i.title for i in items))
        for name, items in outputs(job, pack, pack.items)
    ]


def plan_table(files: list[PackFile]) -> Table:
    """The files an export will write, each with what it holds (before it is written)."""
    table = Table(box=None, padding=(0, 2), expand=True, title_justify="left")
    table.title = "Export will write"
    table.add_column("file", no_wrap=True)
    table.add_column("holds")
    for name, _, holds in files:
        table.add_row(name, holds)
    table.add_row(MANIFEST, "what is in each file")
    return table


def mm_words(size: tuple[float, float]) -> str:
    return f"{size[0]:g} x {size[1]:g} mm"


def files_table(out_dir: Path, manifest: dict[str, Any]) -> Table:
    """The files written, their pages and what they hold, from the manifest."""
    table = Table(box=None, padding=(0, 2), expand=True)
    table.add_column("file", no_wrap=True)
    table.add_column("pages", justify="right")
    table.add_column("holds")
    for entry in manifest["files"]:
        holds = ", ".join(f"{n} {label}" for label, n in entry["counts"].items())
        folder = "images" in entry  # a folder of images: its files, not pages
        table.add_row(
            entry["file"] + ("/" if folder else ""),
            f"{entry['pages']} files" if folder else str(entry["pages"]),
            holds,
        )
    table.add_row(MANIFEST, "", "what is in each file")
    return table


def preflight_table(data: dict[str, Any]) -> RenderableType:
    """A shop export's verdict (the manifest's ``preflight``): PASS, or each FAIL with what
    to change; then the decks to order, each with its cards."""
    failed = failures(data)
    verdict = Text(f"Preflight for {data['title']}: ", "bold")
    if not failed:
        verdict.append(f"PASS, every rule (see {PREFLIGHT})", "bold green")
    else:  # each as preflight.txt words it, which wraps on a narrow terminal
        verdict.append(f"FAIL ({len(failed)} rule(s)): change what each line says", "bold red")
        for check in failed:
            verdict.append("\n  FAIL", "bold red")
            verdict.append(check.line().removeprefix("FAIL"), "")
    decks = Table(box=None, padding=(0, 2), expand=True, title_justify="left")
    decks.title = f"Decks to order from {data['title']}"
    decks.add_column("deck", no_wrap=True)
    decks.add_column("cards", justify="right")
    decks.add_column("size")
    decks.add_column("backs")
    for deck in data["decks"]:
        w, h = deck["px"]
        decks.add_row(
            deck["file"], str(deck["cards"]), f"{deck['size']} ({w} x {h} px)", deck["backs"]
        )
    return Group(Text(), verdict, Text(), decks)


def shop_note(shop: Shop, card_size: str) -> str:
    """What ``shop`` sets for its decks, for the line under the Shop field."""
    w, h = shop.card_px[card_size]
    files = "sRGB PNGs" if shop.file_type == "png" else "CMYK PDF/X-1a"
    return (
        f"Decks as {files} at {shop.dpi} dpi, {w} x {h} px with {shop.bleed_px:g} px "
        f"({shop.bleed_mm:.2f} mm) bleed; the rest prints at home."
    )


def missing_tools(shop: Shop) -> str | None:
    """What to install before ``shop``'s files can be made here (None: nothing)."""
    missing = missing_profile(shop)
    return f"The files for {shop.title} cannot be made yet: {missing}" if missing else None


def files_written(manifest: dict[str, Any]) -> str:
    """How many files the manifest lists: "3 PDF files", or with folders of images "3 files"."""
    n = len(manifest["files"])
    noun = "PDF file" if manifest.get("format", "pdf") == "pdf" else "file"
    return f"{n} {noun}{'s' if n != 1 else ''}"


def size_words(n: int) -> str:
    """A byte count as a person reads it: "840 kB", "12.5 MB"."""
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{max(n / 1e3, 1):.0f} kB"
