"""The sheet layout engine: grid sizes, positions, bleed, gutters, marks, ruler, mirrored backs."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pdfread
import pytest
from armies import examples_of

from builder.export.drawing.canvas import TRIM_SAFE
from builder.export.job import CARD_MM, PAPER_MM, TOKEN_MM, ExportError
from builder.export.layout.shared import (
    LABEL_MM,
    Geometry,
    Lot,
    Rect,
    Sheet,
    _packed,
    capacity,
    has_room,
    pack,
    sheet_marks,
)
from builder.export.layout.sheet import (
    EDGE_CLEAR,
    MARK_LEAST,
    MARK_OFFSET,
    RULER_MM,
    edge_to_edge,
    plan,
)
from builder.registry import BUILT_IN

POKER = CARD_MM["poker"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_butted_and_centred(paper: str) -> None:
    pw, ph = PAPER_MM[paper]
    lay = plan(PAPER_MM[paper], POKER)
    assert (lay.cols, lay.rows) == (3, 3)
    # Butted: neighbours share a cut line, the block is centred.
    assert lay.pitch_x == pytest.approx(63.5) and lay.pitch_y == pytest.approx(88.9)
    assert lay.x0 == pytest.approx((pw - 3 * 63.5) / 2)
    if paper == "a4":
        assert ph - lay.top == pytest.approx((ph - 3 * 88.9) / 2)
    else:
        # Letter leaves 6.35 mm top and bottom: too little for marks at both ends, so the
        # block moves up to the 5 mm clearance and the bottom margin takes the marks.
        assert ph - lay.top == pytest.approx(EDGE_CLEAR)
        assert lay.mark_top == 0 and lay.mark_y == pytest.approx(2.4)
    first, last = lay.cell(0).trim, lay.cell(8).trim
    assert first.x - 0 == pytest.approx(pw - last.right)
    assert first.right == pytest.approx(lay.cell(1).trim.x)


def test_exact_positions_a4() -> None:
    lay = plan(PAPER_MM["a4"], POKER)
    for slot in range(9):
        row, col = divmod(slot, 3)
        trim = lay.cell(slot).trim
        assert trim.x == pytest.approx(9.75 + col * 63.5, abs=0.01)
        assert trim.top == pytest.approx(297 - 15.15 - row * 88.9, abs=0.01)
        assert (trim.w, trim.h) == (63.5, 88.9)


@pytest.mark.parametrize(("paper", "expected"), [("a4", 4), ("letter", 4)])
def test_per_card_bleed_with_gutters_fits_fewer(paper: str, expected: int) -> None:
    lay = plan(PAPER_MM[paper], POKER, bleed=3, gutter=True)
    assert lay.per_sheet == expected
    cells = [lay.cell(i) for i in range(lay.per_sheet)]
    for a in cells:
        assert a.bleed.w == pytest.approx(63.5 + 6) and a.bleed.h == pytest.approx(88.9 + 6)
        for b in cells:
            if a is not b:  # bleed boxes never overlap
                assert (
                    a.bleed.right <= b.bleed.x + 1e-9
                    or b.bleed.right <= a.bleed.x + 1e-9
                    or a.bleed.top <= b.bleed.y + 1e-9
                    or b.bleed.top <= a.bleed.y + 1e-9
                )


@pytest.mark.parametrize(("paper", "expected"), [("a4", 9), ("letter", 6)])
def test_butted_bleed_only_around_the_block(paper: str, expected: int) -> None:
    lay = plan(PAPER_MM[paper], POKER, bleed=3)
    # Letter has room for three rows only without bleed (6.35 mm top and bottom margins).
    assert lay.per_sheet == expected
    corner, middle = lay.cell(0), lay.cell(lay.cols + 1)
    assert corner.bleed.x == pytest.approx(corner.trim.x - 3)
    assert corner.bleed.top == pytest.approx(corner.trim.top + 3)
    assert corner.bleed.right == pytest.approx(corner.trim.right)  # butted inner edge
    if lay.rows > 2:
        assert middle.bleed == middle.trim
    else:  # the bottom row: bleed below only
        assert middle.bleed.y == pytest.approx(middle.trim.y - 3)
        assert (middle.bleed.x, middle.bleed.w) == (middle.trim.x, middle.trim.w)
    block = lay.block()
    assert block.x >= EDGE_CLEAR and block.right <= PAPER_MM[paper][0] - EDGE_CLEAR
    assert block.y >= EDGE_CLEAR and block.top <= PAPER_MM[paper][1] - EDGE_CLEAR


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", ["poker", "mini", "tarot", "token"])
@pytest.mark.parametrize(
    ("bleed", "gutter", "fold"),
    [
        (0, False, False),
        (3, False, False),
        (3, True, False),
        (0, True, False),
        (0, False, True),
        (3, False, True),
    ],
)
def test_marks_stay_in_the_margin_and_off_the_edge(
    paper: str, size: str, bleed: float, gutter: bool, fold: bool
) -> None:
    """Every paper, card size (and round token), bleed, gutter and fold: each crop mark at
    least MARK_LEAST long (no stubs), every cut line marked at one end at least, nothing
    within EDGE_CLEAR of the paper's edge, no mark over the printed block."""
    item = (TOKEN_MM, TOKEN_MM) if size == "token" else CARD_MM[size]
    lay = plan(PAPER_MM[paper], item, bleed, gutter, fold)
    pw, ph = lay.paper  # a fold sheet may be landscape
    block = lay.block()
    assert EDGE_CLEAR - 1e-9 <= block.x and block.right <= pw - EDGE_CLEAR + 1e-9
    assert EDGE_CLEAR - 1e-9 <= block.y and block.top <= ph - EDGE_CLEAR + 1e-9
    marks = lay.crop_marks()
    for x1, y1, x2, y2 in marks:
        for x in (x1, x2):
            assert EDGE_CLEAR - 1e-9 <= x <= pw - EDGE_CLEAR + 1e-9
        for y in (y1, y2):
            assert EDGE_CLEAR - 1e-9 <= y <= ph - EDGE_CLEAR + 1e-9
        # Outside the printed block (bleed included), or where a margin has no room, on a
        # cut line from the block's edge into the bleed and a card's plain border only.
        inside_x = block.x < (x1 + x2) / 2 < block.right
        inside_y = block.y < (y1 + y2) / 2 < block.top
        if inside_x and inside_y:
            assert MARK_LEAST <= bleed + TRIM_SAFE
            if x1 == x2:
                assert x1 in lay.cut_xs() and y2 - y1 == pytest.approx(MARK_LEAST)
                assert y2 == pytest.approx(block.top) or y1 == pytest.approx(block.y)
            else:
                assert y1 == y2 and y1 in lay.cut_ys() and x2 - x1 == pytest.approx(MARK_LEAST)
                assert x2 == pytest.approx(block.right) or x1 == pytest.approx(block.x)
        assert abs(x2 - x1) + abs(y2 - y1) >= MARK_LEAST - 1e-9
    # Every cut line is marked at both ends (issue 42 item 8: Letter's column cuts lost
    # their marks at the top).
    for x in lay.cut_xs():
        ys = [(y1, y2) for x1, y1, x2, y2 in marks if x1 == x2 == x]
        assert any(y2 >= block.top - 1e-9 for _, y2 in ys), (x, "top")
        assert any(y1 <= block.y + 1e-9 for y1, _ in ys), (x, "bottom")
    for y in lay.cut_ys():
        xs = [(x1, x2) for x1, y1, x2, y2 in marks if y1 == y2 == y]
        assert any(x1 <= block.x + 1e-9 for x1, _ in xs), (y, "left")
        assert any(x2 >= block.right - 1e-9 for _, x2 in xs), (y, "right")
    # The ruler: 50 mm, on the page, clear of the block.
    r = lay.ruler
    end = (r.x, r.y + RULER_MM) if r.vertical else (r.x + RULER_MM, r.y)
    for x, y in ((r.x, r.y), end):
        assert EDGE_CLEAR <= x <= pw - EDGE_CLEAR and EDGE_CLEAR <= y <= ph - EDGE_CLEAR
    if r.vertical:
        assert r.x < block.x
    else:
        assert r.y < block.y


