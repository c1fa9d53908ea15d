"""Every ruleset's roster in the one frame (issue 24, items 10 and 11), read back with
PDFium: every page's running header names the army, its side and its system, its footer
gives the day printed, the version, the file name and hash and "page N of M"; a KISS army of
eight units fits one A4 page; each roster takes as many Letter pages as A4 ones; nothing is
set under 6 pt or within 5 mm of an edge; user text prints as text and fetches nothing.

The rosters: every example army, each ruleset's example grown to 16 units (two pages, so a
continuation page is read), two armies in one roster, and the longest names. Each roster is
written once on each paper and read once (with PDFium: pdfplumber took a second a page, most
of these tests' time): the examples on both papers, the others on A4, with their Letter pages
counted."""

from __future__ import annotations

import copy
import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfread
import pytest
from armies import scaled
from printcheck import page_figures, pdf_figures

import builder
from builder import armyfile
from builder.commands.share import source
from builder.core.printables import short_hash
from builder.eventfile import is_event_file
from builder.export.documents import weasy
from builder.export.documents.rostertable import BOX, page_margins
from builder.export.job import ArmyInput, ExportJob, ExportOptions
from builder.export.pipeline.pack import write_kind
from builder.registry import BUILT_IN, get_ruleset
from builder.resources import examples_dir

MM = 72 / 25.4
PAPERS = ("a4", "letter")
EXAMPLES = sorted(
    p.name
    for p in examples_dir().glob("*.toml")
    if not p.name.endswith("collection.toml") and not is_event_file(p)
)
RULESETS = tuple(BUILT_IN)


def made(army: Any, name: str) -> ArmyInput:
    """An army of a test, with the text of its file as written (its hash)."""
    return ArmyInput(army, Path(name), armyfile.dumps(army))


def rosters() -> dict[str, tuple[ArmyInput, ...]]:
    """Every roster the tests read, by name."""
    out: dict[str, tuple[ArmyInput, ...]] = {
        name: (source(str(examples_dir() / name)),) for name in EXAMPLES
    }
    out |= {
        f"{ruleset}-16": (made(scaled(ruleset, 16), f"{ruleset}-16.toml"),) for ruleset in RULESETS
    }
    out["two-armies"] = (
        source(str(examples_dir() / "kiss-york.toml")),
        source(str(examples_dir() / "kiss-lancaster.toml")),
    )
    return out


ROSTERS = rosters()


@dataclass(frozen=True)
class Read:
    """A roster PDF as the tests read it: per page the words of its top margin (the running
    header), its bottom margin (the footer) and between (the body); how near anything comes
    to an edge, and the smallest type."""

    heads: list[str]
    feet: list[str]
    bodies: list[str]
    edge_mm: float
    nearest: str
    min_pt: float


def read(path: Path, paper: str) -> Read:
    top, _, bottom, _ = page_margins(paper)
    heads, feet, bodies = [], [], []
    edge, nearest, smallest = float("inf"), "", float("inf")
    with pdfread.pages(path) as pages:
        for n, page in enumerate(pages, 1):
            height = page.height
            heads.append(flat(page.text_between(0, top * MM)))
            feet.append(flat(page.text_between(height - bottom * MM, height)))
            bodies.append(flat(page.text_between(top * MM, height - bottom * MM)))
            figures = page_figures(page)
            if figures.edge_mm < edge:
                edge, nearest = figures.edge_mm, f"page {n}: {figures.nearest}"
            smallest = min(smallest, figures.min_pt)
    return Read(heads, feet, bodies, edge, nearest, smallest)


#: The rosters read on each paper; the rest are read on A4 and their Letter pages counted.
READ = {(name, paper) for name in ROSTERS for paper in PAPERS if paper == "a4" or name in EXAMPLES}


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Read]:
    """Each roster of :data:`READ` written and read back."""
    out = tmp_path_factory.mktemp("frame")
    written = {}
    for name, paper in sorted(READ):
        path = out / f"{name}-{paper}.pdf"
        write_kind(ExportJob(ROSTERS[name], ExportOptions(paper=paper)), "roster", path)
        written[name, paper] = read(path, paper)
    return written


@pytest.fixture(scope="module")
def letter_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, int]:
    """The Letter pages of each roster not read on Letter."""
    out = tmp_path_factory.mktemp("letter")
    return {
        name: write_kind(
            ExportJob(ROSTERS[name], ExportOptions(paper="letter")), "roster", out / f"{name}.pdf"
        ).pages
        for name in sorted(ROSTERS)
        if (name, "letter") not in READ
    }


