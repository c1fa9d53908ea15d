"""No card drops a word (issue 24 items 3 and 7): every card of every rule system's examples
(and Billhooks' Mustering collection) and of a big test army, exported at poker, mini and
tarot size and read back from the PDFs, holds no ellipsis. What does not fit a card at the
6 pt floor runs onto a continuation card that names the card it continues and says so; the
decks keep a back behind every front, continuation or not; and a tarot card's type is set
larger than a poker card's, not a poker card's face over a blank lower half.
"""

from __future__ import annotations

import io
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pdfread
import pytest
from armies import scaled
from packs import ELLIPSES, RULESETS, SIZES

from builder.commands.export import _load
from builder.core.printables import (
    Deck,
    Emblem,
    Face,
    Paragraphs,
    Photo,
    Ruled,
    StatRows,
    Text,
)
from builder.eventfile import is_event_file
from builder.export.drawing.canvas import MM, Box, Cell, new_canvas
from builder.export.drawing.faces import CONTINUED, face_parts
from builder.export.job import CARD_MM, ArmyInput, ExportJob, ExportOptions
from builder.export.layout.decks import Item, deck_items
from builder.export.pipeline.manifest import entry_kinds
from builder.export.pipeline.pack import export_pack, printables
from builder.resources import examples_dir

#: Units in the big test army (eight to a ward: a leader's card lists a full ward).
BIG = 20


def job(ruleset: str, size: str) -> ExportJob:
    """The ruleset's example armies and collections, and a big army made from them."""
    armies, collections = _load(
        [str(p) for p in sorted(examples_dir().glob("*.toml")) if not is_event_file(p)]
    )
    armies = tuple(a for a in armies if a.army.ruleset == ruleset)
    collections = tuple(c for c in collections if c.army.ruleset == ruleset)
    assert armies, ruleset
    big = ArmyInput(scaled(ruleset, BIG), armies[0].path, "")
    return ExportJob((*armies, big), ExportOptions(card_size=size), collections)


@cache
def decks(ruleset: str, size: str) -> tuple[Deck, ...]:
    return tuple(d for d in printables(job(ruleset, size)).items if isinstance(d, Deck))


def squeeze(text: str) -> str:
    """Text without its spaces and bullets: wrapping and bullets aside, the same words."""
    return "".join(text.replace("\u2022", "").split())


def filler(face: Face) -> list[str]:
    """The words that fill a face's room (its rules), paragraph by paragraph, after its stat
    rows' notes, each named as it reads when moved on ("Morale: rout roll +0")."""
    out: list[str] = []
    for block in face.blocks:
        if isinstance(block, StatRows):
            out += [f"{row.name}: {row.note}" for row in block.rows if row.note]
        elif isinstance(block, Paragraphs):
            out += [" ".join(p.split()) for p in block.texts if p.strip()]
        elif isinstance(block, Text) and block.fill:
            out.append(" ".join(block.text.split()))
    return out


@dataclass(frozen=True)
class Printed:
    """One printed card read back: whether it continues a card, its name (label and first
    line), its text, its middle-sized letter (pt), the tallest band across it with no
    letter in it, as a share of its height, and its art's size: the tallest drawing (a
    curve or an image) under half the card's height, mm (the frame is taller)."""

    continues: bool
    name: str
    text: str
    size: float
    gap: float
    art: float


def widest_gap(page: pdfread.Page) -> float:
    """The tallest band across ``page`` (a card) that no letter reaches, top or bottom
    included, over the page's height."""
    widest, reach = 0.0, 0.0
    for top, bottom in sorted(
        (ch["top"], ch["bottom"]) for ch in page.chars if str(ch["text"]).strip()
    ):
        widest, reach = max(widest, top - reach), max(reach, bottom)
    return max(widest, page.height - reach) / page.height


@cache
def cards_alone(ruleset: str, size: str) -> tuple[tuple[Deck, tuple[Printed, ...]], ...]:
    """Each deck's printed cards (continuations too), each drawn on a page of its own."""
    return tuple((deck, _alone(deck, size)) for deck in decks(ruleset, size))


