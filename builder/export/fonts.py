"""The bundled OFL fonts, registered with ReportLab once per process.

Every sheet draws only with these faces, so every glyph is embedded and the pages look the same
on any machine. ``Canvas(initialFontName=BODY)`` keeps ReportLab from referencing its
non-embedded Helvetica.

EB Garamond's default figures are old-style (a 1 like a small-capital I, a 0 like an o), and
ReportLab cannot switch OpenType features on, so each face is registered with lining figures
instead: the regular, italic and small-capital faces have them (``one.lnum``, ...) and their
character map is pointed at them; the bold face has none, so it gets the regular face's lining
figures thickened to its weight. The faces so made are kept in the user's cache folder
(``$XDG_CACHE_HOME/billhooks/fonts``, named for hashes of what they are made from and of
their bytes), so only
the first export on a machine pays for fontTools; the files shipped stay as they are.
"""

from __future__ import annotations

import hashlib
import io
import math
import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from builder.files import atomic_write
from builder.resources import fonts_dir

if TYPE_CHECKING:
    from fontTools.ttLib.tables._g_l_y_f import Glyph

BODY = "Garamond"
BOLD = "Garamond-Bold"
ITALIC = "Garamond-Italic"
#: Small capitals: labels and headings.
CAPS = "Garamond-SC"
#: Blackletter, for deck titles only (Latin-1 coverage).
BLACKLETTER = "Blankenburg"

_FILES = {
    BODY: "EBGaramond12-Regular.ttf",
    BOLD: "EBGaramond12-Bold.ttf",
    ITALIC: "EBGaramond12-Italic.ttf",
    CAPS: "EBGaramond12-AllSC.ttf",
    BLACKLETTER: "Blankenburg.ttf",
}


DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
#: How much the bold face's borrowed figures are thickened on each side (font units of 1000):
#: about half the difference between the regular and bold stems.
BOLD_EXTRA = 16


def _embolden(glyph: Glyph, d: float) -> None:
    """Push every point of a simple TrueType glyph ``d`` units outwards along the bisector of
    its two edges (as FreeType's emboldening does), then shift it right by ``d``. TrueType
    outer contours run clockwise, so "outwards" is to the left of travel; counters, running
    the other way, shrink."""
    coords = glyph.coordinates
    start = 0
    for end in glyph.endPtsOfContours:
        pts = [coords[i] for i in range(start, end + 1)]
        n = len(pts)
        moved = []
        for i, (x, y) in enumerate(pts):
            px, py = pts[i - 1]
            nx, ny = pts[(i + 1) % n]
            normals = []
            for dx, dy in ((x - px, y - py), (nx - x, ny - y)):
                length = math.hypot(dx, dy)
                normals.append((-dy / length, dx / length) if length else (0.0, 0.0))
            sx, sy = normals[0][0] + normals[1][0], normals[0][1] + normals[1][1]
            dot = normals[0][0] * normals[1][0] + normals[0][1] * normals[1][1]
            k = d / (1 + dot) if dot > -0.9 else 0.0
            moved.append((x + sx * k + d, y + sy * k))
        for i, (x, y) in zip(range(start, end + 1), moved, strict=True):
            coords[i] = (round(x), round(y))
        start = end + 1


def _lining(file: str, borrow: str | None = None) -> bytes:
    """The face in ``file`` with lining figures in place of old-style ones: its own
    ``.lnum`` glyphs, or those of ``borrow`` thickened (for a face that has none)."""
    from fontTools.ttLib import TTFont as FontFile  # only when the cache has no copy

    folder = fonts_dir()
    font = FontFile(str(folder / file), lazy=True)
    if borrow is None:
        for table in font["cmap"].tables:
            if table.isUnicode():
                for digit, name in enumerate(DIGITS):
                    if ord(str(digit)) in table.cmap:
                        table.cmap[ord(str(digit))] = f"{name}.lnum"
    else:
        donor = FontFile(str(folder / borrow), lazy=True)
        glyf, hmtx = font["glyf"], font["hmtx"]
        for name in DIGITS:
            glyph = donor["glyf"][f"{name}.lnum"]
            glyph.expand(donor["glyf"])
            _embolden(glyph, BOLD_EXTRA)
            glyph.recalcBounds(glyf)
            glyf[name] = glyph
            advance, _ = donor["hmtx"][f"{name}.lnum"]
            hmtx[name] = (advance + 2 * BOLD_EXTRA, glyph.xMin)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


#: Bumped when _lining or _embolden change what they make, so old cached faces go unused.
_MADE_BY = "lining-1"


def cache_folder() -> Path:
    """``$XDG_CACHE_HOME/billhooks/fonts`` (default ``~/.cache/billhooks/fonts``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "billhooks" / "fonts"


def _made_from(file: str, borrow: str | None) -> str:
    """A hash of what a lined face is made from: the shipped files and how it is made."""
    folder = fonts_dir()
    digest = hashlib.sha256(f"{_MADE_BY} {BOLD_EXTRA}\n".encode())
    for name in (file, borrow):
        if name is not None:
            digest.update((folder / name).read_bytes())
    return digest.hexdigest()[:32]


def _content(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _lined_face(name: str, file: str, borrow: str | None) -> TTFont:
    """``file`` with lining figures as a ReportLab face: from the cache if a whole copy is
    there (its name ends in a hash of its bytes, so a cut-short file is never read as a
    font), else made and, if the cache folder can be written, kept."""
    stem = f"{Path(file).stem}-{_made_from(file, borrow)}"
    folder = cache_folder()
    try:
        for path in folder.glob(f"{stem}-*.ttf"):
            data = path.read_bytes()
            if path.stem == f"{stem}-{_content(data)}":
                return TTFont(name, io.BytesIO(data))
            path.unlink()  # damaged (it was written whole: atomic_write)
    except OSError:
        pass  # an unreadable cache: make the face again
    data = _lining(file, borrow)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write(folder / f"{stem}-{_content(data)}.ttf", data, follow=False)
    except OSError:
        pass  # a read-only home: the face still works, made again next time
    return TTFont(name, io.BytesIO(data))


@cache
def register() -> None:
    """Register every bundled face (idempotent), EB Garamond with lining figures."""
    folder = fonts_dir()
    for name, file in _FILES.items():
        if name == BLACKLETTER:
            face = TTFont(name, str(folder / file))
        else:
            face = _lined_face(name, file, _FILES[BODY] if name == BOLD else None)
        pdfmetrics.registerFont(face)
    pdfmetrics.registerFontFamily(BODY, normal=BODY, bold=BOLD, italic=ITALIC, boldItalic=BOLD)


@cache
def _covered(font: str) -> frozenset[int]:
    register()
    face = pdfmetrics.getFont(font).face
    return frozenset(face.charToGlyph)


def covers(font: str, text: str) -> bool:
    """Whether ``font`` has a glyph for every character of ``text``."""
    have = _covered(font)
    return all(ord(ch) in have for ch in text if ch not in "\n\t")


def printable(font: str, text: str) -> str:
    """``text`` with characters the font lacks shown as "?" (never an empty box)."""
    have = _covered(font)
    return "".join(ch if ord(ch) in have else "?" for ch in text)


def best(font: str, text: str) -> str:
    """``font`` if it has every glyph of ``text``, else the first bundled face that does
    (EB Garamond Bold covers only ASCII; the regular face covers Latin, Greek and Cyrillic)."""
    if covers(font, text):
        return font
    for other in (BODY, ITALIC, CAPS):
        if covers(other, text):
            return other
    return BODY