def flat(text: str | None) -> str:
    return " ".join((text or "").split())


def margins_text(page: Any, paper: str) -> tuple[str, str]:
    """The words in the page's top margin and in its bottom margin."""
    top, _, bottom, _ = page_margins(paper)
    height = float(page.height)
    head = page.crop((0, 0, page.width, top * MM))
    foot = page.crop((0, height - bottom * MM, page.width, height))
    return flat(head.extract_text()), flat(foot.extract_text())


@pytest.mark.parametrize(("name", "paper"), sorted(READ))
def test_every_page_names_the_army_and_counts_the_pages(
    pdfs: dict[tuple[str, str], Read], name: str, paper: str
) -> None:
    """Each page's header: the army's name, then its side and system; its footer: the day,
    the version, the file's name and short hash (the one `share` prints), page N of M. With
    two armies, each page names the army whose page it is."""
    items = ROSTERS[name]
    today = dt.date.today()
    found = pdfs[name, paper]
    total = len(found.heads)
    owners: list[ArmyInput] = []
    for n, (head, foot) in enumerate(zip(found.heads, found.feet, strict=True), 1):
        item = (
            next(i for i in reversed(items) if head.startswith(i.army.name + " "))
            if len(items) > 1
            else items[0]
        )
        owners.append(item)
        ruleset = get_ruleset(item.army.ruleset)
        side = ruleset.sides.name_of(ruleset.sides.of(item.army))
        assert side, "every roster read here is of an army with a side"
        assert head == f"{item.army.name} {side} · {ruleset.title}", (n, head)
        line = re.fullmatch(
            r"Printed (\d{4}-\d\d-\d\d) · billhooks (\S+) · (.+) #([0-9a-f]+) "
            r"page (\d+) of (\d+)",
            foot,
        )
        assert line, (n, foot)
        day, version, file, digest, number, of = line.groups()
        assert abs(dt.date.fromisoformat(day) - today) <= dt.timedelta(days=1)
        assert version == builder.__version__
        assert (file, digest) == (item.path.name, short_hash(item))
        assert (int(number), int(of)) == (n, total)
    # Each army's pages together, in the order given, each from a new page.
    assert [o.path for o in owners] == sorted(
        (o.path for o in owners), key=[i.path for i in items].index
    )
    assert {o.path for o in owners} == {i.path for i in items}


@pytest.mark.parametrize("name", sorted(ROSTERS))
def test_letter_takes_the_pages_a4_does(
    pdfs: dict[tuple[str, str], Read], letter_pages: dict[str, int], name: str
) -> None:
    """One content box on both papers: the same pages, each with the same words (the page is
    wider on Letter, the box is not). Every example fits one page (Billhooks' did before the
    frame; KISS's took three, shieldwall's two), the grown armies and the pair two."""
    a4 = pdfs[name, "a4"].bodies
    assert len(a4) == (1 if name in EXAMPLES else 2)
    if name in letter_pages:
        assert letter_pages[name] == len(a4)
    else:
        assert pdfs[name, "letter"].bodies == a4


@pytest.mark.parametrize(("name", "paper"), sorted(READ))
def test_nothing_small_or_near_an_edge(
    pdfs: dict[tuple[str, str], Read], name: str, paper: str
) -> None:
    found = pdfs[name, paper]
    assert found.edge_mm >= 5.0 - 0.01, found.nearest
    assert found.min_pt >= 6.0 - 0.01


