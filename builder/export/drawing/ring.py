"""Where things go on a round token: its gold ring TRIM_SAFE inside the cut (issue 24.16: a
cut or punch 1 mm off still leaves an even border), its caption above the centre, its kind
label below, and the square its device is drawn in between them, every letter inside the
ring.

A 25 mm token leaves a circle of some 18 mm inside its ring, so each line sits as near the
ring as its width lets it (a short caption higher, a short label lower) and a caption that is
too wide for one line is split where that leaves the device the most room. No type goes
under :data:`MIN_TEXT_PT`: a caption that needs more than :data:`CAPTION_MOST` lines, or
would leave the device under :data:`DEVICE_LEAST` tall, is not printed (the token's name
still lists it), never set smaller.

Geometry is in millimetres relative to the token's centre, cached by size and words (a sheet
draws the same token many times).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache

from builder.export.drawing import fonts
from builder.export.drawing.canvas import MIN_TEXT_PT, PT, TRIM_SAFE, Box, Cell
from builder.export.drawing.text import width_mm

#: The ring: one gold rule (pt), its outer edge TRIM_SAFE inside the cut. (A second, thin
#: ring inside it, as the tokens had, would take 0.7 mm of radius the words need.)
RING_PT = 0.8
#: Letters keep this far inside the ring's inner edge (mm, any corner of a letter), and the
#: device this far.
TEXT_CLEAR = 0.4
DEVICE_CLEAR = 0.3
#: Nor does a letter come nearer the ring than this straight above or below the centre.
TOP_CLEAR = 0.8

#: The kind label: small capitals, letter-spaced; shrunk (spacing first) down to 6 pt rather
#: than rise above LABEL_RISE of the text circle's radius below the centre, else set on two
#: lines.
LABEL_PT = 6.8
LABEL_SPACING = 0.15
LABEL_RISE = 0.62
#: Between the baselines of a label's two lines (mm; a 6.8 pt line is 2.4 mm).
LABEL_LEADING = 2.5
#: Cap height as a share of the type size, and how far below the baseline a letter's box
#: goes (the font's descent: the letters themselves, capitals, do not).
CAP_HEIGHT = 0.68
LABEL_DESCENT = 0.29

#: The caption: italic at 6 pt, on up to CAPTION_MOST lines CAPTION_LEADING apart, its
#: letters CAPTION_ASCENT above and CAPTION_DESCENT below each baseline (mm).
CAPTION_PT = 6.0
CAPTION_MOST = 4
CAPTION_LEADING = 2.3
CAPTION_ASCENT, CAPTION_DESCENT = 1.6, 0.55
#: Clear space between the device and the words above and below it (mm). Where the words
#: leave the device under DEVICE_SMALL tall the gaps close up, down to DEVICE_GAP_TIGHT,
#: to give it back what they can (a crown under three caption lines and a two-line label
#: is 2.0 mm with the full gaps, 2.8 mm with the tight ones).
DEVICE_GAP = 0.8
DEVICE_GAP_TIGHT = 0.4
DEVICE_SMALL = 6.0
#: The least height a caption leaves the device (mm): one that would leave less is not
#: printed, as one too long for CAPTION_MOST lines is not.
DEVICE_LEAST = 2.5


@dataclass(frozen=True)
class Line:
    """A line of a token: its text, baseline (mm above the centre), type size and spacing,
    and the width it may take (the ring's at its farthest letter from the centre, less
    the clearance)."""

    text: str
    base: float
    size: float
    spacing: float
    width: float


@dataclass(frozen=True)
class Layout:
    """A round token's geometry about its centre (mm): the ring's radius (its centre line),
    the caption's lines (top first), the label's (bottom first), and the band between them
    the device may take (its foot and head) within ``room`` of the centre."""

    ring: float
    caption: tuple[Line, ...]
    label: tuple[Line, ...]
    foot: float
    head: float
    room: float

    def device(self, aspect: float = 1.0) -> tuple[float, float, float]:
        """The largest box ``aspect`` times as wide as high in the band and the ring: its
        centre's height, half its width and half its height (its corners may reach a little
        past the ring's clearance: few drawings fill them)."""
        y = (self.foot + self.head) / 2
        half = max((self.head - self.foot) / 2, 0.0)
        while half > 0.25 and (aspect * half) ** 2 + (abs(y) + half * 0.8) ** 2 > self.room**2:
            half -= 0.05
        return y, aspect * half, half


