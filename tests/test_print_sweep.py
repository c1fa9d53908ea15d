"""Every layout, read back from its PDFs: each paper, card size, bleed and gutter (and the
decks on gutter-fold sheets), every sheet kind and both documents, for every rule system's
example armies (a system's examples in one pack: a pack holds one system). Nothing within
5 mm of a page edge, no text under 6 pt, no text over text, bleed all round every card and
token when asked, lining figures, the viewer preferences, and token pages that say to print
single-sided.

Billhooks is swept in every layout; the other systems in ``SUBSET`` (every paper and card
size plain, bleed with and without gutters, fold sheets), which changes each thing the layout
engine does at a third of the cost. Each layout is rendered and each page parsed once per
process (``render_pack``), and every test of one layout is in that layout's xdist group, so
``pytest -n`` spreads the layouts over the cores and still renders each once;
``tests/printcheck.py`` holds the measuring, shared with the before/after figures.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfread
import pytest
from printcheck import MM, cells_by_page, collisions, oldstyle_ones, page_figures
from pypdf import PdfReader

from builder import armyfile
from builder.core.printables import Deck, TokenSheet
from builder.eventfile import is_event_file
from builder.export.drawing.canvas import MIN_TEXT_PT, PT, Cell
from builder.export.drawing.ring import RING_PT, ring_radius
from builder.export.job import CARD_MM, PAPER_MM, ArmyInput, ExportJob, ExportOptions
from builder.export.layout import shared
from builder.export.layout.sheet import EDGE_CLEAR
from builder.export.pipeline.pack import export_pack, printables
from builder.registry import BUILT_IN
from builder.resources import examples_dir

DOCUMENTS = {"roster", "crib-sheet", "packing-list"}
#: The kinds printed to be cut from both sides of a sheet, by rule system.
DUPLEX = {
    "billhooks": {"play-deck", "bonus-deck", "special-events", "unit-cards", "crib-sheet"},
    "kiss": {"crib-sheet"},
    "feudal": {"unit-cards", "crib-sheet"},
    "shieldwall": {"crib-sheet"},
}
BLEEDS = ((0.0, False), (3.0, False), (3.0, True), (0.0, True))
#: (paper, card size, bleed, gutter, fold)
Layout = tuple[str, str, float, bool, bool]
LAYOUTS: list[Layout] = [
    *(
        (paper, size, bleed, gutter, False)
        for paper, size, (bleed, gutter) in itertools.product(PAPER_MM, CARD_MM, BLEEDS)
    ),
    # Fold sheets change only the decks: each paper and card size, with and without bleed.
    *(
        (paper, size, bleed, False, True)
        for paper, size, bleed in itertools.product(PAPER_MM, CARD_MM, (0.0, 3.0))
    ),
]
#: The other systems' layouts: every paper and card size plain (text fit), bleed with and
#: without gutters on both papers, and fold sheets of two sizes.
SUBSET: list[Layout] = [
    *((paper, size, 0.0, False, False) for paper, size in itertools.product(PAPER_MM, CARD_MM)),
    *((paper, "poker", 3.0, True, False) for paper in PAPER_MM),
    *((paper, "tarot", 3.0, False, False) for paper in PAPER_MM),
    ("a4", "poker", 3.0, False, True),
    ("letter", "mini", 0.0, False, True),
]


def example_armies() -> dict[str, list[Path]]:
    """Every example army file (not the Mustering collection), by rule system."""
    by_system: dict[str, list[Path]] = {}
    for path in sorted(examples_dir().glob("*.toml")):
        if not path.name.endswith("collection.toml") and not is_event_file(path):
            by_system.setdefault(armyfile.load(path).ruleset, []).append(path)
    return by_system


EXAMPLES = example_armies()
SWEPT: dict[str, list[Layout]] = {
    system: LAYOUTS if system == "billhooks" else SUBSET for system in EXAMPLES
}


def layout_id(layout: Layout, system: str = "billhooks") -> str:
    paper, size, bleed, gutter, fold = layout
    return (
        f"{system}-{paper}-{size}-bleed{bleed:g}{'-gutter' if gutter else ''}"
        f"{'-fold' if fold else ''}"
    )


def system_of(name: str) -> str:
    return name.split("-", 1)[0]


@dataclass
class Read:
    """One PDF, parsed once: per page its figures, and what the tests need besides."""

    path: Path
    entry: dict[str, Any]
    edge: list[tuple[float, str]]
    min_pt: list[tuple[float, str]]
    oldstyle: int
    texts: list[str]
    fills: list[list[tuple[float, float, float, float]]]
    #: Each page's letters as (text, x0, y0, x1, y1) in mm, bottom-left origin.
    chars: list[list[tuple[str, float, float, float, float]]]
    #: Letters drawn over letters, per page (see test_export_cards.collisions).
    overlaps: list[list[tuple[str, str]]]


def read(path: Path, entry: dict[str, Any]) -> Read:
    edge, small, texts, fills, chars, overlaps = [], [], [], [], [], []
    oldstyle = 0
    with pdfread.pages(path) as pages:
        for page in pages:
            f = page_figures(page)
            edge.append((f.edge_mm, f.nearest))
            small.append((f.min_pt, f.smallest))
            oldstyle += oldstyle_ones(page)
            # The page's letters in drawing order (cheaper than laying the text out).
            texts.append("".join(str(ch["text"]) for ch in page.chars))
            h = float(page.height)
            # Filled rectangles in mm, bottom-left origin like the layout engine.
            fills.append(
                [
                    (
                        float(r["x0"]) / MM,
                        (h - float(r["bottom"])) / MM,
                        float(r["x1"]) / MM,
                        (h - float(r["top"])) / MM,
                    )
                    for r in page.rects
                    if r.get("fill")
                ]
            )
            chars.append(
                [
                    (
                        str(ch["text"]),
                        float(ch["x0"]) / MM,
                        (h - float(ch["bottom"])) / MM,
                        float(ch["x1"]) / MM,
                        (h - float(ch["top"])) / MM,
                    )
                    for ch in page.chars
                    if str(ch["text"]).strip()
                ]
            )
            overlaps.append(collisions(page.chars))
    return Read(path, entry, edge, small, oldstyle, texts, fills, chars, overlaps)


def armies(system: str, layout: Layout | None = None) -> tuple[ArmyInput, ...]:
    """The system's examples; Billhooks' layouts beyond the subset print its first alone (the
    second adds no kind of face, only time)."""
    paths = EXAMPLES[system]
    if layout is not None and layout not in SUBSET:
        paths = paths[:1]
    return tuple(
        ArmyInput(armyfile.load(path), path, path.read_text(encoding="utf-8")) for path in paths
    )


def job_for(system: str, layout: Layout, out: Path) -> ExportJob:
    paper, size, bleed, gutter, fold = layout
    inputs: tuple[tuple[str, Path], ...] = ()
    if system == "billhooks":
        # One event with its effect written (the rest of the sheet is blank cards): both
        # looks of an event card on the fewest pages.
        events = out.parent / f"{out.name}-events.toml"
        events.write_text(
            '[[events]]\ntitle = "False Colours"\neffect = "Swap two of your '
            "units' order tokens before the deck is shuffled.\"\n",
            encoding="utf-8",
        )
        inputs = (("events", events),)
    options = ExportOptions(
        paper=paper, card_size=size, bleed=bleed, gutter=gutter, fold=fold, inputs=inputs
    )
    return ExportJob(armies(system, layout), options)


def render(job: ExportJob, out: Path, kinds: set[str]) -> dict[str, Read]:
    manifest = export_pack(job, out, kinds)
    return {
        entry["file"].removesuffix(".pdf"): read(out / entry["file"], entry)
        for entry in manifest["files"]
    }


def single_sided(job: ExportJob) -> set[str]:
    """The kinds printed on the shared single-sided sheets (``tokens.pdf``)."""
    return {i.kind for i in printables(job).items if isinstance(i, TokenSheet)}


def has_tokens(layout: Layout) -> bool:
    """Card size and fold do not change the single-sided sheets: they print in the poker
    layouts without fold sheets (every paper, bleed and gutter)."""
    return layout[1] == "poker" and not layout[4]


def kinds_for(job: ExportJob, layout: Layout) -> set[str]:
    """What a layout prints: cards in every layout; the single-sided sheets where
    :func:`has_tokens`; the documents on each paper (nothing else changes them)."""
    every, single = set(printables(job).kinds), single_sided(job)
    kinds = every - DOCUMENTS - single
    if has_tokens(layout):
        kinds |= single
        if layout[2:] == (0.0, False, False):
            kinds = every
    return kinds


Pack = dict[str, Read]
Render = Callable[[str, Layout], Pack]


@pytest.fixture(scope="session")
def render_pack(tmp_path_factory: pytest.TempPathFactory) -> Render:
    """A system's pack in a layout, rendered and read back once in this process: every test
    of one layout is in one xdist group, so under ``-n`` each pack is still made once."""
    done: dict[str, Pack] = {}

    def get(system: str, layout: Layout) -> Pack:
        name = layout_id(layout, system)
        if name not in done:
            folder = tmp_path_factory.mktemp(name)
            job = job_for(system, layout, folder)
            done[name] = render(job, folder, kinds_for(job, layout))
        return done[name]

    return get


def swept(where: Callable[[Layout], bool] = lambda _: True) -> list[Any]:
    """The (system, layout) pairs ``where`` picks, each named for its layout and in the xdist
    group of its pack."""
    return [
        pytest.param(
            system,
            lay,
            id=layout_id(lay, system),
            marks=pytest.mark.xdist_group(layout_id(lay, system)),
        )
        for system, layouts in SWEPT.items()
        for lay in layouts
        if where(lay)
    ]


def in_group(system: str, layout: Layout) -> pytest.MarkDecorator:
    """A test that reads one pack runs in that pack's xdist group."""
    return pytest.mark.xdist_group(layout_id(layout, system))


