"""Card frames and words keep clear of the cut (issue 24.16): on every deck of every example
of every ruleset, at poker, mini and tarot size, every glyph and every stroked line (the
frame's rules included) lies at least TRIM_SAFE inside its card's trim, so a cut 1 mm off
leaves even borders. The trim boxes are read back from the PDF: with no bleed, each card's
background is filled over exactly its trim."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from builder.commands.share import source
from builder.export.base import CARD_MM, ExportJob, ExportOptions
from builder.export.pack import printables, write_kind
from builder.export.sheet import TRIM_SAFE
from builder.resources import examples_dir
from builder.rules.printables import Document, TokenSheet

MM = 72 / 25.4
EXAMPLES = [p for p in sorted(examples_dir().glob("*.toml")) if p.name != "collection.toml"]


def trims(page: Any, w: float, h: float) -> list[tuple[float, float, float, float]]:
    """(x0, top, x1, bottom) in pt of every filled card-sized rectangle on ``page``."""
    return [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects
            if r.get("fill") and abs(r["width"] - w * MM) < 0.3
            and abs(r["height"] - h * MM) < 0.3]


def too_near(page: Any, boxes: list[tuple[float, float, float, float]]) -> list[str]:
    """What on ``page`` lies inside a card but less than TRIM_SAFE from its trim."""
    found = []
    stroked = [o for o in page.lines + page.rects + page.curves if o.get("stroke")]
    for obj in [*page.chars, *stroked]:
        half = float(obj.get("linewidth") or 0) / 2 if "text" not in obj else 0.0
        x0, x1 = obj["x0"] - half, obj["x1"] + half
        top, bottom = obj["top"] - half, obj["bottom"] + half
        cx, cy = (x0 + x1) / 2, (top + bottom) / 2
        for bx0, btop, bx1, bbottom in boxes:
            if bx0 < cx < bx1 and btop < cy < bbottom:
                gap = min(x0 - bx0, bx1 - x1, top - btop, bbottom - bottom) / MM
                if gap < TRIM_SAFE - 0.02:
                    found.append(f"{obj.get('text', obj['object_type'])!r} {gap:.2f} mm")
                break
    return found


@pytest.mark.parametrize("size", ["poker", "mini", "tarot"])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_card_keeps_its_frame_and_words_inside_the_safe_zone(
        tmp_path: Path, path: Path, size: str) -> None:
    job = ExportJob((source(str(path)),), ExportOptions(card_size=size))
    pack = printables(job)
    decks = [kind for kind in pack.kinds
             if not isinstance(pack.get(kind), (TokenSheet, Document))]
    assert decks
    w, h = CARD_MM[size]
    for kind in decks:
        pdf = tmp_path / f"{kind}.pdf"
        write_kind(job, kind, pdf)
        with pdfplumber.open(pdf) as doc:
            cards = 0
            for number, page in enumerate(doc.pages, 1):
                boxes = trims(page, w, h)
                cards += len(boxes)
                assert too_near(page, boxes) == [], (kind, number)
        assert cards, kind
