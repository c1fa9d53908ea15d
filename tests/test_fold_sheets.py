"""Gutter-fold sheets (``export --fold``) for every ruleset's decks, read back from the PDFs:
each front and its back on one page, mirrored about a dashed fold line, the faces meeting at the
fold, bleed outside, nothing within 5 mm of an edge, no text under 6 pt; decks without a back
print as they always did; the manifest says so; --fold with --gutter is refused."""

from __future__ import annotations

import dataclasses
import json
import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfread
import pytest
from armies import EXAMPLE_OF
from pilot import export_with_checkbox, run_async
from printcheck import MM, page_figures
from pypdf import PdfReader

from builder.cli import main
from builder.core.printables import Deck, Text
from builder.export.drawing.canvas import MIN_TEXT_PT, Cell
from builder.export.job import CARD_MM, PAPER_MM, ArmyInput, ExportJob, ExportOptions
from builder.export.layout.decks import write_deck
from builder.export.layout.sheet import EDGE_CLEAR, plan
from builder.export.pipeline.pack import print_options
from builder.resources import examples_dir

#: One example army of each ruleset.
EXAMPLES = EXAMPLE_OF
BLEED = 3.0
POKER = CARD_MM["poker"]


def decks(ruleset: str, reference: bool = False) -> list[Deck]:
    """The ruleset's decks for its example army, through the protocol: those printed in
    files of their own (reference cards too if ``reference``: they print single-sided on the
    shared sheets, never folded)."""
    from builder import armyfile

    path = examples_dir() / EXAMPLES[ruleset]
    found = armyfile.read(path)
    source = ArmyInput(found.army(), path, found.text)
    pack = found.ruleset.printables((source,), print_options(found.ruleset))
    return [
        item for item in pack.items if isinstance(item, Deck) and (reference or not item.reference)
    ]


@dataclass
class Sheet:
    """One page in mm (bottom-left origin): its size, text, vertical lines and fills."""

    size: tuple[float, float]
    page: Any
    #: Vertical lines as (x, y_low, y_high).
    verticals: list[tuple[float, float, float]]
    fills: list[tuple[float, float, float, float]]

    def text_in(self, box: Any) -> str:
        """The text inside a box (mm), laid out as read, with no spaces or line breaks."""
        h = self.size[1]
        crop = self.page.within_bbox(
            (box.x * MM, (h - box.top) * MM, box.right * MM, (h - box.y) * MM)
        )
        return "".join((crop.extract_text() or "").split())

    def fold_x(self) -> float:
        """The x of the line drawn in the most pieces: the dashed fold line."""
        counts = Counter(round(x, 2) for x, _, _ in self.verticals)
        return counts.most_common(1)[0][0]


def sheets(path: Path) -> list[Sheet]:
    out = []
    with pdfread.document(path) as pdf:
        for page in pdf.pages:
            h = float(page.height)
            verticals = [
                (float(ln["x0"]) / MM, (h - float(ln["bottom"])) / MM, (h - float(ln["top"])) / MM)
                for ln in page.lines
                if abs(float(ln["x0"]) - float(ln["x1"])) < 0.01
            ]
            fills = [
                (
                    float(r["x0"]) / MM,
                    (h - float(r["bottom"])) / MM,
                    float(r["x1"]) / MM,
                    (h - float(r["top"])) / MM,
                )
                for r in page.rects
                if r.get("fill")
            ]
            out.append(Sheet((float(page.width) / MM, h / MM), page, verticals, fills))
    return out


def export(out: Path, ruleset: str, *extra: str) -> dict[str, Any]:
    kinds = ",".join(d.kind for d in decks(ruleset, reference=True))
    assert (
        main(
            [
                "export",
                str(examples_dir() / EXAMPLES[ruleset]),
                "--out",
                str(out),
                "--only",
                kinds,
                *extra,
            ]
        )
        == 0
    )
    data: dict[str, Any] = json.loads((out / "manifest.json").read_text())
    return data


@pytest.fixture(scope="module", params=list(EXAMPLES))
def folded(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, Path, dict[str, Any]]:
    ruleset = request.param
    out = tmp_path_factory.mktemp(f"fold-{ruleset}")
    return ruleset, out, export(out, ruleset, "--fold", "--bleed", str(BLEED))


def covered(fills: list[tuple[float, float, float, float]], x: float, y: float) -> bool:
    return any(
        x0 - 1e-3 <= x <= x1 + 1e-3 and y0 - 1e-3 <= y <= y1 + 1e-3 for x0, y0, x1, y1 in fills
    )


