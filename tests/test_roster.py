"""roster.pdf read back (:mod:`pdfread`; the tick strips with pdfplumber): every leader, unit
and figure count is printed, the totals match `check --json`, units never split across pages,
and the paper is the one asked."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from pathlib import Path
from typing import Any

import bh
import pdfplumber
import pdfread
import pytest
from armies import army as make_army
from armies import unit
from printcheck import tick_strips
from pypdf import PdfReader

import builder
from builder import armyfile
from builder.commands.check import summary_dict
from builder.export.documents.sharecode import CAPTION
from builder.export.job import ArmyInput, ExportJob, ExportOptions
from builder.export.pipeline.pack import write_kind
from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.systems.billhooks.model import Army, Leader, Muster, Ward
from builder.systems.billhooks.roster import roster_context

MM = 72 / 25.4
EXAMPLES = [examples_dir() / "lancaster.toml", examples_dir() / "york.toml"]


def job_for(*paths: Path, paper: str = "a4") -> ExportJob:
    items = tuple(ArmyInput(bh.load(p), p, p.read_text(encoding="utf-8")) for p in paths)
    return ExportJob(items, ExportOptions(paper=paper))


def job_of(army: Army, paper: str = "a4") -> ExportJob:
    text = armyfile.dumps(army)
    return ExportJob((ArmyInput(army, Path("made-up.toml"), text),), ExportOptions(paper=paper))


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def unit_column(page: Any) -> str:
    """The text of the table's first column (unit titles), left of the "Figs" heading."""
    figs = [w for w in page.extract_words() if w["text"] == "Figs"]
    assert figs, "no units table header on this page"
    return flat(page.crop((0, 0, figs[0]["x0"] - 2, page.height)).extract_text() or "")


def column_numbers(page: Any, heading: str) -> list[str]:
    """Numbers printed under a table heading (Figs, Pts), top to bottom."""
    words = page.extract_words()
    head = next(w for w in words if w["text"] == heading)
    return [
        w["text"]
        for w in words
        if w["top"] > head["bottom"]
        and w["x0"] < head["x1"] + 4
        and w["x1"] > head["x0"] - 4
        and re.fullmatch(r"\d+(\.5)?", w["text"])
    ]


@pytest.fixture(scope="module")
def examples_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("roster") / "roster.pdf"
    written = write_kind(job_for(*EXAMPLES), "roster", path)
    assert written.file == "roster.pdf" and written.pages >= 2
    return path


@pytest.fixture(scope="module")
def pages(examples_pdf: Path) -> list[str]:
    with pdfread.document(examples_pdf) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def test_every_leader_with_rank_class_and_orders(pages: list[str]) -> None:
    text = flat(" ".join(pages))
    for path in EXAMPLES:
        army = bh.load(path)
        rules = bh
        for ward in army.wards:
            leader = ward.leader
            assert leader.name in text
            assert leader.rank in text
            lp = rules.leader_profile(army, leader)
            line = (
                f"class {leader.class_name} ({leader.command_class}) wounds "
                f'order tokens {lp.order_tokens} move {lp.move}" command range '
                f'{lp.command_range}" points {lp.points}'
            )
            assert line in text
    assert text.count("C-in-C") >= 2


def test_every_unit_with_its_figures_and_points(examples_pdf: Path) -> None:
    """Each army's unit titles, figure counts and points appear in the table, in order."""
    with pdfread.document(examples_pdf) as pdf:
        for page, path in zip(pdf.pages, EXAMPLES, strict=True):
            army = bh.load(path)
            expected = summary_dict(army, get_ruleset(army.ruleset).summary(army))
            titles = unit_column(page)
            for u in expected["units"]:
                assert u["title"] in titles
            assert column_numbers(page, "Figs") == [str(u["figures"]) for u in expected["units"]]
            assert column_numbers(page, "Pts") == [str(u["points"]) for u in expected["units"]]
            # The dice of every action row stand under their heading too (the row is one run
            # of text, its values placed by spaces).
            context = roster_context(
                ArmyInput(army, path, path.read_text(encoding="utf-8")), dt.date(2026, 12, 1)
            )
            assert column_numbers(page, "Dice") == [
                act.dice for ward in context["wards"] for u in ward.units for act in u.actions
            ]
            labels = [u.label for _, u in army.units_with_paths() if u.label]
            for label in labels:
                assert label in titles


