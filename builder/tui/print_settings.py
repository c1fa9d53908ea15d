"""What the Print screen was last set to, kept by the app for the session so a second visit
opens as the player left it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class PrintSettings:
    """The Print screen's fields as the player left them."""

    paper: str = "a4"
    card_size: str = "poker"
    #: As typed (the field's text, checked when the player exports).
    bleed: str = "0"
    gutter: bool = False
    fold: bool = False
    ink_saver: bool = False
    #: The roster, crib sheets and packing list set larger (``export --large-print``).
    large_print: bool = False
    format: str = "pdf"
    #: The print shop the decks are made for (``home``: sheets); a shop sets the format and
    #: bleed, so ``format`` and ``bleed`` above are what the player set for home.
    shop: str = "home"
    #: The kinds the player unticked: a kind new to the list is ticked.
    unticked: frozenset[str] = field(default_factory=frozenset)