def test_every_front_has_its_back_beside_it_mirrored_about_the_fold(
    folded: tuple[str, Path, dict[str, Any]],
) -> None:
    """A4 poker with 3 mm bleed: four cards a landscape sheet, two columns of fronts, the fold
    line down the middle of the page, each back the mirror of its front, upright."""
    ruleset, out, manifest = folded
    assert manifest["fold"] is True
    entries = {e["file"]: e for e in manifest["files"]}
    folds = 0
    for deck in decks(ruleset):
        entry = entries[f"{deck.kind}.pdf"]
        if deck.back is None:
            continue
        folds += 1
        layout = entry["layout"][0]
        assert layout["fold"] is True and layout["duplex"] is False
        assert layout["per_sheet"] == 4 and layout["sheet_mm"] == [297.0, 210.0]
        cards = len(deck.cards) + deck.blank_cards
        pages = sheets(out / entry["file"])
        assert len(pages) == entry["pages"] == math.ceil(cards / 4)
        lay = plan(PAPER_MM["a4"], POKER, BLEED, fold=True)
        labels = {face.label for face in deck.cards} | (
            {deck.fill.label} if deck.fill is not None else set()
        )
        title = "".join(deck.back.title.split())
        fronts = 0
        for n, sheet in enumerate(pages):
            assert sheet.size == pytest.approx((297.0, 210.0), abs=0.01)
            fold = sheet.fold_x()
            assert fold == pytest.approx(297.0 / 2, abs=0.01)
            on_page = min(4, cards - 4 * n)
            for slot in range(on_page):
                front, back = (lay.cell(slot, side, on_page) for side in (False, True))
                # The back is the front turned over about the fold line.
                assert back.trim.x - fold == pytest.approx(fold - front.trim.right, abs=1e-6)
                assert (back.trim.y, back.trim.w) == (front.trim.y, front.trim.w)
                assert front.trim.right <= fold + 1e-6 <= back.trim.x + 2e-6
                # What is printed there: a kind label on the front, the back's title on the
                # back, reading left to right (upright, not turned).
                text = sheet.text_in(front.trim)
                assert any(label.replace(" ", "") in text for label in labels), (n, slot, text)
                # And the card that belongs there in the deck's order (fronts read left to
                # right, row by row): its first line of words.
                index = 4 * n + slot
                if index < len(deck.cards):
                    first = next(
                        (
                            b.text
                            for b in deck.cards[index].blocks
                            if isinstance(b, Text) and b.text.strip()
                        ),
                        "",
                    )
                    assert "".join(first.split())[:10] in text, (deck.kind, index, first, text)
                assert title in sheet.text_in(back.trim), (n, slot)
                assert title not in text
                fronts += 1
        assert fronts == cards
    assert folds == sum(d.back is not None for d in decks(ruleset))


def folded_pages(folded: tuple[str, Path, dict[str, Any]]) -> list[tuple[str, int, Sheet, int]]:
    """(file, page index, page, cards on it) for every page of the folded files: some for a
    ruleset with a deck with a back, none for one without."""
    ruleset, out, manifest = folded
    found = [
        (entry["file"], n, sheet, entry["layout"][0]["sheets"][n])
        for entry in manifest["files"]
        if entry["layout"][0].get("fold")
        for n, sheet in enumerate(sheets(out / entry["file"]))
    ]
    assert bool(found) == any(d.back is not None for d in decks(ruleset))
    return found


def test_the_fold_line_is_dashed_in_the_margins_and_labelled(
    folded: tuple[str, Path, dict[str, Any]],
) -> None:
    lay = plan(PAPER_MM["a4"], POKER, BLEED, fold=True)
    for file, n, sheet, on_page in folded_pages(folded):
        fold = sheet.fold_x()
        block = lay.block(on_page)
        dashes = sorted((lo, hi) for x, lo, hi in sheet.verticals if abs(x - fold) < 0.01)
        above = [d for d in dashes if d[0] >= block.top]
        below = [d for d in dashes if d[1] <= block.y]
        # Only in the margins, never across the cards; short pieces with gaps between.
        assert len(above) + len(below) == len(dashes)
        assert len(above) >= 4 and len(below) >= 1, (file, n)
        assert all(hi - lo <= 1.25 for lo, hi in dashes)
        assert all(b[0] - a[1] >= 0.7 for a, b in zip(dashes, dashes[1:], strict=False))
        assert min(lo for lo, _ in dashes) >= EDGE_CLEAR - 1e-6
        assert max(hi for _, hi in dashes) <= sheet.size[1] - EDGE_CLEAR + 1e-6
        # "fold" printed beside the line in the top margin, at 6 pt or more.
        h = sheet.size[1]
        word = [
            ch
            for ch in sheet.page.chars
            if fold < float(ch["x0"]) / MM < fold + 8
            and (h - float(ch["bottom"]) / MM) >= block.top
        ]
        assert "".join(ch["text"] for ch in word) == "fold"
        assert min(float(ch["size"]) for ch in word) >= MIN_TEXT_PT
        assert "fold on the dashed line" in (sheet.page.extract_text() or "")


