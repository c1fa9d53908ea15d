"""``export --large-print`` (issue 42.7): the roster and crib sheets of every rule system set
no type under 8 pt, nothing within 5 mm of the paper's edge, on the paper asked for (turned
landscape), and the manifest says so. The switch is the documents' page
(builder.export.documents.weasy: laid out smaller, printed larger), so a template needs nothing of
its own to follow it."""

from __future__ import annotations

import json
from pathlib import Path

import pdfread
import pytest
from packs import RULESETS, armies
from printcheck import pdf_figures

from builder.cli import main
from builder.export.job import PAPER_MM

DOCUMENTS = ("roster", "crib-sheet")


@pytest.fixture(scope="module", params=list(RULESETS))
def large(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp(f"large-{request.param}")
    only = ",".join(DOCUMENTS)
    assert (
        main(["export", *armies(request.param), "--out", str(out), "--only", only, "--large-print"])
        == 0
    )
    return out


def test_no_type_under_8_pt_nor_near_the_edge(large: Path) -> None:
    for kind in DOCUMENTS:
        edge, pt, nearest = pdf_figures(large / f"{kind}.pdf")
        assert pt >= 8 - 1e-6, (kind, pt)
        assert edge >= 5, (kind, edge, nearest)


def test_on_the_paper_asked_for_turned_landscape(large: Path) -> None:
    width, height = PAPER_MM["a4"]
    for kind in DOCUMENTS:
        with pdfread.pages(large / f"{kind}.pdf") as pages:
            for page in pages:
                assert abs(page.width / 72 * 25.4 - height) < 0.05
                assert abs(page.height / 72 * 25.4 - width) < 0.05
    manifest = json.loads((large / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["large_print"] is True


def test_without_it_the_type_is_smaller(tmp_path: Path) -> None:
    """The normal crib sheet sets its smallest type under 8 pt (so the test above can fail)."""
    assert (
        main(["export", *armies("billhooks"), "--out", str(tmp_path), "--only", "crib-sheet"]) == 0
    )
    assert pdf_figures(tmp_path / "crib-sheet.pdf")[1] < 8
    assert (
        json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))["large_print"] is False
    )
