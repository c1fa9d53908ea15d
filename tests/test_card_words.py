"""Every number a card prints is whole (issue 24 items 2, 3 and 8): each face of every card
deck of every ruleset's examples and of a big test army, drawn alone at poker, mini and tarot
size and read back (:mod:`pdfread`: PDFium's letters in pdfplumber's text layout).

A face is drawn on a page of its own, so the page's text is that card's alone.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pdfread
import pytest
from armies import scaled
from packs import ELLIPSES, RULESETS, SIZES

from builder import armyfile
from builder.core.printables import Boxes, Deck, Face, StatRows, Text
from builder.eventfile import is_event_file
from builder.export.drawing.canvas import MIN_TEXT_PT, MM, Box, Cell, new_canvas
from builder.export.drawing.faces import face_drawer
from builder.export.job import CARD_MM, ArmyInput
from builder.export.pipeline.pack import print_options
from builder.registry import get_ruleset
from builder.resources import examples_dir


def examples(ruleset: str) -> list[Path]:
    """The ruleset's example armies (the collection is not an army)."""
    return [
        p
        for p in sorted(examples_dir().glob("*.toml"))
        if not p.name.endswith("collection.toml")
        and not is_event_file(p)
        and armyfile.load(p).ruleset == ruleset
    ]


def faces(ruleset: str) -> list[Face]:
    """Every card face of the examples' pack and of a 20-unit army's."""
    paths = examples(ruleset)
    assert paths, ruleset
    sources = [ArmyInput(armyfile.load(p), p, p.read_text(encoding="utf-8")) for p in paths]
    sources.append(ArmyInput(scaled(ruleset, 20), paths[0], ""))
    system = get_ruleset(ruleset)
    pack = system.printables(sources, print_options(system))
    return [face for item in pack.items if isinstance(item, Deck) for face in item.cards]


def read_back(cards: list[Face], size: str) -> Iterator[tuple[Face, Any]]:
    """Each face drawn alone on a card-sized page, with its page read back."""
    w, h = CARD_MM[size]
    buf = io.BytesIO()
    c = new_canvas(buf, (w, h), "cards", "test")
    photos: dict[tuple[str, float, float], bytes] = {}
    for face in cards:
        c.saveState()
        c.scale(MM, MM)
        face_drawer(face, photos)(c, Cell(Box(0, 0, w, h), Box(0, 0, w, h)))
        c.restoreState()
        c.showPage()
    c.save()
    buf.seek(0)
    with pdfread.document(buf) as pdf:
        assert len(pdf.pages) == len(cards)
        yield from zip(cards, pdf.pages, strict=True)


def flat(text: str) -> str:
    return " ".join(text.split())


def whole(face: Face) -> list[str]:
    """What must print whole: every stat value and note, every line of text set in its own
    box (a name, a magnate's level and forwardness); not what fills the room left."""
    wanted = []
    for block in face.blocks:
        if isinstance(block, StatRows):
            wanted += [s for row in block.rows for s in (row.value, row.note) if s]
        elif isinstance(block, Text) and not block.fill:
            wanted.append(block.text)
    return [flat(s) for s in wanted]


def squares(page: Any, least_mm: float) -> list[tuple[float, float, float]]:
    """Tick boxes: square rects at least ``least_mm`` a side, one per place (a marked box is
    drawn twice), with the heaviest line drawn there."""
    found: dict[tuple[float, float], tuple[float, float, float]] = {}
    for r in page.rects:
        if abs(r["width"] - r["height"]) < 0.05 and r["width"] >= least_mm * MM - 0.01:
            key = (round(r["x0"], 1), round(r["top"], 1))
            line = max(float(r.get("linewidth") or 0), found.get(key, (0, 0, 0))[2])
            found[key] = (r["width"] / MM, r["height"] / MM, line)
    return list(found.values())


@pytest.fixture(scope="module", params=RULESETS)
def decks(request: pytest.FixtureRequest) -> tuple[str, list[Face]]:
    return request.param, faces(request.param)