def beside(cells: list[Cell], t: Any, dx: int, dy: int) -> bool:
    """Whether a card lies next to trim box ``t``, ``dx`` / ``dy`` cards along."""
    return any(
        abs(c.trim.x - (t.x + dx * t.w)) < 1e-6 and abs(c.trim.y - (t.y + dy * t.h)) < 1e-6
        for c in cells
    )


def test_faces_run_to_the_fold_with_bleed_outside(folded: tuple[str, Path, dict[str, Any]]) -> None:
    """No ground crosses the fold line, both faces are printed right up to it, and every
    outer side of a pair has its 3 mm of bleed."""
    lay = plan(PAPER_MM["a4"], POKER, BLEED, fold=True)
    for file, n, sheet, on_page in folded_pages(folded):
        fold = sheet.fold_x()
        assert not [f for f in sheet.fills if f[0] < fold - 0.01 and f[2] > fold + 0.01]
        cells: list[Cell] = [
            lay.cell(slot, side, on_page) for slot in range(on_page) for side in (False, True)
        ]
        for cell in cells:
            t = cell.trim
            for f in (0.1, 0.5, 0.9):
                x, y = t.x + f * t.w, t.y + f * t.h
                reach = BLEED - 0.05
                for dx, dy, point in (
                    (-1, 0, (t.x - reach, y)),
                    (1, 0, (t.right + reach, y)),
                    (0, -1, (x, t.y - reach)),
                    (0, 1, (x, t.top + reach)),
                ):
                    if beside(cells, t, dx, dy):
                        continue  # a butted neighbour (across the fold: its back/front)
                    assert covered(sheet.fills, *point), (file, n, t, point)
                if fold in (pytest.approx(t.x), pytest.approx(t.right)):
                    # Printed right up to the fold from this face's side.
                    edge = t.x + 0.05 if t.x > fold - 1e-6 else t.right - 0.05
                    assert covered(sheet.fills, edge, y), (file, n, t)


def test_every_page_keeps_its_margins_and_type(folded: tuple[str, Path, dict[str, Any]]) -> None:
    ruleset, out, manifest = folded
    for entry in manifest["files"]:
        with pdfread.document(out / entry["file"]) as pdf:
            for n, page in enumerate(pdf.pages, 1):
                figures = page_figures(page)
                assert figures.edge_mm >= EDGE_CLEAR - 0.01, (entry["file"], n, figures)
                assert figures.min_pt >= MIN_TEXT_PT - 0.01, (entry["file"], n, figures)
                # The calibration ruler is still there.
                assert "50 mm" in (page.extract_text() or "")
        root: Any = PdfReader(out / entry["file"]).trailer["/Root"]
        # Fold sheets are printed single-sided: no duplex request.
        assert "/Duplex" not in root["/ViewerPreferences"]


def test_decks_without_a_back_print_as_before(tmp_path: Path) -> None:
    """A deck with no back (every deck of the four systems has one; a ruleset may print one
    without): --fold changes nothing about it (portrait A4, nine a sheet, single-sided)."""
    unit_cards = next(d for d in decks("feudal") if d.kind == "unit-cards")
    deck = dataclasses.replace(unit_cards, back=None)
    written = {}
    for fold in (False, True):
        job = ExportJob((), ExportOptions(fold=fold))
        path = tmp_path / f"fold-{fold}.pdf"
        written[fold] = write_deck(job, path, deck, "test")
        text = "".join(p.extract_text() for p in PdfReader(path).pages)
        assert "print single-sided" in text and "fold on the dashed line" not in text
    plain, folded = written[False], written[True]
    assert plain.details["layout"] == folded.details["layout"] and plain.pages == folded.pages
    layout: Any = folded.details["layout"]
    assert "fold" not in layout[0] and layout[0]["per_sheet"] == 9


def test_tokens_and_documents_print_as_before(tmp_path: Path) -> None:
    base = ["export", str(examples_dir() / "lancaster.toml"), "--only", "tokens,roster"]
    assert main([*base, "--out", str(tmp_path / "a")]) == 0
    assert main([*base, "--out", str(tmp_path / "b"), "--fold"]) == 0
    for kind in ("tokens", "roster"):
        a, b = (PdfReader(tmp_path / d / f"{kind}.pdf") for d in "ab")
        assert len(a.pages) == len(b.pages)
        assert [p.mediabox.width for p in a.pages] == [p.mediabox.width for p in b.pages]
        assert [p.extract_text() for p in a.pages] == [p.extract_text() for p in b.pages]


