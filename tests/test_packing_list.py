"""The packing list (issue 43): every rule system's pack carries ``packing-list.pdf``, and what it
says the pack prints is what the pack prints. Each system's two example armies are exported
with ``--only packing-list`` on A4 and Letter and the PDF is read back: every card and marker
kind with the pack's own count, each army's figures in all as its check counts them, its dice;
nothing within 5 mm of the edge, no text under 6 pt; the manifest lists the file."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pdfread
import pytest
from packs import RULESETS, armies
from printcheck import page_figures

from builder import registry
from builder.cli import main
from builder.commands.export import _load
from builder.core.packing import KIND
from builder.core.printables import Document
from builder.export.job import ExportJob, ExportOptions
from builder.export.pipeline.pack import printables, ruleset_kinds

#: Each example pair's dice as its rules give them, worked by hand (docs/rules/<system>.md):
#: per army, (die, count). Billhooks: Oxford's 12 men-at-arms fight 1.5 dice a figure, 18;
#: Norfolk's line of 24 archers shoots 24; a small die behind each archer unit. KISS (one die
#: a figure, doubled enfilading): 18 billmen 36, 16 archers 32. Feudal: 20 levy ten wide fight
#: 20 / 4 = 5; Normandy's 10 knights 10 / 3 = 3 (a remainder of 1 does not round up), as its
#: 12 sergeants 12 / 4 and its 10 bowmen 10 / 3. Shieldwall: 4 huscarls with Sigurd attached 5;
#: a stand of 6 thralls 6.
DICE = {
    "billhooks": ([("D6", 18), ("small D6", 3)], [("D6", 24), ("small D6", 1)]),
    "kiss": ([("D6", 36)], [("D6", 32)]),
    "feudal": ([("D10", 5)], [("D10", 3)]),
    "shieldwall": ([("D6", 5)], [("D6", 6)]),
}


def test_every_system_has_a_packing_list_and_the_examples() -> None:
    # The built-in systems (the tests' flat one prints a deck and a sheet, no more).
    assert set(registry.BUILT_IN) == set(RULESETS) == set(DICE)
    for name in registry.BUILT_IN:
        assert ruleset_kinds(name)[-1] == KIND, name


def _export(out: Path, ruleset: str, paper: str) -> Path:
    argv = ["export", *armies(ruleset), "--only", KIND, "--paper", paper, "--out", str(out)]
    assert main(argv) == 0
    return out


def _found(text: str, label: str) -> list[int]:
    """Every count printed before ``label`` ("16 ORDER"), the label not run on into a longer
    one."""
    return [int(n) for n in re.findall(rf"(?<![\d\w])(\d+) {re.escape(label)}(?![\w])", text)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_the_list_counts_what_the_pack_prints(tmp_path: Path, ruleset: str, paper: str) -> None:
    out = _export(tmp_path, ruleset, paper)
    loaded, collections = _load(armies(ruleset))
    pack = printables(ExportJob(loaded, ExportOptions(), collections))
    with pdfread.pages(out / "packing-list.pdf") as pages:
        text = " ".join(page.text for page in pages)
        for n, page in enumerate(pages, 1):
            figures = page_figures(page)
            assert figures.edge_mm >= 5 - 0.01, (ruleset, paper, n, figures.nearest)
            assert figures.min_pt >= 6 - 0.01, (ruleset, paper, n, figures.smallest)
    text = re.sub(r"\s+", " ", text)

    # Cards and markers: every kind label with the pack's own count, summed over the items.
    expected: Counter[tuple[str, int]] = Counter()
    labels: set[str] = set()
    for kind in pack.kinds:
        if not isinstance(pack.get(kind), Document):
            for label, count in pack.counts(kind).items():
                if count:
                    expected[(label, count)] += 1
                    labels.add(label)
    assert expected
    found = Counter((label, n) for label in labels for n in _found(text, label))
    assert found == expected, ruleset
    for document in ("roster.pdf", "crib-sheet.pdf"):
        assert document in text

    # Figures: each army's total as its check counts it, and each unit's own count.
    ruleset_ = registry.get_ruleset(ruleset)
    for item, dice in zip(loaded, DICE[ruleset], strict=True):
        summary = ruleset_.summary(item.army)
        total = sum(line.figures or 0 for line in summary.lines)
        assert f"Figures in all: {total}" in text, (item.army.name, total)
        for die, count in dice:
            assert f" {count} {die} " in f" {text} ", (item.army.name, die, count)
    if ruleset == "billhooks":
        # The small dice for arrow supply: one a tracker the pack prints.
        small = sum(int(n) for n in re.findall(r"(\d+) small D6", text))
        assert small == pack.counts("tokens")["ARROWS"] == 4


def test_the_manifest_lists_it(tmp_path: Path) -> None:
    out = _export(tmp_path, "shieldwall", "a4")
    data = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    (entry,) = data["files"]
    assert entry["file"] == "packing-list.pdf"
    assert entry["armies"] == [a["name"] for a in data["armies"]]
    assert entry["pages"] >= 1
