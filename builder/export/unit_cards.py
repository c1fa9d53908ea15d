"""``unit-cards.pdf``: a card per unit with the numbers a player looks up, all from the
ruleset's profile of the unit (move, shooting, melee dice, saves, specials), arrow-supply boxes
on archer units, and the unit's photo when its Mustering card had one."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from builder.export import carddata, fonts
from builder.export.base import ExportJob, Written
from builder.export.deck import Group, Item, card_layout, deck_back, write_groups
from builder.export.draw import (
    ACCENT,
    GOLD,
    INK,
    LEADING,
    PARCHMENT_DARK,
    SIDE_NAMES,
    accent,
    card_frame,
    header,
    line_text,
    ornament_rule,
    paragraphs_in,
    rule,
    text_in,
    tick_box,
    wrap,
)
from builder.export.photos import frame_jpeg
from builder.export.sheet import PT, Box, Cell, DrawFn
from builder.rules.base import number
from builder.rules.billhooks.model import Army, Unit
from builder.rules.billhooks.profile import profile

#: Photo frame height against the card's inner width.
PHOTO_RATIO = 0.5


def _stat_row(c: Canvas, box: Box, name: str, value: str, note: str, s: float) -> None:
    """A table row: heading on the left, the value in bold on the right, a note under it."""
    line_text(c, name, fonts.CAPS, box.x, box.top - 3.0 * s, 8.5 * s, box.w * 0.42)
    text_in(c, value, fonts.BOLD, Box(box.x + box.w * 0.42, box.top - 4.0 * s,
                                      box.w * 0.58, 4.0 * s),
            9.5 * s, 6 * s, align="right", valign="middle", max_lines=1)
    if note:
        text_in(c, note, fonts.ITALIC, Box(box.x + box.w * 0.3, box.y, box.w * 0.7,
                                           box.h - 4.2 * s),
                6.5 * s, 5 * s, align="right", valign="top", max_lines=1)


def _rows(prof: Any, data: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The table rows (heading, value, note) of a unit's profile."""
    rows: list[tuple[str, str, str]] = [(data["move"], prof.move_text, data["move_note"])]
    if prof.shooting:
        shots = data["shots"].format(n=prof.shots_per_turn,
                                     s="" if prof.shots_per_turn == 1 else "s")
        dice = {line.dice for line in prof.shooting}
        if len(dice) == 1:
            value = f"{prof.shooting[0].dice} dice, " + " / ".join(
                f"{line.hit_on}+" for line in prof.shooting)
        else:
            value = " / ".join(f"{line.dice} dice {line.hit_on}+" for line in prof.shooting)
        ranges = " / ".join(line.range_text for line in prof.shooting)
        note = f"{ranges}; {shots}"
        if prof.shooting[0].dice_at_skirmishers is not None:
            note += "; " + data["halved"].format(n=prof.shooting[0].dice_at_skirmishers)
        rows.append((data["shooting"], value, note))
    else:
        rows.append((data["shooting"], "-", data["no_shooting"]))
    if prof.melee_defending != prof.melee_first_round:
        rows.append((data["melee"], f"{prof.melee_first_round} / {prof.melee_defending}"
                     f" / {prof.melee_later}", data["melee_note_both"]))
    else:
        # Dice per figure only for one troop type: a combined block's two would not fit.
        per_figure = f"; {prof.melee_per_figure}" if len(prof.saves) == 1 else ""
        rows.append((data["melee"], f"{prof.melee_first_round} / {prof.melee_later}",
                     data["melee_note"] + per_figure))
    shot, melee = data["save_columns"]
    for i, save in enumerate(prof.saves):
        who = f"{save.who}: " if len(prof.saves) > 1 else ""
        note = save.armour if save.pierced is None else data["pierced"].format(n=save.pierced)
        rows.append((data["saves"] if i == 0 else "",
                     f"{who}{shot} {save.shooting}+, {melee} {save.melee}+", note))
    return rows