def test_backs_are_mirrored_for_long_edge_flip() -> None:
    pw = PAPER_MM["a4"][0]
    lay = plan(PAPER_MM["a4"], POKER, bleed=3)
    for slot in range(9):
        front, back = lay.cell(slot).trim, lay.cell(slot, back=True).trim
        # Turned over about the long (vertical) edge, the back lands where the front is.
        assert pw - back.right == pytest.approx(front.x, abs=1e-9)
        assert back.y == pytest.approx(front.y)
        fb, bb = lay.cell(slot).bleed, lay.cell(slot, back=True).bleed
        assert pw - bb.right == pytest.approx(fb.x) and bb.w == pytest.approx(fb.w)


def test_sizes_and_tokens() -> None:
    a4 = PAPER_MM["a4"]
    assert plan(a4, CARD_MM["mini"]).per_sheet == 16
    assert plan(a4, CARD_MM["tarot"]).per_sheet == 4
    tokens = plan(a4, (TOKEN_MM, TOKEN_MM))
    # 8 x 11 would fit with no margins; 5 mm clear of each edge leaves 7 x 11.
    assert (tokens.cols, tokens.rows) == (7, 11)
    assert edge_to_edge(a4, (TOKEN_MM, TOKEN_MM)) == 88


def test_item_too_big_is_a_clear_error() -> None:
    with pytest.raises(ExportError, match="does not fit"):
        plan(PAPER_MM["a4"], (300.0, 400.0))