def test_totals_match_check_json(pages: list[str]) -> None:
    for text, path in zip(pages, EXAMPLES, strict=True):
        army = bh.load(path)
        expected = summary_dict(army, get_ruleset(army.ruleset).summary(army))
        got = re.search(
            r"Troop points Leader points Total points Army Morale tokens\n"
            r"(\S+) (\S+) (\S+) (\S+)\nof (\d+) agreed",
            text,
        )
        assert got, text[:400]
        assert got.groups() == (
            str(expected["troop_points"]),
            str(expected["leader_points"]),
            str(expected["total_points"]),
            str(expected["army_morale_tokens"]),
            str(army.points),
        )
        assert army.name in text
        assert "LEGAL" in text and "NOT LEGAL" not in text


def test_actions_numbers_and_tick_boxes_come_from_the_ruleset(pages: list[str]) -> None:
    text = flat(pages[0])
    army = bh.load(EXAMPLES[0])
    rules = bh
    archers = army.wards[0].units[0]
    prof = rules.profile(archers)
    short = prof.shooting[0]
    kills = rules.kill_table(archers)["shoot short"]
    row = " ".join(f"{v:.1f}" for v in kills.values())
    assert (
        f"Shoot, short {short.range_text}, {prof.shots_per_turn} a turn {short.dice} 5+ {row}"
        in text
    )
    assert f"{prof.move_text}" in text
    # Arrow supply boxes on the three units of archer companies; casualties, disarray and
    # daunted boxes on all seven units.
    archer_units = [u for _, u in army.units_with_paths() if rules.profile(u).arrow_supply]
    assert len(re.findall(r"\barrows\b", text)) == len(archer_units) == 3
    assert text.count("casualties") == len(army.units_with_paths()) == 7
    assert text.count("disarray") >= 7 and text.count("daunted") >= 7


def test_tick_boxes_read_back_from_their_strips(examples_pdf: Path) -> None:
    """The boxes each strip draws, counted from its pixels: a unit's casualty boxes are its
    figures in ranks of six, its disarray, daunted and arrow boxes the ruleset's, a leader's
    wound boxes his wounds."""
    # pdfplumber: the tick strips are read from the images' pixels.
    with pdfplumber.open(examples_pdf) as pdf:
        for page, path in zip(pdf.pages, EXAMPLES, strict=True):
            army = bh.load(path)
            units = [u for _, u in army.units_with_paths()]
            profiles = [bh.profile(u) for u in units]
            casualties = tick_strips(page, "casualties")
            assert [sum(runs) for runs in casualties] == [p.figures for p in profiles]
            assert all(set(runs[:-1]) <= {6} and runs[-1] <= 6 for runs in casualties)
            assert tick_strips(page, "disarray") == [(bh.rules.DISARRAY_MAX,)] * len(units)
            assert tick_strips(page, "daunted") == [(p.daunted_tokens,) for p in profiles]
            assert tick_strips(page, "arrows") == [
                (p.arrow_supply,) for p in profiles if p.arrow_supply
            ]
            assert tick_strips(page, "wounds") == [
                (bh.leader_profile(army, w.leader).wounds,) for w in army.wards
            ]


def test_footer_dates_versions_and_hashes_each_army(pages: list[str]) -> None:
    for text, path in zip(pages, EXAMPLES, strict=True):
        digest = hashlib.sha256(path.read_text(encoding="utf-8").encode()).hexdigest()[:16]
        assert f"billhooks {builder.__version__}" in text
        assert f"{path.name} #{digest}" in text
        assert re.search(r"Printed \d{4}-\d\d-\d\d", text)
        assert re.search(r"page \d of \d", text)