def _drawn(items: Sequence[Item], page: tuple[float, float], card: Box) -> bytes:
    """A PDF of ``items``, each on a ``page`` (mm) of its own in the ``card`` box."""
    buf = io.BytesIO()
    c = new_canvas(buf, page, "cards", "test")
    for item in items:
        c.saveState()
        c.scale(MM, MM)
        item.draw(c, Cell(card, card))
        c.restoreState()
        c.showPage()
    c.save()
    return buf.getvalue()


def _alone(deck: Deck, size: str) -> tuple[Printed, ...]:
    w, h = CARD_MM[size]
    items = deck_items(deck, (w, h), {})
    with pdfread.pages(_drawn(items, (w, h), Box(0, 0, w, h))) as pages:
        return tuple(
            Printed(
                item.continues,
                item.name,
                page.text,
                statistics.median(
                    float(ch["size"]) for ch in page.chars if str(ch["text"]).strip()
                ),
                widest_gap(page),
                _art(page),
            )
            for item, page in zip(items, pages, strict=True)
        )


def _art(page: pdfread.Page) -> float:
    heights = [o["bottom"] - o["top"] for o in page.curves + page.objects.get("image", [])]
    return max((x for x in heights if x < page.height / 2), default=0.0) / MM


@pytest.fixture(scope="module", params=RULESETS)
def ruleset(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.mark.parametrize("size", SIZES)
def test_no_card_of_an_export_is_cut(ruleset: str, size: str, tmp_path: Path) -> None:
    """The pack's decks as exported: no ellipsis on any sheet, and on every sheet of
    fronts as many backs, one behind each card, continuation cards included (reference
    cards, never dealt, print without backs on the shared sheets)."""
    found = decks(ruleset, size)
    manifest = export_pack(job(ruleset, size), tmp_path, {d.kind for d in found})
    for deck in found:
        entry = next(e for e in manifest["files"] if deck.kind in entry_kinds(e))
        assert deck.back is not None
        labels = sorted({f.label for f in deck.cards})
        with pdfread.pages(tmp_path / entry["file"]) as pages:
            texts = [page.text for page in pages]
        for n, text in enumerate(texts, 1):
            assert not any(e in text for e in ELLIPSES), (ruleset, size, deck.kind, n, text)
        if deck.reference:
            assert entry["file"] == "tokens.pdf" and not any(x["duplex"] for x in entry["layout"])
            lots = [x for x in entry["layout"] if x["kind"] == deck.kind]
            printed = sum(n for x in lots for n in x["sheets"])
            assert printed == len(deck_items(deck, CARD_MM[size], {})), (deck.kind, printed)
            continue
        fronts, backs = texts[0::2], texts[1::2]
        assert len(fronts) == len(backs), (ruleset, size, deck.kind)
        title = " ".join(deck.back.title.split())
        for front, back in zip(fronts, backs, strict=True):
            cards = sum(front.count(label) for label in labels)
            # The back's title once a card (the ruler's caption may hold it too).
            flat = " ".join(back.split())
            on_backs = flat.count(title) - flat.count(f"{deck.title}:") * (title in deck.title)
            assert cards and on_backs == cards, (deck.kind, front, back)
        assert sum(entry["counts"].values()) == sum(
            sum(t.count(label) for label in labels) for t in fronts
        )


@pytest.mark.parametrize("size", SIZES)
def test_continuations_carry_every_word_and_name_their_card(ruleset: str, size: str) -> None:
    for deck in decks(ruleset, size):
        for face in dict.fromkeys(deck.cards):
            parts = face_parts(face, CARD_MM[size], deck.dealt)
            # The parts' words, in order, are the card's: none lost, none twice (a stat
            # note moved on is still one of them).
            words = [w for p in parts for t in filler(p) for w in t.split()]
            assert words == [w for t in filler(face) for w in t.split()], face.blocks[:1]
            assert [p.part for p in parts] == (
                [None] if len(parts) == 1 else [(k, len(parts)) for k in range(1, len(parts) + 1)]
            )
    for _, cards in cards_alone(ruleset, size):
        for card in cards:
            assert not any(e in card.text for e in ELLIPSES), (ruleset, size, card)
            if card.continues:
                # "UNIT: Squadron of Knights": the card it carries on, by name, and "continued".
                title = card.name.split(": ", 1)[1]
                assert squeeze(title) in squeeze(card.text), card
                assert CONTINUED in card.text, card


def test_tarot_type_is_larger_than_poker(ruleset: str) -> None:
    """Each face's middle-sized letter is at least as big on a tarot card as on a poker card,
    and across the deck a sixth bigger or more (a tarot card is 10% wider, 36% taller)."""
    poker, tarot = (
        [
            card.size
            for _, cards in cards_alone(ruleset, size)
            for card in cards
            if not card.continues
        ]
        for size in ("poker", "tarot")
    )
    assert len(poker) == len(tarot)
    assert all(t >= p - 0.01 for p, t in zip(poker, tarot, strict=True)), (poker, tarot)
    assert statistics.median(tarot) >= 1.15 * statistics.median(poker), (poker, tarot)


def test_tarot_art_is_larger_than_poker(ruleset: str) -> None:
    """Issue 24 item 7's art: each face's drawings (emblem, photo, stars, ornaments) are
    scaled with the card, each at least as much as its width grows (10%, bar rounding),
    and across the deck by a quarter or more."""
    poker, tarot = (
        [
            card.art
            for _, cards in cards_alone(ruleset, size)
            for card in cards
            if not card.continues
        ]
        for size in ("poker", "tarot")
    )
    assert len(poker) == len(tarot) and min(poker) > 0
    ratios = [t / p for p, t in zip(poker, tarot, strict=True)]
    assert min(ratios) >= 1.08, (ruleset, min(ratios))
    assert statistics.median(ratios) >= 1.25, (ruleset, statistics.median(ratios))


def _pictures(deck: Deck) -> set[str]:
    """The names of a deck's cards that hold a picture (an emblem, a photo, lines to write
    on), whose blank bands are art, not room left over."""
    faces = [*deck.cards, *([deck.fill] if deck.fill else [])]
    return {
        _card_name(f) for f in faces if any(isinstance(b, Emblem | Photo | Ruled) for b in f.blocks)
    }


def _card_name(face: Face) -> str:
    first = next((b.text for b in face.blocks if isinstance(b, Text) and b.text), "")
    return f"{face.label}: {first}" if first else face.label


@pytest.mark.parametrize("size", SIZES)
def test_no_card_of_words_is_left_a_quarter_blank(ruleset: str, size: str) -> None:
    """Issue 24 item 2 (a Feudal leader card was 28% blank): on every card of words, no
    band across it with no letter in it is more than a quarter of its height (at poker
    size the worst is a fifth)."""
    for deck, cards in cards_alone(ruleset, size):
        pictures = _pictures(deck)
        for card in cards:
            if not card.continues and card.name not in pictures:
                assert card.gap <= 0.25, (ruleset, size, card.name, round(card.gap, 3))


def test_tarot_cards_are_no_emptier_than_poker_cards(ruleset: str) -> None:
    """Issue 24 item 7: a tarot card's face fills the card as a poker card's does, not a
    poker face over a blank lower half (once 45% of the card): on every face the tallest band
    with no letter in it is at most 5 points of the card's height more than on poker."""
    poker, tarot = (
        [card for _, cards in cards_alone(ruleset, size) for card in cards if not card.continues]
        for size in ("poker", "tarot")
    )
    assert len(poker) == len(tarot)
    emptier = [
        (t.name, round(p.gap, 2), round(t.gap, 2))
        for p, t in zip(poker, tarot, strict=True)
        if t.gap > p.gap + 0.05
    ]
    assert not emptier, emptier
    # The measure sees what the issue saw: a poker face drawn at the top of a tarot card.
    deck = next(d for d in decks(ruleset, "poker"))
    item = deck_items(deck, CARD_MM["poker"], {})[0]
    (w, h), (tw, th) = CARD_MM["poker"], CARD_MM["tarot"]
    with pdfread.pages(_drawn([item], (tw, th), Box(0, th - h, w, h))) as pages:
        assert widest_gap(pages[0]) > poker[0].gap + 0.05
