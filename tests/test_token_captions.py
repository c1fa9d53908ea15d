"""Every token's caption prints whole (issue 24.13): for every example of every ruleset, each
token sheet's PDF read back (:mod:`pdfread`) holds every word of every token's caption (the
army's or side's name, the leader's, the reminder) as many times as tokens bear it, and no
word cut short with "…"."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pdfread
import pytest

from builder.commands.share import source
from builder.core.printables import TokenSheet
from builder.eventfile import is_event_file
from builder.export.job import ExportJob
from builder.export.pipeline.pack import printables, write_kind
from builder.resources import examples_dir

EXAMPLES = [
    p
    for p in sorted(examples_dir().glob("*.toml"))
    if not p.name.endswith("collection.toml") and not is_event_file(p)
]


def words(text: str) -> list[str]:
    return text.replace("\u2019", "'").split()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_token_caption_prints_whole(tmp_path: Path, path: Path) -> None:
    job = ExportJob((source(str(path)),))
    pack = printables(job)
    sheets = [(kind, item) for kind in pack.kinds if isinstance(item := pack.get(kind), TokenSheet)]
    assert sheets
    captions = 0
    for kind, sheet in sheets:
        wanted: Counter[str] = Counter()
        for group in sheet.groups:
            for token in group.tokens:
                for _ in range(token.count):
                    wanted.update(words(token.caption))
                captions += bool(token.caption)
        pdf = tmp_path / f"{kind}.pdf"
        write_kind(job, kind, pdf)
        with pdfread.document(pdf) as doc:
            printed = [w["text"] for page in doc.pages for w in page.extract_words()]
        assert not [w for w in printed if "…" in w], kind
        assert wanted - Counter(words(" ".join(printed))) == Counter(), kind
    assert captions
