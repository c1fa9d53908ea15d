"""Shieldwall print-pack numbers and words the audit found wrong (issue 23, item 5), read back
from the exported PDFs: berserkers not yet berserk roll in melee, no WEDGE marker for 0-2
stands, the banner card's berserk bonus going forward too, and the roster's expected hits from
the melee dice it prints."""

from __future__ import annotations

from pathlib import Path

import pdfread
import pytest

from builder.cli import main

ARMY = """\
ruleset = "shieldwall"
name = "Small host"
side = "Norse"
banner = true

[[leaders]]
name = "Sigurd"
role = "commander"

[[stands]]
label = "Hearth-troop"
quality = "huscarl"
figures = 4
armour = "mail"
weapon = "axe"
leader = "Sigurd"

[[stands]]
label = "Wolf-coats"
quality = "berserker"
figures = 4
armour = "none"
weapon = "axe"
mounted = true
"""


def _text(path: Path) -> str:
    with pdfread.document(path) as pdf:
        return " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)


def _column_text(path: Path) -> str:
    """Each page's left half, then its right (two-column sheets read apart)."""
    out = []
    with pdfread.document(path) as pdf:
        for page in pdf.pages:
            half = page.width / 2
            for box in ((0, 0, half, page.height), (half, 0, page.width, page.height)):
                out.append(" ".join((page.crop(box).extract_text() or "").split()))
    return " ".join(out)


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("shieldwall-fix")
    army = folder / "army.toml"
    army.write_text(ARMY, encoding="utf-8")
    assert main(["export", str(army), "--out", str(folder / "pack")]) == 0
    return folder / "pack"


def test_only_a_berserker_not_yet_berserk_must_roll_in_melee(pack: Path) -> None:
    crib = _column_text(pack / "crib-sheet.pdf")
    assert "A stand that is not yet berserk must roll once it is in melee" in crib
    assert "Out of control or not" not in crib
    roster = _text(pack / "roster.pdf")
    assert "a roll it must make in melee while not yet berserk" in roster


def test_two_stands_get_no_wedge_marker(pack: Path) -> None:
    tokens = _text(pack / "tokens.pdf")
    assert "WOUND" in tokens and "BERSERK" in tokens
    assert "WEDGE" not in tokens


def test_the_banner_card_keeps_going_forward_in_the_berserk_bonus(pack: Path) -> None:
    with pdfread.document(pack / "tokens.pdf") as pdf:  # the leader cards' shared sheets
        page, label = next(
            (p, w) for p in pdf.pages for w in p.extract_words() if w["text"] == "BANNER"
        )
        # The banner card is the second of its row: from its label to the next card.
        box = (label["x0"] - 5, 0, min(page.width, label["x0"] + 175), page.height)
        card = " ".join((page.crop(box).extract_text() or "").split())
    assert "With berserkers, or going forward near them: +1 to their roll to go berserk" in card


def test_expected_hits_roll_the_melee_dice_the_roster_prints(pack: Path) -> None:
    """Each stand's melee dice and the dice of its expected melee round, read from the
    roster's columns: Sigurd's huscarls 4 figures + Sigurd = 5 dice; the mounted berserkers
    4 + 1 = 5."""
    from rostercheck import unit_cells, widths

    from builder import armyfile
    from builder.systems.shieldwall.model import Army
    from builder.systems.shieldwall.roster import COLUMNS, table

    army = armyfile.load(pack.parent / "army.toml")
    assert isinstance(army, Army)
    columns = widths(table(army))
    melee, action = (
        next(i for i, c in enumerate(COLUMNS) if c.heading == name) for name in ("Melee", "Action")
    )
    with pdfread.document(pack / "roster.pdf") as pdf:
        rows = [
            unit_cells(pdf.pages[0], columns, title, "wounds")
            for title in ("Hearth-troop", "Wolf-coats")
        ]
    assert [row[melee] for row in rows] == ["5", "5"]
    assert [row[action] for row in rows] == ["melee, 5 dice"] * 2
