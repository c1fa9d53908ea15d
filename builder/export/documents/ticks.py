"""Tick-box strips for the WeasyPrint documents, drawn as small PNGs.

A strip of boxes is one image (``<img src="ticks:6-6">``: runs of six and six boxes with a gap
between runs) instead of styled boxes: WeasyPrint lays out and draws an image for a fraction of
what a box with borders and a background costs, and each image is drawn once a process however
many units use it. The images are drawn at 25 pixels a millimetre (635 dpi: a box is 65
pixels, a line 4), and the stylesheet gives them that resolution, so they print at their size
in millimetres, crisp.

A unit's row of trackers ("casualties [6][6] wounds [2] ...") is cheaper still as one run of
text and one image behind it (:func:`tracker_line`): the labels are spaced with fixed-width
spaces at places worked out from the bundled face's advance widths
(:mod:`builder.export.documents.spaces`),
and the image draws every strip where the text leaves room for it (``ticks:0.131.6-6,0.475.2``:
on line 0, 13.1 mm in, runs of six and six; on line 0, 47.5 mm in, two boxes).

:class:`~builder.export.documents.weasy.AssetFetcher` serves these URLs; nothing else does.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from builder.export.documents import spaces

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
#: The most boxes one image draws: an image wider than a page is a mistake, not a tracker.
MAX_BOXES = 200
#: A tracker line's lines are this tall (its CSS line-height), each strip this far down one.
LINE_MM = 4.0
STRIP_TOP_MM = 0.2
#: Room kept between a label and its boxes, and after a strip before the next label.
LABEL_GAP_MM = 0.8
TRACKER_GAP_MM = 2.4

_RUNS = r"[1-9][0-9]*(?:-[1-9][0-9]*)*"
_STRIP = re.compile(rf"ticks:({_RUNS})")
_PLACED = re.compile(rf"ticks:((?:[0-9]+\.[0-9]+\.{_RUNS})(?:,[0-9]+\.[0-9]+\.{_RUNS})*)")

#: A strip placed in a tracker line: (line, left edge in tenths of a millimetre, runs).
Placed = tuple[int, int, tuple[int, ...]]


def url(runs: Sequence[int]) -> str:
    """The URL of a strip of ``runs`` (box counts, e.g. ``[6, 6]``; empty runs left out)."""
    return SCHEME + _runs_text(runs)


def _runs_text(runs: Sequence[int]) -> str:
    return "-".join(str(n) for n in runs if n > 0)


def placed_of(address: str) -> tuple[Placed, ...] | None:
    """The strips a ``ticks:`` URL draws, each with its line and left edge (a plain strip is at
    line 0, edge 0 of an image its own size), or None when it is not one of ours."""
    if found := _STRIP.fullmatch(address):
        placed: tuple[Placed, ...] = ((0, 0, _runs(found[1])),)
    elif found := _PLACED.fullmatch(address):
        placed = tuple(
            (int(line), int(left), _runs(runs))
            for line, left, runs in (part.split(".") for part in found[1].split(","))
        )
    else:
        return None
    return placed if sum(sum(runs) for _, _, runs in placed) <= MAX_BOXES else None


def _runs(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in text.split("-"))


def width_mm(runs: Sequence[int]) -> float:
    """How wide a strip prints."""
    counts = [n for n in runs if n > 0]
    return sum(counts) * BOX_MM + (len(counts) - 1) * GAP_MM


@cache
def png(address: str) -> bytes | None:
    """The image a ``ticks:`` URL names, or None when it names none: ink lines on a
    transparent ground, each run a row of joined boxes."""
    placed = placed_of(address)
    if placed is None:
        return None
    px = round(BOX_MM * PX_PER_MM)
    gap = round(GAP_MM * PX_PER_MM)
    strip_height = round(HEIGHT_MM * PX_PER_MM)
    lone = _STRIP.fullmatch(address) is not None
    top = 0 if lone else round(STRIP_TOP_MM * PX_PER_MM)
    line_px = strip_height if lone else round(LINE_MM * PX_PER_MM)

    def left_of(tenths: int) -> int:
        return round(tenths / 10 * PX_PER_MM)

    width = max(left_of(left) + sum(runs) * px + (len(runs) - 1) * gap for _, left, runs in placed)
    height = (max(line for line, _, _ in placed) + 1) * line_px
    image = Image.new("P", (width, height), 0)
    image.putpalette([255, 255, 255, *INK])
    draw = ImageDraw.Draw(image)
    for line, edge, runs in placed:
        y0 = line * line_px + top
        y1 = y0 + strip_height - 1
        left = left_of(edge)
        for count in runs:
            right = left + count * px
            draw.rectangle((left, y0, right - 1, y1), outline=1, width=LINE_PX)
            for box in range(1, count):
                x = left + box * px - LINE_PX // 2
                draw.rectangle((x, y0, x + LINE_PX - 1, y1), fill=1)
            left = right + gap
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1, transparency=0, dpi=(DPI, DPI))
    return out.getvalue()


# --- a row of trackers as one run of text and one image -------------------------------------


@dataclass(frozen=True)
class TrackerLine:
    """A row of trackers as the template prints it: ``text`` (labels and spaces, lines split
    by "\\n", in ``white-space: pre``) over the image at ``url``."""

    text: str
    url: str
    lines: int


def tracker_line(
    trackers: Sequence[tuple[str, Sequence[int]] | tuple[str, Sequence[int], str]],
    width: float,
    face: str,
    size_pt: float,
) -> TrackerLine:
    """Lay out ``(label, runs)`` or ``(label, runs, after)`` trackers in a column ``width`` mm
    wide: each label, its boxes :data:`LABEL_GAP_MM` after it, then the words after the boxes
    (marked boxes: "9: shatter"), the next tracker :data:`TRACKER_GAP_MM` on, on a new line when
    it would not fit; the text's gaps are fixed-width spaces."""
    parts: list[str] = []
    placed: list[Placed] = []
    line, at = 0, 0.0  # the pen, in mm from the line's start

    def advance(to: float) -> None:
        nonlocal at
        gap = spaces.fill(to - at, face, size_pt)
        parts.append(gap)
        at += spaces.text_mm(gap, face, size_pt)

    for label, counts, *after in trackers:
        runs = tuple(n for n in counts if n > 0)
        strip = width_mm(runs) if runs else -LABEL_GAP_MM
        label_mm = spaces.text_mm(label, face, size_pt)
        words = "".join(after)
        words_mm = spaces.text_mm(words, face, size_pt) + LABEL_GAP_MM if words else 0.0
        if at and at + TRACKER_GAP_MM + label_mm + LABEL_GAP_MM + strip + words_mm > width:
            parts.append("\n")
            line, at = line + 1, 0.0
        elif at:
            advance(at + TRACKER_GAP_MM)
        parts.append(label)
        at += label_mm
        left = math.ceil((at + LABEL_GAP_MM) * 10) / 10
        if runs:
            placed.append((line, round(left * 10), runs))
        advance(left + strip + (LABEL_GAP_MM if words else 0.0))
        parts.append(words)
        at += spaces.text_mm(words, face, size_pt)
    text = "".join(parts).rstrip("".join(spaces.SPACES))
    address = SCHEME + ",".join(f"{ln}.{x}.{_runs_text(runs)}" for ln, x, runs in placed)
    return TrackerLine(text, address, line + 1)


def tracker_lines(
    trackers: Sequence[tuple[str, Sequence[int]] | tuple[str, Sequence[int], str]],
    width: float,
    face: str,
    size_pt: float,
) -> list[TrackerLine]:
    """:func:`tracker_line` for trackers in turn, a new one whenever the next tracker would
    take an image past :data:`MAX_BOXES` (a stand entry of 99 stands has 99 rows of wounds)."""
    out: list[TrackerLine] = []
    batch: list[tuple[str, Sequence[int]] | tuple[str, Sequence[int], str]] = []
    boxes = 0
    for tracker in trackers:
        count = sum(n for n in tracker[1] if n > 0)
        if batch and boxes + count > MAX_BOXES:
            out.append(tracker_line(batch, width, face, size_pt))
            batch, boxes = [], 0
        batch.append(tracker)
        boxes += count
    if batch:
        out.append(tracker_line(batch, width, face, size_pt))
    return out