def unit_card(army: Army, unit: Unit, data: dict[str, Any],
              photos: dict[tuple[str, float, float], bytes]) -> DrawFn:
    prof = profile(unit)
    side = army.side if army.side in SIDE_NAMES else None
    colour = accent(side)
    rows = _rows(prof, data)

    def draw(c: Canvas, cell: Cell) -> None:
        s = cell.scale
        inner = card_frame(c, cell, colour)
        body = header(c, cell, inner, data["label"], colour, side)
        y = body.top
        if unit.label:
            y = text_in(c, unit.label, fonts.BOLD, Box(body.x, y - 6 * s, body.w, 6 * s),
                        11.5 * s, 8 * s, valign="middle", max_lines=2)
            y = text_in(c, prof.title, fonts.ITALIC, Box(body.x, y - 4.2 * s, body.w, 4.2 * s),
                        8.5 * s, 6 * s, max_lines=2)
        else:
            y = text_in(c, prof.title, fonts.BOLD, Box(body.x, y - 9.5 * s, body.w, 9.5 * s),
                        11.5 * s, 8 * s, valign="middle", max_lines=2)
        sub = data["sub"].format(figures=prof.figures, points=number(prof.points),
                                 morale=prof.morale_dice)
        y = text_in(c, sub, fonts.CAPS, Box(body.x, y - 4.4 * s, body.w, 4.4 * s), 8 * s,
                    6 * s, colour=colour, valign="middle", max_lines=1) - 0.6 * s
        # What must fit below the title: the table, the arrow boxes, room for the specials.
        arrow_box = 4.2 * s
        arrows_h = arrow_box + 1.5 * s if prof.arrow_supply else 0.0
        # The specials as they wrap at a legible 6.5 pt (the bullet's indent aside), so a
        # photo never squeezes them smaller.
        small = 6.5 * s
        lines = sum(len(wrap(p, fonts.BODY, small, body.w - 2.5 * s)) for p in prof.specials)
        specials_min = lines * small * LEADING * PT + 1.0 * s if lines else 0.0
        row_h = 7.0 * s
        if unit.photo:
            row_h = 6.2 * s
            room = y - body.y - len(rows) * row_h - arrows_h - specials_min - 1.2 * s
            fh = min(body.w * PHOTO_RATIO, max(room, 10 * s))
            key = (unit.photo, round(body.w, 2), round(fh, 2))
            if key not in photos:
                photos[key] = frame_jpeg(unit.photo, body.w, fh)
            c.drawImage(ImageReader(io.BytesIO(photos[key])), body.x, y - fh, body.w, fh)
            c.setStrokeColorRGB(*GOLD)
            c.setLineWidth(0.8 * PT)
            c.rect(body.x, y - fh, body.w, fh, stroke=1, fill=0)
            y -= fh + 1.2 * s
        else:
            ornament_rule(c, body.x + 4 * s, body.right - 4 * s, y - 0.6 * s, colour, s)
            y -= 2.0 * s
        for i, (name, value, note) in enumerate(rows):
            box = Box(body.x, y - row_h, body.w, row_h)
            if i % 2 == 0:
                c.setFillColorRGB(*PARCHMENT_DARK)
                c.rect(box.x - 0.6 * s, box.y, box.w + 1.2 * s, box.h, stroke=0, fill=1)
            _stat_row(c, Box(box.x + 0.6 * s, box.y, box.w - 1.2 * s, box.h), name, value,
                      note, s)
            y -= row_h
        bottom = body.y
        if prof.arrow_supply:
            n = prof.arrow_supply
            label_w = 22 * s
            gap = min(1.6 * s, (body.w - label_w - n * arrow_box) / max(n - 1, 1))
            line_text(c, data["arrows"], fonts.CAPS, body.x, body.y + arrow_box * 0.25, 8 * s,
                      label_w - 1 * s)
            x = body.right - n * arrow_box - (n - 1) * gap
            for i in range(n):
                tick_box(c, x + i * (arrow_box + gap), body.y, arrow_box, colour)
            bottom = body.y + arrows_h
            rule(c, body.x, body.right, bottom - 0.8 * s, colour, 0.4)
        specials = Box(body.x, bottom, body.w, y - bottom - 1.0 * s)
        paragraphs_in(c, list(prof.specials), fonts.BODY, specials, 7.5 * s, 5.5 * s,
                      colour=INK)

    return draw


def items(job: ExportJob) -> list[Item]:
    data = carddata.load("unit-cards")
    photos: dict[tuple[str, float, float], bytes] = {}
    return [Item(data["label"], unit_card(entry.army, unit, data, photos))
            for entry in (*job.armies, *job.collections)
            for _, unit in entry.army.units_with_paths()]


def write(job: ExportJob, path: Path) -> Written:
    data = carddata.load("unit-cards")
    back = deck_back(data["back_title"], data["back_note"], ACCENT["neutral"])
    group = Group("cards", card_layout(job), items(job), back, "Unit cards")
    return write_groups(job, path, "Unit cards", [group])
