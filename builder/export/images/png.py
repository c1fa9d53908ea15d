"""``--format png``: a deck or token sheet as a folder of images for a print shop, one PNG per
card or token front and one per back, each the item's trim plus its bleed on every side at the
job's dpi, sRGB, with the dpi recorded in the file.

Print shops take one image a card (and most want a back image beside each front even when all
the backs are alike), so every card and every token gets its own files, named in pack order
``<nn>-<label>-front.png`` / ``-back.png``; equal items are drawn once and written as often as
they are printed.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from builder.core.printables import Deck, Token, TokenSheet
from builder.export.drawing.backs import back_drawer
from builder.export.drawing.canvas import DrawFn
from builder.export.images.raster import Picture, at_dpi, png_bytes, rasterise
from builder.export.job import CARD_MM, ExportJob, Written
from builder.export.layout.decks import deck_items, token_drawer


def slug(text: str) -> str:
    """``text`` as a file name part: ASCII, lower case, words joined by hyphens."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "item"


@dataclass(frozen=True)
class Piece:
    """One printed item: its kind label and name, its front and back (None: single-sided)
    and its trim size. Equal pieces share their drawers, so each is drawn once."""

    label: str
    name: str
    front: DrawFn
    back: DrawFn | None
    trim: tuple[float, float]
    #: A card carrying on the words of the card before it.
    continues: bool = False


def token_name(token: Token) -> str:
    """What a token is called: its kind label and caption."""
    return f"{token.label}: {token.caption}" if token.caption else token.label


def pieces(job: ExportJob, item: Deck | TokenSheet) -> list[Piece]:
    """Every card (the blank cards a deck asks for included) or every token of ``item``, one
    piece per printed copy, in pack order."""
    if isinstance(item, Deck):
        size = CARD_MM[job.options.card_size]
        back = back_drawer(item.back) if item.back is not None else None
        return [
            Piece(i.label, i.name, i.draw, back, size, i.continues)
            for i in deck_items(item, size, {})
        ]
    out = []
    for group in item.groups:
        for token in group.tokens:
            out += [
                Piece(token.label, token_name(token), token_drawer(token), None, group.size_mm)
            ] * token.count
    return out


def draw_once(
    pictures: Sequence[Picture], title: str, ink_saver: bool, dpi: int | None
) -> dict[int, bytes]:
    """Each distinct drawer among ``pictures`` (by identity) rasterised once, as PNG bytes
    (recording ``dpi``) keyed by the ``id`` of the drawer."""
    distinct = list({id(p.draw): p for p in pictures}.values())
    images = rasterise(distinct, title, ink_saver)
    return {id(p.draw): png_bytes(image, dpi) for p, image in zip(distinct, images, strict=True)}


def write_images(job: ExportJob, folder: Path, item: Deck | TokenSheet) -> Written:
    """Write ``item``'s images into ``folder`` (empty; the pack renames it to the kind) and
    describe them for the manifest, each with its size in pixels and millimetres."""
    opts = job.options
    found = pieces(job, item)
    fronts = [at_dpi(p.front, p.trim, opts.bleed, opts.dpi) for p in found]
    backs = [
        at_dpi(p.back, p.trim, opts.bleed, opts.dpi) if p.back is not None else None for p in found
    ]
    png = draw_once(
        [*fronts, *(b for b in backs if b is not None)], item.title, opts.ink_saver, opts.dpi
    )
    width = max(2, len(str(len(found))))
    listed = []
    for n, (piece, front, back) in enumerate(zip(found, fronts, backs, strict=True), 1):
        stem = f"{n:0{width}d}-{slug(piece.label)}"
        for side, pic in (("front", front), ("back", back)):
            if pic is None:
                continue
            name = f"{stem}-{side}.png"
            (folder / name).write_bytes(png[id(pic.draw)])
            listed.append(
                {
                    "file": f"{item.kind}/{name}",
                    "label": piece.label,
                    "side": side,
                    "px": list(pic.size),
                    "mm": [round(v, 2) for v in pic.mm],
                }
            )
    counts = Counter(p.label for p in found)
    return Written(
        item.kind,
        len(listed),
        dict(counts),
        {"format": "png", "dpi": opts.dpi, "bleed_mm": opts.bleed, "images": listed},
    )
