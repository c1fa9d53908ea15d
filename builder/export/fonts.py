"""The bundled OFL fonts, registered with ReportLab once per process.

Every sheet draws only with these faces, so every glyph is embedded and the pages look the same
on any machine. ``Canvas(initialFontName=BODY)`` keeps ReportLab from referencing its
non-embedded Helvetica.
"""

from __future__ import annotations

from functools import cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from builder.resources import fonts_dir

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


@cache
def register() -> None:
    """Register every bundled face (idempotent)."""
    folder = fonts_dir()
    for name, file in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(folder / file)))
    pdfmetrics.registerFontFamily(BODY, normal=BODY, bold=BOLD, italic=ITALIC, boldItalic=BOLD)


@cache
def _covered(font: str) -> frozenset[int]:
    register()
    face = pdfmetrics.getFont(font).face  # type: ignore[attr-defined]
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