EVERY = swept()


@pytest.mark.parametrize(("system", "layout"), EVERY)
def test_nothing_within_five_millimetres_of_an_edge(
    render_pack: Render, system: str, layout: Layout
) -> None:
    bad = [
        f"{kind} page {n}: {d:.2f} mm, {what}"
        for kind, pdf in render_pack(system, layout).items()
        for n, (d, what) in enumerate(pdf.edge, 1)
        if d < EDGE_CLEAR - 0.01
    ]
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize(("system", "layout"), EVERY)
def test_no_text_under_six_points(render_pack: Render, system: str, layout: Layout) -> None:
    bad = [
        f"{kind} page {n}: {pt:.2f} pt {what}"
        for kind, pdf in render_pack(system, layout).items()
        for n, (pt, what) in enumerate(pdf.min_pt, 1)
        if pt < MIN_TEXT_PT - 0.01
    ]
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize(("system", "layout"), EVERY)
def test_no_text_drawn_over_text(render_pack: Render, system: str, layout: Layout) -> None:
    """Setting type no smaller than 6 pt makes text longer: it is wrapped or cut short inside
    its box, never over its neighbour, in every layout."""
    # Only the sheets: WeasyPrint kerns ("Ve", "To"), which reads back as letters overlapping.
    bad = [
        f"{kind} page {n}: {hits[:3]}"
        for kind, pdf in render_pack(system, layout).items()
        if kind not in DOCUMENTS
        for n, hits in enumerate(pdf.overlaps, 1)
        if hits
    ]
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize(("system", "layout"), EVERY)
def test_figures_are_lining(render_pack: Render, system: str, layout: Layout) -> None:
    pack = render_pack(system, layout)
    bad = [f"{kind}: {pdf.oldstyle}" for kind, pdf in pack.items() if pdf.oldstyle]
    assert not bad, bad
    # The test can see an old-style one: every pack prints ones.
    assert any("1" in text for pdf in pack.values() for text in pdf.texts)


