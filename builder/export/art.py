"""The art registry: named drawings the printables ask for (RULESETS.md "Printables as data").

Two kinds: *emblems* (``EMBLEMS``: a device in a roundel, on card headers, card faces, backs
and tokens: roses, an illuminated initial, each system's own for its backs: a crowned shield,
a great helm, a boss shield) and *token art* (``TOKENS``: a whole token's face: an emblem in a
roundel, a standard, fallen pikes, a limp banner, a tracker, a four-way marker, and a round
marker for each device of :mod:`builder.export.devices`: blood drops, a bear's paw, locked
shields, an hourglass, ...). Names say what is drawn, not what a game calls the token: a
ruleset names them in its printables, and a new system adds its own drawings here under new
names.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from builder.export import devices, fonts
from builder.export.draw import (
    GOLD,
    INK,
    PAPER_WHITE,
    PARCHMENT,
    RGB,
    ROSE_RED,
    ROSE_WHITE,
    badge,
    hex_rgb,
    line_text,
    rose,
    text_in,
    tick_box,
    width_mm,
    wrap,
)
from builder.export.sheet import MIN_TEXT_PT, PT, Box, Cell
from builder.rules.printables import Stat, Token

#: ``(c, cx, cy, r, accent, letter, framed)``: an emblem in a roundel of radius ``r``; framed:
#: on its parchment roundel (a badge), else bare.
Emblem = Callable[[Canvas, float, float, float, RGB, str, bool], None]
#: ``(c, cell, token)``: a whole token over its cell.
TokenArt = Callable[[Canvas, Cell, Token], None]


def _rose(petal: RGB) -> Emblem:
    def draw(c: Canvas, cx: float, cy: float, r: float, accent: RGB, letter: str,
             framed: bool) -> None:
        if framed:
            badge(c, cx, cy, r, petal)
        else:
            rose(c, cx, cy, r, petal)

    return draw


def illuminated(c: Canvas, cx: float, cy: float, size: float, letter: str,
                colour: RGB) -> None:
    """A square illuminated initial: coloured ground, gold frame, parchment letter."""
    half = size / 2
    c.setFillColorRGB(*colour)
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(max(0.6, size * 0.04 / PT) * PT)
    c.rect(cx - half, cy - half, size, size, stroke=1, fill=1)
    inset = size * 0.08
    c.setLineWidth(0.35 * PT)
    c.rect(cx - half + inset, cy - half + inset, size - 2 * inset, size - 2 * inset,
           stroke=1, fill=0)
    c.setFillColorRGB(*GOLD)
    for dx in (-1, 1):
        for dy in (-1, 1):
            c.circle(cx + dx * (half - inset), cy + dy * (half - inset), size * 0.035,
                     stroke=0, fill=1)
    font = fonts.BLACKLETTER if fonts.covers(fonts.BLACKLETTER, letter) else fonts.BOLD
    fsize = size * 0.78 / PT
    c.setFillColorRGB(*PARCHMENT)
    c.setFont(font, fsize * PT)
    c.drawCentredString(cx, cy - size * 0.27, letter)


def _initial(c: Canvas, cx: float, cy: float, r: float, accent: RGB, letter: str,
             framed: bool) -> None:
    """An illuminated initial as big as a rose badge of radius ``r`` would sit (a little
    smaller: its corners reach further)."""
    illuminated(c, cx, cy, r * 0.78 / 0.45, letter or "?", accent)


def _system(draw: Callable[[Canvas, float, float, float, RGB, bool], None]) -> Emblem:
    def emblem(c: Canvas, cx: float, cy: float, r: float, accent: RGB, letter: str,
               framed: bool) -> None:
        draw(c, cx, cy, r, accent, framed)

    return emblem


EMBLEMS: dict[str, Emblem] = {
    "rose-white": _rose(ROSE_WHITE),
    "rose-red": _rose(ROSE_RED),
    "initial": _initial,
    # The systems' own, on their decks' backs.
    "crowned-shield": _system(devices.crowned_shield),
    "great-helm": _system(devices.great_helm),
    "boss-shield": _system(devices.boss_shield),
}


def emblem(name: str) -> Emblem:
    """The emblem called ``name``; KeyError naming the registry for an unknown one."""
    try:
        return EMBLEMS[name]
    except KeyError:
        raise KeyError(f"no emblem {name!r} in the art registry: {', '.join(EMBLEMS)}") \
            from None


# --- Tokens ------------------------------------------------------------------------------


def _ground(c: Canvas, cell: Cell, colour: RGB) -> tuple[float, float, float]:
    """Fill the token and draw its gold ring; returns centre x, y and the ring radius."""
    c.setFillColorRGB(*colour)
    b = cell.bleed
    c.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
    t = cell.trim
    cx, cy = t.x + t.w / 2, t.y + t.h / 2
    r = min(t.w, t.h) / 2 - 1.2
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(0.8 * PT)
    c.circle(cx, cy, r, stroke=1, fill=0)
    c.setLineWidth(0.3 * PT)
    c.circle(cx, cy, r - 0.7, stroke=1, fill=0)
    return cx, cy, r


def _chord(cell: Cell, dy: float) -> float:
    """Width of the token's ring at ``dy`` mm above or below its centre, less a margin."""
    r = min(cell.trim.w, cell.trim.h) / 2 - 1.9
    return 2 * math.sqrt(max(r * r - dy * dy, 0.0)) - 1.5


