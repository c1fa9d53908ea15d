"""No card, token or label of any rule system draws text over text or a tick box into its
footer band (issue 24 item 5): one example of each system, its sheets (not the roster and
crib sheet) at poker, mini and tarot size, read back with :func:`printcheck.overlaps`."""

from __future__ import annotations

import json
from pathlib import Path

import pdfread
import pytest
from armies import EXAMPLE_OF
from printcheck import overlaps

from builder import armyfile
from builder.cli import main
from builder.export.job import ArmyInput
from builder.export.pipeline.manifest import entry_kinds
from builder.export.pipeline.pack import print_options
from builder.registry import get_ruleset
from builder.resources import examples_dir

EXAMPLES = list(EXAMPLE_OF.values())


def sheet_kinds(path: Path) -> list[str]:
    army = armyfile.load(str(path))
    source = ArmyInput(army, path, path.read_text(encoding="utf-8"))
    ruleset = get_ruleset(army.ruleset)
    kinds = ruleset.printables([source], print_options(ruleset)).kinds
    return [k for k in kinds if k not in ("roster", "crib-sheet")]


@pytest.mark.parametrize("size", ["poker", "mini", "tarot"])
@pytest.mark.parametrize("example", EXAMPLES)
def test_no_sheet_draws_over_itself(example: str, size: str, tmp_path: Path) -> None:
    path = examples_dir() / example
    kinds = sheet_kinds(path)
    assert {"tokens"} <= set(kinds) and len(kinds) >= 2
    assert (
        main(
            [
                "export",
                str(path),
                "--out",
                str(tmp_path),
                "--card-size",
                size,
                "--only",
                ",".join(kinds),
            ]
        )
        == 0
    )
    # Every kind is in a file (the single-sided ones share tokens.pdf), and each file is read.
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert sorted(k for e in manifest["files"] for k in entry_kinds(e)) == sorted(kinds)
    pdfs = sorted(tmp_path.glob("*.pdf"))
    assert {p.name for p in pdfs} == {e["file"] for e in manifest["files"]}
    for pdf_path in pdfs:
        with pdfread.pages(pdf_path) as pages:
            for n, page in enumerate(pages, 1):
                assert overlaps(page) == [], (pdf_path.name, n)