def test_fold_with_gutter_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pack"
    code = main(
        ["export", str(examples_dir() / "lancaster.toml"), "--out", str(out), "--fold", "--gutter"]
    )
    assert code == 2
    err = capsys.readouterr().err
    assert "--fold and --gutter" in err and "Traceback" not in err
    assert not out.exists() or not list(out.iterdir())


@pytest.mark.parametrize(
    ("paper", "size", "bleed", "per_sheet", "landscape"),
    [
        ("a4", "poker", 0.0, 4, True),
        ("a4", "poker", 3.0, 4, True),
        ("letter", "poker", 3.0, 4, True),
        ("a4", "mini", 3.0, 8, False),
        ("a4", "tarot", 0.0, 2, False),
        ("letter", "mini", 0.0, 8, False),
    ],
)
def test_the_paper_is_turned_whichever_way_holds_more(
    paper: str, size: str, bleed: float, per_sheet: int, landscape: bool
) -> None:
    pw, ph = PAPER_MM[paper]
    lay = plan((pw, ph), CARD_MM[size], bleed, fold=True)
    assert lay.per_sheet == per_sheet
    assert lay.paper == ((ph, pw) if landscape else (pw, ph))
    turned = plan((ph, pw) if not landscape else (pw, ph), CARD_MM[size], bleed, fold=True)
    assert turned.per_sheet <= per_sheet
    # Centred on the fold line, clear of the edges, marks and ruler in the margin.
    block = lay.block()
    assert lay.x0 == pytest.approx(lay.paper[0] / 2)
    assert block.x >= EDGE_CLEAR and block.right <= lay.paper[0] - EDGE_CLEAR
    for x1, y1, x2, y2 in lay.crop_marks() + lay.fold_dashes():
        assert EDGE_CLEAR - 1e-9 <= min(x1, x2) and max(x1, x2) <= lay.paper[0] - EDGE_CLEAR
        assert EDGE_CLEAR - 1e-9 <= min(y1, y2) and max(y1, y2) <= lay.paper[1] - EDGE_CLEAR
    # The fold is no cut line: crop marks on every other cut line, mirrored about it.
    xs = lay.cut_xs()
    assert lay.x0 not in xs and sorted(2 * lay.x0 - x for x in xs) == pytest.approx(xs)


def test_a_part_filled_row_keeps_its_card_at_the_fold() -> None:
    lay = plan(PAPER_MM["a4"], POKER, BLEED, fold=True)
    front, back = lay.cell(2, False, filled=3), lay.cell(2, True, filled=3)
    assert front.trim.right == pytest.approx(lay.x0) == pytest.approx(back.trim.x)
    # Bleed on its outer side (nothing beside it), none at the fold.
    assert front.bleed.x == pytest.approx(front.trim.x - BLEED)
    assert front.bleed.right == pytest.approx(lay.x0)
    assert back.bleed.right == pytest.approx(back.trim.right + BLEED)
    assert back.bleed.x == pytest.approx(lay.x0)


def test_fronts_read_left_to_right_in_every_row() -> None:
    """Card 1 is left of card 2 in a full row, and the bleed between neighbours is gone; the
    first card of a sheet is at the top left, as on every other sheet."""
    lay = plan(PAPER_MM["a4"], CARD_MM["mini"], BLEED, fold=True)
    assert lay.cols >= 2
    for filled in (lay.per_sheet, lay.cols + 1):
        cells = [lay.cell(slot, False, filled) for slot in range(filled)]
        for row in range(math.ceil(filled / lay.cols)):
            xs = [c.trim.x for c in cells[row * lay.cols : (row + 1) * lay.cols]]
            assert xs == sorted(xs) and len(set(xs)) == len(xs), (filled, row, xs)
            # The row's last card touches the fold; neighbours share a cut, no bleed between.
            last = cells[min(filled, (row + 1) * lay.cols) - 1]
            assert last.trim.right == pytest.approx(lay.x0)
        first, second = cells[0], cells[1]
        assert first.bleed.right == pytest.approx(first.trim.right)
        assert second.bleed.x == pytest.approx(second.trim.x)
        assert first.trim.x == min(c.trim.x for c in cells)
        assert first.trim.top == max(c.trim.top for c in cells)


@run_async
async def test_the_print_screen_has_a_fold_checkbox(army_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "pack"
    await export_with_checkbox(army_path, out, "#print-fold", "bonus-deck.pdf")
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["fold"] is True
    assert manifest["files"][0]["layout"][0]["fold"] is True
    page = PdfReader(out / "bonus-deck.pdf").pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)  # landscape A4
