"""A stat row of a card face set in words: its value (a number is never cut: one line shrunk to
the floor, else wrapped at its commas), its note, the side of its tick boxes, and the height
they take. :mod:`builder.export.drawing.blocks` grows or squeezes the rows into the face's room
and draws them. Lengths are millimetres on a poker card times the face's scale ``s``.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.core.printables import Stat, StatRows
from builder.export.drawing import fonts
from builder.export.drawing.canvas import MIN_TEXT_PT
from builder.export.drawing.text import UNBOUNDED, Fitted, fit, width_mm


@dataclass(frozen=True)
class StatRow:
    """A stat row set: its value and note, its tick boxes' side (0: none), the value's band
    and the row's height (mm)."""

    value: Fitted
    note: Fitted
    box: float
    band: float
    height: float


def _clauses(text: str, width: float, size: float) -> Fitted:
    """``text`` wrapped at its commas where it can ("shot 5+, melee 5+" keeps each score
    with its name), else word by word."""
    font = fonts.best(fonts.BOLD, text)
    parts = [p.strip() for p in fonts.printable(font, " ".join(text.split())).split(", ")]
    if any(width_mm(p + ",", font, size) > width for p in parts):
        return fit(text, fonts.BOLD, width, UNBOUNDED, size, size)
    lines: list[str] = []
    for i, part in enumerate(parts):
        part += "," if i < len(parts) - 1 else ""
        if lines and width_mm(f"{lines[-1]} {part}", font, size) <= width:
            lines[-1] = f"{lines[-1]} {part}"
        else:
            lines.append(part)
    return Fitted(font, size, tuple(lines))


def stat_row(
    row: Stat,
    block: StatRows,
    s: float,
    width: float,
    least: float | None = None,
    cap: int | None = None,
) -> StatRow:
    """A row's value and note set whole (a number is never cut: one line shrunk to the
    floor, else wrapped), and the height they take (at least ``least``, by default the
    block's row height). ``cap`` is the last resort for a value too long for the card
    (a name at the schema's length limit): at most that many lines, cut short. ``s`` is the
    face's scale, ``width`` its body's (mm)."""
    w = width - 1.2 * s
    value = fit(row.value, fonts.BOLD, w * 0.58, 4.0 * s, 9.5 * s, 6 * s, max_lines=1)
    if len(value.lines) != 1 or value.lines[0] != fonts.printable(
        value.font, " ".join(row.value.split())
    ):
        value = _clauses(row.value, w * 0.58, max(6.5 * s, 6.0))
        if cap is not None and len(value.lines) > cap:
            value = fit(
                row.value,
                fonts.BOLD,
                w * 0.58,
                UNBOUNDED,
                MIN_TEXT_PT,
                MIN_TEXT_PT,
                max_lines=cap,
            )
    # A note shrinks a little to stay on one line, then wraps at its size.
    size = block.note_size * s
    # Tight (the rows squeezed to their words' height), it may shrink to the 6 pt floor.
    small = max(size * 0.92, min(size, 6 * s)) if least is None else min(size, MIN_TEXT_PT)
    note = fit(row.note, fonts.ITALIC, w * 0.7, UNBOUNDED, size, small)
    if len(note.lines) > 1:
        note = fit(row.note, fonts.ITALIC, w, UNBOUNDED, size, small)
    band = 4.0 * s if len(value.lines) == 1 else value.height + 0.8 * s
    height = band + (note.height + 0.5 * s if note.lines else 0.0)
    box = max(3.6 * s, 3.5) if row.boxes else 0.0
    if box:
        height += box + 0.8 * s
    floor = block.row_height * s if least is None else least
    return StatRow(value, note, box, band, max(floor, height))
