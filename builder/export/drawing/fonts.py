"""The bundled OFL fonts, registered with ReportLab once per process.

Every sheet draws only with these faces, so every glyph is embedded and the pages look the same
on any machine. ``Canvas(initialFontName=BODY)`` keeps ReportLab from referencing its
non-embedded Helvetica.

Every face covers Latin-1, Latin Extended-A and the punctuation players type (curly quotes,
dashes, the ellipsis), so a name such as "Robert of Bellême" keeps its style. The blackletter
display face is the exception: it lacks most of Latin Extended-A and no free blackletter has
it, so a display line it cannot set whole is set whole in :data:`DISPLAY_FALLBACK`
(:func:`display`), never letter by letter.

The 2010 EB Garamond's default figures are old-style (a 1 like a small-capital I, a 0 like an
o), and ReportLab cannot switch OpenType features on, so its regular, italic and small-capital
faces are registered with their character maps pointed at their lining figures (``one.lnum``,
...); the bundled bold face has lining figures by default (cards/fonts/make_bold.py). The
faces so made are kept in the user's cache folder (``$XDG_CACHE_HOME/billhooks/fonts``, named
for hashes of what they are made from and of their bytes), so only the first export on a
machine pays for fontTools; the files shipped stay as they are.
"""

from __future__ import annotations

import hashlib
import io
import os
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from builder.files import atomic_write
from builder.resources import fonts_dir

BODY = "Garamond"
BOLD = "Garamond-Bold"
ITALIC = "Garamond-Italic"
#: Small capitals: labels and headings.
CAPS = "Garamond-SC"
#: Blackletter, for titles and names on display (Latin-1 and only Œœ Šš Ÿ Žž of Latin
#: Extended-A).
BLACKLETTER = "Blankenburg"
#: The face a display line is set in, whole, when the blackletter lacks one of its letters.
DISPLAY_FALLBACK = BOLD

_FILES = {
    BODY: "EBGaramond12-Regular.ttf",
    BOLD: "EBGaramond12-Bold.ttf",
    ITALIC: "EBGaramond12-Italic.ttf",
    CAPS: "EBGaramond12-AllSC.ttf",
    BLACKLETTER: "Blankenburg.ttf",
}


DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
#: Faces whose default figures are lining already: registered as shipped.
_AS_SHIPPED = (BOLD, BLACKLETTER)


def _lining(file: str) -> bytes:
    """The face in ``file`` with its own lining figures (``one.lnum``, ...) in place of its
    old-style ones."""
    from fontTools.ttLib import TTFont as FontFile  # only when the cache has no copy

    font = FontFile(str(fonts_dir() / file), lazy=True)
    for table in font["cmap"].tables:
        if table.isUnicode():
            for digit, name in enumerate(DIGITS):
                if ord(str(digit)) in table.cmap:
                    table.cmap[ord(str(digit))] = f"{name}.lnum"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


#: Bumped when _lining changes what it makes, so old cached faces go unused.
_MADE_BY = "lining-2"


def cache_folder() -> Path:
    """``$XDG_CACHE_HOME/billhooks/fonts`` (default ``~/.cache/billhooks/fonts``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "billhooks" / "fonts"


def _made_from(file: str) -> str:
    """A hash of what a lined face is made from: the shipped file and how it is made."""
    digest = hashlib.sha256(f"{_MADE_BY}\n".encode())
    digest.update((fonts_dir() / file).read_bytes())
    return digest.hexdigest()[:32]


def _content(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _lined_face(name: str, file: str) -> TTFont:
    """``file`` with lining figures as a ReportLab face: from the cache if a whole copy is
    there (its name ends in a hash of its bytes, so a cut-short file is never read as a
    font), else made and, if the cache folder can be written, kept."""
    stem = f"{Path(file).stem}-{_made_from(file)}"
    folder = cache_folder()
    try:
        for path in folder.glob(f"{stem}-*.ttf"):
            data = path.read_bytes()
            if path.stem == f"{stem}-{_content(data)}":
                return TTFont(name, io.BytesIO(data))
            path.unlink()  # damaged (it was written whole: atomic_write)
    except OSError:
        pass  # an unreadable cache: make the face again
    data = _lining(file)
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
        if name in _AS_SHIPPED:
            face = TTFont(name, str(folder / file))
        else:
            face = _lined_face(name, file)
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


def display(text: str) -> str:
    """The face for a display line (a title, a ward's or army's name): the blackletter if it
    has every letter of ``text``, else :data:`DISPLAY_FALLBACK` for the whole line."""
    return BLACKLETTER if covers(BLACKLETTER, text) else DISPLAY_FALLBACK


def best(font: str, text: str) -> str:
    """``font`` if it has every glyph of ``text``, else the first bundled face that does
    (every face covers Latin-1 and Latin Extended-A; the regular face covers Greek and
    Cyrillic too)."""
    if covers(font, text):
        return font
    for other in (BODY, ITALIC, CAPS):
        if covers(other, text):
            return other
    return BODY