#: Between the baselines of a kind label's two lines (mm; a 6.8 pt line is 2.4 mm).
LABEL_LEADING = 2.5


def _label(c: Canvas, cell: Cell, label: str, size: float = 6.8) -> None:
    """The kind label along the bottom of the ring: as wide as the ring is at the label's
    baseline (its lowest, so narrowest, edge), so no letter reaches the ring. A label that
    would need type under 6 pt there ("COMMAND POINT" on a 25 mm token) is wrapped onto two
    lines, the upper one where the ring is wider."""
    t = cell.trim
    cy = t.y + t.h / 2
    base = t.y + 5.2
    lines = [label]
    if width_mm(label, fonts.CAPS, MIN_TEXT_PT) > _chord(cell, cy - base):
        first, *rest = wrap(label, fonts.CAPS, size, _chord(cell, cy - base))
        lines = [first, " ".join(rest)] if rest else [first]
    for i, line in enumerate(reversed(lines)):
        y = base + i * LABEL_LEADING
        line_text(c, line, fonts.CAPS, t.x + t.w / 2, y, size, _chord(cell, cy - y),
                  align="center", colour=PAPER_WHITE, spacing=0.15)


def _caption(c: Canvas, cell: Cell, text: str) -> None:
    """A line above the centre, as wide as the ring is at the top of its letters."""
    t = cell.trim
    base = t.top - 6.6
    line_text(c, text, fonts.ITALIC, t.x + t.w / 2, base, 6.0, _chord(cell, base + 1.6 - (
        t.y + t.h / 2)), align="center", colour=PARCHMENT)


#: Between the baselines of a caption's lines (mm; a 6 pt line is 2.1 mm).
CAPTION_LEADING = 2.3


def _splits(words: list[str], n: int) -> list[list[str]]:
    """Every way to set ``words`` on ``n`` lines, in order, none empty."""
    if n == 1:
        return [[" ".join(words)]]
    return [[" ".join(words[:k]), *rest] for k in range(1, len(words) - n + 2)
            for rest in _splits(words[k:], n - 1)]


def _rows(cell: Cell, text: str, first: float, ascent: float,
          most: int = 3) -> list[tuple[str, float, float]]:
    """``text`` on two lines, else three (up to ``most``), the first at baseline ``first``
    and each no wider than the ring at 6 pt at the top of its letters (``ascent`` above the
    baseline): the most even split, so the upper lines come out shorter where the ring is
    narrower. Each line ``(line, baseline, width)``; none if no split fits."""
    cy = cell.trim.y + cell.trim.h / 2
    words = text.split()
    for n in range(2, most + 1):
        rows = [first - i * CAPTION_LEADING for i in range(n)]
        wides = [_chord(cell, y + ascent - cy) for y in rows]
        # Each split by its fullest line: the least full is the most even.
        fill = [(max(width_mm(line, fonts.ITALIC, 6.0) / wide
                     for line, wide in zip(lines, wides, strict=True)), lines)
                for lines in _splits(words, n)]
        best = min(fill, default=None)
        if best is not None and best[0] <= 1:
            return list(zip(best[1], rows, wides, strict=True))
    return []


