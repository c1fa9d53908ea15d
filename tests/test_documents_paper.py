"""The crib sheet of every example army on Letter as on A4: Letter is 17.6 mm shorter, so its
margins give some of that back, and no crib sheet takes more sheets on Letter than on A4;
nothing is printed within 5 mm of a Letter page's edge. (The rosters lay out in one box on
both papers: tests/test_roster_frame.py.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from builder.cli import main
from builder.resources import examples_dir

MM = 72 / 25.4
EXAMPLES = sorted(p.name for p in examples_dir().glob("*.toml") if p.name != "collection.toml")


def pages(out: Path, army: str, paper: str) -> dict[str, Any]:
    assert main(["export", str(examples_dir() / army), "--paper", paper,
                 "--only", "crib-sheet", "--out", str(out)]) == 0
    return {name: pdfplumber.open(out / name) for name in ("crib-sheet.pdf",)}


@pytest.mark.parametrize("army", EXAMPLES)
def test_letter_takes_no_more_pages_than_a4(tmp_path: Path, army: str) -> None:
    a4 = pages(tmp_path / "a4", army, "a4")
    letter = pages(tmp_path / "letter", army, "letter")
    for name, pdf in letter.items():
        assert len(pdf.pages) <= len(a4[name].pages), (army, name)
        for page in pdf.pages:
            assert page.height / MM == pytest.approx(279.4, abs=0.05)
            for word in page.extract_words():
                assert word["x0"] / MM >= 5 and (page.width - word["x1"]) / MM >= 5, word
                assert word["top"] / MM >= 5 and (page.height - word["bottom"]) / MM >= 5, word
        pdf.close()
    for pdf in a4.values():
        pdf.close()