def ring_radius(diameter: float) -> float:
    """The gold ring's radius (its centre line) on a token ``diameter`` mm across."""
    return diameter / 2 - TRIM_SAFE - RING_PT * PT / 2


def _reach(text_r: float, top: float, width: float) -> float:
    """How far from the centre (up or down) a line ``width`` mm wide may reach, its corners
    within ``text_r`` and never farther than ``top``; negative: nowhere."""
    half = width / 2
    if half >= text_r:
        return -1.0
    return min(math.sqrt(text_r**2 - half**2), top)


def _chord(text_r: float, y: float) -> float:
    """The width a line may take where its farthest letter is ``y`` from the centre."""
    return 2 * math.sqrt(max(text_r**2 - y**2, 0.0))


def _stack(
    widths: list[float], ascent: float, descent: float, leading: float, text_r: float, top: float
) -> float | None:
    """Lines stacked from the ring toward the centre (the first nearest the ring), each
    ``leading`` from the last: the farthest from the centre the first baseline may go with
    every line within its reach, measured outward; ``ascent`` is how far a line reaches
    outward from its baseline and ``descent`` inward. None if they cannot all fit."""
    reaches = [_reach(text_r, top, w) for w in widths]
    if min(reaches) < 0:
        return None
    first = min(r - ascent + i * leading for i, r in enumerate(reaches))
    # A line past the centre reaches out on the other side by its descent.
    if any(first - i * leading - descent < -r for i, r in enumerate(reaches)):
        return None
    return first


def _splits(words: list[str], n: int) -> list[list[str]]:
    """Every way to set ``words`` on ``n`` lines, in order, none empty."""
    if n == 1:
        return [[" ".join(words)]]
    return [
        [" ".join(words[:k]), *rest]
        for k in range(1, len(words) - n + 2)
        for rest in _splits(words[k:], n - 1)
    ]


def _label_width(text: str, size: float, spacing: float) -> float:
    return width_mm(text, fonts.best(fonts.CAPS, text), size) + spacing * max(len(text) - 1, 0)


#: The label's sizes and spacings, in the order tried.
_LABEL_TRIES = (
    (LABEL_PT, LABEL_SPACING),
    (LABEL_PT, 0.0),
    *((LABEL_PT - 0.2 * k, 0.0) for k in range(1, 5)),
)


def _label(text: str, text_r: float, top: float) -> tuple[Line, ...]:
    """The label as low as it fits: one line at 6.8 pt, letter-spaced, else closed up, else
    shrunk toward 6 pt, as long as its baseline stays below LABEL_RISE; else on two lines
    at the largest size they fit (its first words on the upper); else one line at 6 pt cut
    short where it would sit."""
    if not text:
        return ()
    for size, spacing in _LABEL_TRIES:
        reach = _reach(text_r, top, _label_width(text, size, spacing))
        base = reach - LABEL_DESCENT * size * PT
        if base >= LABEL_RISE * text_r:
            return (Line(text, -base, size, spacing, _chord(text_r, reach)),)
    words = text.split()
    for size in (LABEL_PT, MIN_TEXT_PT):
        down, cap = LABEL_DESCENT * size * PT, CAP_HEIGHT * size * PT
        best: tuple[float, tuple[Line, ...]] | None = None
        for upper, lower in _splits(words, 2) if len(words) > 1 else []:
            # Mirrored: the lower line is the one nearest the ring, reaching out from its
            # baseline by the letters' descent and in by their caps.
            first = _stack(
                [_label_width(lower, size, 0.0), _label_width(upper, size, 0.0)],
                down,
                cap,
                LABEL_LEADING,
                text_r,
                top,
            )
            if first is None:
                continue
            base = -first
            up = base + LABEL_LEADING
            lines = (
                Line(lower, base, size, 0.0, _chord(text_r, base - down)),
                Line(upper, up, size, 0.0, _chord(text_r, max(abs(up - down), abs(up + cap)))),
            )
            if best is None or up + cap < best[0]:
                best = (up + cap, lines)
        if best is not None:
            return best[1]
    base = -LABEL_RISE * text_r
    reach = abs(base) + LABEL_DESCENT * MIN_TEXT_PT * PT
    return (Line(text, base, MIN_TEXT_PT, 0.0, _chord(text_r, reach)),)


