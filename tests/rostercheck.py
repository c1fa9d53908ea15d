"""Reading a roster's table back from the PDF: the words of one unit's row, column by column,
placed by the columns' widths the layout gives (builder.export.documents.rostertable)."""

from __future__ import annotations

from typing import Any

from builder.core.roster import Table
from builder.export.documents.rostertable import BOX, TITLE_PT, lay_out, page_margins

MM = 72 / 25.4


def widths(table: Table) -> tuple[float, ...]:
    return lay_out(table, BOX[0]).widths


def unit_cells(
    page: Any, columns: tuple[float, ...], title: str, stop: str, paper: str = "a4"
) -> list[str]:
    """The words of the unit titled ``title`` on ``page``, per column (its title column
    first): every word from its title's line down to the line of its trackers, whose label
    begins with the word ``stop``. Each column's words in reading order, joined by spaces."""
    words = page.extract_words(extra_attrs=["size"])
    left = page_margins(paper)[3]
    edges = [left + sum(columns[:i]) for i in range(len(columns) + 1)]
    head = title.split()
    start = None
    for i, word in enumerate(words):
        text = [w["text"] for w in words[i : i + len(head)]]
        # The title, not a details line naming the same words: set in the title's size.
        if text == head and word["x0"] / MM < edges[1] and abs(word["size"] - TITLE_PT) < 0.2:
            start = word
            break
    assert start is not None, f"no unit {title!r} on the page"
    end = min(
        (
            w["top"]
            for w in words
            if w["top"] > start["top"] + 1 and w["text"] == stop and w["x0"] / MM > edges[1]
        ),
        default=float(page.height),
    )
    cells: list[list[str]] = [[] for _ in columns]
    for word in words:
        # Up to the trackers' line, whose notes (a smaller face) stand a little higher.
        if start["top"] - 2 <= word["top"] < end - 3:
            x = word["x0"] / MM + 0.3
            column = max(i for i, edge in enumerate(edges[:-1]) if x >= edge)
            cells[column].append(word["text"])
    return [" ".join(cell) for cell in cells]
