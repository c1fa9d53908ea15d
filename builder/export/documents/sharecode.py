"""The roster's share code: a QR code of the army's shared list (:mod:`builder.share`) that
``billhooks verify`` checks against the file, drawn by segno as a PNG of one pixel a module that
the roster shows at CODE_MM with ``image-rendering: pixelated`` (the PDF says not to smooth it,
so it prints as sharp as vector art). Its ``qr:`` URL holds the text, and WeasyPrint's fetcher
draws it in process (:func:`png`): nothing is read from outside the package. As inline SVG
the code cost WeasyPrint 150 ms to parse and draw; as an image it costs 30.

The code is always :data:`CODE_MM` square; its version is at most :data:`MAX_VERSION`, so a
module is never under :data:`MIN_MODULE_MM` and a phone reads it at arm's length. Its error
correction is never under M, so a pen stroke across the code (2 mm, five modules) leaves it
readable. The code holds the whole list, every value (so ``billhooks import`` reads it), at the most
robust level (H, Q, M) it fits; failing that, the most robust level at which it still holds
every record of the army (compact), and at that level the fullest form that fits
(:func:`builder.share.code_text`); an army too big for its records at M keeps its totals.
"""

from __future__ import annotations

import base64
import binascii
import io
from functools import lru_cache, partial

import segno
from segno import encoder
from segno.consts import ERROR_MAPPING, SYMBOL_CAPACITY

from builder import share, shareread
from builder.core.printables import Source

#: The code's side on paper, without its quiet zone (four modules of white all round): a
#: version 22 code (105 modules) at MIN_MODULE_MM. At 38.8 mm (version 20) an example army's
#: records fit only at M, and a slanting 2 mm stroke across them made the code unreadable.
CODE_MM = 42.0
#: The smallest module a phone reads at arm's length.
MIN_MODULE_MM = 0.4
QUIET_MODULES = 4
#: The largest QR version (17 + 4 v modules a side) whose modules stay MIN_MODULE_MM at CODE_MM.
MAX_VERSION = (round(CODE_MM / MIN_MODULE_MM) - 17) // 4
#: The error correction levels a code may have, most robust first (L, 7%, does not survive a
#: pen stroke).
LEVELS = ("H", "Q", "M")
#: The words printed under the code.
CAPTION = "scan to check: billhooks verify"
#: The URL scheme of a code's image: ``qr:`` and the text, base64url.
SCHEME = "qr:"


def _byte_bits(text: str) -> int:
    """The bits of ``text`` as segno encodes it in byte mode at version 10 or more: the mode
    (4 bits), the length (16) and each byte (ISO 8859-1 where the text allows, else UTF-8)."""
    try:
        data = text.encode("iso-8859-1")
    except UnicodeEncodeError:
        data = text.encode("utf-8")
    return 4 + 16 + 8 * len(data)


#: The characters QR's alphanumeric mode encodes, 5.5 bits each (digits alone: 10/3 bits).
_ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")


def _least_bits(text: str) -> float:
    """Fewer bits than any encoding of ``text`` takes: each character at the cost of the
    densest mode that could hold it (a digit 10/3 bits, another alphanumeric 5.5, a kanji
    13, anything else a byte of each of its UTF-8 bytes but the first), no header."""
    bits = 0.0
    for ch in text:
        if "0" <= ch <= "9":
            bits += 10 / 3
        elif ch in _ALPHANUMERIC:
            bits += 5.5
        else:
            bits += 8.0 if ord(ch) < 256 else min(13.0, 8.0 * len(ch.encode("utf-8")))
    return bits


def fits(text: str, level: str = LEVELS[-1]) -> bool:
    """Whether ``text`` fits a code of MAX_VERSION at ``level``. Counted from segno's capacity
    table in byte mode (each try at encoding cost 30 ms, and a roster asked 20 times); a text
    too long for byte mode, but not for the densest modes its characters allow, is split into
    segments as segno splits it (digits or capitals pack denser) and their bits counted as
    segno counts them before it encodes: the same answer as a trial encoding, without its
    error correction and masks (16 ms a try, and a long list tried 500 times)."""
    capacity: int = SYMBOL_CAPACITY[MAX_VERSION][ERROR_MAPPING[level]]  # type: ignore[index]
    if _byte_bits(text) <= capacity:
        return True
    if _least_bits(text) > capacity:
        return False  # no mode packs it small enough: segno need not be asked
    segments = encoder.prepare_data(text, None, None)  # type: ignore[no-untyped-call]
    bits: int = segments.bit_length_with_overhead(MAX_VERSION, eci=False)
    return bits <= capacity


def level(text: str) -> str:
    """The error correction of ``text``'s code: the most robust of LEVELS it fits."""
    return next((e for e in LEVELS if fits(text, e)), LEVELS[-1])


@lru_cache(maxsize=32)
def make(text: str) -> segno.QRCode:
    """``text``'s code: the smallest version that holds it at :func:`level`, raised to H where
    that version allows (segno's boost_error). Kept for the latest texts: the roster asks for
    its size, then WeasyPrint for its image, and segno tries all eight masks, 90 ms each time
    for a roster's code."""
    code = segno.make(text, error=level(text), micro=False)
    assert isinstance(code.version, int) and code.version <= MAX_VERSION, "text that fits"
    return code


def payload(source: Source) -> str:
    """What the code of ``source`` holds: its whole list (which ``import`` reads) at the most
    robust level it fits; else the list at the most robust level that keeps its records,
    shortened until it fits at that level."""
    found = share.share_list(source)
    # The whole list (every value: it imports) wherever it fits, at M if need be.
    whole = share.code_text(found, lambda _: True)
    for strength in LEVELS:
        if fits(whole, strength):
            return whole
    for strength in LEVELS:
        text = share.code_text(found, partial(fits, level=strength))
        if shareread.parse(text).form in ("plain", "compact"):
            return text
    return text


def url(text: str) -> str:
    """The address of ``text``'s code as an image (:func:`png` draws it)."""
    return SCHEME + base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii")


def png(address: str) -> bytes | None:
    """The image a ``qr:`` URL names: one pixel a module, black on white, its quiet zone
    included; None when the address is not one."""
    if not address.startswith(SCHEME):
        return None
    try:
        text = base64.urlsafe_b64decode(address[len(SCHEME) :]).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None
    out = io.BytesIO()
    make(text).save(out, kind="png", scale=1, border=QUIET_MODULES, dark="#000", light="#fff")
    return out.getvalue()


def width(text: str) -> float:
    """The whole width in mm of ``text``'s code: CODE_MM plus its quiet zone."""
    modules, _ = make(text).symbol_size(scale=1, border=0)
    return CODE_MM + 2 * QUIET_MODULES * CODE_MM / modules


def share_code(source: Source) -> dict[str, object]:
    """The roster's code for one army: its image's URL and width (mm), the text it holds and
    its caption."""
    text = payload(source)
    return {"url": url(text), "width": width(text), "text": text, "caption": CAPTION}
