"""Cards that fit at every size (issue 42 item 3): each example army exported alone, and
each rule system's two examples together, need no continuation card at poker or tarot size,
and at mini size at most one a pack, none in a deck dealt face down, none more than half
blank; words run on only between sentences or items; a unit card at mini size has room for
two more short stat rows (issue 39's dice rows) without a new continuation card.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import pdfread
import pytest
from packs import RULESETS, SIZES
from test_card_continuations import _drawn, filler, widest_gap

from builder import registry
from builder.commands.export import _load
from builder.core.printables import Deck, Face, Paragraphs, Stat, StatRows
from builder.export.drawing.canvas import Box
from builder.export.drawing.faces import face_parts
from builder.export.job import CARD_MM, ExportJob, ExportOptions
from builder.export.layout.decks import deck_items
from builder.export.pipeline.pack import printables
from builder.resources import examples_dir


def examples() -> dict[str, list[Path]]:
    """Every example army (not a collection, not an events file), by its rule system."""
    found: dict[str, list[Path]] = {}
    for path in sorted(examples_dir().glob("*.toml")):
        if path.name.endswith("collection.toml") or path.name.startswith("event-"):
            continue
        armies, _ = _load([str(path)])
        found.setdefault(armies[0].army.ruleset, []).append(path)
    return found


def test_every_rule_system_has_examples() -> None:
    """The packs below are every system's (the registry's, less the test suite's own)."""
    assert sorted(examples()) == sorted(RULESETS)
    assert set(RULESETS) <= set(registry.names())


PACKS = [(p.name,) for paths in examples().values() for p in paths] + [
    RULESETS[name] for name in sorted(RULESETS)
]


@cache
def pack_decks(names: tuple[str, ...], size: str) -> tuple[Deck, ...]:
    armies, collections = _load([str(examples_dir() / n) for n in names])
    pack = printables(ExportJob(armies, ExportOptions(card_size=size), collections))
    return tuple(d for d in pack.items if isinstance(d, Deck))


@pytest.mark.parametrize("names", PACKS, ids="+".join)
@pytest.mark.parametrize("size", SIZES)
def test_continuation_cards_a_pack(names: tuple[str, ...], size: str) -> None:
    """None at poker and tarot; at mini at most one, never in a dealt deck, and no card
    that continues another more than half blank (its tallest band with no letter)."""
    w, h = CARD_MM[size]
    continued = []
    for deck in pack_decks(names, size):
        items = deck_items(deck, (w, h), {})
        ones = [i for i in items if i.continues]
        assert not (deck.dealt and ones), (names, size, deck.kind, [i.name for i in ones])
        if ones:
            with pdfread.pages(_drawn(ones, (w, h), Box(0, 0, w, h))) as pages:
                for item, page in zip(ones, pages, strict=True):
                    assert widest_gap(page) <= 0.5, (names, size, item.name, widest_gap(page))
        continued += [i.name for i in ones]
    assert len(continued) <= (1 if size == "mini" else 0), (names, size, continued)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_long_words_run_on_between_sentences(ruleset: str) -> None:
    """A card with four times its words (each paragraph as sentences) runs onto
    continuation cards at mini size in every system, carrying every word, and each card but
    the last ends its words at the end of a sentence or item, never inside one."""
    deck, face, at = next(
        (d, f, i)
        for d in pack_decks(RULESETS[ruleset], "mini")
        for f in d.cards
        for i, b in enumerate(f.blocks)
        if isinstance(b, Paragraphs) and b.texts
    )
    block = face.blocks[at]
    assert isinstance(block, Paragraphs)
    texts = tuple(f"{t.rstrip('.')}. Then once more: {t.rstrip('.')}." for t in block.texts) * 2
    long = replace(
        face, blocks=(*face.blocks[:at], replace(block, texts=texts), *face.blocks[at + 1 :])
    )
    parts = face_parts(long, CARD_MM["mini"], deck.dealt)
    assert len(parts) > 1, ruleset
    words = [w for p in parts for t in filler(p) for w in t.split()]
    assert words == [w for t in filler(long) for w in t.split()]
    items = set(filler(long))
    for part in parts[:-1]:
        last = filler(part)[-1]
        assert last in items or last.endswith((".", ";")), (ruleset, last[-40:])


#: Two short stat rows as issue 39 adds them (a unit's dice, round by round).
_NEW_ROWS = (Stat("Melee dice", "6 / 6 / 4", "rounds 1, 2, 3"), Stat("Fire dice", "4 / 2"))


def _with_rows(face: Face, rows: tuple[Stat, ...]) -> Face:
    blocks = [
        replace(b, rows=(*b.rows, *rows)) if isinstance(b, StatRows) else b for b in face.blocks
    ]
    return replace(face, blocks=tuple(blocks))


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_cards_have_room_for_more_rows_at_mini(ruleset: str) -> None:
    """Every card with stat rows that fits a mini card whole still does with one more row,
    and all but one of a pack's with two (issue 39 adds a unit's dice by round)."""
    short = []
    for deck in pack_decks(RULESETS[ruleset], "mini"):
        for face in dict.fromkeys(deck.cards):
            if not any(isinstance(b, StatRows) for b in face.blocks):
                continue
            if len(face_parts(face, CARD_MM["mini"], deck.dealt)) > 1:
                continue
            one = face_parts(_with_rows(face, _NEW_ROWS[:1]), CARD_MM["mini"], deck.dealt)
            assert len(one) == 1, (ruleset, deck.kind, face.blocks[0])
            if len(face_parts(_with_rows(face, _NEW_ROWS), CARD_MM["mini"], deck.dealt)) > 1:
                short.append(face.blocks[0])
    assert len(short) <= 1, short