def _stacked_caption(cell: Cell, text: str) -> list[tuple[str, float, float]]:
    """A caption over a drawing that shrinks to make room (the morale standard), so a long
    army name ("The Duke of Norfolk's Affinity" on a 25 mm token) prints whole: one line,
    else two or three from near the ring's top (1.5 mm: the ring's margin in _chord already
    keeps the letters off it); cut short on the first line only if no split fits."""
    t = cell.trim
    cy = t.y + t.h / 2
    if width_mm(text, fonts.ITALIC, 6.0) <= _chord(cell, 7.5):
        base = t.top - 6.6
        return [(text, base, _chord(cell, base + CAPTION_ASCENT - cy))]
    return _rows(cell, text, cy + 7.6, 1.5) or [(text, cy + 7.6, _chord(cell, 9.1))]


#: Cap height (mm) of a 6.8 pt kind label, and the clear space kept round a device.
LABEL_CAP = 6.8 * PT * 0.68
DEVICE_GAP = 0.8
#: A caption's descent below its baseline and ascent above it, mm (6 pt italic).
CAPTION_DESCENT, CAPTION_ASCENT = 0.55, 1.6


def _label_lines(cell: Cell, label: str) -> int:
    """How many lines :func:`_label` sets ``label`` on."""
    t = cell.trim
    cy = t.y + t.h / 2
    base = t.y + 5.2
    if width_mm(label, fonts.CAPS, MIN_TEXT_PT) <= _chord(cell, cy - base):
        return 1
    return min(2, len(wrap(label, fonts.CAPS, 6.8, _chord(cell, cy - base))))


def caption_lines(cell: Cell, text: str) -> list[tuple[str, float, float]]:
    """A device token's caption: one line above the centre, or two or three where one is too
    wide (the device shrinks below them: :func:`emblem_room`), each ``(line, baseline,
    width)``; none at all when even three would have to be cut (the caption still names the
    token in a list: Tabletop Simulator's, the manifest's)."""
    t = cell.trim
    cy = t.y + t.h / 2
    if not text:
        return []
    base = t.top - 6.6
    wide = _chord(cell, base + CAPTION_ASCENT - cy)
    if width_mm(text, fonts.ITALIC, 6.0) <= wide:
        return [(text, base, wide)]
    return _rows(cell, text, base, CAPTION_ASCENT)


def emblem_room(cell: Cell, token: Token) -> Box:
    """The square a round token's device is drawn in: between its caption (or the ring)
    and its kind label, as large as fits inside the ring."""
    t = cell.trim
    cx, cy = t.x + t.w / 2, t.y + t.h / 2
    inner = min(t.w, t.h) / 2 - 2.2
    lo = t.y + 5.2 + (_label_lines(cell, token.label) - 1) * LABEL_LEADING + LABEL_CAP \
        + DEVICE_GAP
    lines = caption_lines(cell, token.caption)
    hi = lines[-1][1] - CAPTION_DESCENT - DEVICE_GAP if lines else cy + inner * 0.72
    yc = (lo + hi) / 2
    half = (hi - lo) / 2
    # No wider than the ring at the square's farther edge from the centre.
    while half > 0.5 and half ** 2 + (abs(yc - cy) + half * 0.8) ** 2 > inner ** 2:
        half -= 0.1
    return Box(cx - half, yc - half, 2 * half, 2 * half)


def _device_token(name: str) -> TokenArt:
    """A round token with the device called ``name`` between its caption and label; a
    token with an ``emblem`` bears it on the device (a ward's rose on its shield)."""
    device = devices.DEVICES[name]

    def draw(c: Canvas, cell: Cell, token: Token) -> None:
        accent = hex_rgb(token.accent)
        _ground(c, cell, accent)
        room = emblem_room(cell, token)
        s = room.w / 2
        x, y = room.x + s, room.y + s
        c.saveState()
        device(c, x, y, s, accent)
        c.restoreState()
        if token.emblem is not None:
            emblem(token.emblem)(c, x, y + 0.06 * s, 0.5 * s, accent, "", False)
        for line, base, wide in caption_lines(cell, token.caption):
            line_text(c, line, fonts.ITALIC, x, base, 6.0, wide, align="center",
                      colour=PARCHMENT)
        _label(c, cell, token.label)

    return draw


def _order(c: Canvas, cell: Cell, token: Token) -> None:
    cx, cy, r = _ground(c, cell, hex_rgb(token.accent))
    if token.emblem is not None:
        emblem(token.emblem)(c, cx, cy - 0.3, r * 0.44, hex_rgb(token.accent), "", True)
        _caption(c, cell, token.caption)
    else:
        c.setFillColorRGB(*GOLD)
        c.circle(cx, cy + 0.6, r * 0.3, stroke=0, fill=1)
    _label(c, cell, token.label)


