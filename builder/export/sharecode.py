"""The roster's share code: a QR code of the army's shared list (:mod:`builder.share`) that
``billhooks verify`` checks against the file, drawn by segno as inline SVG (so WeasyPrint
fetches nothing: the page's own assets stay the only files it reads).

The code is always :data:`CODE_MM` square; its version is at most :data:`MAX_VERSION`, so a
module is never under :data:`MIN_MODULE_MM` and a phone reads it at arm's length. A list too
long for that is shortened (:func:`builder.share.code_text`).
"""

from __future__ import annotations

import segno
from markupsafe import Markup

from builder import share
from builder.rules.printables import Source

#: The code's side on paper, without its quiet zone (four modules of white all round).
CODE_MM = 34.0
#: The smallest module a phone reads at arm's length.
MIN_MODULE_MM = 0.4
QUIET_MODULES = 4
#: The largest QR version (17 + 4 v modules a side) whose modules stay MIN_MODULE_MM at CODE_MM.
MAX_VERSION = int((CODE_MM / MIN_MODULE_MM - 17) // 4)
#: The words printed under the code.
CAPTION = "scan to check: billhooks verify"


def fits(text: str) -> bool:
    """Whether ``text`` fits a code of MAX_VERSION at low error correction (asked of segno at
    that version with one mask, which answers without choosing the best of eight)."""
    try:
        segno.make(text, error="L", version=MAX_VERSION, mask=0, boost_error=False)
    except segno.DataOverflowError:
        return False
    return True


def payload(source: Source) -> str:
    """What the code of ``source`` holds: its list, shortened until it fits."""
    return share.code_text(share.share_list(source), fits)


def svg(text: str) -> tuple[Markup, float]:
    """``text`` as a QR code: inline SVG CODE_MM square plus its white quiet zone, and its
    whole width in mm. The smallest version that holds it, at low error correction raised
    where that version allows (segno's boost_error), never over MAX_VERSION."""
    code = segno.make(text, error="L", micro=False)
    assert isinstance(code.version, int) and code.version <= MAX_VERSION, "text that fits"
    modules, _ = code.symbol_size(scale=1, border=0)
    module = CODE_MM / modules
    drawing = code.svg_inline(scale=module, unit="mm", border=QUIET_MODULES, dark="#000",
                              light="#fff")
    return Markup(drawing), CODE_MM + 2 * QUIET_MODULES * module


def share_code(source: Source) -> dict[str, object]:
    """The roster's code for one army: its SVG and width (mm), the text it holds and its
    caption."""
    text = payload(source)
    drawing, width = svg(text)
    return {"svg": drawing, "width": width, "text": text, "caption": CAPTION}