def test_the_edge_clearance_is_five_millimetres() -> None:
    assert EDGE_CLEAR == 5.0


@pytest.mark.parametrize("back", [False, True])
def test_sides_facing_an_empty_slot_get_bleed(back: bool) -> None:
    """Seven cards on a 3 x 3 sheet with 3 mm bleed: the cards above the empty slots and the
    last card, beside them, have bleed there; shared cut lines have none."""
    lay = plan(PAPER_MM["a4"], POKER, bleed=3)
    cells = [lay.cell(slot, back, filled=7) for slot in range(7)]

    def sides(slot: int) -> tuple[float, float, float, float]:
        c = cells[slot]
        return (
            round(c.trim.x - c.bleed.x, 6),
            round(c.bleed.right - c.trim.right, 6),
            round(c.trim.y - c.bleed.y, 6),
            round(c.bleed.top - c.trim.top, 6),
        )

    # (left, right, bottom, top) as printed; a back is mirrored, so left and right swap.
    def expect(left: float, right: float, bottom: float, top: float) -> tuple[float, ...]:
        return (right, left, bottom, top) if back else (left, right, bottom, top)

    assert sides(0) == expect(3, 0, 0, 3)
    assert sides(1) == expect(0, 0, 0, 3)
    assert sides(3) == expect(3, 0, 0, 0)  # the card below it is there
    assert sides(4) == expect(0, 0, 3, 0)  # nothing below
    assert sides(5) == expect(0, 3, 3, 0)  # nothing below
    assert sides(6) == expect(3, 3, 3, 0)  # alone on the last row
    # No bleed box reaches into another card's trim.
    for a in cells:
        for b in cells:
            if a is not b:
                t, bl = b.trim, a.bleed
                overlap_x = min(bl.right, t.right) - max(bl.x, t.x)
                overlap_y = min(bl.top, t.top) - max(bl.y, t.y)
                assert overlap_x <= 1e-9 or overlap_y <= 1e-9


def test_no_crop_marks_beside_empty_rows() -> None:
    lay = plan(PAPER_MM["a4"], POKER)
    full = lay.crop_marks()
    one_row = lay.crop_marks(filled=2)
    # Two cards: three vertical cut lines (top and bottom) and two horizontal ones (both sides).
    assert len(full) == 2 * 4 + 2 * 4 and len(one_row) == 2 * 3 + 2 * 2
    bottom_of_cards = lay.top - POKER[1]
    for _, y1, _, y2 in one_row:
        assert min(y1, y2) >= bottom_of_cards - MARK_OFFSET - lay.mark_y - 1e-6


