"""The blocks of a card face (:mod:`builder.core.printables`' block kinds) laid out and drawn
top to bottom in the body of its frame: text, rules, stars, emblems, photos, stat rows, tick
boxes, paragraphs and ruled lines, then the footer; text fitted to its box and never under
6 pt (:mod:`builder.export.drawing.text`). :mod:`builder.export.drawing.faces` decides the scale
a face is drawn at and whether it closes up.

Block lengths are millimetres on a poker card; the cell's scale makes them fit any card size.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from builder.core.printables import (
    Block,
    Boxes,
    Emblem,
    Face,
    Paragraphs,
    Photo,
    Rule,
    Ruled,
    Stars,
    StatRows,
    Text,
    Tint,
)
from builder.export.drawing import fonts
from builder.export.drawing.artwork import (
    EmblemFn,
    card_frame,
    header,
    ornament_rule,
    roundel,
    rule,
    star,
    tick_box,
)
from builder.export.drawing.canvas import MIN_TEXT_PT, PT, Box, Cell
from builder.export.drawing.emblems import emblem, illuminated
from builder.export.drawing.palette import GOLD, INK, PARCHMENT_DARK, RGB, hex_rgb
from builder.export.drawing.photos import frame_jpeg
from builder.export.drawing.statrow import StatRow, stat_row
from builder.export.drawing.text import (
    ELLIPSIS,
    LEADING,
    UNBOUNDED,
    Fitted,
    draw_fitted,
    fit,
    line_text,
    paragraphs_in,
    set_paragraphs,
    text_in,
    width_mm,
    wrap,
)

_FONTS = {"bold": fonts.BOLD, "italic": fonts.ITALIC, "caps": fonts.CAPS, "body": fonts.BODY}
#: The footer band's height over the body's bottom (mm on a poker card).
FOOTER_BAND = 5.6
#: Framed photos already cut to a size, shared by every card of one export.
Photos = dict[tuple[str, float, float], bytes]
#: How much taller than its row height a stat row grows into room left unused.
_STAT_GROW = 0.5
#: The band over each row of a marked track that holds the marks' labels (6 pt), mm.
_MARK_BAND = 2.4
#: A stat row's least height on a face that closes up (mm on a poker card).
_TIGHT_ROW = 4.6
#: The spaces between blocks on a face that closes up, against their usual length.
_TIGHT_GAPS = 0.5


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


def font_for(style: str, text: str) -> str:
    if style == "display":
        return fonts.display(text)
    return _FONTS[style]


def cut_short(fitted: Fitted, text: str) -> bool:
    """Whether ``fitted`` was cut short with an ellipsis (``text`` did not end in one)."""
    marks = (ELLIPSIS, "...")
    return (
        bool(fitted.lines)
        and fitted.lines[-1].endswith(marks)
        and not text.rstrip().endswith(marks)
    )


def _header_emblem(name: str | None, accent: RGB) -> EmblemFn | None:
    if name is None:
        return None
    art = emblem(name)
    return lambda c, x, y, r: art(c, x, y, r, accent, "", True)


class FaceLayout:
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
            return sum(stat_row(row, block, self.s, self.body.w).height for row in block.rows)
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
                        set_paragraphs(shown, font, self.body.w, UNBOUNDED, size, size).height
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
                    font_for(block.style, block.text),
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
        font = font_for(block.style, block.text)
        fitted = fit(
            block.text, font, box.w, box.h, block.size * s, block.min_size * s, block.max_lines
        )
        if cut_short(fitted, block.text):
            # Never cut short: at its least size on as many lines as it takes, the box
            # growing down to hold them (a long rule on a leader's card, a long battle name).
            fitted = fit(block.text, font, box.w, UNBOUNDED, block.min_size * s, block.min_size * s)
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

    def stat_layout(self, block: StatRows) -> list[StatRow]:
        """The rows at the block's row height, grown into the room the blocks under them
        leave (up to half as tall again: a card of few words is not left a third blank);
        or, where that would run into what stands at the bottom (a long note wrapped on a
        mini card), as tall as their words need with what room there is shared out evenly."""
        # Closed up, each row is as tall as its words (and its tick boxes) and a little more.
        least = _TIGHT_ROW * self.s if self.tight else None
        rows = [stat_row(row, block, self.s, self.body.w, least) for row in block.rows]
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
                stat_row(row, block, self.s, self.body.w, r.height + grow) if grow > 0 else r
                for row, r in zip(block.rows, rows, strict=True)
            ]
        self.squeezed = True
        caps: list[int | None] = [None] * len(block.rows)
        rows = [stat_row(row, block, self.s, self.body.w, 0.0) for row in block.rows]
        while sum(r.height for r in rows) > room:
            # Still too tall: the value on the most lines loses one (never a number: those
            # are short; a long name is what runs this far).
            most = max(range(len(rows)), key=lambda k: len(rows[k].value.lines))
            lines = len(rows[most].value.lines)
            if lines <= 1:
                break
            caps[most] = lines - 1
            rows[most] = stat_row(block.rows[most], block, self.s, self.body.w, 0.0, caps[most])
        spare = max(0.0, (room - sum(r.height for r in rows)) / len(rows))
        return [
            stat_row(row, block, self.s, self.body.w, r.height + spare, cap)
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
    if not cut_short(one, text):
        return one
    return fit(text, fonts.CAPS, width, UNBOUNDED, MIN_TEXT_PT, MIN_TEXT_PT)
