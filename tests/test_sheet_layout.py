"""The sheet layout engine: grid sizes, positions, bleed, gutters, marks, ruler, mirrored backs."""

from __future__ import annotations

import pytest

from builder.export.base import CARD_MM, PAPER_MM, TOKEN_MM, ExportError
from builder.export.sheet import EDGE_CLEAR, RULER_MM, plan

POKER = CARD_MM["poker"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_butted_and_centred(paper: str) -> None:
    pw, ph = PAPER_MM[paper]
    lay = plan(PAPER_MM[paper], POKER)
    assert (lay.cols, lay.rows) == (3, 3)
    # Butted: neighbours share a cut line, the block is centred.
    assert lay.pitch_x == pytest.approx(63.5) and lay.pitch_y == pytest.approx(88.9)
    assert lay.x0 == pytest.approx((pw - 3 * 63.5) / 2)
    assert ph - lay.top == pytest.approx((ph - 3 * 88.9) / 2)
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


@pytest.mark.parametrize(("paper", "expected"), [("a4", 6), ("letter", 4)])
def test_per_card_bleed_with_gutters_fits_fewer(paper: str, expected: int) -> None:
    lay = plan(PAPER_MM[paper], POKER, bleed=3, gutter=True)
    assert lay.per_sheet == expected
    cells = [lay.cell(i) for i in range(lay.per_sheet)]
    for a in cells:
        assert a.bleed.w == pytest.approx(63.5 + 6) and a.bleed.h == pytest.approx(88.9 + 6)
        for b in cells:
            if a is not b:  # bleed boxes never overlap
                assert (a.bleed.right <= b.bleed.x + 1e-9 or b.bleed.right <= a.bleed.x + 1e-9
                        or a.bleed.top <= b.bleed.y + 1e-9 or b.bleed.top <= a.bleed.y + 1e-9)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_butted_bleed_only_around_the_block(paper: str) -> None:
    lay = plan(PAPER_MM[paper], POKER, bleed=3)
    assert lay.per_sheet == 9
    corner, middle = lay.cell(0), lay.cell(4)
    assert corner.bleed.x == pytest.approx(corner.trim.x - 3)
    assert corner.bleed.top == pytest.approx(corner.trim.top + 3)
    assert corner.bleed.right == pytest.approx(corner.trim.right)  # butted inner edge
    assert middle.bleed == middle.trim
    block = lay.block
    assert block.x >= EDGE_CLEAR and block.right <= PAPER_MM[paper][0] - EDGE_CLEAR
    assert block.y >= EDGE_CLEAR and block.top <= PAPER_MM[paper][1] - EDGE_CLEAR


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", ["poker", "mini", "tarot"])
@pytest.mark.parametrize(("bleed", "gutter"), [(0, False), (3, False), (3, True), (0, True)])
def test_marks_stay_in_the_margin_and_off_the_edge(paper: str, size: str, bleed: float,
                                                   gutter: bool) -> None:
    pw, ph = PAPER_MM[paper]
    lay = plan((pw, ph), CARD_MM[size], bleed, gutter)
    block = lay.block
    marks = lay.crop_marks()
    assert len(marks) == 2 * (len(lay.cut_xs()) + len(lay.cut_ys()))
    for x1, y1, x2, y2 in marks:
        for x in (x1, x2):
            assert EDGE_CLEAR - 1e-9 <= x <= pw - EDGE_CLEAR + 1e-9
        for y in (y1, y2):
            assert EDGE_CLEAR - 1e-9 <= y <= ph - EDGE_CLEAR + 1e-9
        # Outside the printed block (bleed included): never over a card.
        inside_x = block.x < (x1 + x2) / 2 < block.right
        inside_y = block.y < (y1 + y2) / 2 < block.top
        assert not (inside_x and inside_y)
        assert abs(x2 - x1) + abs(y2 - y1) >= 1.5
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
    assert (tokens.cols, tokens.rows) == (8, 11)


def test_item_too_big_is_a_clear_error() -> None:
    with pytest.raises(ExportError, match="does not fit"):
        plan(PAPER_MM["a4"], (300.0, 400.0))