def _lots(*sizes: tuple[tuple[float, float], int]) -> list[Lot]:
    def noop(*_: object) -> None:
        return None

    return [
        Lot("tokens", f"lot {i}", f"Lot {i}", size, [noop] * n) for i, (size, n) in enumerate(sizes)
    ]


def test_a_second_size_fills_the_room_beside_a_short_row() -> None:
    geo = Geometry(PAPER_MM["a4"], 3.0, False)
    lots = _lots(((TOKEN_MM, TOKEN_MM), 3 * 7 - 5), ((2 * TOKEN_MM, TOKEN_MM), 2))
    [sheet] = pack(geo, lots)
    tokens, trackers = sheet.blocks
    assert (tokens.grid.cols, tokens.grid.rows, tokens.count) == (7, 3, 16)
    assert tokens.short_row and trackers.count == 2
    full, row = tokens.extents()
    [beside] = trackers.extents()
    # Beside the short row, below the full rows' bleed, clear of both.
    assert beside.x0 > row.x1 and beside.y1 <= full.y0 and beside.y0 < row.y1
    marks = sheet_marks(geo, sheet)
    for x1, y1, x2, y2 in marks:
        assert EDGE_CLEAR - 1e-9 <= min(x1, x2) and max(x1, x2) <= 210 - EDGE_CLEAR + 1e-9
        assert EDGE_CLEAR - 1e-9 <= min(y1, y2) and max(y1, y2) <= 297 - EDGE_CLEAR + 1e-9
        for r in (*tokens.extents(), beside):  # no mark on or across any item's bleed
            assert not (
                r.x0 < max(x1, x2)
                and min(x1, x2) < r.x1
                and r.y0 < max(y1, y2)
                and min(y1, y2) < r.y1
            ), (x1, y1, r)
    # The short row is marked below it: its three cut lines.
    under = [
        m for m in marks if m[0] == m[2] and row.x0 <= m[0] <= row.x1 and max(m[1], m[3]) <= row.y0
    ]
    assert len(under) == 3


def test_a_sheet_is_filled_before_the_next_is_begun() -> None:
    """Filled sheet by sheet, stand labels leave room for markers beside their short row
    and below: the markers go there first, and only what is left goes on to the next
    sheet. Packed, the lots take no more sheets than that, and a lot a sheet holds is one
    block (one grid, one name) where that costs no sheet."""
    geo = Geometry(PAPER_MM["a4"], 0.0, False)
    lots = _lots(((63.5, 44.5), 16), ((TOKEN_MM, TOKEN_MM), 39), ((38.0, 38.0), 26))
    sheets = _packed(geo, lots, wait=False)
    assert [b.lot.name for b in sheets[0].blocks][:2] == ["lot 0", "lot 1"]
    assert sum(b.count for s in sheets for b in s.blocks) == 16 + 39 + 26
    for n, sheet in enumerate(sheets):
        later = {lot.item for s in sheets[n + 1 :] for lot in s.lots()}
        assert not any(has_room(geo, sheet, item) for item in later)
    packed = pack(geo, lots)
    assert len(packed) <= len(sheets)
    assert sum(b.count for s in packed for b in s.blocks) == 16 + 39 + 26
    one = pack(geo, _lots(((TOKEN_MM, TOKEN_MM), 70), ((TOKEN_MM, TOKEN_MM), 7)))
    assert len(one) == 1 and sum(b.count for b in one[0].blocks) == 77
    # The markers of a game (16 labels, then 15 round and 12 wide markers): each lot in
    # one grid, on two sheets as filling them would take.
    lots = _lots(((63.5, 44.5), 9), ((TOKEN_MM, TOKEN_MM), 16), ((38.0, 38.0), 12))
    packed = pack(geo, lots)
    assert len(packed) == len(_packed(geo, lots, wait=False))
    assert [sum(b.lot is lot for s in packed for b in s.blocks) for lot in lots] == [1, 1, 1]


