"""Sheets that use the paper (issue 42 item 4): in every example army's pack, on A4 and
Letter, at most one card or marker sheet is under 35% used, computed from the layout (the
items' trim area over the paper inside the 5 mm clear edge). Before: Feudal printed two
leader cards on a sheet of their own (20%) and its markers on another (16%), KISS its three
magnate cards (30%) and its chits (21%), shieldwall three markers on a second sheet (8%)."""

from __future__ import annotations

import pytest
from test_card_fit import PACKS

from builder.commands.export import _load
from builder.core.printables import Deck, TokenSheet
from builder.export.job import CARD_MM, PAPER_MM, ExportJob, ExportOptions
from builder.export.layout.decks import card_layout, deck_items, token_lots
from builder.export.layout.shared import Geometry, pack
from builder.export.layout.sheet import EDGE_CLEAR
from builder.export.pipeline.pack import printables, single_sided
from builder.resources import examples_dir


def sheet_uses(names: tuple[str, ...], paper: str) -> list[tuple[str, float]]:
    """Each card or marker sheet of the pack of ``names`` on ``paper``: its file's first
    kind and the share of the paper its items take."""
    armies, collections = _load([str(examples_dir() / n) for n in names])
    job = ExportJob(armies, ExportOptions(paper=paper), collections)
    items = printables(job).items
    pw, ph = PAPER_MM[paper]
    room = (pw - 2 * EDGE_CLEAR) * (ph - 2 * EDGE_CLEAR)
    card = CARD_MM[job.options.card_size]
    uses = []
    for item in items:
        if isinstance(item, Deck) and not single_sided(job, item):
            lay = card_layout(job, fold=True)
            n = len(deck_items(item, card, {}, lay.per_sheet))
            for start in range(0, n, lay.per_sheet):
                on = min(lay.per_sheet, n - start)
                uses.append((item.kind, on * card[0] * card[1] / room))
    shared = [i for i in items if isinstance(i, TokenSheet | Deck) and single_sided(job, i)]
    geo = Geometry(PAPER_MM[paper], 0.0, False)
    for sheet in pack(geo, [lot for lot in token_lots(shared, card) if lot.fronts]):
        area = sum(b.count * b.lot.item[0] * b.lot.item[1] for b in sheet.blocks)
        uses.append(("tokens", area / room))
    return uses


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("names", PACKS, ids="+".join)
def test_at_most_one_sheet_under_35_percent(names: tuple[str, ...], paper: str) -> None:
    uses = sheet_uses(names, paper)
    low = [(kind, round(use, 2)) for kind, use in uses if use < 0.35]
    assert len(low) <= 1, (names, paper, low)


def test_reference_cards_share_the_marker_sheet() -> None:
    """Feudal's two leader cards and its markers: one sheet (two before)."""
    uses = sheet_uses(("feudal-normandy.toml",), "a4")
    assert [kind for kind, _ in uses] == ["unit-cards", "tokens"]
