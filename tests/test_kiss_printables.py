"""The KISS print pack: counts decided as data (they agree with printcounts), and the PDFs
exported through the command line read back: files, labels counted in the text, page sizes,
the 5 mm margin and the 6 pt floor, and the magnates' names on their cards."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pdfplumber
import pdfread
import pytest
from printcheck import pdf_figures
from pypdf import PdfReader

from builder import armyfile
from builder.cli import main
from builder.export.pipeline.pack import print_options
from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.systems.kiss.model import Army
from builder.systems.kiss.printcounts import FILES, counts

MM = 72 / 25.4
EXAMPLES = [examples_dir() / "kiss-york.toml", examples_dir() / "kiss-lancaster.toml"]
#: The labels each kind of the pack prints.
PRINTED = {
    "magnate-cards": ("MAGNATE",),
    "order-markers": ("ORDERS",),
    "tokens": ("WARD", "LETHARGY", "TREACHEROUS", "SHAKEN", "MORALE TRACK"),
}


class _Source:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.text = path.read_text(encoding="utf-8")
        army = armyfile.load(path)
        assert isinstance(army, Army)
        self.army = army
        self.sha256 = ""
        self.folder = str(path.parent)


def test_printables_counts_are_printcounts() -> None:
    sources = [_Source(p) for p in EXAMPLES]
    ruleset = get_ruleset("kiss")
    pack = ruleset.printables(sources, print_options(ruleset))
    assert pack.kinds == (
        "roster",
        "crib-sheet",
        "magnate-cards",
        "order-markers",
        "tokens",
        "packing-list",
    )
    armies = [s.army for s in sources]
    want = counts(armies)
    for kind, labels in PRINTED.items():
        assert dict(pack.counts(kind)) == {label: want[label] for label in labels if want[label]}


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kiss-pack")
    assert main(["export", *map(str, EXAMPLES), "--out", str(out)]) == 0
    return out


def _text(path: Path) -> str:
    return " ".join(page.extract_text() for page in PdfReader(path).pages)


def test_the_pack_files_and_manifest(pack: Path) -> None:
    assert sorted(p.name for p in pack.iterdir()) == [
        "crib-sheet.pdf",
        "manifest.json",
        "packing-list.pdf",
        "roster.pdf",
        "tokens.pdf",
    ]
    manifest = json.loads((pack / "manifest.json").read_text(encoding="utf-8"))
    assert [a["file"] for a in manifest["armies"]] == ["kiss-york.toml", "kiss-lancaster.toml"]
    files = {f["file"]: f for f in manifest["files"]}
    # Issue 24.9: the order markers and the tokens share one sheet (two before); issue 42:
    # the magnate cards, never dealt, join them without backs (three sheets before, now two).
    tokens = files["tokens.pdf"]
    assert tokens["kinds"] == ["magnate-cards", "order-markers", "tokens"]
    assert tokens["pages"] == 2
    assert tokens["counts"]["ORDERS"] == 14 and tokens["counts"]["MAGNATE"] == 6
    assert not any(x["duplex"] for x in tokens["layout"])
    orders = next(x for x in tokens["layout"] if x["kind"] == "order-markers")
    assert (orders["kind"], orders["item_mm"], orders["pages"]) == (
        "order-markers",
        [25.0, 25.0],
        [1],
    )


def test_labels_read_back_from_the_pdfs(pack: Path) -> None:
    # York: 3 wards, 7 units. Lancaster: 3 wards, 7 units, Percy lethargic, Grey a trimmer.
    want = {
        "MAGNATE": 6,
        "ORDERS": 14,
        "WARD": 6,
        "LETHARGY": 4,
        "TREACHEROUS": 1,
        "SHAKEN": 14,
        "MORALE TRACK": 2,
    }
    for label, name in FILES.items():  # the order markers on the token sheets
        assert len(re.findall(rf"\b{label}\b", _text(pack / name))) == want[label], label


def test_magnate_cards_name_every_magnate_with_his_numbers(pack: Path) -> None:
    # Reference cards: on the shared sheets, single-sided, without the deck's back.
    text = _text(pack / "tokens.pdf")
    assert "fronts; print double-sided" not in text
    for name in ("Richard Neville, Earl of Warwick", "Edmund Grey, Lord of Ruthin"):
        assert name in text
    assert "2+, then 4+ as well" in text  # Grey, the amateur


def test_crib_sheet_two_sheets_both_sides_of_a4(pack: Path) -> None:
    reader = PdfReader(pack / "crib-sheet.pdf")
    assert len(reader.pages) == 4  # the crib, then "Situations and readings"
    w, h = (float(v) * 25.4 / 72 for v in reader.pages[0].mediabox.upper_right)
    assert (round(w), round(h)) == (210, 297)
    text = _text(pack / "crib-sheet.pdf")
    for heading in ("Sequence of play", "Army morale", "shrink back"):
        assert heading in text


def test_roster_has_every_ward_unit_and_rout_point(pack: Path) -> None:
    from rostercheck import unit_cells, widths

    from builder.systems.kiss.roster import table

    with pdfread.document(pack / "roster.pdf") as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
        first = pdf.pages[0]
        york = armyfile.load(EXAMPLES[0])
        assert isinstance(york, Army)
        # Figures and rout points under their heading: 16 arrayed archers rout at 8 left.
        archers = unit_cells(first, widths(table(york)), "Archers", "figures")
    for heading in (
        "Ward 1 Richard Neville, Earl of Warwick",
        "Ward 3 Edmund Grey, Lord of",
        "Neville's bowmen",
        "The Duke's serpentine",
    ):
        assert heading in text, heading
    assert archers[0] == "Archers arrayed · 16 figures" and archers[-1] == "8"
    assert "first loss" in text
    assert "Lord of Ruthin is trimmer" in text  # the Lancastrian army's treachery warning
    # The tally's cell, read alone: each army's starting morale of 5.
    with pdfread.document(pack / "roster.pdf") as pdf:
        cells = [
            " ".join(
                (
                    page.crop(
                        (w["x0"] - 1, w["top"] - 1, w["x0"] + 25 * MM, w["top"] + 9 * MM)
                    ).extract_text()
                    or ""
                ).split()
            )
            for page in pdf.pages
            for w in page.extract_words()
            if w["text"] == "Starting"
        ]
    assert [re.sub(r"morale [45] of", "morale N of", c) for c in cells] == [
        "Starting army morale N of 5"
    ] * 2, cells


@pytest.mark.parametrize("name", ["roster.pdf", "crib-sheet.pdf", "tokens.pdf"])
def test_margins_and_type_size(pack: Path, name: str) -> None:
    edge, pt, nearest = pdf_figures(pack / name)
    assert edge >= 5.0 - 0.01, nearest
    assert pt >= 6.0 - 0.01


def test_order_markers_words_and_changes_come_from_the_catalogue() -> None:
    from builder.systems.kiss.printables import order_markers
    from builder.systems.kiss.rules import ORDERS

    sheet = order_markers([_Source(EXAMPLES[0])])
    (group,) = sheet.groups
    assert group.size_mm == (25.0, 25.0) and group.shape == "square"
    (marker,) = group.tokens
    assert marker.art == "four-way" and marker.count == 7
    assert marker.segments == ("STAND", "LOOSE", "ADVANCE", "CHARGE")
    # docs/rules/kiss.md#orders: Stand -> Loose, Advance; Loose -> Stand, Advance; Advance -> Stand,
    # Charge; Charge -> Stand (and any order -> Stand).
    names = {(marker.segments[a], marker.segments[b]) for a, b in marker.changes}
    assert names == {
        ("STAND", "LOOSE"),
        ("STAND", "ADVANCE"),
        ("LOOSE", "STAND"),
        ("LOOSE", "ADVANCE"),
        ("ADVANCE", "STAND"),
        ("ADVANCE", "CHARGE"),
        ("CHARGE", "STAND"),
    }
    assert all("stand" in o.to for k, o in ORDERS.items() if k != "stand")


def _inside_quarter(x: float, y: float, quarter: int, cx: float, cy: float, half: float) -> bool:
    """Whether (x, y) mm lies in the quarter (0 top, 1 right, 2 bottom, 3 left) of a square
    of half-side ``half`` centred on (cx, cy), its diagonals the quarters' borders."""
    dx, dy = x - cx, y - cy
    u = (dy, dx, -dy, -dx)[quarter]
    v = (dx, dy, -dx, -dy)[quarter]
    return abs(v) < u <= half