@pytest.mark.parametrize("paper,size", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_paper_size(tmp_path: Path, paper: str, size: tuple[float, float]) -> None:
    path = tmp_path / "roster.pdf"
    write_kind(job_for(EXAMPLES[1], paper=paper), "roster", path)
    for page in PdfReader(path).pages:
        box = page.mediabox
        assert abs(float(box.width) / MM - size[0]) < 0.2
        assert abs(float(box.height) / MM - size[1]) < 0.2


def test_only_the_bundled_fonts_embedded(examples_pdf: Path) -> None:
    fonts = set()
    for page in PdfReader(examples_pdf).pages:
        resources: Any = page["/Resources"]
        for font in resources["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    assert fonts and all(f.startswith(("EB-Garamond", "Blankenburg")) for f in fonts), fonts


def big_army() -> Army:
    """Nine wards of three units: several pages, so page breaks fall among the units."""
    kinds = [
        "archers",
        "billmen",
        "knights",
        "crossbowmen",
        "men-at-arms",
        "artillery",
        "pikemen",
        "kern",
        "light-horse",
    ]
    wards = []
    for i in range(9):
        units = [unit(kinds[(i + j) % len(kinds)]) for j in range(3)]
        units[0].formation = "line" if units[0].troop in ("archers", "billmen") else "single"
        wards.append(Ward(Leader(f"Captain number {i + 1}", c_in_c=(i == 0)), units))
    return Army("billhooks", "A very long muster roll", side="york", points=100, wards=wards)


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> tuple[Army, Path, int]:
    """The big army, made illegal too (two C-in-Cs, far over the points), and its roster."""
    army = big_army()
    army.wards[1].leader.c_in_c = True
    army.points = 50
    path = tmp_path_factory.mktemp("big") / "roster.pdf"
    return army, path, write_kind(job_of(army), "roster", path).pages


def test_units_never_split_across_pages(big: tuple[Army, Path, int]) -> None:
    army, path, pages = big
    assert pages >= 3
    titles = [bh.unit_title(u) for _, u in army.units_with_paths()]
    with pdfread.document(path) as pdf:
        per_page = []
        for page in pdf.pages:
            text = flat(page.extract_text() or "")
            # A unit's block ends with its tick boxes: as many "casualties" rows as titles
            # begun on the page means no unit's block runs over onto the next.
            column = unit_column(page)
            begun = sum(column.count(t) for t in set(titles))
            assert begun == text.count("casualties"), (begun, text)
            per_page.append(begun)
    assert sum(per_page) == len(titles)


def test_broken_rules_listed_instead_of_the_stamp(big: tuple[Army, Path, int]) -> None:
    army, path, _ = big
    with pdfread.document(path) as pdf:
        text = flat(pdf.pages[0].extract_text() or "")
    assert "NOT LEGAL" in text and "Broken rules" in text
    errors = get_ruleset("billhooks").summary(army).errors
    assert {f.code for f in errors} >= {"one-c-in-c", "over-points"}
    for finding in errors:
        assert flat(finding.message) in text


def test_mustered_army_shows_its_muster_table(tmp_path: Path) -> None:
    army = bh.load(EXAMPLES[0])
    army.points, army.muster = None, Muster(100, 17)
    path = tmp_path / "roster.pdf"
    write_kind(job_of(army), "roster", path)
    with pdfread.document(path) as pdf:
        text = flat(pdf.pages[0].extract_text() or "")
    assert "Muster table" in text and "seed 17" in text and "of 100 agreed" in text


# --- Issue 10, items 7-9: the corrected numbers, as printed -----------------------------------


def issue_army() -> Army:
    return make_army(
        [
            unit("pikemen", formation="block"),
            unit("men-at-arms", quality="levy"),
            unit("archers", formation="combined", rear="billmen"),
        ],
        [unit("crossbowmen"), unit("handgunners", pavises=True), unit("knights")],
    )


@pytest.fixture(scope="module")
def issue_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("issue") / "roster.pdf"
    write_kind(job_of(issue_army()), "roster", path)
    return path


@pytest.fixture(scope="module")
def issue_roster(issue_pdf: Path) -> str:
    with pdfread.document(issue_pdf) as pdf:
        return flat(" ".join(page.extract_text() or "" for page in pdf.pages))


def specials_text(path: Path) -> str:
    """The text left of the "Action" heading: units and their specials, without the tick-box
    labels that share the specials' rows."""
    with pdfread.document(path) as pdf:
        page = pdf.pages[0]
        action = next(w for w in page.extract_words() if w["text"] == "Action")
        return flat(page.crop((0, 0, action["x0"] - 2, page.height)).extract_text() or "")


def test_kill_table_rows_for_crossbows_halving_and_pikes(issue_roster: str) -> None:
    text = issue_roster
    # Crossbows: 6 dice, 2 hits; men-at-arms save 4-6 against them, so 1.0 kills (not 0.7).
    # Knights and billmen 4-6: 1.0; light horse and light 5-6: 1.3; naked 6: 1.7.
    assert 'Shoot 0-12" 6 5+ 1.0 1.0 1.0 1.3 1.3 1.7' in text
    # At bands or guns: 3 dice, only against light (1.0 x 2/3) and naked (1.0 x 5/6).
    assert "Shoot at bands or guns half dice 3 5+ 0.7 0.8" in text
    # A pike block: 24 dice attacking, 18 defending, hitting on 4-6; a quarter kill billmen.
    # Round 2: two ranks of 6 pikemen, 12 dice; round 3 on (in Disarray): the front rank, 6.
    assert "Melee, attacking then 12, 6 24 4+ 4.0 4.0 6.0 6.0 8.0 10.0" in text
    assert "Melee, defending then 12, 6 18 4+ 3.0 3.0 4.5 4.5 6.0 7.5" in text


def test_saves_morale_and_notes(issue_roster: str, issue_pdf: Path) -> None:
    text = issue_roster
    # Levy men-at-arms keep heavy armour; handgunners behind pavises save 4+ against shooting.
    # Men-at-arms, 1.5 dice a figure: 12 figures 18 dice in rounds 1 and 2, 6 then 9.
    assert '6" / 4" 2D6 3+ / 3+ Melee, round 1 then 18, 9 18 4+' in text
    assert '6" / 6" 1D6 4+ / 5+ Shoot 0-12" 6 5+' in text
    assert '8" / 4" 1D6+1 4+ / 3+' in text
    notes = specials_text(issue_pdf)
    assert "Saves 4+ against crossbows and handguns" in notes
    assert "Attacked: always stand and fight" in notes
    assert (
        "Attacked: roll 1D6: 4-6 shoot once at short range, 1-3 evade; with a leader,"
        " choose instead"
    ) in notes
    assert "swap to the rear, to support, only when they evade (no move, no Disarray)" in notes
    assert 'Won a melee: follow up a beaten enemy; chase a broken one 12" and take 2' in notes


def test_the_legend_names_the_special_cases(issue_roster: str) -> None:
    # The legend stands beside the share code: its caption's words fall among the legend's.
    text = issue_roster.replace(f" {CAPTION}", "")
    cat = bh.rules
    for words in (
        "Crossbows and handguns pierce armour",
        '"at bands or guns" row',
        "behind pavises saves a class higher",
        "four ranks attacking and three defending",
        f"In melee, {cat.NO_REROLLS}.",
        "a block has two Daunted boxes",
    ):
        assert words in text, words


def test_daunted_boxes_from_the_ruleset() -> None:
    made = issue_army()
    context = roster_context(
        ArmyInput(made, Path("x.toml"), armyfile.dumps(made)), dt.date(2026, 12, 1)
    )
    boxes = [dict(u.trackers)["daunted"] for ward in context["wards"] for u in ward.units]
    assert boxes == [(2,), (1,), (2,), (1,), (1,), (1,)]
