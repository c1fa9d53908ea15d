"""``play-deck.pdf``: a Leader card per leader of every army, two Bonus cards and a Skirmish card
for each side (RULES.md 1.4-1.5); fronts, then backs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from builder.export import carddata, fonts
from builder.export.base import ExportJob, Written
from builder.export.deck import Group, Item, card_layout, deck_back, illuminated, write_groups
from builder.export.draw import (
    ACCENT,
    GOLD,
    INK,
    PARCHMENT_DARK,
    SIDE_NAMES,
    accent,
    badge,
    card_frame,
    header,
    ornament_rule,
    roundel,
    star,
    text_in,
    tick_box,
)
from builder.export.sheet import Box, Cell, DrawFn
from builder.rules.billhooks.model import Army, Leader
from builder.rules.billhooks.points import unit_title
from builder.rules.billhooks.profile import leader_profile

_ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth")


def _ward_name(index: int) -> str:
    return f"{_ORDINALS[index]} Ward" if index < len(_ORDINALS) else f"Ward {index + 1}"


def leader_card(army: Army, ward_index: int, data: dict[str, Any]) -> DrawFn:
    """Draw one leader's card: name, rank, side, ward, class stars with wound boxes, order
    tokens he claims, mounted or on foot."""
    ward = army.wards[ward_index]
    leader: Leader = ward.leader
    side = army.side if army.side in SIDE_NAMES else None
    colour = accent(side)
    lp = leader_profile(army, leader)
    tokens = lp.order_tokens
    units = "; ".join(unit_title(u) for u in ward.units) or "no units"

    def draw(c: Canvas, cell: Cell) -> None:
        s = cell.scale
        inner = card_frame(c, cell, colour)
        body = header(c, cell, inner, data["label"], colour, side)
        y = body.top
        # Name (shrinks, then wraps: up to four lines before it shrinks further).
        name_box = Box(body.x, y - 14 * s, body.w, 14 * s)
        text_in(c, leader.name, fonts.BOLD, name_box, 14 * s, 10 * s, valign="middle")
        y = name_box.y - 0.8 * s
        rank = leader.rank + (f", {data['c_in_c']}" if leader.c_in_c else "")
        y = text_in(c, rank, fonts.ITALIC, Box(body.x, y - 4.6 * s, body.w, 4.6 * s), 10 * s,
                    7 * s, max_lines=1) - 0.6 * s
        side_text = f"{SIDE_NAMES[side]}: {army.name}" if side else army.name
        y = text_in(c, side_text, fonts.CAPS, Box(body.x, y - 7 * s, body.w, 7 * s), 8 * s,
                    6.5 * s, colour=colour, valign="middle") - 1.2 * s
        ornament_rule(c, body.x + 4 * s, body.right - 4 * s, y, colour, s)
        y -= 2.2 * s
        # Command class: a star per wound he can take, a box under each to cross off.
        y = text_in(c, f"{leader.class_name} (class {leader.command_class})", fonts.CAPS,
                    Box(body.x, y - 4.2 * s, body.w, 4.2 * s), 9.5 * s, 7 * s,
                    max_lines=1) - 1.0 * s
        n = max(lp.wounds, 1)
        r = 3.3 * s
        gap = 9.5 * s
        x_first = body.x + body.w / 2 - (n - 1) * gap / 2
        for i in range(n):
            star(c, x_first + i * gap, y - r, r)
            box = 3.6 * s
            tick_box(c, x_first + i * gap - box / 2, y - 2 * r - 1.2 * s - box, box)
        y -= 2 * r + 1.2 * s + 3.6 * s + 1.2 * s
        y = text_in(c, data["wounds"], fonts.ITALIC, Box(body.x, y - 6.2 * s, body.w, 6.2 * s),
                    7 * s, 6.5 * s) - 1.2 * s
        # Order tokens he claims, with the tokens drawn.
        word = "token" if tokens == 1 else "tokens"
        claim = data["orders"].format(tokens=tokens, token_word=word)
        y = text_in(c, claim, fonts.BODY, Box(body.x, y - 7 * s, body.w, 7 * s), 8.5 * s,
                    6.5 * s) - 0.8 * s
        tr = 1.7 * s
        x_tok = body.x + body.w / 2 - (tokens - 1) * 2.3 * tr / 2
        for i in range(tokens):
            roundel(c, x_tok + i * 2.3 * tr, y - tr, tr, colour)
        y -= 2 * tr + 1.5 * s
        # Footer: mounted or on foot, command range; the ward fills what is left above it.
        how = (data["mounted"] if leader.mounted else data["on_foot"]).format(move=lp.move)
        foot = f"{how}. {data['command'].format(range=lp.command_range)}"
        foot_box = Box(body.x, body.y, body.w, 4.2 * s)
        c.setFillColorRGB(*PARCHMENT_DARK)
        c.rect(body.x - 0.6 * s, body.y - 0.6 * s, body.w + 1.2 * s, 5.2 * s, stroke=0, fill=1)
        text_in(c, foot, fonts.CAPS, foot_box, 8 * s, 6 * s, valign="middle", max_lines=1)
        ward_box = Box(body.x, foot_box.top + 0.8 * s, body.w, y - foot_box.top - 0.8 * s)
        if ward_box.h > 2:
            text_in(c, f"{_ward_name(ward_index)}: {units}", fonts.BODY, ward_box, 8 * s,
                    7.5 * s, valign="middle", colour=INK)

    return draw


def plain_card(label: str, title: str, text: str, side: str | None, colour: tuple[float, ...],
               letter: str) -> DrawFn:
    """A card with a title, a device (a side's rose or an illuminated initial) and one line
    of what it does."""
    rgb = (colour[0], colour[1], colour[2])

    def draw(c: Canvas, cell: Cell) -> None:
        s = cell.scale
        inner = card_frame(c, cell, rgb)
        body = header(c, cell, inner, label, rgb, side)
        title_box = Box(body.x, body.top - 13 * s, body.w, 13 * s)
        font = fonts.BLACKLETTER if fonts.covers(fonts.BLACKLETTER, title) else fonts.BOLD
        text_in(c, title, font, title_box, 18 * s, 11 * s, valign="middle", colour=rgb,
                max_lines=2)
        art_h = body.h * 0.42
        cy = title_box.y - 2 * s - art_h / 2
        cx = body.x + body.w / 2
        if side in SIDE_NAMES:
            badge(c, cx, cy, art_h * 0.45, side)
        else:
            illuminated(c, cx, cy, art_h * 0.78, letter, rgb)
        ornament_rule(c, body.x + 4 * s, body.right - 4 * s, cy - art_h / 2 - 2 * s, GOLD, s)
        text_box = Box(body.x + 1 * s, body.y + 1 * s, body.w - 2 * s,
                       cy - art_h / 2 - 4.5 * s - body.y - 1 * s)
        text_in(c, text, fonts.BODY, text_box, 10 * s, 7.5 * s, valign="middle")

    return draw


def items(job: ExportJob) -> list[Item]:
    """The Play Deck's cards, leaders first (army by army, ward by ward)."""
    data = carddata.load("play-deck")
    out: list[Item] = []
    for entry in job.armies:
        for wi in range(len(entry.army.wards)):
            out.append(Item(data["leader"]["label"], leader_card(entry.army, wi, data["leader"])))
    for card in data["cards"]:
        side = card.get("side")
        colour = accent(side) if side else ACCENT["bonus"]
        for _ in range(card.get("count", 1)):
            out.append(Item(card["label"], plain_card(card["label"], card["title"], card["text"],
                                                      side, colour, card["title"][0])))
    return out


def write(job: ExportJob, path: Path) -> Written:
    data = carddata.load("play-deck")
    group = Group("cards", card_layout(job), items(job),
                  deck_back(data["back_title"], data["back_note"], ACCENT["neutral"]),
                  "Play deck")
    return write_groups(job, path, "Play deck", [group])
