"""Tick-box strips for the WeasyPrint documents, drawn as small PNGs.

A strip of boxes is one replaced element (``<img src="ticks:6-6">``: runs of six and six boxes
with a gap between runs) instead of styled boxes: WeasyPrint lays out and draws an image for a
fraction of what a box with borders and a background costs, and each strip is drawn once a
process whatever the number of units. The images are drawn at 25 pixels a millimetre (635 dpi:
a box is 65 pixels, a line 4), and the stylesheet gives them that resolution, so they print at
their size in millimetres, crisp.

:class:`~builder.export.weasy.AssetFetcher` serves these URLs; nothing else does.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

SCHEME = "ticks:"
#: Pixels a millimetre; the stylesheet's ``image-resolution`` is the same in dots an inch.
PX_PER_MM = 25
DPI = round(PX_PER_MM * 25.4)
BOX_MM = 2.6
HEIGHT_MM = 3.6
#: The gap between two runs of one strip (ranks of six).
GAP_MM = 1.0
#: The line: 0.16 mm, about 0.45 pt, as the boxes had when they were drawn with borders.
LINE_PX = 4
INK = (0x23, 0x1A, 0x12)
#: The most boxes one strip draws: an image wider than a page is a mistake, not a tracker.
MAX_BOXES = 64

_URL = re.compile(r"ticks:([1-9][0-9]*(?:-[1-9][0-9]*)*)")


def url(runs: Sequence[int]) -> str:
    """The URL of a strip of ``runs`` (box counts, e.g. ``[6, 6]``; empty runs left out)."""
    return SCHEME + "-".join(str(n) for n in runs if n > 0)


def runs_of(address: str) -> tuple[int, ...] | None:
    """The runs a strip URL draws, or None when it is not one (or too big to be one)."""
    found = _URL.fullmatch(address)
    if found is None:
        return None
    runs = tuple(int(n) for n in found[1].split("-"))
    return runs if sum(runs) <= MAX_BOXES else None


def width_mm(runs: Sequence[int]) -> float:
    """How wide a strip prints."""
    counts = [n for n in runs if n > 0]
    return sum(counts) * BOX_MM + (len(counts) - 1) * GAP_MM


@cache
def png(runs: tuple[int, ...]) -> bytes:
    """The strip as a PNG: ink lines on a transparent ground, each run a row of joined boxes."""
    px = round(BOX_MM * PX_PER_MM)
    gap = round(GAP_MM * PX_PER_MM)
    height = round(HEIGHT_MM * PX_PER_MM)
    image = Image.new("P", (sum(runs) * px + (len(runs) - 1) * gap, height), 0)
    image.putpalette([255, 255, 255, *INK])
    draw = ImageDraw.Draw(image)
    left = 0
    for count in runs:
        right = left + count * px
        draw.rectangle((left, 0, right - 1, height - 1), outline=1, width=LINE_PX)
        for box in range(1, count):
            x = left + box * px - LINE_PX // 2
            draw.rectangle((x, 0, x + LINE_PX - 1, height - 1), fill=1)
        left = right + gap
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True, transparency=0, dpi=(DPI, DPI))
    return out.getvalue()