def test_four_way_words_sit_inside_their_quarters(tmp_path: Path) -> None:
    """Every letter of each word drawn inside its own triangle, the label once in the middle,
    nothing under 6 pt, and no arrow's shaft or head reaching a word's letters (0.2 mm round
    each letter's box: with the frame 3 mm inside the cut the words sit nearer the arrows)."""

    from builder.core.printables import Token
    from builder.export.drawing.canvas import MM, Box, Cell, new_canvas
    from builder.export.drawing.tokenart import token_art

    path = tmp_path / "marker.pdf"
    c = new_canvas(str(path), (60.0, 60.0), "marker", "test")
    c.saveState()
    c.scale(MM, MM)
    trim = Box(15.0, 20.0, 25.0, 25.0)
    words = ("STAND", "LOOSE", "ADVANCE", "CHARGE")
    token = Token(
        "four-way",
        "#24457a",
        "ORDERS",
        segments=words,
        changes=((0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 3), (3, 0)),
    )
    token_art("four-way")(c, Cell(trim, trim), token)
    c.restoreState()
    c.showPage()
    c.save()
    cx, cy, half = 27.5, 32.5, 12.5
    with pdfread.document(path) as pdf:
        page = pdf.pages[0]
        height = float(page.height)
        chars = [ch for ch in page.chars if ch["text"].strip()]
        # The arrows: shafts (the diagonals are the frame's width long) and heads (the
        # plaque is wider than a head).
        arrows = []
        for obj in page.lines + page.curves:
            if max(obj["width"], obj["height"]) < 8 * MM:
                pts = [(float(x) / MM, (height - float(y)) / MM) for x, y in obj["pts"]]
                arrows += pts + [
                    ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2) for p, q in itertools.pairwise(pts)
                ]
    text = "".join(ch["text"] for ch in chars)
    assert text.count("ORDERS") == 1 and text.endswith("ORDERS")
    # The label, drawn last, sits on its plaque over the centre; the words are the rest.
    label, chars = chars[-len("ORDERS") :], chars[: -len("ORDERS")]
    assert all(
        abs(float(ch["x0"]) / MM - cx) < 6 and abs((height - float(ch["top"])) / MM - cy) < 3
        for ch in label
    )
    assert (
        min(float(ch["size"]) if ch["upright"] else float(ch["width"]) for ch in chars)
        >= 6.0 - 0.01
    )
    for quarter, word in enumerate(words):
        found = [
            ch
            for ch in chars
            if ch["text"] in word
            and all(
                _inside_quarter(float(x) / MM, (height - float(y)) / MM, quarter, cx, cy, half)
                for x in (ch["x0"], ch["x1"])
                for y in (ch["top"], ch["bottom"])
            )
        ]
        assert sorted(ch["text"] for ch in found) == sorted(word), word
    assert len(chars) == sum(map(len, words))
    assert len(arrows) > 10
    for ch in chars:
        x0, x1 = float(ch["x0"]) / MM - 0.2, float(ch["x1"]) / MM + 0.2
        y0, y1 = (height - float(ch["bottom"])) / MM - 0.2, (height - float(ch["top"])) / MM + 0.2
        assert not [p for p in arrows if x0 < p[0] < x1 and y0 < p[1] < y1], ch["text"]