def _fallen_pikes(c: Canvas, cell: Cell, token: Token) -> None:
    cx, cy, r = _ground(c, cell, hex_rgb(token.accent))
    # Three pikes fallen across each other, heads every which way (outlined in the
    # ground's own white, so that with --ink-saver they still show).
    c.setStrokeColorRGB(*PAPER_WHITE)
    c.setFillColorRGB(*PAPER_WHITE)
    c.setLineWidth(0.9 * PT)
    half = r * 0.36
    for angle, dx, dy in ((35, -0.6, 0.2), (150, 0.4, 1.2), (100, 1.6, 0.4)):
        a = math.radians(angle)
        ux, uy = math.cos(a), math.sin(a)
        x0, y0 = cx + dx, cy - 0.8 + dy
        c.line(x0 - half * ux, y0 - half * uy, x0 + half * ux, y0 + half * uy)
        # A leaf-shaped head at one end.
        hx, hy = x0 + half * ux, y0 + half * uy
        path = c.beginPath()
        path.moveTo(hx + 1.8 * ux, hy + 1.8 * uy)
        path.lineTo(hx - 0.5 * uy, hy + 0.5 * ux)
        path.lineTo(hx + 0.5 * uy, hy - 0.5 * ux)
        path.close()
        c.drawPath(path, stroke=1, fill=1)
    _caption(c, cell, token.caption)
    _label(c, cell, token.label)


def _limp_banner(c: Canvas, cell: Cell, token: Token) -> None:
    cx, cy, r = _ground(c, cell, hex_rgb(token.accent))
    # A banner hanging limp from its pole (outlined, as the pike heads are).
    c.setStrokeColorRGB(*PAPER_WHITE)
    c.setLineWidth(0.9 * PT)
    pole_x = cx - 3.2
    c.line(pole_x, cy - 4.2, pole_x, cy + 4.6)
    c.setFillColorRGB(*PAPER_WHITE)
    path = c.beginPath()
    path.moveTo(pole_x, cy + 4.4)
    path.curveTo(pole_x + 2.5, cy + 3.6, pole_x + 4.5, cy + 1.5, pole_x + 5.2, cy - 2.6)
    path.lineTo(pole_x + 3.6, cy - 1.2)
    path.lineTo(pole_x + 2.6, cy - 3.4)
    path.curveTo(pole_x + 2.0, cy - 0.6, pole_x + 1.2, cy + 1.0, pole_x, cy + 1.2)
    path.close()
    c.drawPath(path, stroke=1, fill=1)
    _caption(c, cell, token.caption)
    _label(c, cell, token.label)


def _morale(c: Canvas, cell: Cell, token: Token) -> None:
    cx, cy, r = _ground(c, cell, hex_rgb(token.accent))
    lines = _stacked_caption(cell, token.caption)
    # A standard: pole and swallow-tailed flag bearing the side's rose, 8.6 mm tall from its
    # foot, shrunk about its foot where a third caption line comes down over it.
    foot = cy - 4.0
    top = min(cy + 4.6, lines[-1][1] - CAPTION_DESCENT - DEVICE_GAP) if lines else cy + 4.6
    k = (top - foot) / 8.6
    c.saveState()
    c.translate(cx, foot)
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
        emblem(token.emblem)(c, -0.4, 5.6, 2.6, hex_rgb(token.accent), "", False)
    c.restoreState()
    for line, base, wide in lines:
        line_text(c, line, fonts.ITALIC, cx, base, 6.0, wide, align="center",
                  colour=PARCHMENT)
    _label(c, cell, token.label)


