"""``bonus-deck.pdf``: Perk, Forfeit, Re-roll, Special Event and Dummy (RULES.md 1.5), each with
its effect in a sentence of our own; fronts, then backs."""

from __future__ import annotations

from pathlib import Path

from builder.export import carddata
from builder.export.base import ExportJob, Written
from builder.export.deck import Group, Item, card_layout, deck_back, write_groups
from builder.export.draw import ACCENT
from builder.export.play_deck import plain_card


def items() -> list[Item]:
    data = carddata.load("bonus-deck")
    colour = ACCENT["bonus"]
    return [Item(card["label"], plain_card(card["label"], card["title"], card["text"], None,
                                           colour, card["title"][0]))
            for card in data["cards"] for _ in range(card.get("count", 1))]


def write(job: ExportJob, path: Path) -> Written:
    data = carddata.load("bonus-deck")
    group = Group("cards", card_layout(job), items(),
                  deck_back(data["back_title"], data["back_note"], ACCENT["bonus"]), "Bonus deck")
    return write_groups(job, path, "Bonus deck", [group])
