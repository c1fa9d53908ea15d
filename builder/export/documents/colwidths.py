"""Column widths for a look-up table, worked out before WeasyPrint sees it.

A table with automatic layout makes WeasyPrint measure every cell's smallest and largest width
(one Pango layout per word, and again for the float the table sits in): on the crib sheets that
was three quarters of the layout time. Given widths, a table with ``table-layout: fixed`` is laid
out once. The widths here come from the bundled faces' advance widths, so a column is as wide as
its widest cell needs, and a column of words takes what is left.
"""

from __future__ import annotations

from collections.abc import Sequence

from builder.export.documents.spaces import text_mm

#: The faces and sizes the crib sheet sets look-up tables in (templates/crib-sheet.html).
BODY, HEAD = ("EBGaramond12-Regular.ttf", 9.0), ("EBGaramond12-AllSC.ttf", 7.6)
#: Cell padding (left + right) and a margin for kerning and rounding, mm.
PAD = 1.6


def shares(columns: Sequence[str], rows: Sequence[Sequence[object]], width: float) -> list[float]:
    """Each column's share in percent of a table ``width`` mm wide, as a browser's automatic
    layout would give it: each column has a least width (the first column, names free to wrap,
    its longest word; the others, numbers never wrapped, their widest cell; a header its
    longest word) and a most (its widest cell unwrapped). Where all fit at their most, the
    room left is shared in proportion to it; else each gets its least and the room between
    goes where wrapping would cost most."""
    least, most = [], []
    for i, head in enumerate(columns):
        cells = [str(row[i]) for row in rows if i < len(row)]
        pieces = [w for c in cells for w in c.split()] if i == 0 else cells
        words = max((text_mm(w, *HEAD) for w in str(head).split()), default=0.0)
        low = max(max((text_mm(p, *BODY) for p in pieces), default=0.0), words) + PAD
        high = (
            max(max((text_mm(c, *BODY) for c in cells), default=0.0), text_mm(str(head), *HEAD))
            + PAD
        )
        least.append(low)
        most.append(max(low, high))
    if sum(most) <= width:
        sizes = [m * width / sum(most) for m in most]
    elif sum(least) < width:
        gaps = [m - lo for m, lo in zip(most, least, strict=True)]
        room = width - sum(least)
        sizes = [lo + g * room / sum(gaps) for lo, g in zip(least, gaps, strict=True)]
    else:
        sizes = least
    total = sum(sizes)
    return [round(s / total * 100, 2) for s in sizes]