@pytest.mark.parametrize(("system", "layout"), EVERY)
def test_viewer_preferences(render_pack: Render, system: str, layout: Layout) -> None:
    for kind, pdf in render_pack(system, layout).items():
        root: Any = PdfReader(pdf.path).trailer["/Root"]
        prefs = root["/ViewerPreferences"]
        assert prefs["/PrintScaling"] == "/None", kind
        # A fold sheet is printed single-sided.
        duplex = kind in DUPLEX[system] and not layout[4]
        assert prefs.get("/Duplex") == ("/DuplexFlipLongEdge" if duplex else None), kind


@pytest.mark.parametrize(("system", "layout"), swept(has_tokens))
def test_token_pages_say_print_single_sided(
    render_pack: Render, system: str, layout: Layout
) -> None:
    pdf = render_pack(system, layout)["tokens"]
    assert all(group["duplex"] is False for group in pdf.entry["layout"])
    for text in pdf.texts:
        assert "print single-sided" in text


@pytest.mark.parametrize(("system", "layout"), EVERY)
def test_the_manifest_says_its_bleed(render_pack: Render, system: str, layout: Layout) -> None:
    for kind, pdf in render_pack(system, layout).items():
        data = json.loads((pdf.path.parent / "manifest.json").read_text())
        assert data["bleed_mm"] == layout[2], kind


