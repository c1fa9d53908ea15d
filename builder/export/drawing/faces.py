"""Card faces and backs laid out from the printables' block kinds (:mod:`builder.core.
printables`): a frame and header band, then each block top to bottom, the footer at the
bottom; text fitted to its box and never under 6 pt (:mod:`builder.export.drawing.draw`).

Block lengths are millimetres on a poker card; the cell's scale makes them fit any card size.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import cast

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from builder.core.printables import (
    Back,
    Block,
    Boxes,
    Emblem,
    Face,
    Paragraphs,
    Photo,
    Rule,
    Ruled,
    Stars,
    Stat,
    StatRows,
    Text,
    Tint,
)
from builder.export.drawing import fonts
from builder.export.drawing.art import emblem, illuminated
from builder.export.drawing.canvas import MIN_TEXT_PT, PT, Box, Cell, DrawFn
from builder.export.drawing.draw import (
    CARD_SAFE,
    ELLIPSIS,
    GOLD,
    INK,
    LEADING,
    PARCHMENT,
    PARCHMENT_DARK,
    RGB,
    EmblemFn,
    Fitted,
    card_frame,
    draw_fitted,
    fit,
    header,
    hex_rgb,
    line_text,
    ornament_rule,
    paragraphs_in,
    roundel,
    rule,
    saving_ink,
    set_paragraphs,
    star,
    text_in,
    tick_box,
    width_mm,
    wrap,
)
from builder.export.drawing.photos import frame_jpeg

_FONTS = {"bold": fonts.BOLD, "italic": fonts.ITALIC, "caps": fonts.CAPS, "body": fonts.BODY}
#: The footer band's height over the body's bottom (mm on a poker card).
FOOTER_BAND = 5.6
#: Framed photos already cut to a size, shared by every card of one export.
Photos = dict[tuple[str, float, float], bytes]
#: A box height no text outgrows: text set whole, wrapped to as many lines as it takes.
_UNBOUNDED = 1e6
#: How much taller than its row height a stat row grows into room left unused.
_STAT_GROW = 0.5
#: The band over each row of a marked track that holds the marks' labels (6 pt), mm.
_MARK_BAND = 2.4
#: A card this much taller for its width than a poker card (tarot: 23%) may set a face by its
#: height; mini (2%) keeps poker's proportions and is set by its width.
_TALL = 1.1
#: ... but never more than this over its width's scale, so a line still holds four fifths of
#: the words it holds on a poker card.
_TALL_TYPE = 1.25
#: The scales tried on a tall card, from its height's down to its width's.
_STEPS = 6
#: A stat row's least height on a face that closes up (mm on a poker card).
_TIGHT_ROW = 4.6
#: The least scale a face whose words do not fit is drawn at, against its card's (its type
#: stays at the 6 pt floor), and the steps tried down to it.
_LEAST_SCALE = 0.6
_SHRINK_STEPS = 5
#: The spaces between blocks on a face that closes up, against their usual length.
_TIGHT_GAPS = 0.5
#: Faces whose plans and measures are kept (a pack's cards at a size or two).
_CACHED = 2048
#: The line under the title of a card that carries on another's words; on a card of a deck
#: dealt in play, also that it is not dealt.
CONTINUED = "continued"
CONTINUED_DEALT = "continued: keep it beside its card, out of the deal"


@dataclass(frozen=True)
class _StatRow:
    """A stat row set: its value and note, its tick boxes' side (0: none), the value's band
    and the row's height (mm)."""

    value: Fitted
    note: Fitted
    box: float
    band: float
    height: float


@dataclass(frozen=True)
class _BoxGrid:
    """Tick boxes in rows: side, gap, boxes a row, each row's bottom over the base (the top
    row's first), height in all (mm), and whether the label sits over the boxes (they take
    the full width) or beside them. A row holding a marked box has a band over it for the
    marks' labels."""

    size: float
    gap: float
    per_row: int
    lifts: tuple[float, ...]
    height: float
    label_over: bool


def _font(style: str, text: str) -> str:
    if style == "display":
        return fonts.display(text)
    return _FONTS[style]


def _cut(fitted: Fitted, text: str) -> bool:
    """Whether ``fitted`` was cut short with an ellipsis (``text`` did not end in one)."""
    marks = (ELLIPSIS, "...")
    return (
        bool(fitted.lines)
        and fitted.lines[-1].endswith(marks)
        and not text.rstrip().endswith(marks)
    )


def _clauses(text: str, width: float, size: float) -> Fitted:
    """``text`` wrapped at its commas where it can ("shot 5+, melee 5+" keeps each score
    with its name), else word by word."""
    font = fonts.best(fonts.BOLD, text)
    parts = [p.strip() for p in fonts.printable(font, " ".join(text.split())).split(", ")]
    if any(width_mm(p + ",", font, size) > width for p in parts):
        return fit(text, fonts.BOLD, width, _UNBOUNDED, size, size)
    lines: list[str] = []
    for i, part in enumerate(parts):
        part += "," if i < len(parts) - 1 else ""
        if lines and width_mm(f"{lines[-1]} {part}", font, size) <= width:
            lines[-1] = f"{lines[-1]} {part}"
        else:
            lines.append(part)
    return Fitted(font, size, tuple(lines))


def _header_emblem(name: str | None, accent: RGB) -> EmblemFn | None:
    if name is None:
        return None
    art = emblem(name)
    return lambda c, x, y, r: art(c, x, y, r, accent, "", True)


class _Blind:
    """A canvas that draws nothing: a face laid out only to be measured."""

    def __getattr__(self, name: str) -> object:
        return self._nothing

    def _nothing(self, *args: object, **kwargs: object) -> _Blind:
        return self  # a path begun, a form "already drawn": all of them nothing


