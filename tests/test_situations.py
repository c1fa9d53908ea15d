"""The crib's second sheet, "Situations and readings", for every system (issue 39): both sheets
fit four pages inside the margins and above the type floor (on Letter too:
tests/test_documents_paper.py); the flow chart
is drawn, box by box and arrow by arrow; every section names the rulebook sections it comes from;
the readings a system declares are printed in its box and are the ones its docs/rules page
labels "Our reading"; the words are our own; and a walk through each source's turn, step by step,
finds in the printed PDF the item that carries each step (the table is here: no test reads a
source)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pdfread
import pytest
from originality import copied_runs, strings
from packs import RULESETS
from printcheck import page_figures

from builder.cli import main
from builder.core.printables import readings
from builder.registry import BUILT_IN, get_ruleset
from builder.resources import examples_dir, situations_words, templates_dir

SYSTEMS = list(BUILT_IN)
DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
MM = 72 / 25.4


def flat(text: str) -> str:
    """Words as a player reads them: one space between them, plain quotes, any case."""
    text = text.replace("’", "'").replace("“", '"').replace("”", '"').replace("″", '"')
    return re.sub(r"\s+", " ", text).strip().lower()


def export_crib(out: Path, system: str, paper: str) -> Path:
    army = examples_dir() / RULESETS[system][0]
    argv = ["export", str(army), "--paper", paper, "--only", "crib-sheet", "--out", str(out)]
    assert main(argv) == 0
    return out / "crib-sheet.pdf"


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """Every system's crib-sheet.pdf on A4, printed once for the module. Letter is checked
    page by page in tests/test_documents_paper.py (no more pages than A4, the margins, the
    type floor)."""
    return {
        (system, "a4"): export_crib(tmp_path_factory.mktemp(system), system, "a4")
        for system in SYSTEMS
    }


def columns_text(pdf: Path) -> list[str]:
    """Each page's text, left column then right, so the two columns' lines never mix."""
    out = []
    with pdfread.document(pdf) as doc:
        for page in doc.pages:
            half = page.width / 2
            parts = [
                page.crop(box).extract_text() or ""
                for box in ((0, 0, half, page.height), (half, 0, page.width, page.height))
            ]
            out.append(flat(" ".join(parts)))
    return out


def words_file(system: str, name: str) -> dict[str, Any]:
    with open(templates_dir() / system / f"{name}.toml", "rb") as fh:
        return tomllib.load(fh)


# --- The two sheets on the paper ----------------------------------------------------------------


@pytest.mark.parametrize("system", SYSTEMS)
def test_two_duplex_sheets_inside_the_margins_and_above_the_floor(
    printed: dict[tuple[str, str], Path], system: str
) -> None:
    """Four pages (the crib, then "Situations and readings"), each on the paper asked for,
    nothing within 5 mm of an edge and no text under 6 pt; the second sheet's heading on its
    two pages, the crib's on the first two."""
    pdf = printed[system, "a4"]
    with pdfread.pages(pdf) as pages:
        assert len(pages) == 4, system
        for page in pages:
            assert page.width / MM == pytest.approx(210.0, abs=0.2)
            assert page.height / MM == pytest.approx(297.0, abs=0.2)
            figures = page_figures(page)
            assert figures.edge_mm >= 5 - 0.01, (system, page.page_number, figures.nearest)
            assert figures.min_pt >= 6 - 0.01, (system, page.page_number, figures.smallest)
    texts = columns_text(pdf)
    assert all("situations and readings" not in t for t in texts[:2])
    assert all("situations and readings" in t for t in texts[2:])


# --- The flow chart -------------------------------------------------------------------------------