#: Every example army, each alone and with the other of its ruleset.
EXAMPLE_PACKS = [
    (ruleset, armies)
    for ruleset in BUILT_IN
    for a, b in [[p.stem for p in examples_of(ruleset)]]
    for armies in ((a,), (b,), (a, b))
]
#: Paper, bleed, gutters.
SHEETS = [
    (paper, bleed, gutter)
    for paper in ("a4", "letter")
    for bleed, gutter in ((0.0, False), (3.0, False), (3.0, True), (0.0, True))
]


def _shared(
    ruleset: str, armies: tuple[str, ...], paper: str, bleed: float, gutter: bool
) -> tuple[Geometry, list[Lot], list[Sheet]]:
    from builder.commands.export import _load
    from builder.core.printables import Deck, TokenSheet
    from builder.export.job import ExportJob, ExportOptions
    from builder.export.layout.decks import token_lots
    from builder.export.pipeline.pack import printables, single_sided
    from builder.resources import examples_dir

    loaded, collections = _load([str(examples_dir() / f"{a}.toml") for a in armies])
    job = ExportJob(loaded, ExportOptions(paper=paper, bleed=bleed, gutter=gutter), collections)
    items = printables(job).items
    sheets = [i for i in items if isinstance(i, TokenSheet | Deck) and single_sided(job, i)]
    assert sheets, ruleset
    geo = Geometry(PAPER_MM[paper], bleed, gutter)
    lots = [lot for lot in token_lots(sheets, POKER) if lot.fronts]
    return geo, lots, pack(geo, lots)


def _used(geo: Geometry, sheet: Sheet) -> float:
    """The share of the sheet its items take, their bleed and gutters included (with wide
    gutters, a sheet full of tokens has under half its area in tokens)."""
    return sum(r.w * r.h for b in sheet.blocks for r in b.extents()) / (geo.paper[0] * geo.paper[1])


#: Every example pack of every ruleset on every paper, bleed and gutter.
every_shared_sheet = pytest.mark.parametrize(
    ("ruleset", "armies", "paper", "bleed", "gutter"),
    [(r, a, *sheet) for r, a in EXAMPLE_PACKS for sheet in SHEETS],
    ids=[
        "+".join(a) + f"-{p}-{b:g}{'-gutter' if g else ''}"
        for _, a in EXAMPLE_PACKS
        for p, b, g in SHEETS
    ],
)


@every_shared_sheet
def test_no_token_sheet_half_empty_while_another_has_room(
    ruleset: str, armies: tuple[str, ...], paper: str, bleed: float, gutter: bool
) -> None:
    """Issue 24.9: every single-sided kind of a pack shares sheets, on no more sheets than
    filling each before the next takes. Filled so, a sheet under half used is the last one,
    and no other sheet has room for anything on it; where keeping each lot whole costs no
    sheet (issue 42 item 8), every lot a sheet holds is one block instead."""
    geo, lots, sheets = _shared(ruleset, armies, paper, bleed, gutter)
    assert sum(b.count for s in sheets for b in s.blocks) == sum(len(x.fronts) for x in lots)
    kinds = {lot.kind for lot in lots}
    # Every kind of the pack on the fewest sheets: KISS's order markers and its tokens, say.
    assert {lot.kind for s in sheets for lot in s.lots()} == kinds
    filled = _packed(geo, lots, wait=False)
    assert len(sheets) <= len(filled)
    if sheets != filled:
        for lot in lots:
            if len(lot.fronts) <= math.prod(capacity(geo, lot.item)):
                assert sum(b.lot is lot for s in sheets for b in s.blocks) == 1, lot.label
        return
    for n, sheet in enumerate(sheets):
        if _used(geo, sheet) >= 0.5:
            continue
        assert n == len(sheets) - 1, (n, [round(_used(geo, s), 2) for s in sheets])
        for other in sheets[:-1]:
            for block in sheet.blocks:
                assert not has_room(geo, other, block.lot.item), (block.lot.name, n)


