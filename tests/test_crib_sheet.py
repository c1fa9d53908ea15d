"""crib-sheet.pdf read back: two sheets, both sides, on A4 and on Letter, the look-up tables
carry the catalogue's numbers, and the words are our own (no long run of words shared with the
source)."""

from __future__ import annotations

import re
from pathlib import Path

import bh
import pdfread
import pytest
from originality import copied_runs, strings, words
from pypdf import PdfReader

from builder.export.job import ArmyInput, ExportJob, ExportOptions
from builder.export.pipeline.pack import write_kind
from builder.resources import examples_dir, templates_dir
from builder.systems.billhooks.crib import crib_content

MM = 72 / 25.4
SIZES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def own_words(text: str | list[str]) -> list[str]:
    """Runs of ``text`` found in the Billhooks source's fingerprint (tests/originality.py)."""
    return copied_runs(text, "billhooks")


def crib_job(paper: str) -> ExportJob:
    path = examples_dir() / "lancaster.toml"
    item = ArmyInput(bh.load(path), path, path.read_text(encoding="utf-8"))
    return ExportJob((item,), ExportOptions(paper=paper))


@pytest.fixture(scope="module", params=["a4", "letter"])
def crib(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, Path]:
    paper: str = request.param
    path = tmp_path_factory.mktemp(f"crib-{paper}") / "crib-sheet.pdf"
    written = write_kind(crib_job(paper), "crib-sheet", path)
    assert written.file == "crib-sheet.pdf"
    return paper, path


def text_of(path: Path) -> str:
    with pdfread.document(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def text_by_column(path: Path) -> str:
    """The text column by column (left half, then right half of each side), so that rows of
    the two columns do not interleave."""
    parts = []
    with pdfread.document(path) as pdf:
        for page in pdf.pages:
            half = page.width / 2
            for box in ((0, 0, half, page.height), (half, 0, page.width, page.height)):
                parts.append(page.crop(box).extract_text() or "")
    return "\n".join(parts)


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_two_sheets_both_sides_on_the_paper_asked_for(crib: tuple[str, Path]) -> None:
    """The crib (two sides) and "Situations and readings" (two more)."""
    paper, path = crib
    pages = PdfReader(path).pages
    assert len(pages) == 4
    for page in pages:
        assert abs(float(page.mediabox.width) / MM - SIZES[paper][0]) < 0.2
        assert abs(float(page.mediabox.height) / MM - SIZES[paper][1]) < 0.2


def test_every_section_is_printed(crib: tuple[str, Path]) -> None:
    text = flat(text_of(crib[1]))
    for title in (
        "The turn",
        "Leaders and orders",
        "Movement",
        "Shooting",
        "Melee",
        "Saving rolls",
        "Morale crisis test",
        "Disarray and Daunted",
        "Army morale",
        "Bonus deck",
        "Arrow supply",
        "A Disarray token for",
    ):
        assert title in text, title
    assert "side 1 of 2" in text and "side 2 of 2" in text


def test_look_up_tables_hold_the_catalogue_numbers(crib: tuple[str, Path]) -> None:
    text = flat(text_of(crib[1]))
    cat = bh.rules
    for armour in cat.ARMOUR.values():
        # A score is written one way everywhere, a 6 too: "6+".
        assert f"{armour.name} {armour.save_shooting}+ {armour.save_melee}+" in text
    archers = cat.TROOPS["archers"]
    short, long_ = archers.ranges
    assert f"Archers, short {short.text} {short.hit_on}+ {archers.shots_per_turn}" in text
    assert f"Archers, long {long_.text} {long_.hit_on}+" in text
    knights = cat.TROOPS["knights"]
    assert f'Knights {knights.move_good}" {knights.move_bad}"' in text
    assert f"Knight {knights.melee_dice:g} per figure" in text
    assert f"{cat.ARROW_SUPPLY} arrowstorms" in text
    assert "Hero (3) 3 3 3" in text


def test_the_rulesets_wording_is_printed(crib: tuple[str, Path]) -> None:
    """Reactions, charge, pursuit, no-re-roll list and morale dice: the same words as the
    roster and unit cards print, from the ruleset (issue 10, item 9)."""
    text = flat(text_by_column(crib[1]))
    said = " ".join(words(text))
    rules = bh
    cat = bh.rules
    for troop in cat.TROOPS:
        assert " ".join(words(rules.reaction_text(troop))) in said, troop
    assert (
        "archers roll 1d6 4 6 shoot once at short range 1 3 evade levy re roll 6s"
        " veterans or archers with a leader choose instead"
    ) in said
    for phrase in (cat.COMBINED_REACTION, cat.CHARGE, cat.PURSUIT, cat.NO_REROLLS):
        assert " ".join(words(phrase)) in said, phrase
    assert 'Only cavalry charge: +4" on an attack move (the second, if both actions' in text
    assert "Knights get 2 charges in a whole game" in text
    for row in ("foot companies 2d6", "horse 1d6 1", "skirmish bands 1d6", "gun sections 1d6"):
        assert row in said, row
    assert "a band behind pavises saves 4+" in text
    assert "move one class down and save 4+" in text


def test_placeholders_are_filled_from_the_catalogue() -> None:
    words_, _ = crib_content()
    texts = strings(words_)
    assert any("6 arrowstorms" in t for t in texts)
    assert not [t for t in texts if "{" in t or "}" in t]


def test_printed_crib_sheet_is_in_our_own_words(crib: tuple[str, Path]) -> None:
    # Column by column: two columns read across would break a copied run in two.
    runs = own_words(text_by_column(crib[1]))
    assert not runs, f"runs copied from the source: {runs[:5]}"


def test_crib_sheet_words_file_is_in_our_own_words() -> None:
    ours = templates_dir() / "billhooks" / "crib-sheet.toml"
    runs = own_words(ours.read_text(encoding="utf-8"))
    assert not runs, f"runs copied from the source: {runs[:5]}"


def test_the_rulesets_wording_is_in_our_own_words() -> None:
    """The words the crib sheet, rosters and unit cards share live in the ruleset: every
    special of every kind of unit, and every reaction, is checked too."""
    from armies import unit

    rules = bh
    cat = bh.rules
    variants = [unit(t, quality=q) for t in cat.COMPANY_TROOPS for q in cat.QUALITIES]
    variants += [unit(t) for t in cat.TROOPS if t not in cat.COMPANY_TROOPS]
    variants += [
        unit("archers", formation="combined", rear="billmen"),
        unit("pikemen", formation="block"),
        unit("crossbowmen", pavises=True),
        unit("light-horse", arms="crossbows"),
        unit("archers", stakes=True),
    ]
    texts = [s for u in variants for s in rules.profile(u).specials]
    texts += [rules.reaction_text(t) for t in cat.TROOPS]
    texts += [cat.CHARGE, cat.PURSUIT, cat.NO_REROLLS, cat.COMBINED_REACTION]
    runs = own_words(texts)
    assert not runs, f"runs copied from the source: {runs[:5]}"