def flow_steps(system: str) -> list[dict[str, str]]:
    found = [
        part["flow"]
        for section in situations_words(get_ruleset(system).folders)["sections"]
        for part in section["parts"]
        if "flow" in part
    ]
    assert len(found) == 1, f"{system}: one flow chart, for its one multi-step procedure"
    steps: list[dict[str, str]] = found[0]
    return steps


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_flow_chart_is_drawn_box_by_box_with_arrows(
    printed: dict[tuple[str, str], Path], system: str
) -> None:
    """Each step's words printed in order on the second sheet, a drawn arrowhead between each
    two steps and one to each way out at the side."""
    steps = flow_steps(system)
    assert len(steps) >= 7
    pdf = printed[system, "a4"]
    texts = columns_text(pdf)
    sheet = " ".join(texts[2:])
    at = 0
    for n, step in enumerate(steps, 1):
        # The box's first words (before a number the catalogue fills in): a branch beside it
        # shares its lines on the page.
        opening = flat(f"{n} {' '.join(step['text'].split('{')[0].split()[:3])}")
        found = sheet.find(opening, at)
        assert found >= 0, (system, opening)
        at = found
    with pdfread.pages(pdf) as pages:
        heads = [
            c
            for page in pages[2:]
            for c in page.objects.get("curve", [])
            if c["fill"] and c["x1"] - c["x0"] < 12 and c["bottom"] - c["top"] < 12
        ]
    branches = sum("branch" in step for step in steps)
    assert len(heads) >= len(steps) - 1 + branches, system


# --- References to the book -----------------------------------------------------------------------


def sections(system: str) -> list[dict[str, Any]]:
    return [
        *words_file(system, "crib-sheet")["sections"],
        *situations_words(get_ruleset(system).folders)["sections"],
    ]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_entry_names_its_rulebook_section_by_name(
    printed: dict[tuple[str, str], Path], system: str
) -> None:
    """Every crib section says where in the book to look ("Book: “Melee”"), by the section's
    name and never a page; the names are printed. A section may name none only where it is
    ours (no book has it) or, for the shieldwall text, where our copy gives no title."""
    sheet = " ".join(columns_text(printed[system, "a4"]))
    named = 0
    for section in sections(system):
        assert "book" in section or section["title"] in OURS_ALONE[system], section["title"]
        for name in section.get("book", []):
            assert not re.search(r"\bp(age|\.)?\s*\d", name, re.I), name
            assert flat(f"“{name}”") in sheet, (system, name)
            named += 1
    assert named >= 8, system
    assert sheet.count("book:") >= sum(bool(s.get("book")) for s in sections(system))


#: Sections that are wholly ours: the source has no section they come from.
OURS_ALONE = {
    "billhooks": set(),
    "kiss": {"The ground and the setting up"},
    "feudal": {"How the battle ends", "Combats and leaders, our way"},
    "shieldwall": {"The ground", "Every marker", "Our readings"},
}


# --- Our readings ---------------------------------------------------------------------------------


def docs_readings(system: str) -> dict[str, str]:
    """The docs/rules page's bullets labelled "Our reading", by their title (the first
    emphasised words), with their text."""
    text = (DOCS / f"{system}.md").read_text(encoding="utf-8")
    bullets = re.split(r"\n(?=- )", text)
    found = {}
    for bullet in bullets:
        match = re.match(r"- \*\*Our reading:\*\* \*{1,2}(.+?)\*{1,2}", bullet)
        if match:
            found[title_key(match.group(1))] = re.sub(r"\s+", " ", bullet)
    return found


def title_key(title: str) -> str:
    return re.sub(r"[^a-z0-9' ]", "", flat(title)).strip()


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_declared_readings_are_the_docs_pages(system: str) -> None:
    """One list: the readings the system declares are the docs page's "Our reading" lines,
    title for title, and every number a reading prints is in its docs line."""
    declared = readings(situations_words(get_ruleset(system).folders))
    assert declared, system
    docs = docs_readings(system)
    assert {title_key(r.title) for r in declared} == set(docs), system
    for reading in declared:
        line = docs[title_key(reading.title)]
        for number in re.findall(r"\d+", reading.text):
            assert number in line, (system, reading.title, number)


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_reading_is_printed_in_the_box(
    printed: dict[tuple[str, str], Path], system: str
) -> None:
    sheet = " ".join(columns_text(printed[system, "a4"])[2:])
    assert "agree these before the game" in sheet
    for reading in readings(situations_words(get_ruleset(system).folders)):
        assert flat(f"Our reading: {reading.title}.") in sheet, (system, reading.title)
        assert flat(reading.text)[:50] in sheet, (system, reading.title)


# --- In our own words -----------------------------------------------------------------------------


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_second_sheet_is_in_our_own_words(
    printed: dict[tuple[str, str], Path], system: str
) -> None:
    assert copied_runs(strings(situations_words(get_ruleset(system).folders)), system) == []
    assert copied_runs(columns_text(printed[system, "a4"])[2:], system) == []


