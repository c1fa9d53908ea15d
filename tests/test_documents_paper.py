"""Every rule system's crib sheet on Letter as on A4: Letter is 17.6 mm shorter, so its
margins give some of that back, and no crib sheet takes more sheets on Letter than on A4;
nothing is printed within 5 mm of a Letter page's edge, and no text under 6 pt. (The rosters
lay out in one box on both papers: tests/test_roster_frame.py.)

A crib sheet is its system's, whatever the army: one example army of each system prints it."""

from __future__ import annotations

from pathlib import Path

import pdfread
import pytest
from packs import RULESETS
from printcheck import page_figures

from builder.cli import main
from builder.resources import examples_dir

MM = 72 / 25.4


def crib_sheet(out: Path, army: str, paper: str) -> Path:
    assert (
        main(
            [
                "export",
                str(examples_dir() / army),
                "--paper",
                paper,
                "--only",
                "crib-sheet",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    return out / "crib-sheet.pdf"


@pytest.mark.parametrize("army", [armies[0] for armies in RULESETS.values()])
def test_letter_takes_no_more_pages_than_a4(tmp_path: Path, army: str) -> None:
    with (
        pdfread.pages(crib_sheet(tmp_path / "a4", army, "a4")) as a4,
        pdfread.pages(crib_sheet(tmp_path / "letter", army, "letter")) as letter,
    ):
        assert len(letter) <= len(a4), army
        for n, page in enumerate(letter, 1):
            assert page.height / MM == pytest.approx(279.4, abs=0.05)
            figures = page_figures(page)
            assert figures.edge_mm >= 5 - 0.01, (army, n, figures.nearest)
            assert figures.min_pt >= 6 - 0.01, (army, n, figures.smallest)