def _inked(pdf: Path) -> list[float]:
    """Each page's share of its area that is printed on (any colour short of white), read
    from the page rasterised at 40 dpi: crop marks and margin captions are a hair of it."""
    import pypdfium2 as pdfium
    from PIL import ImageChops

    shares = []
    document = pdfium.PdfDocument(str(pdf))
    try:
        for page in document:
            r, g, b = page.render(scale=40 / 72).to_pil().convert("RGB").split()
            ink = ImageChops.darker(ImageChops.darker(r, g), b).point(
                lambda v: 255 if v < 245 else 0
            )
            shares.append(ink.histogram()[255] / (ink.width * ink.height))
    finally:
        document.close()
    return shares


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    ("ruleset", "armies"), EXAMPLE_PACKS, ids=["+".join(a) for _, a in EXAMPLE_PACKS]
)
def test_the_printed_token_sheets_are_full_but_the_last(
    ruleset: str, armies: tuple[str, ...], paper: str, tmp_path: Path
) -> None:
    """Issue 24.9 read back from the PDF: the pack's single-sided kinds print in one file,
    its pages as the plan lays them out; one page at most has ink on under 35% of its area,
    and each page names in its margin every kind on it."""

    from builder.cli import main
    from builder.resources import examples_dir

    geo, lots, sheets = _shared(ruleset, armies, paper, 0.0, False)
    out = tmp_path / "pack"
    assert (
        main(
            [
                "export",
                *(str(examples_dir() / f"{a}.toml") for a in armies),
                "--out",
                str(out),
                "--paper",
                paper,
                "--only",
                ",".join(sorted({lot.kind for lot in lots})),
            ]
        )
        == 0
    )
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    single = [
        e
        for e in manifest["files"]
        if e["file"].endswith(".pdf") and not any(x["duplex"] for x in e["layout"])
    ]
    assert len(single) == 1, [e["file"] for e in single]
    pdf = out / single[0]["file"]
    inked = _inked(pdf)
    assert len(inked) == len(sheets)
    for n, (share, sheet) in enumerate(zip(inked, sheets, strict=True)):
        # The print is the plan's: no more ink than its items' area (white inside a stand
        # label reads as paper).
        assert share <= _used(geo, sheet) + 0.02, (n, share, _used(geo, sheet))
    # Issue 42 item 4: one page at most with ink on under 35% of it.
    assert sum(share < 0.35 for share in inked) <= 1, [round(x, 3) for x in inked]
    with pdfread.pages(pdf) as pages:
        texts = [" ".join(page.text.split()) for page in pages]
    for entry in single[0]["layout"]:
        for page in entry["pages"]:
            assert entry["label"] in texts[page - 1], (entry["label"], page)


def _crosses(mark: tuple[float, float, float, float], r: Rect) -> bool:
    x1, y1, x2, y2 = mark
    return (
        (
            r.x0 < max(x1, x2) - 1e-9
            and min(x1, x2) + 1e-9 < r.x1
            and r.y0 < max(y1, y2) - 1e-9
            and min(y1, y2) + 1e-9 < r.y1
        )
        or (
            x1 == x2
            and r.x0 + 1e-9 < x1 < r.x1 - 1e-9
            and r.y0 - 1e-9 <= min(y1, y2) <= r.y1 + 1e-9
        )
        or (
            y1 == y2
            and r.y0 + 1e-9 < y1 < r.y1 - 1e-9
            and r.x0 - 1e-9 <= min(x1, x2) <= r.x1 + 1e-9
        )
    )


