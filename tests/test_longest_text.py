"""Every system's cards, tokens and labels at the longest text its file allows (issue 24
item 5, beyond shieldwall's own test): each example army with every free-text field at the
length of the shortest such limit, exported at each card size and read back with
:func:`printcheck.overlaps`."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pdfread
import pytest
from printcheck import overlaps

from builder import armyfile
from builder.cli import main
from builder.core.schema import Field, walk
from builder.export.base import CARD_MM
from builder.export.pack import ruleset_kinds
from builder.registry import BUILT_IN, get_ruleset
from builder.resources import examples_dir

EXAMPLES = {
    "billhooks": "york.toml",
    "kiss": "kiss-york.toml",
    "feudal": "feudal-flanders.toml",
    "shieldwall": "shieldwall-norse.toml",
}
FILL = " Wulfwig Widemouth of the Westmarch"


def _free(spec: Field) -> bool:
    return spec.type == "str" and bool(spec.max_len) and not spec.choices and not spec.path


def lengthened(path: Path, folder: Path) -> Path:
    """The army with each free-text field at the shortest free-text limit, through one map
    of old value to new, so a field that names a record (a stand's leader) still names it."""
    army = armyfile.load(path)
    schema = get_ruleset(army.ruleset).schema
    limits = [
        spec.max_len
        for node in walk(army, schema)
        for spec in node.table.fields
        if _free(spec) and spec.max_len
    ]
    n = min(limits)
    longer: dict[str, str] = {}
    for node in walk(army, schema):
        for spec in node.table.fields:
            value = getattr(node.record, spec.key)
            if _free(spec) and isinstance(value, str) and value:
                if value not in longer:
                    longer[value] = (value + FILL * 4)[:n].rstrip().ljust(n, "W")
                setattr(node.record, spec.key, longer[value])
    target = folder / path.name
    target.write_text(armyfile.dumps(army), encoding="utf-8")
    return target


@pytest.mark.parametrize("size", list(CARD_MM))
@pytest.mark.parametrize("ruleset", list(BUILT_IN))
def test_the_longest_text_draws_nothing_over_anything(
    ruleset: str, size: str, tmp_path: Path
) -> None:
    army = lengthened(examples_dir() / EXAMPLES[ruleset], tmp_path)
    kinds = [k for k in ruleset_kinds(ruleset) if k not in ("roster", "crib-sheet")]
    out = tmp_path / "pack"
    assert (
        main(
            ["export", str(army), "--out", str(out), "--card-size", size, "--only", ",".join(kinds)]
        )
        == 0
    )
    found = []
    for pdf_path in sorted(out.glob("*.pdf")):
        with pdfread.pages(pdf_path) as pages:
            for n, page in enumerate(pages, 1):
                found += [f"{pdf_path.name} p{n}: {o}" for o in overlaps(page)]
    assert found == [], found[:6]


def test_stat_notes_that_do_not_fit_go_on_to_a_continuation_card(tmp_path: Path) -> None:
    """Feudal leaders at mini with the longest names: the stat rows cannot hold their notes,
    so the last notes move to a second card, whole, and the numbers and boxes stay."""
    army = lengthened(examples_dir() / EXAMPLES["feudal"], tmp_path)
    out = tmp_path / "pack"
    assert (
        main(
            [
                "export",
                str(army),
                "--out",
                str(out),
                "--card-size",
                "mini",
                "--only",
                "leader-cards",
            ]
        )
        == 0
    )
    with pdfread.document(out / "leader-cards.pdf") as pdf:
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
    leaders = len(tomllib.loads(army.read_text(encoding="utf-8"))["battles"])
    # Each leader's reminder is printed once, in his stat row or on his second card (the
    # cards' lines interleave in the text read back, so it is counted by its first word).
    assert text.split().count("cross") == leaders
    moved = text.count("Command points: cross")
    assert moved >= 1
    assert text.count("continued") == moved