def covered(fills: list[tuple[float, float, float, float]], x: float, y: float) -> bool:
    return any(
        x0 - 1e-3 <= x <= x1 + 1e-3 and y0 - 1e-3 <= y <= y1 + 1e-3 for x0, y0, x1, y1 in fills
    )


@pytest.mark.parametrize(("system", "layout"), swept(lambda lay: lay[2] > 0))
def test_bleed_on_all_four_sides_of_every_item(
    render_pack: Render, system: str, layout: Layout
) -> None:
    """With --bleed, a ground is printed all round every card and token out to the bleed
    (its own, or a butted neighbour's across a shared cut): sampled along each side, halfway
    and all the way out."""
    paper, _, bleed, gutter, _ = layout
    for kind, pdf in render_pack(system, layout).items():
        if kind in DOCUMENTS:
            continue
        pages = cells_by_page(paper, bleed, gutter, pdf.entry["layout"])
        assert len(pages) == len(pdf.fills), kind
        items = sum(len(cells) for cells in pages)
        assert items >= sum(pdf.entry["counts"].values()), kind
        for n, (cells, fills) in enumerate(zip(pages, pdf.fills, strict=True), 1):
            for cell in cells:
                t = cell.trim
                for f in (0.1, 0.3, 0.5, 0.7, 0.9):
                    for d in (bleed / 2, bleed - 0.05):
                        points = [
                            (t.x - d, t.y + f * t.h),
                            (t.right + d, t.y + f * t.h),
                            (t.x + f * t.w, t.y - d),
                            (t.x + f * t.w, t.top + d),
                        ]
                        for x, y in points:
                            assert covered(fills, x, y), (kind, n, t, (x, y))


LETTER_BLEED: Layout = ("letter", "poker", 3.0, False, False)


@in_group("billhooks", LETTER_BLEED)
def test_the_manifest_says_when_margins_cost_items(render_pack: Render) -> None:
    letter = render_pack("billhooks", LETTER_BLEED)["unit-cards"]
    entry = letter.entry["layout"][0]
    assert entry["per_sheet"] == 6 and "not 9" in entry["fewer_for_margins"]


@in_group("billhooks", ("a4", "poker", 0.0, False, False))
def test_the_manifest_says_nothing_when_margins_cost_none(render_pack: Render) -> None:
    a4 = render_pack("billhooks", ("a4", "poker", 0.0, False, False))["unit-cards"]
    assert "fewer_for_margins" not in a4.entry["layout"][0]


@pytest.mark.parametrize(
    ("system", "paper"),
    [
        pytest.param(system, paper, marks=in_group(system, (paper, "poker", 0.0, False, False)))
        for system in EXAMPLES
        for paper in PAPER_MM
    ],
)
def test_every_single_sided_kind_shares_the_token_sheets(
    render_pack: Render, system: str, paper: str
) -> None:
    """Issue 24.9: the two-army examples' single-sided kinds on one shared sheet without
    bleed (Billhooks' arrow trackers beside its tokens, KISS's order markers with its
    chits), each block named in the margin, the ruler naming them all."""
    layout: Layout = (paper, "poker", 0.0, False, False)
    pdf = render_pack(system, layout)["tokens"]
    groups = pdf.entry["layout"]
    job = job_for(system, layout, pdf.path.parent)
    # Reference cards (leader and magnate cards, never dealt) share them too (issue 42).
    reference = {i.kind for i in printables(job).items if isinstance(i, Deck) and i.reference}
    assert set(pdf.entry["kinds"]) == single_sided(job) | reference
    assert len(pdf.texts) == max(p for g in groups for p in g["pages"])
    # KISS's magnate cards, shieldwall's stand labels and leader cards fill more than a sheet.
    if system in ("billhooks", "feudal"):
        assert len(pdf.texts) == 1, paper
    for group in groups:
        for page in group["pages"]:
            # Drawn before the ruler ("50 mm", then the caption naming them all).
            before_ruler = pdf.texts[page - 1].rsplit("50 mm", 1)[0]
            assert group["label"] in before_ruler, group["items"]
    if system == "billhooks":
        assert "ARROWS" in pdf.texts[0]
        assert "Tokens and Arrow-supply trackers" in pdf.texts[0]