def test_a_kiss_army_of_eight_units_fits_one_a4_page(tmp_path: Path) -> None:
    """The York example (seven units in three wards) with an eighth unit, a second unit of
    archers in the third ward: one A4 page, every unit on it."""
    army: Any = armyfile.load(examples_dir() / "kiss-york.toml")
    army.wards[2].units.append(copy.deepcopy(army.wards[1].units[1]))
    assert len(army.units_with_paths()) == 8
    path = tmp_path / "roster.pdf"
    assert write_kind(ExportJob((made(army, "kiss-8.toml"),)), "roster", path).pages == 1
    with pdfread.document(path) as pdf:
        text = flat(pdf.pages[0].extract_text())
    assert text.count("figures lost") == 8


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_army_of_eight_units_fits_one_a4_page(tmp_path: Path, ruleset: str) -> None:
    """Item 10's dense table in every system: the example grown to eight units (shieldwall:
    stands) prints on one A4 page, each unit's name on it."""
    army = scaled(ruleset, 8)
    path = tmp_path / "roster.pdf"
    assert write_kind(ExportJob((made(army, f"{ruleset}-8.toml"),)), "roster", path).pages == 1
    with pdfread.pages(path) as pages:
        text = flat(pages[0].text)
    system = get_ruleset(ruleset)
    places = (
        [f"stands[{i}]" for i in range(len(army.stands))]
        if ruleset == "shieldwall"
        else [where for where, _ in army.units_with_paths()]
    )
    # The unit's own name, before what its title adds in brackets (the table's columns).
    names = [flat(system.title_of(army, where)).split(" (")[0] for where in places]
    assert len(names) == 8
    assert all(n in text for n in names), [n for n in names if n not in text]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_longest_names_keep_one_line(tmp_path: Path, ruleset: str) -> None:
    """An army name of 80 W's, a free-text side of 40 and a file name of 200 characters: the
    running header's two parts and the footer stay one line each, the name and side cut at
    their end, the file name in its middle, the system and the hash whole; nothing runs near
    an edge."""
    army: Any = scaled(ruleset, 3)
    army.name = "W" * 80
    ruleset_of = get_ruleset(ruleset)
    if not ruleset_of.sides.fixed:
        setattr(army, ruleset_of.sides.field, "M" * ruleset_of.sides.max_len)
    item = ArmyInput(army, Path("f" * 196 + ".toml"), armyfile.dumps(army))
    path = tmp_path / "roster.pdf"
    write_kind(ExportJob((item,), ExportOptions(paper="letter")), "roster", path)
    top, _, bottom, _ = page_margins("letter")
    with pdfread.document(path) as pdf:
        page = pdf.pages[0]
        head = page.crop((0, 0, page.width, top * MM)).extract_words()
        foot = page.crop((0, page.height - bottom * MM, page.width, page.height)).extract_words()
    middle = float(page.width) / 2
    title = [w for w in head if w["x0"] < middle]
    right = [w for w in head if w["x0"] >= middle]
    for part in (title, right):
        assert len({round(w["top"]) for w in part}) == 1, head
    section = " ".join(w["text"] for w in right)
    assert section.endswith(" · " + ruleset_of.title), section
    assert ruleset_of.sides.fixed or "…" in section
    assert len({round(w["bottom"]) for w in foot}) == 1, foot
    name = next(w["text"] for w in title if w["text"].startswith("WWW"))
    assert name.endswith("…") and len(name) < 80
    footer = " ".join(w["text"] for w in foot)
    assert re.search(r" · f+…f*\.toml #" + short_hash(item) + " page 1 of 1$", footer), footer
    edge, _, nearest = pdf_figures(path)
    assert edge >= 5.0 - 0.01, nearest


@pytest.mark.parametrize("ruleset", RULESETS)
def test_user_text_prints_as_text_and_fetches_nothing(tmp_path: Path, ruleset: str) -> None:
    """Markup in the army's name prints literally, in the header, the heading and the
    running header, and makes WeasyPrint fetch nothing: only tick-box strips are asked for."""
    army: Any = scaled(ruleset, 3)
    army.name = "<img src='http://x.invalid/a.png'> & <b>bold</b>"
    fetcher = weasy.shared_fetcher()
    weasy.stylesheets("a4")  # the bundled fonts load once, with the stylesheet
    before, refused = len(fetcher.requests), len(fetcher.refused)
    path = tmp_path / "roster.pdf"
    write_kind(ExportJob((made(army, "army.toml"),)), "roster", path)
    assert all(url.startswith(("ticks:", "qr:")) for url in fetcher.requests[before:])
    assert len(fetcher.refused) == refused
    with pdfread.document(path) as pdf:
        head, _ = margins_text(pdf.pages[0], "a4")
        text = flat(pdf.pages[0].extract_text())
    assert head.startswith(army.name + " ")
    # The heading breaks the name across lines: each of its words twice, with the header's
    # (read without spaces and the verdict's badge, which the lines of a long heading pass).
    squashed = "".join(text.split()).replace("LEGAL", "")
    assert all(squashed.count(word) >= 2 for word in army.name.split()), text


def test_the_content_box_is_the_same_on_both_papers() -> None:
    """A4's margins leave Letter's box: centred sideways, the spare height split."""
    for paper, (width, height) in (("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))):
        top, right, bottom, left = page_margins(paper)
        assert (width - left - right, height - top - bottom) == pytest.approx(BOX)
        assert min(top, bottom, left, right) >= 10
