"""Card faces fitted to their card: the scale a face is drawn at and whether it closes up
(:func:`face_plan`), the drawer the sheets call (:func:`face_drawer`), and the words that do
not fit run onto continuation cards (:func:`face_parts`). The blocks themselves are laid out by
:mod:`builder.export.drawing.blocks`; lengths are millimetres on a poker card.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import cast

from reportlab.pdfgen.canvas import Canvas

from builder.core.printables import (
    Block,
    Boxes,
    Emblem,
    Face,
    Paragraphs,
    Photo,
    Rule,
    Stars,
    StatRows,
    Text,
)
from builder.export.drawing import fonts
from builder.export.drawing.blocks import FaceLayout, Photos, cut_short, font_for
from builder.export.drawing.canvas import MIN_TEXT_PT, PT, Box, Cell, DrawFn
from builder.export.drawing.text import LEADING, fit, set_paragraphs, wrap

#: A card this much taller for its width than a poker card (tarot: 23%) may set a face by its
#: height; mini (2%) keeps poker's proportions and is set by its width.
_TALL = 1.1
#: ... but never more than this over its width's scale, so a line still holds four fifths of
#: the words it holds on a poker card.
_TALL_TYPE = 1.25
#: The scales tried on a tall card, from its height's down to its width's.
_STEPS = 6
#: The least scale a face whose words do not fit is drawn at, against its card's (its type
#: stays at the 6 pt floor), and the steps tried down to it.
_LEAST_SCALE = 0.6
_SHRINK_STEPS = 5
#: Faces whose plans and measures are kept (a pack's cards at a size or two).
_CACHED = 2048
#: The line under the title of a card that carries on another's words; on a card of a deck
#: dealt in play, also that it is not dealt.
CONTINUED = "continued"
CONTINUED_DEALT = "continued: keep it beside its card, out of the deal"


class _Blind:
    """A canvas that draws nothing: a face laid out only to be measured."""

    def __getattr__(self, name: str) -> object:
        return self._nothing

    def _nothing(self, *args: object, **kwargs: object) -> _Blind:
        return self  # a path begun, a form "already drawn": all of them nothing


def _lay_out(
    c: Canvas,
    cell: Cell,
    face: Face,
    photos: Photos,
    plan: tuple[float, bool] | None = None,
    measuring: bool = False,
) -> FaceLayout:
    """Lay ``face`` out in ``cell`` block by block from the top (the footer just before
    what fills the room above it, so the words read in order), to ``plan`` (by default
    :func:`face_plan`'s); ``measuring``: on a canvas that draws nothing, to learn the room
    the filling block gets."""
    s, tight = plan or face_plan(face, cell.trim.w, cell.trim.h)
    lay = FaceLayout(c, cell, face, photos, s, tight, measuring)
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


def _measure(face: Face, w: float, h: float, plan: tuple[float, bool] | None = None) -> FaceLayout:
    """``face`` laid out on a ``w`` x ``h`` mm card without drawing it (to ``plan``, by
    default its own)."""
    return _measured(face, w, h, plan or face_plan(face, w, h))


@lru_cache(maxsize=_CACHED)
def _measured(face: Face, w: float, h: float, plan: tuple[float, bool]) -> FaceLayout:
    cell = Cell(Box(0.0, 0.0, w, h), Box(0.0, 0.0, w, h))
    return _lay_out(cast(Canvas, _Blind()), cell, face, {}, plan, measuring=True)


def _filler_size(lay: FaceLayout) -> float:
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
        font_for(block.style, block.text),
        box.w,
        box.h,
        block.size * s,
        block.min_size * s,
        block.max_lines,
    )
    return 0.0 if cut_short(fitted, block.text) or box.h <= 2 else fitted.size


def _roomy(lay: FaceLayout, least: float) -> bool:
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
    (type, art and blocks) and whether it closes up (see :class:`FaceLayout`).

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


def _holds(lay: FaceLayout) -> bool:
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
    font = fonts.best(font_for(block.style, block.text), block.text)
    fitted = fit(
        block.text, font, box.w, box.h, block.size * s, block.min_size * s, block.max_lines
    )
    if not cut_short(fitted, block.text):
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
