"""``tokens.pdf``: order tokens for each side, Disarray, Daunted, Army Morale for each army, and
an arrow-supply tracker per archer unit. Every count comes from the ruleset (RULES.md 1.5
decisions): nothing here works a rule out."""

from __future__ import annotations

import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from builder.export import carddata, fonts
from builder.export.base import TOKEN_MM, ExportJob, Written
from builder.export.deck import Group, Item, item_layout, write_groups
from builder.export.draw import (
    ACCENT,
    GOLD,
    INK,
    PAPER_WHITE,
    PARCHMENT,
    RGB,
    SIDE_NAMES,
    accent,
    badge,
    line_text,
    rose,
    text_in,
    tick_box,
    width_mm,
)
from builder.export.sheet import PT, Box, Cell, DrawFn
from builder.rules.billhooks import catalogue as cat
from builder.rules.billhooks.model import Army
from builder.rules.billhooks.points import army_morale_tokens, unit_title
from builder.rules.billhooks.profile import leader_profile, profile

#: An arrow tracker is two tokens wide.
TRACKER_MM = (2 * TOKEN_MM, TOKEN_MM)


def _ground(c: Canvas, cell: Cell, colour: RGB) -> tuple[float, float, float]:
    """Fill the token and draw its gold ring; returns centre x, y and the ring radius."""
    c.setFillColorRGB(*colour)
    b = cell.bleed
    c.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
    t = cell.trim
    cx, cy = t.x + t.w / 2, t.y + t.h / 2
    r = min(t.w, t.h) / 2 - 1.2
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(0.8 * PT)
    c.circle(cx, cy, r, stroke=1, fill=0)
    c.setLineWidth(0.3 * PT)
    c.circle(cx, cy, r - 0.7, stroke=1, fill=0)
    return cx, cy, r


def _chord(cell: Cell, dy: float) -> float:
    """Width of the token's ring at ``dy`` mm above or below its centre, less a margin."""
    r = min(cell.trim.w, cell.trim.h) / 2 - 1.9
    return 2 * math.sqrt(max(r * r - dy * dy, 0.0)) - 1.5


def _label(c: Canvas, cell: Cell, label: str, size: float = 6.8) -> None:
    """The kind label along the bottom of the ring: as wide as the ring is at the label's
    baseline (its lowest, so narrowest, edge), so no letter reaches the ring."""
    t = cell.trim
    base = t.y + 5.2
    line_text(c, label, fonts.CAPS, t.x + t.w / 2, base, size,
              _chord(cell, t.y + t.h / 2 - base), align="center", colour=PAPER_WHITE,
              spacing=0.15)


def _caption(c: Canvas, cell: Cell, text: str) -> None:
    """A line above the centre, as wide as the ring is at the top of its letters."""
    t = cell.trim
    base = t.top - 6.6
    line_text(c, text, fonts.ITALIC, t.x + t.w / 2, base, 6.0, _chord(cell, base + 1.6 - (
        t.y + t.h / 2)), align="center", colour=PARCHMENT)


def _two_line_caption(c: Canvas, cell: Cell, text: str) -> None:
    """A caption too wide for one line of the ring, as two lines split where both fit (the
    upper one shorter, as the ring is narrower there); cut short if no split fits."""
    t = cell.trim
    cy = t.y + t.h / 2
    words = text.split()
    if len(words) < 2 or width_mm(text, fonts.ITALIC, 6.0) <= _chord(cell, 7.5):
        _caption(c, cell, text)
        return
    upper, lower = cy + 7.6, cy + 5.3
    wide_up, wide_low = _chord(cell, upper + 1.5 - cy), _chord(cell, lower + 1.5 - cy)
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    fitting = [(a, b) for a, b in splits if width_mm(a, fonts.ITALIC, 6.0) <= wide_up
               and width_mm(b, fonts.ITALIC, 6.0) <= wide_low]
    if not fitting:
        # The longest upper line that fits; the lower one is cut short.
        fitting = [(a, b) for a, b in splits if width_mm(a, fonts.ITALIC, 6.0) <= wide_up]
    a, b = max(fitting, key=lambda ab: len(ab[0])) if fitting else splits[0]
    for line, y, wide in ((a, upper, wide_up), (b, lower, wide_low)):
        line_text(c, line, fonts.ITALIC, t.x + t.w / 2, y, 6.0, wide, align="center",
                  colour=PARCHMENT)


