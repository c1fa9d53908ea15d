"""Text set at exact places in one run: how wide text prints in a bundled face, and the space
characters that carry a run on to a given place.

WeasyPrint lays out each run of text as one Pango layout and each element as boxes, so a table
row of runs and cells costs far more than one run holding the whole row. Tab stops cannot place
text after text reliably (Pango's tab after a word lands a stop early or late), but the space
characters of the bundled faces have fixed advances (an em, a tenth of an em, a hundredth), so a
row of numbers or labels is placed to a hundredth of an em from the face's advance widths.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import cache

from fontTools.ttLib import TTFont

from builder import resources

# A bundled face's head table dates it before 1970 (its maker's tool wrote a zero), and
# fontTools says so on stderr on every read: no news a player can act on.
logging.getLogger("fontTools.ttLib.tables._h_e_a_d").setLevel(logging.ERROR)

#: The fixed-width spaces, widest first: em space, thin space, hair space.
SPACES = ("\u2003", "\u2009", "\u200a")


@cache
def _advances(face: str) -> tuple[dict[int, float], float]:
    """Each character's advance in a bundled face, in ems, with lining figures (the documents
    ask for them: lnum), and the advance of a character the face lacks."""
    font = TTFont(str(resources.fonts_dir() / face), lazy=True)
    lining: dict[str, str] = {}
    gsub = font["GSUB"].table.FeatureList.FeatureRecord if "GSUB" in font else []
    for record in gsub:
        if record.FeatureTag == "lnum":
            for index in record.Feature.LookupListIndex:
                for table in font["GSUB"].table.LookupList.Lookup[index].SubTable:
                    lining.update(getattr(table, "mapping", {}))
    metrics = font["hmtx"].metrics
    per_em = float(font["head"].unitsPerEm)
    widths = {
        code: metrics[lining.get(glyph, glyph)][0] / per_em
        for code, glyph in font.getBestCmap().items()
    }
    return widths, metrics[".notdef"][0] / per_em


def text_mm(text: str, face: str, size_pt: float) -> float:
    """How wide ``text`` prints in ``face`` at ``size_pt``, from the advance widths (kerning
    inside a word moves its end by a few hundredths of a millimetre)."""
    widths, missing = _advances(face)
    return sum(widths.get(ord(ch), missing) for ch in text) * size_pt * 25.4 / 72


def fill(width: float, face: str, size_pt: float) -> str:
    """Spaces as wide as ``width`` mm, to a hundredth of an em short at most (at least a hair
    space, so two cells never touch)."""
    widths, _ = _advances(face)
    em_mm = size_pt * 25.4 / 72
    out: list[str] = []
    left = width / em_mm
    for space in SPACES:
        count = int(left / widths[ord(space)] + 1e-9)
        out.append(space * count)
        left -= count * widths[ord(space)]
    return "".join(out) or SPACES[-1]


def cells(values: list[tuple[float, str]], face: str, size_pt: float) -> str:
    """One line of ``(place mm, text)`` cells, each text set from its place (or, should the one
    before run past it, just after that)."""
    line: list[str] = []
    at = 0.0
    for place, text in values:
        if line or place > at:
            gap = fill(place - at, face, size_pt)
            line.append(gap)
            at += text_mm(gap, face, size_pt)
        line.append(text)
        at += text_mm(text, face, size_pt)
    return "".join(line)


def wrap(text: str, width: float, face: str, size_pt: float) -> list[str]:
    """``text`` in lines no wider than ``width`` mm in ``face``: broken between words, and
    inside a word too long for a line (a name of eighty W's), so a run of pre-formatted text
    never runs past its column."""
    space = text_mm(" ", face, size_pt)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line, at = "", 0.0
        for word in paragraph.split(" "):
            size = text_mm(word, face, size_pt)
            if line and at + space + size <= width:
                line, at = f"{line} {word}", at + space + size
                continue
            if line:
                lines.append(line)
            line, at = "", 0.0
            for ch in word:  # the word's characters, as many to a line as fit
                step = text_mm(ch, face, size_pt)
                if line and at + step > width:
                    lines.append(line)
                    line, at = "", 0.0
                line, at = line + ch, at + step
        lines.append(line)
    return lines


#: Room a wrapped column keeps at its right: the advance widths leave out kerning.
SLACK = 0.02


def columns(
    rows: Sequence[tuple[str, str]],
    widths: tuple[float, float],
    faces: tuple[str, str],
    size_pt: float,
) -> tuple[str, str]:
    """Rows of (label, value) as two runs of lines, one a column ``widths`` mm wide in
    ``faces``: each cell wrapped to its column, the shorter cell of a row padded with empty
    lines, so every row starts level in both columns (their line height must be the same)."""
    left: list[str] = []
    right: list[str] = []
    for label, value in rows:
        a = wrap(label, widths[0] * (1 - SLACK), faces[0], size_pt)
        b = wrap(value, widths[1] * (1 - SLACK), faces[1], size_pt)
        height = max(len(a), len(b))
        left += a + [""] * (height - len(a))
        right += b + [""] * (height - len(b))
    return "\n".join(left), "\n".join(right)


def paragraphs(texts: Sequence[str], width: float, face: str, size_pt: float) -> str:
    """``texts`` as one run of lines, each wrapped to a column ``width`` mm wide in ``face``
    (WeasyPrint breaking the lines itself costs several times as much)."""
    return "\n".join(
        line for text in texts for line in wrap(text, width * (1 - SLACK), face, size_pt)
    )


#: What a shortened text shows where it was cut.
ELLIPSIS = "…"


def shorten(
    text: str, width: float, face: str, size_pt: float, middle: bool = False, tracking: float = 0.0
) -> str:
    """``text`` as it fits one line ``width`` mm wide: whole when it fits, else cut at the end
    (or, with ``middle``, in the middle: a file name keeps its start and its ending) with an
    ellipsis where it was cut. ``tracking`` is the letter spacing, in ems a character."""
    room = width * (1 - SLACK)

    def wide(line: str) -> float:
        return text_mm(line, face, size_pt) + len(line) * tracking * size_pt * 25.4 / 72

    if wide(text) <= room:
        return text

    def cut(keep: int) -> str:
        if not middle:
            return text[:keep].rstrip() + ELLIPSIS
        head = (keep + 1) // 2
        return text[:head] + ELLIPSIS + text[len(text) - (keep - head) :]

    keep = len(text) - 1
    while keep and wide(cut(keep)) > room:
        keep -= 1
    return cut(keep)
