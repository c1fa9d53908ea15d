""":mod:`pdfread` reads a page's text as pdfplumber does: the text tests read PDFs with it (at
PDFium's speed) and still assert what pdfplumber would read. Each rule system's roster, crib
sheet and token sheets, every page: the same text, words, cropped text and search hits."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pdfread
import pytest

from builder.cli import main
from builder.resources import examples_dir

#: One example army of each rule system, and a deck of its cards.
ARMIES = {
    "lancaster.toml": "play-deck",
    "kiss-york.toml": "magnate-cards",
    "feudal-normandy.toml": "leader-cards",
    "shieldwall-saxon.toml": "leader-cards",
}


@pytest.fixture(scope="module")
def packs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    out = []
    for name, deck in ARMIES.items():
        folder = tmp_path_factory.mktemp(name.removesuffix(".toml"))
        assert (
            main(
                [
                    "export",
                    str(examples_dir() / name),
                    "--out",
                    str(folder),
                    "--only",
                    f"roster,crib-sheet,{deck}",
                ]
            )
            == 0
        )
        out += sorted(folder.glob("*.pdf"))
    return out


def test_every_system_s_documents_are_read_as_pdfplumber_reads_them(packs: list[Path]) -> None:
    read = 0
    for path in packs:
        with pdfplumber.open(path) as slow, pdfread.document(path) as fast:
            assert len(fast.pages) == len(slow.pages), path
            for a, b in zip(slow.pages, fast.pages, strict=True):
                where = f"{path.parent.name}/{path.name} page {a.page_number}"
                assert b.page_number == a.page_number
                assert (b.width, b.height) == pytest.approx((float(a.width), float(a.height)))
                assert b.extract_text() == a.extract_text(), where
                assert [w["text"] for w in b.extract_words()] == [
                    w["text"] for w in a.extract_words()
                ], where
                # The top half of the page, cut and kept whole.
                half = (0, 0, float(a.width), float(a.height) / 2)
                assert b.crop(half).extract_text() == a.crop(half).extract_text(), where
                assert b.within_bbox(half).extract_text() == a.within_bbox(half).extract_text(), (
                    where
                )
                first = a.extract_words()[0]["text"]
                assert [m["text"] for m in b.search(first, regex=False)] == [
                    m["text"] for m in a.search(first, regex=False)
                ], where
                read += 1
    assert len(packs) == 3 * len(ARMIES) and read >= len(packs)