def _tracker(c: Canvas, cell: Cell, token: Token) -> None:
    """A tracker: a band with the label and caption, the title, boxes from ``boxes`` down
    to 0 to cross off one at a time, and a note."""
    colour = hex_rgb(token.accent)
    supply = token.boxes
    t = cell.trim
    c.setFillColorRGB(*PARCHMENT)
    b = cell.bleed
    c.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
    frame = t.inset(1.0)
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(0.9 * PT)
    c.roundRect(frame.x, frame.y, frame.w, frame.h, 1.2, stroke=1, fill=0)
    band = Box(frame.x, frame.top - 5.2, frame.w, 5.2)
    c.setFillColorRGB(*colour)
    c.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
    line_text(c, token.label, fonts.CAPS, band.x + 1.5, band.y + 1.5, 7.5, 16,
              colour=PAPER_WHITE, spacing=0.2)
    line_text(c, token.caption, fonts.ITALIC, band.right - 1.5, band.y + 1.6, 6,
              band.w - 20, align="right", colour=PARCHMENT)
    title_box = Box(frame.x + 1.5, band.y - 5.2, frame.w - 3, 4.8)
    text_in(c, token.title, fonts.BOLD, title_box, 8, 5.5, valign="middle", max_lines=2)
    # Boxes from the full supply down to 0: cross one off each time it is used.
    n = supply + 1
    size = min(4.8, (frame.w - 4) / n - 0.8)
    gap = (frame.w - 4 - n * size) / (n - 1)
    y = title_box.y - 0.8 - size
    for i in range(n):
        x = frame.x + 2 + i * (size + gap)
        tick_box(c, x, y, size, colour)
        line_text(c, str(supply - i), fonts.BOLD, x + size / 2, y + size * 0.28, 9,
                  size, align="center", colour=INK)
    text_in(c, token.note, fonts.ITALIC, Box(frame.x + 1.5, frame.y + 0.5, frame.w - 3,
                                             y - frame.y - 0.9),
            5.5, 4.2, valign="middle", max_lines=2)


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
    need = [max(width_mm(st.name.upper(), fonts.CAPS, STAT_NAME_PT),
                width_mm(st.value, fonts.BOLD, STAT_VALUE_PT)) + 2 * STAT_PAD
            for st in stats]
    if max(need) <= room / len(stats):
        return [room / len(stats)] * len(stats)
    need = [max(width_mm(st.name.upper(), fonts.CAPS, STAT_NAME_PT),
                width_mm(st.value, fonts.BOLD, STAT_VALUE_MIN_PT)) + 2 * STAT_PAD
            for st in stats]
    spare = room - sum(need)
    return [n + spare / len(stats) for n in need]


def _stat_cell(c: Canvas, box: Box, stat: Stat, colour: RGB) -> None:
    c.setFillColorRGB(*PAPER_WHITE)
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(0.5 * PT)
    c.roundRect(box.x, box.y, box.w, box.h, 0.8, stroke=1, fill=1)
    line_text(c, stat.name.upper(), fonts.CAPS, box.x + box.w / 2, box.top - 2.4,
              STAT_NAME_PT, box.w - 2 * STAT_PAD, align="center", colour=colour,
              spacing=0.1)
    text_in(c, stat.value, fonts.BOLD, Box(box.x + STAT_PAD, box.y + 0.4,
                                           box.w - 2 * STAT_PAD, box.h - 3.0),
            STAT_VALUE_PT, STAT_VALUE_MIN_PT, valign="middle", max_lines=1)


def _stat_label(c: Canvas, cell: Cell, token: Token) -> None:
    """A label a player reads across the table: a band with the label and caption, the
    title and note (who leads it), the stats as labelled cells in rows of three, and boxes
    from ``boxes`` down to 0 under ``boxes_label``."""
    colour = hex_rgb(token.accent)
    t = cell.trim
    c.setFillColorRGB(*PARCHMENT)
    b = cell.bleed
    c.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
    frame = t.inset(1.0)
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(0.9 * PT)
    c.roundRect(frame.x, frame.y, frame.w, frame.h, 1.2, stroke=1, fill=0)
    band = Box(frame.x, frame.top - 5.2, frame.w, 5.2)
    c.setFillColorRGB(*colour)
    c.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
    line_text(c, token.label, fonts.CAPS, band.x + 1.5, band.y + 1.5, 7.5, 16,
              colour=PAPER_WHITE, spacing=0.2)
    line_text(c, token.caption, fonts.ITALIC, band.right - 1.5, band.y + 1.6, 6,
              band.w - 20, align="right", colour=PARCHMENT)
    inner = Box(frame.x + 1.5, frame.y + 1.2, frame.w - 3, frame.h - 2.4)
    # Room for two lines at 6 pt each: a long name wraps before it is cut.
    title = Box(inner.x, band.y - 5.6, inner.w, 5.2)
    text_in(c, token.title, fonts.BOLD, title, 9, 6, valign="middle", max_lines=2)
    note = Box(inner.x, title.y - 5.3, inner.w, 5.2)
    text_in(c, token.note, fonts.ITALIC, note, 7.5, 6, valign="top", max_lines=2,
            colour=colour)
    # The boxes along the bottom, their label over them.
    n = token.boxes + 1
    size = min(4.6, (inner.w + 0.8) / n - 0.8)
    gap = (inner.w - n * size) / (n - 1)
    for i in range(n):
        x = inner.x + i * (size + gap)
        tick_box(c, x, inner.y, size, colour)
        line_text(c, str(token.boxes - i), fonts.BOLD, x + size / 2, inner.y + size * 0.28,
                  9, size - 0.4, align="center", colour=INK)
    label_base = inner.y + size + 0.9
    line_text(c, token.boxes_label.upper(), fonts.CAPS, inner.x, label_base, STAT_NAME_PT,
              inner.w, colour=colour, spacing=0.1)
    # The stat cells fill what is left, in rows of three.
    per_row = 3
    rows = [token.stats[i:i + per_row] for i in range(0, len(token.stats), per_row)]
    top, bottom = note.y - 0.4, label_base + 2.6
    row_h = (top - bottom - STAT_GAP * (len(rows) - 1)) / max(len(rows), 1)
    for r, row in enumerate(rows):
        y = top - (r + 1) * row_h - r * STAT_GAP
        x = inner.x
        for stat, w in zip(row, stat_widths(row, inner.w), strict=True):
            _stat_cell(c, Box(x, y, w, row_h), stat, colour)
            x += w + STAT_GAP


