"""The palette every card and token is drawn in: colours as RGB fractions, from hex codes."""

from __future__ import annotations

RGB = tuple[float, float, float]


def hex_rgb(code: str) -> RGB:
    code = code.lstrip("#")
    r, g, b = (int(code[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return (r, g, b)


INK = hex_rgb("#2b1d0e")
PARCHMENT = hex_rgb("#f7f0de")
PARCHMENT_DARK = hex_rgb("#e8dcc0")
PAPER_WHITE = hex_rgb("#fffdf7")
GOLD = hex_rgb("#c9a23a")
LEAF = hex_rgb("#3f6b2e")
ROSE_RED = hex_rgb("#c0262d")
ROSE_WHITE = hex_rgb("#fbf8f0")
