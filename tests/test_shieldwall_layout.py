"""Shieldwall faces lay out without overlap for any allowed text (issue 24 item 5): an army
with the longest values the schema allows (names and labels of 80 characters, a side of 40,
leaders of 12 figures) is printed on every card size, and the PDFs are read back: no two
strings' letters cross, no letter is half in a tick box, no tick box reaches into the footer
band, and the stand labels keep every stat at 9 pt or more."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from builder.cli import main
from builder.export.base import CARD_MM
from builder.export.draw import PARCHMENT_DARK
from builder.rules.schema import NAME_MAX, Table
from builder.rules.shieldwall import catalogue as cat
from builder.rules.shieldwall.schema import LEADER, STAND

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


def runs(page: Any) -> list[list[dict[str, Any]]]:
    """The page's letters grouped into the strings they were drawn in: one font and size,
    one baseline, going right."""
    out: list[list[dict[str, Any]]] = []
    for ch in page.chars:
        if not ch["text"].strip():
            continue
        last = out[-1][-1] if out else None
        if last is not None and last["fontname"] == ch["fontname"] \
                and abs(last["size"] - ch["size"]) < 0.01 and abs(last["y0"] - ch["y0"]) < 0.05 \
                and ch["x0"] >= last["x0"] - 0.01:
            out[-1].append(ch)
        else:
            out.append([ch])
    return out


def box(ch: dict[str, Any]) -> tuple[float, float, float, float]:
    """A letter's box, its em height less the leading's share (lines of one paragraph are
    set 1.18 em apart, so the em boxes of two lines just clear)."""
    trim = 0.1 * ch["size"]
    return (ch["x0"] + 0.1, ch["top"] + trim, ch["x1"] - 0.1, ch["bottom"] - trim)


def crosses(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return b[0] <= a[0] and a[2] <= b[2] and b[1] <= a[1] and a[3] <= b[3]


def overlaps(page: Any) -> list[str]:
    """Every pair of letters of two strings whose boxes cross; every letter that is partly
    in a tick box; every tick box that reaches into a shaded band (the footer)."""
    found = []
    letters = [(i, ch, box(ch)) for i, run in enumerate(runs(page)) for ch in run]
    letters.sort(key=lambda t: t[2][1])
    for n, (i, ch, b) in enumerate(letters):
        for j, other, ob in letters[n + 1:]:
            if ob[1] >= b[3]:
                break
            if i != j and crosses(b, ob):
                found.append(f"{ch['text']!r} at {ch['x0']:.1f},{ch['top']:.1f} "
                             f"crosses {other['text']!r}")
    ticks = [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects
             if r["stroke"] and 1.5 * MM < r["width"] < 6 * MM
             and abs(r["width"] - r["height"]) < 0.1]
    shade = [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects
             if r["fill"] and not r["stroke"] and r["non_stroking_color"] is not None
             and all(abs(a - b) < 0.01 for a, b in zip(r["non_stroking_color"],
                                                      PARCHMENT_DARK, strict=False))]
    for t in ticks:
        for _, ch, b in letters:
            if crosses(b, t) and not inside(b, t):
                found.append(f"{ch['text']!r} at {ch['x0']:.1f},{ch['top']:.1f} half in a box")
        found += [f"a tick box at {t[0]:.1f},{t[1]:.1f} in a shaded band"
                  for s in shade if crosses(t, s)]
    return found


@pytest.mark.parametrize("size", list(CARD_MM))
def test_the_longest_allowed_text_lays_out_without_overlap(armies: list[str], size: str,
                                                           tmp_path: Path) -> None:
    assert main(["export", *armies, "--out", str(tmp_path), "--card-size", size,
                 "--only", "leader-cards,stand-labels"]) == 0
    for name in ("leader-cards.pdf", "stand-labels.pdf"):
        with pdfplumber.open(tmp_path / name) as pdf:
            fronts = [p for p in pdf.pages if "backs, mirrored" not in (p.extract_text() or "")]
            assert fronts
            for page in fronts:
                # The test sees what it checks: tick boxes and a shaded footer on the cards.
                assert any(r["stroke"] for r in page.rects)
                assert overlaps(page) == [], (name, size, page.page_number)


def test_the_longest_stand_keeps_its_numbers_at_9_pt(armies: list[str], tmp_path: Path) -> None:
    """A mounted berserker stand of 12 sharpshooters with its commander: the widest values."""
    assert main(["export", *armies, "--out", str(tmp_path), "--only", "stand-labels"]) == 0
    with pdfplumber.open(tmp_path / "stand-labels.pdf") as pdf:
        text = "\n".join(p.extract_text() or "" for p in pdf.pages)
        big = [ch for p in pdf.pages for ch in p.chars if ch["fontname"].endswith("Bold")
               and ch["size"] >= 9.0]
    assert text.count('25D 12"/24"') == 2 and text.count("6-5-4-3") == 2
    assert text.count("14D") == 2 and text.count("2D 3-6") == 2
    assert "…" not in "".join(ch["text"] for ch in big)


def test_overlaps_sees_a_box_in_the_footer_band() -> None:
    """The checker itself: a tick box drawn over a shaded band, and two strings drawn over
    each other, are found."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from builder.export import fonts
    from builder.export.draw import tick_box

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
    buf.seek(0)
    with pdfplumber.open(buf) as pdf:
        found = overlaps(pdf.pages[0])
    assert any("shaded band" in f for f in found)
    assert any("crosses" in f for f in found)