def test_the_roster_prints_each_track_with_its_marks_after_their_boxes(pack: Path) -> None:
    """Every unit's figure track read back from the roster's images: the boxes lost up to its
    rout point after "figures lost" (the rest after "rout"), the army morale track's boxes up
    to its first mark, and every box of every track drawn."""
    from printcheck import strips_in, tick_strips

    from builder.systems.kiss import derive

    armies = [a for a in map(armyfile.load, EXAMPLES) if isinstance(a, Army)]
    units = [u for a in armies for w in a.wards for u in w.units]
    first = [(derive.morale_marks(derive.starting_morale(a))[0][0],) for a in armies]
    # pdfplumber: the tick strips are read from the images' pixels.
    with pdfplumber.open(pack / "roster.pdf") as pdf:
        lost = [runs for page in pdf.pages for runs in tick_strips(page, "lost")]
        boxes = sum(
            sum(strip.runs)
            for page in pdf.pages
            for image in page.images
            for strip in strips_in(image)
        )
    # In print order: an army's morale track, then its units' figure tracks.
    assert sorted(lost) == sorted(first + [(derive.losses_to_rout(u.figures),) for u in units])
    assert boxes == sum(derive.starting_morale(a) + 2 * len(a.wards) for a in armies) + sum(
        u.figures for u in units
    )