#: A caption on more lines, or split less evenly, is chosen only where it lets the device be
#: this much taller (mm).
CAPTION_WORTH = 0.4


def _caption(text: str, text_r: float, top: float, floor: float) -> tuple[Line, ...]:
    """The caption as high as it fits, on the fewest lines and the most even split that
    leave its last line's foot within CAPTION_WORTH of the highest it can be (the device
    the most room); none if CAPTION_MOST lines do not hold it with their foot at ``floor``
    or above (the device's least room)."""
    font = fonts.best(fonts.ITALIC, text)
    words = text.split()
    # A line's width is its words' and the spaces between (ReportLab sets no kerning).
    ends = [0.0, *itertools.accumulate(width_mm(w, font, CAPTION_PT) for w in words)]
    space = width_mm(" ", font, CAPTION_PT)
    found: list[tuple[float, int, float, tuple[Line, ...]]] = []
    for n in range(1, min(CAPTION_MOST, len(words)) + 1):
        for cuts in itertools.combinations(range(1, len(words)), n - 1):
            spans = list(itertools.pairwise((0, *cuts, len(words))))
            widths = [ends[b] - ends[a] + space * (b - a - 1) for a, b in spans]
            first = _stack(widths, CAPTION_ASCENT, CAPTION_DESCENT, CAPTION_LEADING, text_r, top)
            if first is None:
                continue
            bases = [first - i * CAPTION_LEADING for i in range(n)]
            if bases[-1] - CAPTION_DESCENT < floor:
                continue
            found.append(
                (
                    bases[-1] - CAPTION_DESCENT,
                    n,
                    max(widths) - min(widths),
                    tuple(
                        Line(
                            " ".join(words[a:b]),
                            y,
                            CAPTION_PT,
                            0.0,
                            _chord(text_r, max(abs(y + CAPTION_ASCENT), abs(y - CAPTION_DESCENT))),
                        )
                        for (a, b), y in zip(spans, bases, strict=True)
                    ),
                )
            )
    if not found:
        return ()
    highest = max(f[0] for f in found)
    return min((f for f in found if f[0] >= highest - CAPTION_WORTH), key=lambda f: (f[1], f[2]))[3]


@cache
def layout(diameter: float, label: str, caption: str) -> Layout:
    """Where everything goes on a round token ``diameter`` mm across (about its centre)."""
    ring = ring_radius(diameter)
    edge = ring - RING_PT * PT / 2
    text_r, top = edge - TEXT_CLEAR, edge - TOP_CLEAR
    below = _label(label, text_r, top)
    low = below[-1].base + CAP_HEIGHT * below[-1].size * PT if below else -top
    above = (
        _caption(caption, text_r, top, low + 2 * DEVICE_GAP_TIGHT + DEVICE_LEAST) if caption else ()
    )
    high = above[-1].base - CAPTION_DESCENT if above else top
    gap = min(DEVICE_GAP, max(DEVICE_GAP_TIGHT, (high - low - DEVICE_SMALL) / 2))
    return Layout(ring, above, below, low + gap, high - gap, edge - DEVICE_CLEAR)


def of(cell: Cell, label: str, caption: str) -> Layout:
    """The layout of a round token in ``cell``."""
    t = cell.trim
    return layout(round(min(t.w, t.h), 6), label, caption)


def device_box(cell: Cell, found: Layout, aspect: float = 1.0) -> Box:
    """The box a device ``aspect`` times as wide as high goes in, on the page."""
    t = cell.trim
    y, half_w, half_h = found.device(aspect)
    return Box(t.x + t.w / 2 - half_w, t.y + t.h / 2 + y - half_h, 2 * half_w, 2 * half_h)