def order_token(side: str | None, label: str) -> DrawFn:
    def draw(c: Canvas, cell: Cell) -> None:
        cx, cy, r = _ground(c, cell, accent(side))
        if side in SIDE_NAMES:
            badge(c, cx, cy - 0.3, r * 0.44, side)
            _caption(c, cell, SIDE_NAMES[side])
        else:
            c.setFillColorRGB(*GOLD)
            c.circle(cx, cy + 0.6, r * 0.3, stroke=0, fill=1)
        _label(c, cell, label)

    return draw


def disarray_token(label: str, note: str) -> DrawFn:
    def draw(c: Canvas, cell: Cell) -> None:
        cx, cy, r = _ground(c, cell, ACCENT["disarray"])
        # Three pikes fallen across each other, heads every which way (outlined in the
        # ground's own white, so that with --ink-saver they still show).
        c.setStrokeColorRGB(*PAPER_WHITE)
        c.setFillColorRGB(*PAPER_WHITE)
        c.setLineWidth(0.9 * PT)
        half = r * 0.36
        for angle, dx, dy in ((35, -0.6, 0.2), (150, 0.4, 1.2), (100, 1.6, 0.4)):
            a = math.radians(angle)
            ux, uy = math.cos(a), math.sin(a)
            x0, y0 = cx + dx, cy - 0.8 + dy
            c.line(x0 - half * ux, y0 - half * uy, x0 + half * ux, y0 + half * uy)
            # A leaf-shaped head at one end.
            hx, hy = x0 + half * ux, y0 + half * uy
            path = c.beginPath()
            path.moveTo(hx + 1.8 * ux, hy + 1.8 * uy)
            path.lineTo(hx - 0.5 * uy, hy + 0.5 * ux)
            path.lineTo(hx + 0.5 * uy, hy - 0.5 * ux)
            path.close()
            c.drawPath(path, stroke=1, fill=1)
        _caption(c, cell, note)
        _label(c, cell, label)

    return draw


def daunted_token(label: str, note: str) -> DrawFn:
    def draw(c: Canvas, cell: Cell) -> None:
        cx, cy, r = _ground(c, cell, ACCENT["daunted"])
        # A banner hanging limp from its pole (outlined, as the pike heads are).
        c.setStrokeColorRGB(*PAPER_WHITE)
        c.setLineWidth(0.9 * PT)
        pole_x = cx - 3.2
        c.line(pole_x, cy - 4.2, pole_x, cy + 4.6)
        c.setFillColorRGB(*PAPER_WHITE)
        path = c.beginPath()
        path.moveTo(pole_x, cy + 4.4)
        path.curveTo(pole_x + 2.5, cy + 3.6, pole_x + 4.5, cy + 1.5, pole_x + 5.2, cy - 2.6)
        path.lineTo(pole_x + 3.6, cy - 1.2)
        path.lineTo(pole_x + 2.6, cy - 3.4)
        path.curveTo(pole_x + 2.0, cy - 0.6, pole_x + 1.2, cy + 1.0, pole_x, cy + 1.2)
        path.close()
        c.drawPath(path, stroke=1, fill=1)
        _caption(c, cell, note)
        _label(c, cell, label)

    return draw


def morale_token(army: Army, label: str) -> DrawFn:
    side = army.side if army.side in SIDE_NAMES else None

    def draw(c: Canvas, cell: Cell) -> None:
        cx, cy, r = _ground(c, cell, accent(side))
        # A standard: pole and swallow-tailed flag bearing the side's rose.
        c.setStrokeColorRGB(*GOLD)
        c.setLineWidth(0.8 * PT)
        pole_x = cx - 4.6
        c.line(pole_x, cy - 4.0, pole_x, cy + 4.6)
        c.setFillColorRGB(*PARCHMENT)
        path = c.beginPath()
        path.moveTo(pole_x, cy + 4.6)
        path.lineTo(cx + 5.6, cy + 4.6)
        path.lineTo(cx + 3.4, cy + 1.6)
        path.lineTo(cx + 5.6, cy - 1.4)
        path.lineTo(pole_x, cy - 1.4)
        path.close()
        c.drawPath(path, stroke=0, fill=1)
        if side is not None:
            rose(c, cx - 0.4, cy + 1.6, 2.6, side)
        _two_line_caption(c, cell, army.name)
        _label(c, cell, label)

    return draw