# --- The four-way marker -----------------------------------------------------------------

#: Four-way marker geometry (mm): the frame's inset from the cut, the gap from the frame to the
#: top of a quarter's word, how far from the centre along a diagonal an arrow crosses it, and
#: an arrow's length, head length and head width.
FOUR_FRAME = 1.0
FOUR_WORD_GAP = 1.1
FOUR_ARROW_AT = 0.52
FOUR_ARROW = 4.4
FOUR_HEAD = (1.2, 1.3)
FOUR_WORD_PT = 7.5
FOUR_LABEL_PT = 6.0
#: Cap height of the small capitals as a share of the type size.
CAP_HEIGHT = 0.68


def _arrow(c: Canvas, x0: float, y0: float, x1: float, y1: float, heads: tuple[bool, bool],
           colour: RGB) -> None:
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
        line_text(c, word, fonts.CAPS, 0, base, FOUR_WORD_PT, room, align="center",
                  colour=PAPER_WHITE, spacing=0.1)
        c.restoreState()
    # The plaque stays clear of the side quarters' words (a long label is shrunk, then cut).
    label_w = min(width_mm(token.label, fonts.CAPS, FOUR_LABEL_PT) + 1.6, 2 * (base - 0.8)) \
        if token.label else 0.0
    label_h = FOUR_LABEL_PT * PT * CAP_HEIGHT + 1.6
    wanted = {(a, b) for a, b in token.changes if a != b and 0 <= a < len(words)
              and 0 <= b < len(words)}
    done: set[frozenset[int]] = set()
    at = frame * FOUR_ARROW_AT * math.sqrt(2)
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
            px = py = at / math.sqrt(2)
            d = FOUR_ARROW / 2 / math.sqrt(2)
            _arrow(c, px - d, py + d, px + d, py - d, heads, GOLD)
        else:
            # Between opposite quarters, through the centre (and behind the label).
            reach = max(frame * 0.5, (label_w if i % 2 else label_h) / 2 + 2.4)
            _arrow(c, 0, reach, 0, -reach, heads, GOLD)
        c.restoreState()
    if token.label:
        c.setFillColorRGB(*PARCHMENT)
        c.setStrokeColorRGB(*GOLD)
        c.setLineWidth(0.5 * PT)
        c.roundRect(cx - label_w / 2, cy - label_h / 2, label_w, label_h, 0.8, stroke=1,
                    fill=1)
        line_text(c, token.label, fonts.CAPS, cx, cy - CAP_HEIGHT * FOUR_LABEL_PT * PT / 2,
                  FOUR_LABEL_PT, label_w - 1.0, align="center", colour=INK)


TOKENS: dict[str, TokenArt] = {
    "order": _order,
    "morale": _morale,
    "fallen-pikes": _fallen_pikes,
    "limp-banner": _limp_banner,
    "tracker": _tracker,
    "stat-label": _stat_label,
    "four-way": _four_way,
    # Round markers, each named for its device (builder/export/devices.py).
    **{name: _device_token(name) for name in devices.DEVICES},
}


def token_art(name: str) -> TokenArt:
    try:
        return TOKENS[name]
    except KeyError:
        raise KeyError(f"no token art {name!r} in the art registry: {', '.join(TOKENS)}") \
            from None