@every_shared_sheet
def test_shared_sheet_marks_and_labels_clear_every_item(
    ruleset: str, armies: tuple[str, ...], paper: str, bleed: float, gutter: bool
) -> None:
    """Items of several sizes on one sheet: no crop mark touches any item's print (its own
    or a neighbour's), every item's cut lines are marked, the labels sit in the margin above
    their blocks, and nothing is within 5 mm of an edge."""
    geo, _, sheets = _shared(ruleset, armies, paper, bleed, gutter)
    pw, ph = geo.paper
    for sheet in sheets:
        prints = [r for b in sheet.blocks for r in b.extents()]
        for a in sheet.blocks:  # blocks never overlap
            assert not any(
                r.overlaps(q)
                for b in sheet.blocks
                if b is not a
                for r in a.extents()
                for q in b.extents()
            )
        marks = sheet_marks(geo, sheet)
        for m in marks:
            x1, y1, x2, y2 = m
            assert EDGE_CLEAR - 1e-9 <= min(x1, x2) and max(x1, x2) <= pw - EDGE_CLEAR + 1e-9
            assert EDGE_CLEAR - 1e-9 <= min(y1, y2) and max(y1, y2) <= ph - EDGE_CLEAR + 1e-9
            assert not any(_crosses(m, r) for r in prints), (m, ruleset, armies)
        for block in sheet.blocks:
            g = block.grid
            # Each vertical cut line of the block has a mark on its line, each horizontal
            # one too (on either side).
            xs = {round(x1, 6) for x1, _, x2, _ in marks if x1 == x2}
            ys = {round(y1, 6) for _, y1, _, y2 in marks if y1 == y2}
            assert {round(x, 6) for x in g.cut_xs(block.count)} <= xs, block.lot.name
            assert {round(y, 6) for y in g.cut_ys(block.count)} <= ys, block.lot.name
            top = block.extents()[0].y1
            assert top + MARK_OFFSET + LABEL_MM <= ph - EDGE_CLEAR + 1e-9
            assert g.x0 >= EDGE_CLEAR


def test_no_text_helper_goes_under_six_points(tmp_path: Path) -> None:
    """fit, line_text, paragraphs_in and the ruler's caption, each asked for tiny type in a
    tiny box, print at 6 pt or more, cut short with an ellipsis, inside their boxes."""

    from builder.export.drawing import fonts, text
    from builder.export.drawing.canvas import MIN_TEXT_PT, MM, Box, new_canvas
    from builder.export.layout.sheet import captions, draw_ruler

    fitted = text.fit(
        "A long leader name that will never fit " * 5, fonts.BOLD, 20.0, 5.0, 4.0, 2.0, max_lines=2
    )
    assert fitted.size >= MIN_TEXT_PT and len(fitted.lines) <= 2
    assert fitted.lines[-1].endswith("…")  # the bundled bold face has the ellipsis
    assert all(
        text.width_mm(line, fitted.font, fitted.size) <= 20.0 + 1e-6 for line in fitted.lines
    )
    path = tmp_path / "t.pdf"
    paper = PAPER_MM["a4"]
    c = new_canvas(str(path), paper, "t", "t")
    c.saveState()
    c.scale(MM, MM)
    boxes = {"line": Box(20, 250, 15, 4), "paras": Box(20, 200, 30, 12)}
    text.line_text(c, "ARMY MORALE AND MUCH MORE BESIDES", fonts.CAPS, 20, 251, 3.0, 15.0)
    text.paragraphs_in(
        c,
        ["Shoots twice a turn; six arrowstorms a game."] * 6,
        fonts.BODY,
        boxes["paras"],
        5.0,
        3.0,
    )
    draw_ruler(c, plan(paper, POKER).ruler, captions("A very long name " * 10, "fronts", 1, 1))
    c.restoreState()
    c.showPage()
    c.save()
    with pdfread.document(path) as pdf:
        page = pdf.pages[0]
        chars = [ch for ch in page.chars if ch["text"].strip()]
        assert chars and min(float(ch["size"]) for ch in chars) >= MIN_TEXT_PT - 0.01
        h = float(page.height)
        for name, box in boxes.items():
            inside = [
                ch
                for ch in chars
                if box.x - 0.5 <= float(ch["x0"]) / MM <= box.right
                and box.y - 3 <= (h - float(ch["bottom"])) / MM <= box.top + 1
            ]
            assert inside, name
            assert max(float(ch["x1"]) / MM for ch in inside) <= box.right + 0.05, name
            assert "\u2026" in "".join(ch["text"] for ch in inside), name
        ruler = [ch for ch in chars if (h - float(ch["bottom"])) / MM < 15]
        assert "\u2026" not in "".join(ch["text"] for ch in ruler)  # a shorter caption fits
        assert max(float(ch["x1"]) for ch in ruler) / MM <= paper[0] - EDGE_CLEAR


