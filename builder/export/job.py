"""What every print-pack writer takes and returns (shared by the ReportLab and WeasyPrint sides).

The kinds of a pack are the ruleset's (:meth:`~builder.core.base.Ruleset.printables`); the
pack writes each to a temporary name and renames, so a failed export leaves nothing
half-written. Paper and card sizes are defined here only (the CLI and the Print screen offer
these).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Generic

from builder import files
from builder.core.base import Ruleset
from builder.core.printables import TOKEN_MM as TOKEN_MM
from builder.core.printables import Army_co
from builder.registry import get_ruleset

#: Paper sizes in millimetres (portrait).
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: Card sizes in millimetres (portrait).
CARD_MM = {"poker": (63.5, 88.9), "mini": (44.5, 63.5), "tarot": (69.9, 120.7)}
#: The most bleed a sheet takes, in millimetres (the CLI's --bleed and the Print screen).
BLEED_MAX_MM = 10.0
#: What the decks and token sheets are written as: sheets to print (PDF), an image per card
#: and token for a print shop (PNG), or decks for Tabletop Simulator (TTS).
FORMATS = ("pdf", "png", "tts")
#: Each format as the Print screen offers it.
FORMAT_NAMES = {
    "pdf": "PDF sheets to print",
    "png": "PNG per card (print shop)",
    "tts": "Tabletop Simulator",
}
#: What to do with a pack once written, by format (the CLI and the Print screen say it).
NEXT_STEP = {
    "pdf": "Print at 100% (actual size) and check the 50 mm ruler on each sheet.",
    "png": "Send each folder's images to the print shop as they are: trim and bleed at the "
    "dpi recorded in them.",
    "tts": "In Tabletop Simulator: copy each folder's .json (and its .png) into Saved "
    "Objects; docs/print-shops.md says how.",
}
#: The resolutions images take (dots per inch) and the default.
DPI_RANGE = (60, 1200)
DPI = 300


@dataclass(frozen=True)
class ExportOptions:
    paper: str = "a4"
    card_size: str = "poker"
    bleed: float = 0.0
    #: Gaps between items, each with its own bleed (with no bleed: just the gaps).
    gutter: bool = False
    #: Gutter-fold sheets for single-sided printers: each card's back beside its front, a fold
    #: line between (decks with a back; not with ``gutter``).
    fold: bool = False
    #: For home printers: pale fills instead of solid grounds, black text.
    ink_saver: bool = False
    #: The documents (roster, crib sheets, packing list) set larger: no type under 8 pt.
    large_print: bool = False
    #: The player's own input files, by option (``(option, Path(...))``); an input the
    #: ruleset declares and the player names none of is the one it ships.
    inputs: tuple[tuple[str, Path], ...] = ()
    #: One of :data:`FORMATS`; the documents (roster, crib sheet) are PDFs in every one.
    format: str = "pdf"
    #: The resolution of the images (``png`` and ``tts``).
    dpi: int = DPI
    #: Print photos from anywhere on the disk, not only from under each army file's folder.
    allow_photos_anywhere: bool = False
    #: The house rules an event turned off (``export --event``).
    house_rules_off: frozenset[str] = frozenset()
    #: The print shop the decks are made for (:mod:`builder.export.shops`); ``home``: sheets
    #: (or images) as ``format`` says. A shop's decks are its files; the rest of the pack is
    #: printed at home (documents and token sheets as PDFs).
    shop: str = "home"


@dataclass(frozen=True)
class ArmyInput(Generic[Army_co]):
    """One army to print, with the file it came from (its text gives a short hash)."""

    army: Army_co
    path: Path
    text: str

    @property
    def sha256(self) -> str:
        """The army file's SHA-256 (hex): the manifest keeps 32 digits (128 bits), rosters
        print 16."""
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    @property
    def folder(self) -> str:
        return files.file_folder(self.path)


@dataclass(frozen=True)
class ExportJob:
    armies: tuple[ArmyInput, ...]
    options: ExportOptions = ExportOptions()
    #: Mustering collections, each as the army its draw makes of it (a unit per card); they
    #: print only the kinds the draw names (``Mustering.collection_kinds``).
    collections: tuple[ArmyInput, ...] = ()

    @cached_property
    def ruleset(self) -> Ruleset:
        """The one ruleset of every army and collection, looked up once; ExportError when
        they are of two rulesets (each prints its own pack) or of one this build does not
        know."""
        inputs = (*self.armies, *self.collections)
        names = dict.fromkeys(item.army.ruleset for item in inputs)
        if len(names) > 1:
            which = "; ".join(
                f"{files.printable(item.path.name)} is {item.army.ruleset}" for item in inputs
            )
            raise ExportError(
                f"cannot print armies of different rulesets in one pack "
                f"({which}): export each ruleset's armies on their own"
            )
        if not names:
            raise ExportError("no army to export")
        name = next(iter(names))
        try:
            return get_ruleset(name)
        except KeyError:
            raise ExportError(f"no ruleset {name!r} to print") from None


@dataclass
class Written:
    """One file of the pack, as the manifest lists it."""

    file: str
    pages: int
    #: How many of each printed kind label (LEADER, ORDER, ...) the file holds.
    counts: dict[str, int] = field(default_factory=dict)
    #: Anything else worth recording (e.g. cards per sheet).
    details: dict[str, object] = field(default_factory=dict)


class ExportError(Exception):
    """The pack cannot be written (bad options, an unusable output folder, a bad photo or
    events file). ``str()`` is the message a user sees; the CLI exits 2."""