# --- A whole turn from the kit --------------------------------------------------------------------

#: Each source's turn (with the set-up before it and the end after it), step by step: the printed
#: file and the words of the item that carries the step.
TURNS: dict[str, list[tuple[str, str, str]]] = {
    "billhooks": [
        ("decks and leader cards", "crib-sheet.pdf", "shuffle the leader cards into the play deck"),
        ("terrain and sides", "crib-sheet.pdf", "the winner lays out the terrain"),
        ("deployment", "crib-sheet.pdf", "a ward at a time, inside an agreed zone"),
        ("army morale tokens", "crib-sheet.pdf", "as many army morale tokens"),
        ("opening moves", "crib-sheet.pdf", "opening moves"),
        ("the play deck", "crib-sheet.pdf", "drawing the play deck"),
        ("leader card: tokens", "crib-sheet.pdf", "order tokens equal to his class"),
        ("spending a token", "crib-sheet.pdf", "spending a token"),
        ("two actions", "crib-sheet.pdf", "two actions for an ordered unit"),
        ("moving", "crib-sheet.pdf", "a disarray token for"),
        ("shooting", "crib-sheet.pdf", "arrow supply"),
        ("melee", "crib-sheet.pdf", "a melee, step by step"),
        ("both sides strike", "crib-sheet.pdf", "as they stood before this round's losses"),
        ("melee rounds", "crib-sheet.pdf", "melee dice, round by round"),
        ("special actions", "crib-sheet.pdf", "a special action costs the leader two order tokens"),
        ("hits on a block", "crib-sheet.pdf", "hits on a block fall only on its front company"),
        ("a leader dies", "crib-sheet.pdf", "a dead leader's card leaves the play deck"),
        ("rallying the daunted", "crib-sheet.pdf", "takes two of his tokens, to join and to rally"),
        ("morale crisis test", "crib-sheet.pdf", "reading the score"),
        ("skirmish card", "crib-sheet.pdf", "skirmish card: every band and gun"),
        ("initiative limits", "crib-sheet.pdf", "may not also take an order that turn"),
        ("bonus card", "crib-sheet.pdf", "bonus card: each player rolls a die"),
        ("last card", "crib-sheet.pdf", "the final card stays face down"),
        ("end of the turn", "crib-sheet.pdf", "when the deck runs out"),
        ("winning", "crib-sheet.pdf", "how the battle ends"),
    ],
    "kiss": [
        ("set-up", "crib-sheet.pdf", "the draft gives no terrain and no deployment rules"),
        ("army morale", "crib-sheet.pdf", "the army starts at 5"),
        ("the cup", "crib-sheet.pdf", "put one chit for each ward in a cup"),
        ("a chit drawn", "crib-sheet.pdf", "draw a chit from the cup"),
        ("treacherous chit", "crib-sheet.pdf", "its magnate changes sides now"),
        ("lethargy chit", "crib-sheet.pdf", "a lethargy chit is put aside"),
        ("change orders", "crib-sheet.pdf", "the order roll"),
        ("move", "crib-sheet.pdf", "move every unit of the ward as its order says"),
        ("shoot", "crib-sheet.pdf", "shoot: a die a figure"),
        ("handstrokes", "crib-sheet.pdf", "handstrokes: a die a figure"),
        ("morale", "crib-sheet.pdf", "a unit tests when"),
        ("routs", "crib-sheet.pdf", "routs: units that fail while shaken"),
        ("the turn ends", "crib-sheet.pdf", "the turn ends when the cup is empty"),
        ("who shoots", "crib-sheet.pdf", "units on loose shoot in their ward's step"),
        ("the free volley", "crib-sheet.pdf", "fire a free volley at chargers as they come in"),
        ("a charge out of reach", "crib-sheet.pdf", "out of reach, it stops still on charge"),
        ("fights once a turn", "crib-sheet.pdf", "each fight is fought once a turn"),
        ("a fight ends", "crib-sheet.pdf", "a charge order drops to stand"),
        ("magnate casualties", "crib-sheet.pdf", "roll two dice for a magnate"),
        ("a magnate lost", "crib-sheet.pdf", "every unit of his ward tests at once"),
        ("a routed unit", "crib-sheet.pdf", "a routed unit leaves the table for good"),
        ("a ward breaks", "crib-sheet.pdf", "the ward breaks, its other units rout"),
        ("army morale tests", "crib-sheet.pdf", "every unit left tests morale once, at once"),
        ("the end", "crib-sheet.pdf", "the draft gives no victory rule"),
    ],
    "feudal": [
        ("initiative", "crib-sheet.pdf", "both sides roll for initiative"),
        ("side a moves", "crib-sheet.pdf", "side a makes all its moves"),
        ("side b moves", "crib-sheet.pdf", "side b makes all its moves"),
        ("charges", "crib-sheet.pdf", "a charge, step by step"),
        ("test before shooting", "crib-sheet.pdf", "test morale now, before any shooting"),
        ("shooting", "crib-sheet.pdf", "range and the score to hit"),
        ("charge home", "crib-sheet.pdf", "charge home: charging foot test"),
        ("combat", "crib-sheet.pdf", "combats are fought"),
        ("morale", "crib-sheet.pdf", "lowest score that passes"),
        ("rout", "crib-sheet.pdf", "a failed test: roll 1d10 for the distance"),
        ("optional rules", "crib-sheet.pdf", "agree which optional rules you play"),
        ("leaders rolled", "crib-sheet.pdf", "roll each leader's charisma"),
        ("setting up", "crib-sheet.pdf", "set up as the scenario says"),
        ("initiative ties", "crib-sheet.pdf", "rolling again on a tie"),
        ("bent lines and squares", "crib-sheet.pdf", "bent line (foot): it cannot move"),
        ("priority of fire", "crib-sheet.pdf", "not charged and stationary: shoot at anything"),
        ("a hit", "crib-sheet.pdf", "takes off one figure"),
        ("combat goes on", "crib-sheet.pdf", "fight again in each turn's combat step"),
        ("after a rout", "crib-sheet.pdf", "whole again at the start of the next"),
        ("shatter", "crib-sheet.pdf", "shattered and leaves the table at the end of the phase"),
        ("the end", "crib-sheet.pdf", "the text gives no victory rule"),
    ],
    "shieldwall": [
        ("initiative", "crib-sheet.pdf", "whoever killed more enemy figures last turn"),
        ("the first turn", "crib-sheet.pdf", "in the first turn each side rolls a die"),
        ("movement", "crib-sheet.pdf", "every move is a roll of d6 inches"),
        ("formations", "crib-sheet.pdf", "changes formation once a turn at most"),
        ("shooting", "crib-sheet.pdf", "effective range 12"),
        ("charge and bravery", "crib-sheet.pdf", "charge: the stand (or unit"),
        ("melee dice", "crib-sheet.pdf", "melee dice: one a figure"),
        ("hits", "crib-sheet.pdf", "counting hits"),
        ("saves", "crib-sheet.pdf", "saves by armour"),
        ("who wins", "crib-sheet.pdf", "compare the hits left"),
        ("effects of hits", "crib-sheet.pdf", "what the hits do"),
        ("removal", "crib-sheet.pdf", "as many wounds as figures"),
        ("your go", "crib-sheet.pdf", "the side that goes first does everything it wants"),
        ("a short charge", "crib-sheet.pdf", "short of the target, the stand goes the whole roll"),
        ("melee goes on", "crib-sheet.pdf", "fight again once a turn"),
        ("counter-charge", "crib-sheet.pdf", "a counter-charge meets the charger halfway"),
        ("running away", "crib-sheet.pdf", "runs straight away from its enemy toward its own edge"),
        ("the banner", "crib-sheet.pdf", "the banner goes with one stand"),
        ("a leader's death", "crib-sheet.pdf", "with every box ticked he is dead"),
        ("army commander", "crib-sheet.pdf", "the army commander dead: every stand tests"),
        ("the end", "crib-sheet.pdf", "the text gives no victory rule"),
    ],
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_whole_turn_is_found_in_the_printed_kit(
    printed: dict[tuple[str, str], Path], system: str
) -> None:
    files = {"crib-sheet.pdf": " ".join(columns_text(printed[system, "a4"]))}
    assert len(TURNS[system]) >= 10
    missing = [
        (step, file, words) for step, file, words in TURNS[system] if flat(words) not in files[file]
    ]
    assert missing == [], system