def test_a_shared_sheet_names_its_kinds_as_a_list_reads() -> None:
    from builder.export.layout.shared import series

    assert series(["Tokens"]) == "Tokens"
    assert series(["Tokens", "Arrow-supply trackers"]) == "Tokens and Arrow-supply trackers"
    assert (
        series(["Order markers", "Chits and markers", "Army morale tracks"])
        == "Order markers, Chits and markers, and Army morale tracks"
    )


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    ("army", "kind"),
    [
        ("york.toml", "unit-cards"),
        ("lancaster.toml", "play-deck"),
        ("feudal-flanders.toml", "unit-cards"),
        ("feudal-normandy.toml", "unit-cards"),
    ],
)
def test_the_printed_crop_marks_are_the_planned_ones(
    paper: str, army: str, kind: str, tmp_path: Path
) -> None:
    """Read back from a card sheet without bleed (Letter once had 1.06 mm stubs at top and
    bottom): every crop mark the plan makes is drawn where it says, and each is at least
    MARK_LEAST long."""

    from builder.cli import main
    from builder.resources import examples_dir

    out = tmp_path / "pack"
    assert (
        main(
            [
                "export",
                str(examples_dir() / army),
                "--out",
                str(out),
                "--paper",
                paper,
                "--only",
                kind,
            ]
        )
        == 0
    )
    deck = out / f"{kind}.pdf"
    lay = plan(PAPER_MM[paper], POKER)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    filled = next(e for e in manifest["files"] if e["file"] == deck.name)["layout"][0]["sheets"][0]
    pt = 72 / 25.4
    with pdfread.document(deck) as pdf:
        page = pdf.pages[0]
        height = float(page.height)
        drawn = [
            (
                line["x0"] / pt,
                (height - line["bottom"]) / pt,
                line["x1"] / pt,
                (height - line["top"]) / pt,
            )
            for line in page.lines
        ]
    planned = [
        (min(a, c), min(b, d), max(a, c), max(b, d)) for a, b, c, d in lay.crop_marks(filled)
    ]

    def printed(mark: tuple[float, float, float, float]) -> bool:
        return any(
            all(abs(m - d) < 0.05 for m, d in zip(mark, line, strict=True)) for line in drawn
        )

    assert planned and all(map(printed, planned)), [m for m in planned if not printed(m)][:4]
    assert all(abs(x2 - x1) + abs(y2 - y1) >= MARK_LEAST - 0.05 for x1, y1, x2, y2 in planned)
    # Issue 42 item 8: every cut line is marked at both ends, Letter's column cuts at the top
    # too (on the line itself, where the margin has no room).
    block = lay.block(filled)
    for x in lay.cut_xs(filled):
        ys = [(y1, y2) for x1, y1, x2, y2 in drawn if abs(x1 - x) < 0.05 and abs(x2 - x) < 0.05]
        assert any(y2 >= block.top - 0.05 for _, y2 in ys), (paper, x, "top")
        assert any(y1 <= block.y + 0.05 for y1, _ in ys), (paper, x, "bottom")
    for y in lay.cut_ys(filled):
        xs = [(x1, x2) for x1, y1, x2, y2 in drawn if abs(y1 - y) < 0.05 and abs(y2 - y) < 0.05]
        assert any(x1 <= block.x + 0.05 for x1, _ in xs), (paper, y, "left")
        assert any(x2 >= block.right - 0.05 for _, x2 in xs), (paper, y, "right")
