"""Shieldwall faces lay out without overlap for any allowed text (issue 24 item 5): an army
with the longest values the schema allows (names and labels of 80 characters, a side of 40,
leaders of 12 figures) is printed on every card size, and the PDFs are read back: no two
strings' letters cross, no letter is half in a tick box, no tick box reaches into the footer
band, and the stand labels keep every stat at 9 pt or more."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pdfread
import pytest
from printcheck import overlaps

from builder.cli import main
from builder.core.schema import NAME_MAX, Table
from builder.export.job import CARD_MM
from builder.systems.shieldwall import rules as cat
from builder.systems.shieldwall.schema import LEADER, STAND

MM = 72 / 25.4


def max_len(table: Table, key: str) -> int:
    found = next(f.max_len for f in table.fields if f.key == key)
    assert found is not None, key
    return found


def longest(words: str, n: int) -> str:
    """``words`` repeated to exactly ``n`` characters (wide letters: the worst for width)."""
    return (words * (n // len(words) + 1))[:n].rstrip().ljust(n, "W")


def army_text(tag: str, spaced: bool) -> str:
    """An army at every length limit: spaced words, or one unbroken run of W's."""

    def text(n: int) -> str:
        return longest(f"{tag} Wulfwig Widemouth ", n) if spaced else tag + "W" * (n - 1)

    leader_len = max_len(LEADER, "name")
    chief, hero = text(leader_len), "H" + text(leader_len)[1:]
    label = max_len(STAND, "label")
    return f"""ruleset = "shieldwall"
name = "{text(NAME_MAX)}"
side = "{text(cat.SIDES.max_len)}"
banner = true

[[leaders]]
name = "{chief}"
role = "commander"
figures = {cat.MAX_FIGURES}

[[leaders]]
name = "{hero}"
role = "hero"
figures = 1

[[stands]]
label = "{text(label)}"
quality = "berserker"
figures = {cat.MAX_FIGURES}
armour = "mail"
weapon = "sharpshooter"
mounted = true
leader = "{chief}"

[[stands]]
label = "{text(label)}"
quality = "thrall"
figures = 1
armour = "none"
weapon = "bow"
leader = "{hero}"
"""


@pytest.fixture(scope="module")
def armies(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("longest")
    paths = []
    for tag, spaced in (("A", True), ("B", False)):
        path = folder / f"longest-{tag}.toml"
        path.write_text(army_text(tag, spaced), encoding="utf-8")
        paths.append(str(path))
    return paths


@pytest.mark.parametrize("size", list(CARD_MM))
def test_the_longest_allowed_text_lays_out_without_overlap(
    armies: list[str], size: str, tmp_path: Path
) -> None:
    assert (
        main(
            [
                "export",
                *armies,
                "--out",
                str(tmp_path),
                "--card-size",
                size,
                "--only",
                "leader-cards,stand-labels",
            ]
        )
        == 0
    )
    for name in ("tokens.pdf",):  # the stand labels and leader cards on the shared sheets
        with pdfread.document(tmp_path / name) as pdf:
            fronts = [p for p in pdf.pages if "backs, mirrored" not in (p.extract_text() or "")]
            assert fronts
            # The test sees what it checks: tick boxes and a shaded footer on the cards (a
            # page of the shared sheets may hold markers alone).
            assert any(r["stroke"] for page in fronts for r in page.rects)
            for page in fronts:
                assert overlaps(page) == [], (name, size, page.page_number)


def test_the_longest_stand_keeps_its_numbers_at_9_pt(armies: list[str], tmp_path: Path) -> None:
    """A mounted berserker stand of 12 sharpshooters with its commander: the widest values."""
    assert main(["export", *armies, "--out", str(tmp_path), "--only", "stand-labels"]) == 0
    with pdfread.document(tmp_path / "tokens.pdf") as pdf:
        text = "\n".join(p.extract_text() or "" for p in pdf.pages)
        big = [
            ch
            for p in pdf.pages
            for ch in p.chars
            if ch["fontname"].endswith("Bold") and ch["size"] >= 9.0
        ]
    assert text.count('25D 12"/24"') == 2 and text.count("6-5-4-3") == 2
    assert text.count("14D") == 2 and text.count("2D 3-6") == 2
    assert "…" not in "".join(ch["text"] for ch in big)


@pytest.mark.parametrize("reader", ["pdfplumber", "pdfium"])
def test_overlaps_sees_a_box_in_the_footer_band(reader: str) -> None:
    """The checker itself: a tick box drawn over a shaded band, and two strings drawn over
    each other, are found, on pages read by pdfplumber and by PDFium (:mod:`pdfread`, which
    the card tests read with)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from builder.export.drawing import fonts
    from builder.export.drawing.artwork import tick_box
    from builder.export.drawing.palette import PARCHMENT_DARK

    fonts.register()
    buf = io.BytesIO()
    c = Canvas(buf)
    c.setFillColorRGB(*PARCHMENT_DARK)
    c.rect(100, 100, 150, 15, stroke=0, fill=1)
    tick_box(c, 200, 102, 12)
    c.setFont(fonts.CAPS, 9)
    c.drawString(100, 104, "WOUNDS")
    c.drawString(118, 104, "NORSE")
    c.showPage()
    c.save()
    if reader == "pdfium":
        with pdfread.pages(buf.getvalue()) as pages:
            found = overlaps(pages[0])
    else:
        buf.seek(0)
        with pdfplumber.open(buf) as pdf:
            found = overlaps(pdf.pages[0])
    assert any("shaded band" in f for f in found)
    assert any("crosses" in f for f in found)