@pytest.mark.parametrize("size", SIZES)
def test_no_number_is_cut(decks: tuple[str, list[Face]], size: str) -> None:
    ruleset, cards = decks
    for face, page in read_back(cards, size):
        text = flat(page.extract_text() or "")
        for want in whole(face):
            assert want in text, (ruleset, size, face.label, want, text)
        for line in (page.extract_text() or "").splitlines():
            if any(want in flat(line) for want in whole(face)):
                assert not line.rstrip().endswith(ELLIPSES), (ruleset, size, line)
        small = [ch["text"] for ch in page.chars if ch["size"] < MIN_TEXT_PT - 0.01]
        assert not small, (ruleset, size, face.label, small)


def feudal(label: str) -> list[Face]:
    return [f for f in faces("feudal") if f.label == label]


@pytest.mark.parametrize("size", SIZES)
def test_feudal_leader_cards_have_a_box_a_command_point(size: str) -> None:
    cards = feudal("LEADER")
    points = [
        int(row.value) if row.value.isdigit() else 0
        for f in cards
        for b in f.blocks
        if isinstance(b, StatRows)
        for row in b.rows
        if row.name == "Command points"
    ]
    assert len(points) == len(cards) and any(points)
    for (face, page), n in zip(read_back(cards, size), points, strict=True):
        assert len(squares(page, 3.5)) == n, (size, face.blocks[0])
        text = page.extract_text() or ""
        assert "\u2026" not in text and "..." not in text, text
        if n:
            assert "cross one off for each charge or formation change he orders" in flat(text)


@pytest.mark.parametrize("size", SIZES)
def test_feudal_casualty_boxes_are_big_and_marked(size: str) -> None:
    cards = feudal("UNIT")
    tracks = [b for f in cards for b in f.blocks if isinstance(b, Boxes)]
    assert len(tracks) == len(cards) and max(t.count for t in tracks) >= 20
    for (_, page), track in zip(read_back(cards, size), tracks, strict=True):
        boxes = squares(page, 3.49)
        assert len(boxes) == track.count
        assert min(w for w, _, _ in boxes) >= 3.5 - 1e-6
        heavy = [b for b in boxes if b[2] > 1.0]
        assert len(heavy) == len({n for n, _ in track.marks})
        text = page.extract_text() or ""
        for label in dict(track.marks).values():  # two on one box: the later prints
            assert label in text, (size, track.count, label)


@pytest.mark.parametrize("size", SIZES)
def test_the_biggest_unit_keeps_its_track_whole_and_clear(size: str) -> None:
    """A Feudal unit of the most figures a file allows: every casualty box 3.5 mm or more,
    each mark labelled on the track, and nothing drawn over anything; on a mini card the
    track has no room under the stats and goes on to the unit's second card."""
    from dataclasses import replace

    from printcheck import overlaps

    from builder.export.drawing.faces import face_parts
    from builder.systems.feudal.rules import LOAD_MAX

    unit = next(f for f in feudal("UNIT") if any(isinstance(b, Boxes) for b in f.blocks))
    track = next(b for b in unit.blocks if isinstance(b, Boxes))
    labels = [label for _, label in track.marks]
    big = replace(
        track,
        count=LOAD_MAX,
        marks=tuple(zip((LOAD_MAX // 4, LOAD_MAX // 2, LOAD_MAX * 3 // 4), labels, strict=True)),
    )
    face = replace(unit, blocks=tuple(big if b is track else b for b in unit.blocks))
    parts = face_parts(face, CARD_MM[size])
    with_track = [p for p in parts if big in p.blocks]
    assert len(with_track) == 1
    assert (with_track[0] is parts[0]) == (size != "mini"), (size, len(parts))
    for part, page in read_back(list(parts), size):
        assert overlaps(page) == [], (size, part.part, overlaps(page)[:4])
        if part is with_track[0]:
            boxes = squares(page, 3.49)
            assert len(boxes) == LOAD_MAX and min(w for w, _, _ in boxes) >= 3.5 - 1e-6
            text = page.extract_text() or ""
            assert all(label in text for label in labels), (labels, text)