def test_sweep_covers_every_layout(tmp_path: Path) -> None:
    assert set(EXAMPLES) == set(BUILT_IN)
    assert all(len(paths) == 2 for paths in EXAMPLES.values())
    assert len(LAYOUTS) == 24 + 12
    assert len(EVERY) == sum(len(layouts) for layouts in SWEPT.values())
    for system, layouts in SWEPT.items():
        every = set(printables(ExportJob(armies(system), ExportOptions())).kinds)
        kinds = set().union(
            *(kinds_for(job_for(system, lay, tmp_path / "x"), lay) for lay in layouts)
        )
        assert kinds == every and DUPLEX[system] < every, system


def ring_tokens(system: str) -> dict[str, float]:
    """The system's round token groups, by the caption printed beside their blocks: the
    token's width (mm)."""
    sheets = printables(ExportJob(armies(system), ExportOptions())).items
    return {
        g.caption: g.size_mm[0]
        for sheet in sheets
        if isinstance(sheet, TokenSheet)
        for g in sheet.groups
        if g.shape == "round" and g.tokens
    }


def shared_cells(
    paper: str, bleed: float, gutter: bool, layouts: list[dict[str, Any]]
) -> list[list[tuple[str, Cell]]]:
    """Each item of each shared single-sided sheet, with the label of the group it is of
    (packed again as :func:`cells_by_page` packs them)."""

    def noop(*_: object) -> None:
        return None

    geo = shared.Geometry(PAPER_MM[paper], bleed, gutter)
    lots = [
        shared.Lot(
            e["kind"],
            e["items"],
            e["label"],
            (e["item_mm"][0], e["item_mm"][1]),
            [noop] * sum(e["sheets"]),
        )
        for e in layouts
    ]
    return [
        [
            (b.lot.label, b.grid.cell(slot, False, b.count))
            for b in sheet.blocks
            for slot in range(b.count)
        ]
        for sheet in shared.pack(geo, lots)
    ]


#: Each system's token sheets in every layout it is swept in with poker cards, not folded
#: (Billhooks' every bleed and gutter; the others' plain, and with bleed and gutters).
RING_LAYOUTS = [
    (system, lay)
    for system, layouts in SWEPT.items()
    for lay in layouts
    if lay[1] == "poker" and not lay[4]
]


@pytest.mark.parametrize(
    ("system", "layout"),
    [
        pytest.param(system, layout, id=layout_id(layout, system), marks=in_group(system, layout))
        for system, layout in RING_LAYOUTS
    ],
)
def test_token_text_stays_inside_the_ring(render_pack: Render, system: str, layout: Layout) -> None:
    """Every letter on a round token (its label, "ARMY MORALE" included, and its caption)
    lies inside the gold ring: each letter's whole box within the ring's inner edge (9.2 mm
    from the centre of a 25 mm token; the ring's outer edge is TRIM_SAFE inside the cut)."""
    paper, _, bleed, gutter, _ = layout
    rings = ring_tokens(system)
    assert rings, system
    pdf = render_pack(system, layout)["tokens"]
    seen = 0
    for n, page in enumerate(shared_cells(paper, bleed, gutter, pdf.entry["layout"])):
        for label, cell in page:
            if label not in rings:
                continue
            inside_r = ring_radius(rings[label]) - RING_PT * PT / 2
            t = cell.trim
            cx, cy = t.x + t.w / 2, t.y + t.h / 2
            inside = [
                ch for ch in pdf.chars[n] if t.x <= ch[1] <= t.right and t.y <= ch[2] <= t.top
            ]
            seen += bool(inside)
            for text, x0, y0, x1, y1 in inside:
                for x in (x0, x1):
                    for y in (y0, y1):
                        assert (x - cx) ** 2 + (y - cy) ** 2 <= inside_r**2, (
                            system,
                            layout,
                            label,
                            text,
                        )
    assert seen >= 1