class _Layout:
    """One face being drawn: the canvas, the body box, the cursor ``y`` going down."""

    def __init__(
        self,
        c: Canvas,
        cell: Cell,
        face: Face,
        photos: Photos,
        s: float,
        tight: bool = False,
        measuring: bool = False,
    ) -> None:
        #: The scale, and whether the face closes up, the boxes kept at their height (a
        #: title's) on their words and the spaces between blocks by half: a face that would
        #: run past the bottom otherwise (a leader's on a mini card).
        self.s, self.tight = s, tight
        self.c, self.face, self.photos, self.measuring = c, face, photos, measuring
        self.accent = hex_rgb(face.accent)
        inner = card_frame(c, cell, self.accent, scale=s)
        self.body = header(
            c,
            cell,
            inner,
            face.label,
            self.accent,
            _header_emblem(face.emblem, self.accent),
            scale=s,
            part="{}/{}".format(*face.part) if face.part else "",
        )
        self.y = self.body.top
        #: The footer line set: on one line, or wrapped at the floor with its band grown.
        self.footer_text = _footer_text(face.footer, self.body.w, s)
        self.footer_extra = max(0.0, self.footer_text.height - _FOOTER_LINE * s)
        #: Where the tick boxes stand: on the footer band, never in it.
        self.base = self.body.y + (FOOTER_BAND * s + self.footer_extra if face.footer else 0.0)
        #: The top of what is drawn at the bottom (footer, boxes): what fills stops there.
        self.floor = self.body.y
        #: The block that fills the room left (paragraphs, a filling text) and that room.
        self.filled: tuple[Paragraphs | Text, Box] | None = None
        #: Whether the stat rows had to give up their height to fit.
        self.squeezed = False

    def gap(self, mm: float) -> float:
        """A space between blocks (mm on a poker card), halved when the face closes up."""
        return mm * self.s * (_TIGHT_GAPS if self.tight else 1.0)

    def tint(self, tint: Tint) -> RGB:
        return {"accent": self.accent, "ink": INK, "gold": GOLD}[tint]

    # --- what must fit below a block, measured before it is drawn ----------------------------

    def min_height(self, block: Block) -> float:
        s = self.s
        if isinstance(block, StatRows):
            return sum(self.stat_row(row, block).height for row in block.rows)
        if isinstance(block, Boxes):
            return self.box_grid(block).height + 1.5 * s
        if isinstance(block, Paragraphs):
            small = block.legible * s
            lines = sum(len(wrap(p, fonts.BODY, small, self.body.w - 2.5 * s)) for p in block.texts)
            return lines * small * LEADING * PT + 1.0 * s if lines else 0.0
        return 0.0

    def below(self, block: Block) -> float | None:
        """The room the blocks after ``block`` take above the floor (their words at their
        own size), or None when one's is not known beforehand (a
        text or a picture that fills the room)."""
        after = self.face.blocks[self.face.blocks.index(block) + 1 :]
        need = 0.0
        for later in after:
            if isinstance(later, Paragraphs):
                # Set as :meth:`paragraphs` sets them, at their own size.
                font = fonts.best(fonts.BODY, " ".join(later.texts))
                shown = [
                    fonts.printable(font, " ".join(p.split())) for p in later.texts if p.strip()
                ]
                size = later.size * self.s
                if shown:
                    # (and a hair over, so that rounding never shrinks them a step)
                    need += (
                        set_paragraphs(shown, font, self.body.w, _UNBOUNDED, size, size).height
                        + 1.1 * self.s
                    )
            elif isinstance(later, Rule):
                need += self.gap(later.before) + self.gap(later.after)
            elif not isinstance(later, Boxes):  # the boxes stand under the floor
                return None
        return need

    # --- the block kinds ----------------------------------------------------------------------

    def text(self, block: Text) -> None:
        s, body = self.s, self.body
        if block.fill:
            box = Box(
                body.x + block.inset * s,
                self.floor + block.inset * s,
                body.w - 2 * block.inset * s,
                self.y - self.floor - block.inset * s,
            )
            self.filled = (block, box)
            if box.h > 2 and not self.measuring:
                text_in(
                    self.c,
                    block.text,
                    _font(block.style, block.text),
                    box,
                    block.size * s,
                    block.min_size * s,
                    block.align,
                    block.valign,
                    self.tint(block.tint),
                    block.max_lines,
                )
            return
        box = Box(body.x, self.y - block.height * s, body.w, block.height * s)
        font = _font(block.style, block.text)
        fitted = fit(
            block.text, font, box.w, box.h, block.size * s, block.min_size * s, block.max_lines
        )
        if _cut(fitted, block.text):
            # Never cut short: at its least size on as many lines as it takes, the box
            # growing down to hold them (a long rule on a leader's card, a long battle name).
            fitted = fit(
                block.text, font, box.w, _UNBOUNDED, block.min_size * s, block.min_size * s
            )
            if fitted.height > box.h:
                box = Box(box.x, self.y - fitted.height, box.w, fitted.height)
        elif block.keep_height and self.tight:
            box = Box(box.x, self.y - fitted.height, box.w, fitted.height)
        bottom = draw_fitted(self.c, fitted, box, block.align, block.valign, self.tint(block.tint))
        self.y = (box.y if block.keep_height else bottom) - self.gap(block.after)

    def rule(self, block: Rule) -> None:
        s, body = self.s, self.body
        y = self.y - self.gap(block.before)
        if block.plain:
            rule(self.c, body.x + 3 * s, body.right - 3 * s, y, self.tint(block.tint), 0.5)
        else:
            ornament_rule(self.c, body.x + 4 * s, body.right - 4 * s, y, self.tint(block.tint), s)
        self.y = y - self.gap(block.after)

    def stars(self, block: Stars) -> None:
        """Stars with a box under each (a leader's class, a wound a box), or roundels."""
        c, s, body = self.c, self.s, self.body
        n = block.count
        if block.shape == "star":
            r, gap, box = 3.3 * s, 9.5 * s, 3.6 * s
            first = body.x + body.w / 2 - (n - 1) * gap / 2
            for i in range(n):
                star(c, first + i * gap, self.y - r, r)
                tick_box(c, first + i * gap - box / 2, self.y - 2 * r - 1.2 * s - box, box)
            self.y -= 2 * r + 1.2 * s + box
        else:
            r = 1.7 * s
            first = body.x + body.w / 2 - (n - 1) * 2.3 * r / 2
            for i in range(n):
                roundel(c, first + i * 2.3 * r, self.y - r, r, self.accent)
            self.y -= 2 * r
        self.y -= self.gap(block.after)

    def emblem(self, block: Emblem) -> None:
        s, body = self.s, self.body
        h = body.h * block.share
        self.y -= 2 * s
        emblem(block.art)(
            self.c, body.x + body.w / 2, self.y - h / 2, h * 0.45, self.accent, block.letter, True
        )
        self.y -= h

    def photo(self, block: Photo, below: Sequence[Block]) -> None:
        """As tall as ``ratio`` of the width, or the room the blocks below leave it."""
        c, s, body = self.c, self.s, self.body
        room = self.y - body.y - sum(self.min_height(b) for b in below) - 1.2 * s
        fh = min(body.w * block.ratio, max(room, 10 * s))
        key = (block.path, round(body.w, 2), round(fh, 2))
        if key not in self.photos and not self.measuring:
            self.photos[key] = frame_jpeg(block.path, body.w, fh)
        if not self.measuring:
            c.drawImage(ImageReader(io.BytesIO(self.photos[key])), body.x, self.y - fh, body.w, fh)
        c.setStrokeColorRGB(*GOLD)
        c.setLineWidth(0.8 * PT)
        c.rect(body.x, self.y - fh, body.w, fh, stroke=1, fill=0)
        self.y -= fh + 1.2 * s

    def stat_row(
        self, row: Stat, block: StatRows, least: float | None = None, cap: int | None = None
    ) -> _StatRow:
        """A row's value and note set whole (a number is never cut: one line shrunk to the
        floor, else wrapped), and the height they take (at least ``least``, by default the
        block's row height). ``cap`` is the last resort for a value too long for the card
        (a name at the schema's length limit): at most that many lines, cut short."""
        s = self.s
        w = self.body.w - 1.2 * s
        value = fit(row.value, fonts.BOLD, w * 0.58, 4.0 * s, 9.5 * s, 6 * s, max_lines=1)
        if len(value.lines) != 1 or value.lines[0] != fonts.printable(
            value.font, " ".join(row.value.split())
        ):
            value = _clauses(row.value, w * 0.58, max(6.5 * s, 6.0))
            if cap is not None and len(value.lines) > cap:
                value = fit(
                    row.value,
                    fonts.BOLD,
                    w * 0.58,
                    _UNBOUNDED,
                    MIN_TEXT_PT,
                    MIN_TEXT_PT,
                    max_lines=cap,
                )
        # A note shrinks a little to stay on one line, then wraps at its size.
        size = block.note_size * s
        # Tight (the rows squeezed to their words' height), it may shrink to the 6 pt floor.
        small = max(size * 0.92, min(size, 6 * s)) if least is None else min(size, MIN_TEXT_PT)
        note = fit(row.note, fonts.ITALIC, w * 0.7, _UNBOUNDED, size, small)
        if len(note.lines) > 1:
            note = fit(row.note, fonts.ITALIC, w, _UNBOUNDED, size, small)
        band = 4.0 * s if len(value.lines) == 1 else value.height + 0.8 * s
        height = band + (note.height + 0.5 * s if note.lines else 0.0)
        box = max(3.6 * s, 3.5) if row.boxes else 0.0
        if box:
            height += box + 0.8 * s
        floor = block.row_height * s if least is None else least
        return _StatRow(value, note, box, band, max(floor, height))

    def stat_layout(self, block: StatRows) -> list[_StatRow]:
        """The rows at the block's row height, grown into the room the blocks under them
        leave (up to half as tall again: a card of few words is not left a third blank);
        or, where that would run into what stands at the bottom (a long note wrapped on a
        mini card), as tall as their words need with what room there is shared out evenly."""
        # Closed up, each row is as tall as its words (and its tick boxes) and a little more.
        least = _TIGHT_ROW * self.s if self.tight else None
        rows = [self.stat_row(row, block, least) for row in block.rows]
        room = self.y - self.floor
        if sum(r.height for r in rows) <= room:
            below = self.below(block)
            if below is None:
                return rows
            grow = min(
                (room - below - sum(r.height for r in rows)) / len(rows),
                _STAT_GROW * block.row_height * self.s,
            )
            return [
                self.stat_row(row, block, r.height + grow) if grow > 0 else r
                for row, r in zip(block.rows, rows, strict=True)
            ]
        self.squeezed = True
        caps: list[int | None] = [None] * len(block.rows)
        rows = [self.stat_row(row, block, 0.0) for row in block.rows]
        while sum(r.height for r in rows) > room:
            # Still too tall: the value on the most lines loses one (never a number: those
            # are short; a long name is what runs this far).
            most = max(range(len(rows)), key=lambda k: len(rows[k].value.lines))
            lines = len(rows[most].value.lines)
            if lines <= 1:
                break
            caps[most] = lines - 1
            rows[most] = self.stat_row(block.rows[most], block, 0.0, caps[most])
        spare = max(0.0, (room - sum(r.height for r in rows)) / len(rows))
        return [
            self.stat_row(row, block, r.height + spare, cap)
            for row, r, cap in zip(block.rows, rows, caps, strict=True)
        ]

    def stat_rows(self, block: StatRows) -> None:
        c, s, body = self.c, self.s, self.body
        for i, (row, laid) in enumerate(zip(block.rows, self.stat_layout(block), strict=True)):
            box = Box(body.x, self.y - laid.height, body.w, laid.height)
            if i % 2 == 0:
                # Tick boxes stand on the plain card under the row's band, as on the footer.
                under = laid.box + 1.0 * s if laid.box else 0.0
                c.setFillColorRGB(*PARCHMENT_DARK)
                c.rect(
                    box.x - 0.6 * s, box.y + under, box.w + 1.2 * s, box.h - under, stroke=0, fill=1
                )
            # The row's words centred in what its tick boxes leave of its height.
            words = laid.band + (laid.note.height + 0.5 * s if laid.note.lines else 0.0)
            boxed = laid.box + 0.8 * s if laid.box else 0.0
            drop = max(0.0, (laid.height - boxed - words) / 2)
            inner = Box(box.x + 0.6 * s, box.y, box.w - 1.2 * s, box.h - drop)
            # The name takes what the value leaves it, so "Command radius" stays whole.
            value_w = max(
                (width_mm(line, laid.value.font, laid.value.size) for line in laid.value.lines),
                default=0.0,
            )
            line_text(
                c,
                row.name,
                fonts.CAPS,
                inner.x,
                inner.top - 3.0 * s,
                8.5 * s,
                max(inner.w * 0.42, inner.w - value_w - 1.5 * s),
            )
            band = laid.band
            bottom = draw_fitted(
                c,
                laid.value,
                Box(inner.x + inner.w * 0.42, inner.top - band, inner.w * 0.58, band),
                "right",
                "middle",
            )
            if laid.note.lines:
                top = min(bottom, inner.top - 4.0 * s) - 0.2 * s
                bottom = draw_fitted(
                    c,
                    laid.note,
                    Box(inner.x, top - laid.note.height, inner.w, laid.note.height),
                    "right",
                )
            for k in range(row.boxes):
                tick_box(
                    c, inner.x + k * (laid.box + 1.2 * s), inner.y + 0.6 * s, laid.box, self.accent
                )
            self.y -= laid.height

    def box_grid(self, block: Boxes) -> _BoxGrid:
        """Where a row of tick boxes goes: one row if it holds them at their size beside the
        label, else rows of as many as fit (never smaller than ``at_least``)."""
        s, n = self.s, block.count
        size = max(block.size * s, block.at_least)
        label_w = min(width_mm(block.label, fonts.CAPS, max(8 * s, 6)) + 1.5 * s, 22 * s)
        room = self.body.w - label_w
        gap = 1.6 * s
        if n * size + (n - 1) * gap > room:
            gap = 0.8 * s
        most = max(1, min(n, int((room + gap) / (size + gap))))
        over = False
        if block.marks and most < n:
            # A marked track has a band over its top row for the marks: its label can go
            # there, leaving the boxes the full width if that saves a row.
            across = max(1, min(n, int((self.body.w + 0.3) / (size + 0.3))))
            if -(-n // across) < -(-n // most):
                over, most, room = True, across, self.body.w
        rows = -(-n // most)
        per_row = -(-n // rows)  # rows as even as they go: 12 boxes are 6 and 6, not 10 and 2
        if per_row > 1:
            gap = min(gap, (room - per_row * size) / (per_row - 1))
        # Room over each row holding a mark for the marks' labels (6 pt), and over the top
        # row for the track's label when it stands over the boxes; a gap between the others.
        banded = {(box - 1) // per_row for box, _ in block.marks} | ({0} if over else set())
        lifts, y = [], 0.0
        for row in reversed(range(rows)):
            lifts.append(y)
            y += size + (_MARK_BAND if row in banded else gap if row else 0.0)
        return _BoxGrid(size, gap, per_row, tuple(reversed(lifts)), y, over)

    def boxes(self, block: Boxes) -> None:
        """Tick boxes along the bottom with their label, in rows if a row cannot hold them;
        marked boxes drawn heavier with their label over them. What fills stops above."""
        c, s, body = self.c, self.s, self.body
        grid = self.box_grid(block)
        size, gap, per = grid.size, grid.gap, grid.per_row
        top_row = self.base + grid.lifts[0]
        x0 = body.right - per * size - (per - 1) * gap
        if grid.label_over:
            # Its baseline clear of the boxes by the letters' descent, in the marks' band.
            line_text(
                c,
                block.label,
                fonts.CAPS,
                body.x,
                top_row + size + 0.9,
                min(8 * s, 7.0),
                body.w / 4,
            )
        else:
            line_text(
                c,
                block.label,
                fonts.CAPS,
                body.x,
                top_row + size * 0.25,
                8 * s,
                x0 - body.x - 1 * s,
            )
        # Two marks on one box (a small unit): the later one, the worse news, is printed.
        marks = dict(block.marks)
        for i in range(block.count):
            x = x0 + (i % per) * (size + gap)
            y = self.base + grid.lifts[i // per]
            tick_box(c, x, y, size, self.accent)
            if i + 1 in marks:
                c.setStrokeColorRGB(*self.accent)
                c.setLineWidth(1.4 * PT)
                c.rect(x, y, size, size, stroke=1, fill=0)
                line_text(
                    c,
                    marks[i + 1],
                    fonts.BOLD,
                    x + size / 2,
                    y + size + 0.5,
                    6,
                    size + gap,
                    align="center",
                    colour=self.accent,
                )
        rule(c, body.x, body.right, self.floor - 0.8 * s, self.accent, 0.4)

    def paragraphs(self, block: Paragraphs) -> None:
        box = Box(self.body.x, self.floor, self.body.w, self.y - self.floor - 1.0 * self.s)
        self.filled = (block, box)
        if not self.measuring:
            paragraphs_in(
                self.c,
                list(block.texts),
                fonts.BODY,
                box,
                block.size * self.s,
                block.min_size * self.s,
                colour=INK,
                continued=block.continued,
            )

    def ruled(self, block: Ruled) -> None:
        """An initial (if any), then lines to write on down to the bottom."""
        c, s, body = self.c, self.s, self.body
        if block.initial:
            size = 12 * s
            illuminated(
                c, body.x + body.w / 2, self.y - size / 2 - 1 * s, size, block.initial, self.accent
            )
            self.y -= size + 3 * s
        step = block.step * s
        line_y = self.y - step
        while line_y > body.y + 2 * s:
            rule(c, body.x + 2 * s, body.right - 2 * s, line_y, INK, 0.3)
            line_y -= step

    def block(self, block: Block, after: tuple[Block, ...]) -> None:
        """Lay one block out at the pen (``after``: the blocks below it, which a photo leaves
        room for)."""
        if isinstance(block, Text):
            self.text(block)
        elif isinstance(block, Rule):
            self.rule(block)
        elif isinstance(block, Stars):
            self.stars(block)
        elif isinstance(block, Emblem):
            self.emblem(block)
        elif isinstance(block, Photo):
            self.photo(block, after)
        elif isinstance(block, StatRows):
            self.stat_rows(block)
        elif isinstance(block, Paragraphs):
            self.paragraphs(block)
        elif isinstance(block, Ruled):
            self.ruled(block)
        elif isinstance(block, Boxes):
            self.boxes(block)

    def footer(self) -> None:
        """The footer line in a shaded band at the bottom (grown to hold it wrapped)."""
        c, s, body = self.c, self.s, self.body
        extra = self.footer_extra
        box = Box(body.x, body.y, body.w, _FOOTER_LINE * s + extra)
        c.setFillColorRGB(*PARCHMENT_DARK)
        c.rect(
            body.x - 0.6 * s,
            body.y - 0.6 * s,
            body.w + 1.2 * s,
            (FOOTER_BAND - 0.4) * s + extra,
            stroke=0,
            fill=1,
        )
        draw_fitted(c, self.footer_text, box, valign="middle")


#: The footer's line height over the body's bottom (mm on a poker card).
_FOOTER_LINE = 4.2


def _footer_text(text: str, width: float, s: float) -> Fitted:
    """A footer on one line, shrunk to the floor; else wrapped there (never cut short: it
    holds numbers, a leader's move and command range)."""
    one = fit(text, fonts.CAPS, width, _FOOTER_LINE * s, 8 * s, 6 * s, max_lines=1)
    if not _cut(one, text):
        return one
    return fit(text, fonts.CAPS, width, _UNBOUNDED, MIN_TEXT_PT, MIN_TEXT_PT)


def _lay_out(
    c: Canvas,
    cell: Cell,
    face: Face,
    photos: Photos,
    plan: tuple[float, bool] | None = None,
    measuring: bool = False,
) -> _Layout:
    """Lay ``face`` out in ``cell`` block by block from the top (the footer just before
    what fills the room above it, so the words read in order), to ``plan`` (by default
    :func:`face_plan`'s); ``measuring``: on a canvas that draws nothing, to learn the room
    the filling block gets."""
    s, tight = plan or face_plan(face, cell.trim.w, cell.trim.h)
    lay = _Layout(c, cell, face, photos, s, tight, measuring)
    s = lay.s
    # What fills the middle stops above the footer and the boxes, wherever they are drawn.
    if face.footer:
        lay.floor = lay.body.y + 5.0 * s + lay.footer_extra
    for block in face.blocks:
        if isinstance(block, Boxes):
            lay.floor = lay.base + lay.min_height(block)
    footer = bool(face.footer)
    for i, block in enumerate(face.blocks):
        if footer and (isinstance(block, Paragraphs) or isinstance(block, Text) and block.fill):
            lay.footer()  # in reading order: before what fills above it
            footer = False
        lay.block(block, face.blocks[i + 1 :])
    if footer:
        lay.footer()
    return lay


def _measure(face: Face, w: float, h: float, plan: tuple[float, bool] | None = None) -> _Layout:
    """``face`` laid out on a ``w`` x ``h`` mm card without drawing it (to ``plan``, by
    default its own)."""
    return _measured(face, w, h, plan or face_plan(face, w, h))


@lru_cache(maxsize=_CACHED)
def _measured(face: Face, w: float, h: float, plan: tuple[float, bool]) -> _Layout:
    cell = Cell(Box(0.0, 0.0, w, h), Box(0.0, 0.0, w, h))
    return _lay_out(cast(Canvas, _Blind()), cell, face, {}, plan, measuring=True)


def _filler_size(lay: _Layout) -> float:
    """The size (pt) what fills a laid-out face's room is set at: 0 if cut short, infinite if
    there is none (or no words in it)."""
    if lay.filled is None:
        return math.inf
    block, box = lay.filled
    s = lay.s
    if isinstance(block, Paragraphs):
        font = fonts.best(fonts.BODY, " ".join(block.texts))
        shown = [fonts.printable(font, " ".join(p.split())) for p in block.texts if p.strip()]
        if not shown:
            return math.inf
        laid = set_paragraphs(shown, font, box.w, box.h, block.size * s, block.min_size * s)
        return laid.size if laid.height <= box.h + 1e-9 else 0.0
    fitted = fit(
        block.text,
        _font(block.style, block.text),
        box.w,
        box.h,
        block.size * s,
        block.min_size * s,
        block.max_lines,
    )
    return 0.0 if _cut(fitted, block.text) or box.h <= 2 else fitted.size


def _roomy(lay: _Layout, least: float) -> bool:
    """Whether a face laid out holds everything at its own sizes: nothing runs past the
    bottom, the stat rows keep their height, and what fills the room is set no smaller than
    its own least size nor ``least`` (pt)."""
    if lay.y < lay.floor - 1e-6 or lay.squeezed:
        return False
    size = _filler_size(lay)
    if lay.filled is None or size == math.inf:
        return True
    return size >= max(least, lay.filled[0].min_size * lay.s) - 1e-6


@lru_cache(maxsize=_CACHED)
def face_plan(face: Face, w: float, h: float) -> tuple[float, bool]:
    """How ``face`` is laid out on a ``w`` x ``h`` mm card: its scale against a poker card
    (type, art and blocks) and whether it closes up (see :class:`_Layout`).

    The scale is the card's width's (the narrower side); on a tall card (tarot) its
    height's, or as near that as the face holds its words at their own sizes with what
    fills its room no smaller than at the width's scale, so that it is a larger poker card
    and not a poker card's face over a blank lower half. A face that runs past the bottom
    at its scale closes up."""
    wide, tall = w / 63.5, h / 88.9
    base = min(wide, tall)
    lay = _measure(face, w, h, (base, False))
    if tall >= wide * _TALL:
        least = _filler_size(lay)
        top = min(tall, wide * _TALL_TYPE)
        steps = [top - (top - wide) * k / (_STEPS - 1) for k in range(_STEPS - 1)]
        # Bisect for the largest step the face is roomy at (the lowest, the width's, is
        # the floor: what does not fit there shrinks, or runs onto a continuation card).
        lo, hi = len(steps), 0
        while hi < lo:
            mid = (lo + hi) // 2
            if _roomy(_measure(face, w, h, (steps[mid], False)), least):
                lo = mid
            else:
                hi = mid + 1
        if lo < len(steps):
            return steps[lo], False
    if _holds(lay):
        return base, False
    # The words first: a face whose words do not fit at its scale (a mini card's) closes up
    # and then draws its frame, bands, rows and art smaller, its type held at the 6 pt floor,
    # before any of them runs onto a continuation card.
    for k in range(_SHRINK_STEPS + 1):
        plan = (base * (1 - (1 - _LEAST_SCALE) * k / _SHRINK_STEPS), True)
        if _holds(_measure(face, w, h, plan)):
            return plan
    # Too many words for any: drawn at its own scale, it leaves the card that carries on
    # its words more of them to hold.
    return base, lay.y < lay.floor - 1e-6


def _holds(lay: _Layout) -> bool:
    """Whether a laid-out face holds all its words: nothing runs past the bottom and what
    fills its room is not cut short."""
    return lay.y >= lay.floor - 1e-6 and _filler_size(lay) > 0


def face_drawer(face: Face, photos: Photos) -> DrawFn:
    """Draw ``face`` into a cell (see :func:`_lay_out`)."""

    def draw(c: Canvas, cell: Cell) -> None:
        _lay_out(c, cell, face, photos)

    return draw


# --- Words that run onto a continuation card ----------------------------------------------------


def _whole_words(shown: str, lines: Sequence[str]) -> int:
    """How many of ``shown``'s words are set whole in ``lines`` (its first wrapped lines: a
    word broken between letters at their end is not)."""
    tokens = iter(t for line in lines for t in line.split())
    n = 0
    for word in shown.split():
        piece = ""
        while len(piece) < len(word) and (token := next(tokens, None)) is not None:
            piece += token
        if piece != word:
            break
        n += 1
    return n


def _lines_held(height: float, size: float) -> int:
    """How many lines at ``size`` a box ``height`` mm high holds."""
    if height < size * PT - 1e-9:
        return 0
    return 1 + int((height - size * PT) / (size * LEADING * PT) + 1e-9)


def _cut_words(
    text: str, font: str, width: float, room: int, strict: bool = True
) -> tuple[str, str]:
    """``text`` cut after the words its first ``room`` lines at the floor hold whole, at
    the end of its last sentence or item they hold; ``strict``, nowhere else (nothing stays
    when they hold none), else after the last word they hold (a card that carries on words
    and holds not one sentence of them)."""
    words = " ".join(text.split())
    shown = fonts.printable(font, words)
    lines = wrap(shown, font, MIN_TEXT_PT, width)
    taken = _whole_words(shown, lines[:room])
    source = words.split()
    # A sentence or an item is never broken off mid-way ("; " between a ward's units, ". "
    # between sentences).
    ends = [i + 1 for i, w in enumerate(source[:taken]) if w.endswith((".", ";"))]
    if ends or strict:
        taken = ends[-1] if ends else 0
    return " ".join(source[:taken]), " ".join(source[taken:])


def _paragraphs_split(
    block: Paragraphs, box: Box, s: float, strict: bool = True
) -> tuple[Paragraphs | None, Paragraphs] | None:
    """``block`` split where its words stop fitting ``box`` at the 6 pt floor: what stays
    (None: nothing) and what goes on, between paragraphs if one fits whole, else inside
    the first; None when all of it fits."""
    font = fonts.best(fonts.BODY, " ".join(block.texts))
    paras = [" ".join(p.split()) for p in block.texts if p.strip()]
    shown = [fonts.printable(font, p) for p in paras]
    if (
        not paras
        or set_paragraphs(shown, font, box.w, box.h, block.size * s, block.min_size * s).height
        <= box.h + 1e-9
    ):
        return None
    floor = set_paragraphs(shown, font, box.w, 0.0, MIN_TEXT_PT, MIN_TEXT_PT)
    whole = 0
    while (
        whole < len(paras) and replace(floor, lines=floor.lines[: whole + 1]).height <= box.h + 1e-9
    ):
        whole += 1
    if whole:
        return (
            replace(block, texts=tuple(paras[:whole])),
            replace(block, texts=tuple(paras[whole:]), continued=False),
        )
    room = min(_lines_held(box.h, MIN_TEXT_PT), len(floor.lines[0]) - 1)
    head, tail = _cut_words(paras[0], font, box.w - floor.indent, room, strict)
    if not head:
        return None, block
    return (replace(block, texts=(head,)), replace(block, texts=(tail, *paras[1:]), continued=True))


def _text_split(
    block: Text, box: Box, s: float, strict: bool = True
) -> tuple[Text | None, Text] | None:
    """A filling text split where its words stop fitting ``box`` at the 6 pt floor; None
    when all of it fits."""
    font = fonts.best(_font(block.style, block.text), block.text)
    fitted = fit(
        block.text, font, box.w, box.h, block.size * s, block.min_size * s, block.max_lines
    )
    if not _cut(fitted, block.text):
        return None
    room = _lines_held(box.h, MIN_TEXT_PT)
    if block.max_lines is not None:
        room = min(room, block.max_lines)
    head, tail = _cut_words(block.text, font, box.w, room, strict)
    if not head:
        return None, block
    return replace(block, text=head), replace(block, text=tail)


def _continuation(
    face: Face, rest: Paragraphs | Text, dealt: bool, track: Boxes | None = None
) -> Face:
    """A card carrying on ``face``'s words: its title (the unit's or leader's name), a line
    saying so, then the rest; the same label, accent and emblem, but no footer or numbers
    (those stay on the first card), and no tick boxes but ``track``, the face's own when
    the first card has no room for it (still one track to cross off)."""
    title = next((b for b in face.blocks if isinstance(b, Text) and not b.fill), None)
    blocks: list[Block] = [title] if title is not None else []
    blocks += [
        Text(
            CONTINUED_DEALT if dealt else CONTINUED,
            "italic",
            8,
            6.5,
            4.4,
            max_lines=3,
            tint="accent",
            after=0.6,
        ),
        Rule(before=0.0, after=1.5),
        rest,
    ]
    if track is not None:
        blocks.append(track)
    return Face(face.label, face.accent, tuple(blocks), face.emblem)


def _joined(first: Paragraphs | Text, then: Paragraphs | Text) -> Paragraphs | Text:
    """Two runs of words moved on, one after the other, as one block (``then`` carrying
    on ``first``'s last paragraph when it was cut inside it)."""
    if isinstance(first, Text) and isinstance(then, Text):
        return replace(first, text=f"{first.text} {then.text}")
    assert isinstance(first, Paragraphs) and isinstance(then, Paragraphs)
    if then.continued:
        texts = (*first.texts[:-1], f"{first.texts[-1]} {then.texts[0]}", *then.texts[1:])
    else:
        texts = (*first.texts, *then.texts)
    return replace(first, texts=texts)


def _overflow(
    face: Face, w: float, h: float, strict: bool = True
) -> tuple[Face, Paragraphs | Text] | None:
    """``face`` measured on a ``w`` x ``h`` mm card: None if its words fit, else the face
    keeping what fits (its filling block gone if nothing does) and the words that go on,
    cut between sentences (``strict``), else between words."""
    # The last such block is the one that fills the room (each one laid out takes it over).
    at = [i for i, b in enumerate(face.blocks) if _filling(b)]
    if not at:
        return None
    lay = _measure(face, w, h)
    if lay.filled is None:
        return None
    # The face's own block, not the measured one: the measure is cached by value, so its
    # block may be an equal one of another face.
    block, box = face.blocks[at[-1]], lay.filled[1]
    assert isinstance(block, Paragraphs | Text)
    split = (
        _paragraphs_split(block, box, lay.s, strict)
        if isinstance(block, Paragraphs)
        else _text_split(block, box, lay.s, strict)
    )
    if split is None:
        return None
    kept, rest = split
    blocks = list(face.blocks)
    if kept is None:
        del blocks[at[-1]]
    else:
        blocks[at[-1]] = kept
    return replace(face, blocks=tuple(blocks)), rest


def _filling(block: Block) -> bool:
    """Whether ``block`` fills the room the blocks above and below leave it."""
    return isinstance(block, Paragraphs) or isinstance(block, Text) and block.fill


def _fills(face: Face) -> bool:
    """Whether ``face`` has words in what fills its room."""
    return any(_filling(b) and (not isinstance(b, Paragraphs) or b.texts) for b in face.blocks)


def _overruns(face: Face, w: float, h: float) -> bool:
    """Whether ``face`` laid out on a ``w`` x ``h`` mm card runs past what stands at its
    bottom (the footer, the tick boxes)."""
    lay = _measure(face, w, h)
    return lay.y < lay.floor - 1e-6


def _stat_notes_moved(face: Face, w: float, h: float) -> Face:
    """``face``, or, where its stat rows outgrow the card even at their words' height (long
    names on a mini card), the face with notes taken off its rows, the last row's first,
    until they fit, each put at the head of the words that fill the card ("Charisma: added
    to ..."), so that what does not fit goes on to a continuation card with them. The
    numbers and tick boxes stay where they are."""
    at = next((i for i, b in enumerate(face.blocks) if isinstance(b, StatRows)), None)
    if at is None or not _overruns(face, w, h):
        return face
    fill = next((i for i, b in enumerate(face.blocks) if _filling(b)), None)
    if fill is not None and not isinstance(face.blocks[fill], Paragraphs):
        return face  # a filling text is not paragraphs to join (no system has one here)
    block = face.blocks[at]
    assert isinstance(block, StatRows)
    rows, moved = list(block.rows), list[str]()
    trial = face
    for k in reversed(range(len(rows))):
        if not rows[k].note:
            continue
        moved.insert(0, f"{rows[k].name}: {rows[k].note}")
        rows[k] = replace(rows[k], note="")
        blocks = list(face.blocks)
        blocks[at] = replace(block, rows=tuple(rows))
        if fill is None:
            blocks.insert(at + 1, Paragraphs(tuple(moved)))
        else:
            words = blocks[fill]
            assert isinstance(words, Paragraphs)
            blocks[fill] = replace(words, texts=(*moved, *words.texts))
        trial = replace(face, blocks=tuple(blocks))
        if not _overruns(trial, w, h):
            break
    return trial


def _front(face: Face, w: float, h: float) -> tuple[Face, Boxes | None]:
    """``face`` with its stat notes moved as need be (:func:`_stat_notes_moved`), and, if
    its rows and tick boxes still outgrow the card (48 figures' casualties on a mini card),
    without the boxes, which are returned to go on the next card."""
    moved = _stat_notes_moved(face, w, h)
    at = next((i for i, b in enumerate(face.blocks) if isinstance(b, Boxes)), None)
    if at is None or not _overruns(moved, w, h):
        return moved, None
    track = face.blocks[at]
    assert isinstance(track, Boxes)
    bare = replace(face, blocks=face.blocks[:at] + face.blocks[at + 1 :])
    return _stat_notes_moved(bare, w, h), track


def _words_alone(face: Face, continuing: bool) -> bool:
    """Whether ``face`` holds nothing but words to read (and its title): it carries on
    another card's, or has no numbers, tick boxes or pictures."""
    return continuing or not any(
        isinstance(b, StatRows | Boxes | Photo | Emblem | Stars) for b in face.blocks
    )


def face_parts(face: Face, size_mm: tuple[float, float], dealt: bool = False) -> tuple[Face, ...]:
    """``face`` as printed at ``size_mm``: itself when its words fit (shrunk to the 6 pt
    floor at most), else the words that fit, then continuation cards with the rest, each
    numbered in its header ("1/2", "2/2"), so no card drops a word. Decided before the sheet
    is laid out, so each card, continuation or not, is one item with its own back."""
    w, h = size_mm
    parts: list[Face] = []
    current, track = _front(face, w, h)
    while (split := _overflow(current, w, h)) is not None or track is not None:
        # A card of words alone (one carrying on words) that holds not one sentence of them
        # breaks between words.
        strict = split is None or _fills(split[0]) or not _words_alone(current, bool(parts))
        if not strict:
            split = _overflow(current, w, h, strict)
        first, rest = split or (current, Paragraphs(()))
        # Laid out again, the card may give its words less room than it measured (a photo
        # grows into the height the paragraphs moved on gave up): move more on until it
        # holds them.
        while (again := _overflow(first, w, h, strict)) is not None:
            first, more = again
            rest = _joined(more, rest)
        if parts and not _fills(first):
            break  # a card too small to hold a line of it: printed as it is, cut short
        parts.append(first)
        current, track = _continuation(face, rest, dealt, track), None
    parts.append(current)
    if len(parts) == 1:
        return (face,)
    return tuple(replace(p, part=(k, len(parts))) for k, p in enumerate(parts, 1))


# --- Backs -------------------------------------------------------------------------------------


def _clip(box: Box, x: float, y: float, dx: float, dy: float) -> tuple[float, ...] | None:
    """The part of the segment from (x, y) to (x + dx, y + dy) inside ``box`` (Liang-Barsky),
    so the PDF holds only what shows: no line runs off the page under a clipping path."""
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x - box.x), (dx, box.right - x), (-dy, y - box.y), (dy, box.top - y)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
    if lo >= hi:
        return None
    return (x + lo * dx, y + lo * dy, x + hi * dx, y + hi * dy)


def lattice(c: Canvas, box: Box, colour: RGB, step: float) -> None:
    """A diamond lattice (like a quarry-glazed window) inside ``box``."""
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(0.35 * PT)
    span = box.w + box.h
    k = -box.h
    while k < box.w + box.h:
        for seg in (
            _clip(box, box.x + k, box.y, span, span),
            _clip(box, box.x + k, box.top, span, -span),
        ):
            if seg is not None:
                c.line(*seg)
        k += step


def back_drawer(back: Back) -> DrawFn:
    """The back shared by every card of a deck: a lattice panel, the deck's emblems side by
    side, a title plate and a note."""
    colour = hex_rgb(back.accent)
    title, note = back.title, back.note

    def draw(c: Canvas, cell: Cell) -> None:
        s = cell.scale
        # With the ink saver a back is an outline on white: no ground, no lattice, so that it
        # takes less ink than the faces it hides (issue 42.5).
        plain = saving_ink(c)
        c.setFillColorRGB(*colour)
        b = cell.bleed
        if not plain:
            c.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
        # Its gold rule's outer edge CARD_SAFE inside the trim at least.
        panel = cell.trim.inset(max(3.2 * s, CARD_SAFE + 0.6 * PT))
        c.setFillColorRGB(*PARCHMENT_DARK)
        c.setStrokeColorRGB(*GOLD)
        c.setLineWidth((0.6 if plain else 1.2) * PT)
        c.roundRect(panel.x, panel.y, panel.w, panel.h, 2 * s, stroke=1, fill=0 if plain else 1)
        if not plain:
            lattice(c, panel.inset(1.2 * s), PARCHMENT, 6 * s)
        c.setStrokeColorRGB(*GOLD)
        c.setLineWidth(0.5 * PT)
        inner = panel.inset(1.2 * s)
        c.rect(inner.x, inner.y, inner.w, inner.h, stroke=1, fill=0)
        cx = panel.x + panel.w / 2
        cy = panel.y + panel.h * 0.56
        # A lone emblem (a system's own) is drawn larger than a pair side by side.
        lone = len(back.emblems) == 1
        r = min(panel.w * (0.27 if lone else 0.2), panel.h * (0.19 if lone else 0.14))
        for i, name in enumerate(back.emblems):
            x = cx + (i - (len(back.emblems) - 1) / 2) * 2.1 * r
            emblem(name)(c, x, cy, r, colour, "", True)
        # Title plate.
        plate = Box(panel.x + 3 * s, cy - r - 17 * s, panel.w - 6 * s, 13 * s)
        c.setFillColorRGB(*PARCHMENT)
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(0.8 * PT)
        c.rect(plate.x, plate.y, plate.w, plate.h, stroke=1, fill=1)
        font = fonts.display(title)
        text_in(
            c,
            title,
            font,
            plate.inset(1.2 * s),
            17 * s,
            9 * s,
            valign="middle",
            colour=colour,
            max_lines=2,
        )
        note_w, baseline = panel.w - 6 * s, panel.y + 5 * s
        if width_mm(fonts.printable(fonts.ITALIC, note), fonts.ITALIC, MIN_TEXT_PT) <= note_w:
            line_text(
                c, note, fonts.ITALIC, cx, baseline, 7 * s, note_w, align="center", colour=INK
            )
        else:
            # Too long for one line at the floor (a mini card): wrapped upwards from the same
            # baseline into the room under the plate, never cut short.
            fitted = fit(
                note, fonts.ITALIC, note_w, plate.y - 1.5 * s - baseline, 7 * s, MIN_TEXT_PT
            )
            bottom = baseline - 0.29 * fitted.size * PT
            draw_fitted(
                c, fitted, Box(panel.x + 3 * s, bottom, note_w, fitted.height), valign="bottom"
            )

    return draw
