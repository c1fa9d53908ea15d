"""Every system's cards, tokens and labels at the longest text its file allows (issue 24
item 5, beyond shieldwall's own test): each example army with every free-text field at the
length of the shortest such limit, exported at each card size and read back with
:func:`printcheck.overlaps`."""

from __future__ import annotations

from pathlib import Path

import pdfread
import pytest
from printcheck import overlaps

from builder import armyfile
from builder.cli import main
from builder.core.schema import Field, walk
from builder.export.job import CARD_MM
from builder.export.pipeline.pack import ruleset_kinds
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
    """Feudal leaders with the longest names on a card shorter than a mini card (a mini card
    now holds them, its frame and rows drawn smaller): the stat rows cannot hold their
    notes, so the last notes move to a second card, whole, and the numbers stay."""
    from builder.commands.export import _load
    from builder.core.printables import Deck, Paragraphs, StatRows
    from builder.export.drawing.faces import face_parts
    from builder.export.job import ExportJob, ExportOptions
    from builder.export.pipeline.pack import printables

    army = lengthened(examples_dir() / EXAMPLES["feudal"], tmp_path)
    armies, _ = _load([str(army)])
    deck = printables(ExportJob(armies, ExportOptions(card_size="mini"))).get("leader-cards")
    assert isinstance(deck, Deck)
    moved = 0
    for face in deck.cards:
        rows = next(b for b in face.blocks if isinstance(b, StatRows))
        parts = face_parts(face, (CARD_MM["mini"][0], 50.0))
        first = next(b for b in parts[0].blocks if isinstance(b, StatRows))
        # The numbers stay on the first card, every row of them.
        assert [(r.name, r.value) for r in first.rows] == [(r.name, r.value) for r in rows.rows]
        later = [
            t for p in parts[1:] for b in p.blocks if isinstance(b, Paragraphs) for t in b.texts
        ]
        for row, kept in zip(rows.rows, first.rows, strict=True):
            if row.note and not kept.note:
                # Moved whole, named, once.
                assert sum(t == f"{row.name}: {row.note}" for t in later) == 1, row.name
                moved += 1
    assert moved >= 1