def arrow_tracker(title: str, army: Army, supply: int, label: str, note: str) -> DrawFn:
    side = army.side if army.side in SIDE_NAMES else None
    colour = accent(side)

    def draw(c: Canvas, cell: Cell) -> None:
        t = cell.trim
        c.setFillColorRGB(*PARCHMENT)
        b = cell.bleed
        c.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
        frame = t.inset(1.0)
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(0.9 * PT)
        c.roundRect(frame.x, frame.y, frame.w, frame.h, 1.2, stroke=1, fill=0)
        band = Box(frame.x, frame.top - 5.2, frame.w, 5.2)
        c.setFillColorRGB(*colour)
        c.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
        line_text(c, label, fonts.CAPS, band.x + 1.5, band.y + 1.5, 7.5, 16,
                  colour=PAPER_WHITE, spacing=0.2)
        line_text(c, army.name, fonts.ITALIC, band.right - 1.5, band.y + 1.6, 6,
                  band.w - 20, align="right", colour=PARCHMENT)
        title_box = Box(frame.x + 1.5, band.y - 5.2, frame.w - 3, 4.8)
        text_in(c, title, fonts.BOLD, title_box, 8, 5.5, valign="middle", max_lines=2)
        # Boxes from the full supply down to 0: cross one off per arrowstorm.
        n = supply + 1
        size = min(4.8, (frame.w - 4) / n - 0.8)
        gap = (frame.w - 4 - n * size) / (n - 1)
        y = title_box.y - 0.8 - size
        for i in range(n):
            x = frame.x + 2 + i * (size + gap)
            tick_box(c, x, y, size, colour)
            line_text(c, str(supply - i), fonts.BOLD, x + size / 2, y + size * 0.28, 9,
                      size, align="center", colour=INK)
        text_in(c, note, fonts.ITALIC, Box(frame.x + 1.5, frame.y + 0.5, frame.w - 3,
                                           y - frame.y - 0.9),
                5.5, 4.2, valign="middle", max_lines=2)

    return draw


def counts(job: ExportJob) -> dict[str, Any]:
    """How many of each token the armies need, from the ruleset (for tests and the TUI)."""
    orders: dict[str | None, int] = defaultdict(int)
    units = daunted = 0
    morale = []
    trackers = []
    for entry in job.armies:
        army = entry.army
        side = army.side if army.side in SIDE_NAMES else None
        orders[side] += sum(leader_profile(army, leader).order_tokens
                            for leader in army.leaders)
        units += len(army.units_with_paths())
        morale.append((army, army_morale_tokens(army)))
        for _, unit in army.units_with_paths():
            prof = profile(unit)
            daunted += prof.daunted_tokens
            supply = prof.arrow_supply
            if supply:
                title = unit.label or unit_title(unit)
                trackers.append((title, army, supply))
    return {
        "orders": {side: n + cat.ORDER_TOKEN_SPARES for side, n in orders.items()},
        "disarray": units * cat.DISARRAY_MAX,
        "daunted": daunted,
        "morale": morale,
        "trackers": trackers,
    }


def write(job: ExportJob, path: Path) -> Written:
    data = carddata.load("tokens")
    need = counts(job)
    tokens: list[Item] = []
    order_label = data["order"]["label"]
    for side in sorted(need["orders"], key=lambda s: (s is None, s or "")):
        tokens += [Item(order_label, order_token(side, order_label))
                   for _ in range(need["orders"][side])]
    morale_label = data["army_morale"]["label"]
    for army, n in need["morale"]:
        tokens += [Item(morale_label, morale_token(army, morale_label)) for _ in range(n)]
    dis = data["disarray"]
    tokens += [Item(dis["label"], disarray_token(dis["label"],
                                                 dis["note"].format(max=cat.DISARRAY_MAX)))
               for _ in range(need["disarray"])]
    dau = data["daunted"]
    tokens += [Item(dau["label"], daunted_token(dau["label"],
                                                dau["note"].format(max=cat.DAUNTED_MAX)))
               for _ in range(need["daunted"])]
    groups = [Group("tokens", item_layout(job, (TOKEN_MM, TOKEN_MM)), tokens, None, "Tokens")]
    arrows = data["arrows"]
    trackers = [Item(arrows["label"], arrow_tracker(title, army, supply, arrows["label"],
                                                    arrows["note"]))
                for title, army, supply in need["trackers"]]
    if trackers:
        groups.append(Group("arrow trackers", item_layout(job, TRACKER_MM), trackers, None,
                            "Arrow-supply trackers", share=True))
    return write_groups(job, path, "Tokens", groups)
