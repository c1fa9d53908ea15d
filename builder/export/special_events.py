"""``special-events.pdf``: a card per event of the events file (``--events FILE``, or the
shipped file with the nine core titles and ruled lines to write each effect on), then blank
cards to the end of the sheet; fronts, then backs."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from builder.armyfile import ArmyFileError
from builder.export import fonts
from builder.export.base import ExportError, ExportJob, Written
from builder.export.deck import Group, Item, card_layout, deck_back, illuminated, write_groups
from builder.export.draw import ACCENT, GOLD, INK, card_frame, header, ornament_rule, rule, text_in
from builder.export.events import Event, load_events, shipped_events
from builder.export.sheet import Box, Cell, DrawFn

LABEL = "SPECIAL EVENT"
BACK_TITLE = "Special Events"
BACK_NOTE = "Drawn through the Special Event bonus card."


def event_card(event: Event | None) -> DrawFn:
    """An event's card; ``None`` is a blank card with lines for a title and an effect."""
    colour = ACCENT["event"]

    def draw(c: Canvas, cell: Cell) -> None:
        s = cell.scale
        inner = card_frame(c, cell, colour)
        body = header(c, cell, inner, LABEL, colour)
        title_box = Box(body.x, body.top - 16 * s, body.w, 16 * s)
        if event is None or not event.title:
            rule(c, body.x + 3 * s, body.right - 3 * s, title_box.y + 4 * s, INK, 0.5)
            initial = None
        else:
            font = fonts.BLACKLETTER if fonts.covers(fonts.BLACKLETTER, event.title) \
                else fonts.BOLD
            text_in(c, event.title, font, title_box, 16 * s, 10 * s, valign="middle",
                    colour=colour, max_lines=3)
            initial = event.title.lstrip("\"'¡¿")[:1] or None
        y = title_box.y - 1.5 * s
        ornament_rule(c, body.x + 4 * s, body.right - 4 * s, y, GOLD, s)
        y -= 2.5 * s
        effect = event.effect if event is not None else ""
        if effect:
            text_in(c, effect, fonts.BODY, Box(body.x + s, body.y + s, body.w - 2 * s,
                                               y - body.y - s),
                    10 * s, 7.5 * s, valign="middle")
            return
        if initial:
            size = 12 * s
            illuminated(c, body.x + body.w / 2, y - size / 2 - 1 * s, size, initial, colour)
            y -= size + 3 * s
        # Ruled lines to write the effect on.
        step = 5.5 * s
        line_y = y - step
        while line_y > body.y + 2 * s:
            rule(c, body.x + 2 * s, body.right - 2 * s, line_y, INK, 0.3)
            line_y -= step

    return draw


def write(job: ExportJob, path: Path) -> Written:
    source = job.options.events or shipped_events()
    try:
        events = load_events(source)
    except ArmyFileError as exc:
        raise ExportError(str(exc)) from None
    layout = card_layout(job)
    cards = [Item(LABEL, event_card(e)) for e in events.events]
    blanks = events.blank_cards
    # Fill the last sheet with blank cards too: the paper is printed anyway.
    blanks += (-(len(cards) + blanks)) % layout.per_sheet
    cards += [Item(LABEL, event_card(None)) for _ in range(blanks)]
    group = Group("cards", layout, cards, deck_back(BACK_TITLE, BACK_NOTE, ACCENT["event"]),
                  "Special events")
    written = write_groups(job, path, "Special events", [group])
    written.details["events"] = len(events.events)
    written.details["blank_cards"] = blanks
    written.details["events_file"] = source.name
    return written
