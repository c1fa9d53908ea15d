"""The token art of the art registry (docs/architecture.md#from-an-army-file-to-a-printed-card):
a whole token's face by name (``TOKENS``): an emblem (:mod:`builder.export.drawing.emblems`) in
a roundel, a standard, a tracker, a stat label, a four-way marker, and a round marker for each
device of :mod:`builder.export.drawing.devices` (fallen pikes, a limp banner, blood drops, a
bear's paw, locked shields, an hourglass, ...). Names say what is drawn, not what a game calls
the token: a ruleset names them in its printables, and a new system adds its own drawings here
under new names.

Every frame, ring and letter of a token keeps TRIM_SAFE inside its cut (issue 24.16); where
a round token's words and device go is :mod:`builder.export.drawing.ring`'s.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from builder.core.printables import Stat, Token
from builder.export.drawing import devices, fonts, ring
from builder.export.drawing.artwork import tick_box
from builder.export.drawing.canvas import PT, TRIM_SAFE, Box, Cell
from builder.export.drawing.emblems import emblem
from builder.export.drawing.palette import GOLD, INK, PAPER_WHITE, PARCHMENT, RGB, hex_rgb
from builder.export.drawing.text import draw_fitted, fit, line_text, text_in, width_mm

#: ``(c, cell, token)``: a whole token over its cell.
TokenArt = Callable[[Canvas, Cell, Token], None]


def _ground(c: Canvas, cell: Cell, colour: RGB, found: ring.Layout) -> tuple[float, float]:
    """Fill the token out to its bleed and draw its gold ring; returns its centre."""
    c.setFillColorRGB(*colour)
    b = cell.bleed
    c.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
    t = cell.trim
    cx, cy = t.x + t.w / 2, t.y + t.h / 2
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(ring.RING_PT * PT)
    c.circle(cx, cy, found.ring, stroke=1, fill=0)
    return cx, cy


def _words(c: Canvas, cell: Cell, found: ring.Layout) -> None:
    """The caption (parchment italic) and the kind label (white small capitals) where the
    layout puts them."""
    t = cell.trim
    cx, cy = t.x + t.w / 2, t.y + t.h / 2
    for line in found.caption:
        line_text(
            c,
            line.text,
            fonts.ITALIC,
            cx,
            cy + line.base,
            line.size,
            line.width,
            align="center",
            colour=PARCHMENT,
        )
    for line in found.label:
        line_text(
            c,
            line.text,
            fonts.CAPS,
            cx,
            cy + line.base,
            line.size,
            line.width,
            align="center",
            colour=PAPER_WHITE,
            spacing=line.spacing,
        )


def emblem_room(cell: Cell, token: Token) -> Box:
    """The square a round token's device is drawn in: between its caption (or the ring)
    and its kind label, as large as fits inside the ring."""
    return ring.device_box(cell, ring.of(cell, token.label, token.caption))


def _round(device: devices.Device) -> TokenArt:
    """A round token with ``device`` between its caption and label; a token with an
    ``emblem`` bears it on the device (a ward's rose on its shield)."""

    def draw(c: Canvas, cell: Cell, token: Token) -> None:
        accent = hex_rgb(token.accent)
        found = ring.of(cell, token.label, token.caption)
        _ground(c, cell, accent, found)
        room = ring.device_box(cell, found)
        s = room.w / 2
        x, y = room.x + s, room.y + s
        c.saveState()
        device(c, x, y, s, accent)
        c.restoreState()
        if token.emblem is not None:
            emblem(token.emblem)(c, x, y + 0.06 * s, 0.5 * s, accent, "", False)
        _words(c, cell, found)

    return draw


def _badge(c: Canvas, cell: Cell, token: Token) -> None:
    """A badge token: the side's emblem on its ground (a gold roundel for no side)."""
    accent = hex_rgb(token.accent)
    found = ring.of(cell, token.label, token.caption)
    _ground(c, cell, accent, found)
    room = ring.device_box(cell, found)
    s = room.w / 2
    if token.emblem is not None:
        emblem(token.emblem)(c, room.x + s, room.y + s, s, accent, "", True)
    else:
        c.setFillColorRGB(*GOLD)
        c.circle(room.x + s, room.y + s, 0.7 * s, stroke=0, fill=1)
    _words(c, cell, found)


#: The standard's drawing (mm at its own scale, its pole's foot at the origin):
#: its width and height.
STANDARD_W, STANDARD_H = 10.2, 8.6


def _standard(c: Canvas, cell: Cell, token: Token) -> None:
    """A standard: pole and swallow-tailed flag bearing the side's emblem."""
    accent = hex_rgb(token.accent)
    found = ring.of(cell, token.label, token.caption)
    _ground(c, cell, accent, found)
    room = ring.device_box(cell, found, STANDARD_W / STANDARD_H)
    k = min(room.w / STANDARD_W, room.h / STANDARD_H)
    c.saveState()
    # The drawing runs from x = -4.6 (the pole) to 5.6 (the flag's tips).
    c.translate(room.x + room.w / 2 - 0.5 * k, room.y + room.h / 2 - STANDARD_H / 2 * k)
    c.scale(k, k)
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(0.8 * PT / k)
    pole_x = -4.6
    c.line(pole_x, 0.0, pole_x, 8.6)
    c.setFillColorRGB(*PARCHMENT)
    path = c.beginPath()
    path.moveTo(pole_x, 8.6)
    path.lineTo(5.6, 8.6)
    path.lineTo(3.4, 5.6)
    path.lineTo(5.6, 2.6)
    path.lineTo(pole_x, 2.6)
    path.close()
    c.drawPath(path, stroke=0, fill=1)
    if token.emblem is not None:
        emblem(token.emblem)(c, -0.4, 5.6, 2.6, accent, "", False)
    c.restoreState()
    _words(c, cell, found)


#: A tracker's and stat label's frame (pt), its outer edge TRIM_SAFE inside the cut, and the
#: coloured band across its top (mm).
FRAME_PT = 0.9
BAND_MM = 4.6
#: The most of the band a kind label takes (mm).
BAND_LABEL_MM = 16.0
#: The most a tracker's title may take (two 6 pt lines), and the least space between its
#: title, boxes and note.
TRACKER_TITLE_MM = 4.7
TRACKER_GAP = 0.3


def _framed(c: Canvas, cell: Cell, token: Token) -> tuple[Box, Box]:
    """Parchment out to the bleed, a rounded frame in the accent and a band across its top
    with the kind label at the left and the caption at the right; returns the frame and the
    band."""
    colour = hex_rgb(token.accent)
    c.setFillColorRGB(*PARCHMENT)
    b = cell.bleed
    c.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
    frame = cell.trim.inset(TRIM_SAFE + FRAME_PT * PT / 2)
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(FRAME_PT * PT)
    c.roundRect(frame.x, frame.y, frame.w, frame.h, 1.2, stroke=1, fill=0)
    band = Box(frame.x, frame.top - BAND_MM, frame.w, BAND_MM)
    c.saveState()
    # The band follows the frame's rounded corners.
    outline = c.beginPath()
    outline.roundRect(frame.x, frame.y, frame.w, frame.h, 1.2)
    c.clipPath(outline, stroke=0, fill=0)
    c.setFillColorRGB(*colour)
    c.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
    c.restoreState()
    label = min(
        width_mm(token.label, fonts.CAPS, 7.5) + 0.2 * max(len(token.label) - 1, 0), BAND_LABEL_MM
    )
    line_text(
        c,
        token.label,
        fonts.CAPS,
        band.x + 1.5,
        band.y + 1.3,
        7.5,
        label,
        colour=PAPER_WHITE,
        spacing=0.2,
    )
    # The caption (an army's name) takes what the label leaves.
    line_text(
        c,
        token.caption,
        fonts.ITALIC,
        band.right - 1.5,
        band.y + 1.4,
        6,
        band.w - 3 - label - 2,
        align="right",
        colour=PARCHMENT,
    )
    return frame, band


def _tracker(c: Canvas, cell: Cell, token: Token) -> None:
    """A tracker: a band with the label and caption, the title, boxes from ``boxes`` down
    to 0 to cross off one at a time, and a note."""
    colour = hex_rgb(token.accent)
    supply = token.boxes
    frame, band = _framed(c, cell, token)
    width = frame.w - 3
    # The title first (a unit's name, never cut: two 6 pt lines if need be), the boxes
    # under it, and the note (a reminder: two 6 pt lines, one cut short where a two-line
    # title leaves room for one) in what is left.
    title = fit(token.title, fonts.BOLD, width, TRACKER_TITLE_MM, 8, 6, max_lines=2)
    n = supply + 1
    size = min(4.2, (frame.w - 4) / n - 0.8)
    room = band.y - frame.y - title.height - size
    note = fit(token.note, fonts.ITALIC, width, room - 4 * TRACKER_GAP, 6, 6, max_lines=2)
    # What is left shared out between the band, the title, the boxes, the note and the frame.
    step = (room - note.height) / 4
    title_box = Box(frame.x + 1.5, band.y - step - title.height, width, title.height)
    draw_fitted(c, title, title_box)
    y = title_box.y - step - size
    gap = (frame.w - 4 - n * size) / (n - 1)
    for i in range(n):
        x = frame.x + 2 + i * (size + gap)
        tick_box(c, x, y, size, colour)
        line_text(
            c,
            str(supply - i),
            fonts.BOLD,
            x + size / 2,
            y + size * 0.28,
            9,
            size,
            align="center",
            colour=INK,
        )
    draw_fitted(c, note, Box(frame.x + 1.5, frame.y + step, width, note.height))


#: A stat label's type (pt): a cell's name, and its value at most and at least (read across
#: a table, so never under 9 pt).
STAT_NAME_PT = 6.5
STAT_VALUE_PT, STAT_VALUE_MIN_PT = 11.0, 9.0
#: A stat cell's padding either side of its widest line, and the gap between cells (mm).
STAT_PAD, STAT_GAP = 0.8, 0.9


def stat_widths(stats: tuple[Stat, ...], width: float) -> list[float]:
    """Cell widths for one row of a stat label: equal where every cell's name and value
    fit (so the labels of an army line up); else each as wide as its name or its value at
    the 9 pt floor needs, the row's spare width shared out equally."""
    room = width - STAT_GAP * (len(stats) - 1)

    def needs(value_pt: float) -> list[float]:
        return [
            max(
                width_mm(st.name.upper(), fonts.CAPS, STAT_NAME_PT),
                width_mm(st.value, fonts.BOLD, value_pt),
            )
            + 2 * STAT_PAD
            for st in stats
        ]

    if max(needs(STAT_VALUE_PT)) <= room / len(stats):
        return [room / len(stats)] * len(stats)
    need = needs(STAT_VALUE_MIN_PT)
    spare = room - sum(need)
    return [n + spare / len(stats) for n in need]


def _stat_cell(c: Canvas, box: Box, stat: Stat, colour: RGB) -> None:
    c.setFillColorRGB(*PAPER_WHITE)
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(0.5 * PT)
    c.roundRect(box.x, box.y, box.w, box.h, 0.8, stroke=1, fill=1)
    line_text(
        c,
        stat.name.upper(),
        fonts.CAPS,
        box.x + box.w / 2,
        box.top - 2.4,
        STAT_NAME_PT,
        box.w - 2 * STAT_PAD,
        align="center",
        colour=colour,
        spacing=0.1,
    )
    # The value centred below the name's descent (3 mm under the cell's top), so its
    # letters' boxes never overlap the name's.
    text_in(
        c,
        stat.value,
        fonts.BOLD,
        Box(box.x + STAT_PAD, box.y + 0.2, box.w - 2 * STAT_PAD, box.h - 3.2),
        STAT_VALUE_PT,
        STAT_VALUE_MIN_PT,
        valign="middle",
        max_lines=1,
    )


def _stat_label(c: Canvas, cell: Cell, token: Token) -> None:
    """A label a player reads across the table: a band with the label and caption, the
    title and note (who leads it), the stats as labelled cells in rows of three, and boxes
    from ``boxes`` down to 0 under ``boxes_label``."""
    colour = hex_rgb(token.accent)
    frame, band = _framed(c, cell, token)
    inner = Box(frame.x + 1.5, frame.y + 1.2, frame.w - 3, frame.h - 2.4)
    # Room for two lines at 6 pt each: a long name wraps before it is cut.
    title = Box(inner.x, band.y - 5.1, inner.w, 4.7)
    text_in(c, token.title, fonts.BOLD, title, 9, 6, valign="middle", max_lines=2)
    note = Box(inner.x, title.y - 4.8, inner.w, 4.7)
    # The stats take the room a one-line note leaves.
    note_foot = text_in(
        c, token.note, fonts.ITALIC, note, 7.5, 6, valign="top", max_lines=2, colour=colour
    )
    # The boxes along the bottom, their label over them.
    n = token.boxes + 1
    size = min(4.2, (inner.w + 0.8) / n - 0.8)
    gap = (inner.w - n * size) / (n - 1)
    for i in range(n):
        x = inner.x + i * (size + gap)
        tick_box(c, x, inner.y, size, colour)
        line_text(
            c,
            str(token.boxes - i),
            fonts.BOLD,
            x + size / 2,
            inner.y + size * 0.28,
            9,
            size - 0.4,
            align="center",
            colour=INK,
        )
    label_base = inner.y + size + 0.9
    line_text(
        c,
        token.boxes_label.upper(),
        fonts.CAPS,
        inner.x,
        label_base,
        STAT_NAME_PT,
        inner.w,
        colour=colour,
        spacing=0.1,
    )
    # The stat cells fill what is left, in rows of three.
    per_row = 3
    rows = [token.stats[i : i + per_row] for i in range(0, len(token.stats), per_row)]
    top, bottom = note_foot - 0.6, label_base + 2.6
    row_h = (top - bottom - STAT_GAP * (len(rows) - 1)) / max(len(rows), 1)
    for r, row in enumerate(rows):
        y = top - (r + 1) * row_h - r * STAT_GAP
        x = inner.x
        for stat, w in zip(row, stat_widths(row, inner.w), strict=True):
            _stat_cell(c, Box(x, y, w, row_h), stat, colour)
            x += w + STAT_GAP


# --- The four-way marker -----------------------------------------------------------------

#: Four-way marker geometry (mm): the frame's inset from the cut (its 0.8 pt rule's outer
#: edge TRIM_SAFE inside), the gap from the frame to the top of a quarter's word, how far
#: from the centre along a diagonal an arrow crosses it (as a share of the frame's half
#: width, and at most so that its tips stay FOUR_ARROW_CLEAR below the words' baselines:
#: the frame 3 mm in leaves the words 2.1 mm nearer the centre), and an arrow's length,
#: head length and head width.
FOUR_FRAME = TRIM_SAFE + 0.8 * PT / 2
FOUR_WORD_GAP = 1.1
FOUR_ARROW_AT = 0.52
FOUR_ARROW_CLEAR = 1.0
FOUR_ARROW = 4.4
FOUR_HEAD = (1.2, 1.3)
FOUR_WORD_PT = 7.5
FOUR_LABEL_PT = 6.0
#: Cap height of the small capitals as a share of the type size.
CAP_HEIGHT = 0.68


def _arrow(
    c: Canvas, x0: float, y0: float, x1: float, y1: float, heads: tuple[bool, bool], colour: RGB
) -> None:
    """A small arrow from (x0, y0) to (x1, y1), with a head at either end that ``heads``
    asks for (start, end)."""
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    hl, hw = FOUR_HEAD
    c.setStrokeColorRGB(*colour)
    c.setFillColorRGB(*colour)
    c.setLineWidth(0.7 * PT)
    sx, sy = (x0 + hl * ux * 0.8, y0 + hl * uy * 0.8) if heads[0] else (x0, y0)
    ex, ey = (x1 - hl * ux * 0.8, y1 - hl * uy * 0.8) if heads[1] else (x1, y1)
    c.line(sx, sy, ex, ey)
    c.setLineWidth(0.3 * PT)
    for (tx, ty), sign in (((x0, y0), -1.0), ((x1, y1), 1.0)):
        if not heads[0 if sign < 0 else 1]:
            continue
        bx, by = tx - sign * hl * ux, ty - sign * hl * uy
        path = c.beginPath()
        path.moveTo(tx, ty)
        path.lineTo(bx - hw / 2 * uy, by + hw / 2 * ux)
        path.lineTo(bx + hw / 2 * uy, by - hw / 2 * ux)
        path.close()
        c.drawPath(path, stroke=1, fill=1)


def four_way_word_box(half: float, size: float = FOUR_WORD_PT) -> tuple[float, float]:
    """Where a quarter's word sits, in its quarter turned to the top, with the centre at the
    origin: its baseline's height and the width it may take (the triangle's width at the
    baseline, less a margin from each diagonal)."""
    frame = half - FOUR_FRAME
    base = frame - FOUR_WORD_GAP - CAP_HEIGHT * size * PT
    return base, 2 * base - 2 * 1.0 * math.sqrt(2)


def _four_way(c: Canvas, cell: Cell, token: Token) -> None:
    """A square marker cut by its diagonals into four quarters (top, right, bottom, left),
    each with its word reading upright when its edge is turned away from the reader; arrows
    across the lines between quarters for the allowed changes (through the centre between
    opposite quarters) and the kind label on a plaque in the middle."""
    colour = hex_rgb(token.accent)
    bleed = cell.bleed
    c.setFillColorRGB(*colour)
    c.rect(bleed.x, bleed.y, bleed.w, bleed.h, stroke=0, fill=1)
    t = cell.trim
    cx, cy = t.x + t.w / 2, t.y + t.h / 2
    half = min(t.w, t.h) / 2
    frame = half - FOUR_FRAME
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(0.8 * PT)
    c.rect(cx - frame, cy - frame, 2 * frame, 2 * frame, stroke=1, fill=0)
    c.setLineWidth(0.5 * PT)
    c.line(cx - frame, cy - frame, cx + frame, cy + frame)
    c.line(cx - frame, cy + frame, cx + frame, cy - frame)
    base, room = four_way_word_box(half)
    words = token.segments[:4]
    for i, word in enumerate(words):
        c.saveState()
        c.translate(cx, cy)
        c.rotate(-90 * i)
        line_text(
            c,
            word,
            fonts.CAPS,
            0,
            base,
            FOUR_WORD_PT,
            room,
            align="center",
            colour=PAPER_WHITE,
            spacing=0.1,
        )
        c.restoreState()
    # The plaque stays clear of the side quarters' words (a long label is shrunk, then cut).
    label_w = (
        min(width_mm(token.label, fonts.CAPS, FOUR_LABEL_PT) + 1.6, 2 * (base - 0.8))
        if token.label
        else 0.0
    )
    label_h = FOUR_LABEL_PT * PT * CAP_HEIGHT + 1.6
    wanted = {
        (a, b) for a, b in token.changes if a != b and 0 <= a < len(words) and 0 <= b < len(words)
    }
    done: set[frozenset[int]] = set()
    d = FOUR_ARROW / 2 / math.sqrt(2)
    # Where an arrow crosses a diagonal, as (x, y) with x = y in quarter i's turn.
    at = min(frame * FOUR_ARROW_AT, base - FOUR_ARROW_CLEAR - d)
    for a, b in sorted(wanted):
        if frozenset((a, b)) in done:
            continue
        done.add(frozenset((a, b)))
        step = (b - a) % 4
        i, j = (a, b) if step in (1, 2) else (b, a)
        heads = ((j, i) in wanted, (i, j) in wanted)
        c.saveState()
        c.translate(cx, cy)
        c.rotate(-90 * i)
        if (j - i) % 4 == 1:
            # Across the line between quarter i (turned to the top) and the next, clockwise.
            _arrow(c, at - d, at + d, at + d, at - d, heads, GOLD)
        else:
            # Between opposite quarters, through the centre (and behind the label).
            reach = min(
                max(frame * 0.5, (label_w if i % 2 else label_h) / 2 + 2.4), base - FOUR_ARROW_CLEAR
            )
            _arrow(c, 0, reach, 0, -reach, heads, GOLD)
        c.restoreState()
    if token.label:
        c.setFillColorRGB(*PARCHMENT)
        c.setStrokeColorRGB(*GOLD)
        c.setLineWidth(0.5 * PT)
        c.roundRect(cx - label_w / 2, cy - label_h / 2, label_w, label_h, 0.8, stroke=1, fill=1)
        line_text(
            c,
            token.label,
            fonts.CAPS,
            cx,
            cy - CAP_HEIGHT * FOUR_LABEL_PT * PT / 2,
            FOUR_LABEL_PT,
            label_w - 1.0,
            align="center",
            colour=INK,
        )


TOKENS: dict[str, TokenArt] = {
    # Named for what they draw, not for the token a rule system uses them for.
    "badge": _badge,
    "standard": _standard,
    "tracker": _tracker,
    "stat-label": _stat_label,
    "four-way": _four_way,
    # Round markers, each named for its device (builder/export/drawing/devices.py).
    **{name: _round(device) for name, device in devices.DEVICES.items()},
}


def token_art(name: str) -> TokenArt:
    try:
        return TOKENS[name]
    except KeyError:
        raise KeyError(f"no token art {name!r} in the art registry: {', '.join(TOKENS)}") from None
