"""The shieldwall print pack (issue 17 "The print pack"): every file of the contract table is
written, every label's count read back from the PDFs equals the hand count (and
printcounts'), stand labels are 63.5 x 44.5 mm, the crib sheet is two sides, and nothing is
printed within 5 mm of an edge or under 6 pt."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pdfplumber
import pdfread
import pytest
from printcheck import pdf_figures

from builder import armyfile
from builder.cli import main
from builder.export.pipeline.pack import print_options
from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.systems.shieldwall.model import Army
from builder.systems.shieldwall.printcounts import LABELS, counts

MM = 72 / 25.4
ARMIES = [str(examples_dir() / f"shieldwall-{n}.toml") for n in ("norse", "saxon")]
#: The stand labels share the token sheets (issue 24.9), and so do the leader cards, never
#: dealt (issue 42).
FILES = [
    "crib-sheet.pdf",
    "manifest.json",
    "packing-list.pdf",
    "roster.pdf",
    "tokens.pdf",
]


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("shieldwall-pack")
    assert main(["export", *ARMIES, "--out", str(out)]) == 0
    return out


def labels_on(path: Path) -> Counter[str]:
    """Every contract label printed on the fronts (backs carry the deck's name)."""
    found: Counter[str] = Counter()
    with pdfread.document(path) as pdf:
        for page in pdf.pages:
            text = page.extract_text() or ""
            if "backs, mirrored" in text:
                continue
            for label in LABELS:
                found[label] += len(re.findall(rf"(?<![\w-]){re.escape(label)}(?![\w-])", text))
    return +found


def test_the_pack_holds_the_contract_files(pack: Path) -> None:
    assert sorted(p.name for p in pack.iterdir()) == FILES
    manifest = json.loads((pack / "manifest.json").read_text(encoding="utf-8"))
    assert [a["file"] for a in manifest["armies"]] == [Path(a).name for a in ARMIES]


def test_counts_read_back_from_the_pdfs(pack: Path) -> None:
    # By hand (tests/test_shieldwall_printcounts.py): 16 stands and Thorkell on his own, 2
    # commanders, 2 heroes, a banner; 32 wounds, 13 of each shieldwall, 5 wedges, 2 berserk.
    assert labels_on(pack / "tokens.pdf") == {
        "COMMANDER": 2,
        "HERO": 2,
        "BANNER": 1,
        "STAND": 17,
        "WOUND": 32,
        "LOOSE SHIELDWALL": 13,
        "TIGHT SHIELDWALL": 13,
        "WEDGE": 5,
        "BERSERK": 2,
    }
    armies = [a for a in map(armyfile.load, ARMIES) if isinstance(a, Army)]
    assert len(armies) == 2
    assert labels_on(pack / "tokens.pdf") == +Counter(counts(armies))


def test_stand_labels_are_63_5_by_44_5_mm(pack: Path) -> None:
    with pdfread.document(pack / "tokens.pdf") as pdf:
        rects = [
            r
            for page in pdf.pages
            for r in page.rects
            if abs(r["width"] - 63.5 * MM) < 0.5 and abs(r["height"] - 44.5 * MM) < 0.5
        ]
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert len(rects) >= 16
    # Two labels each (Sigurd's leader card, on the same sheets, names his Hearth-troop too).
    assert text.count("Hearth-troop") == 3 and text.count("Great fyrd") == 2
    assert "led by Sigurd, army commander" in text


#: A stand label's stat cells, in order, and each one's value for the first Hearth-troop
#: (Sigurd with it: +1 bravery and melee die), the Bowmen and the Finnish archers.
STATS = ("BRAVERY", "HITS", "MELEE", "SHOOTING", "SAVE", "MOVE")
WANT = {
    "Hearth-troop": ("2D 4-6", "6-5-4", "5D", "\u2013", "4-6", '3D6"'),
    "Bowmen": ("1D 5-6", "6-5", "4D", '4D 12"/24"', "6", '3D6"'),
    "Finnish archers": ("1D 6", "6", "2D", '4D 12"/24"', "6", '3D6"'),
}


def label_cells(page: Any) -> list[dict[str, Any]]:
    """Each stand label of a page: its title, its note and per stat its value's words and
    their smallest size, found under the stat's name in the name's cell."""
    words = page.extract_words(extra_attrs=["size"], keep_blank_chars=True, x_tolerance=1.5)
    labels = []
    for band in (w for w in words if w["text"] == "STAND"):
        box = (band["x0"] - 3, band["top"] - 3, band["x0"] + 63.5 * MM, band["top"] + 44 * MM)
        inside = [
            w
            for w in words
            if box[0] <= w["x0"]
            and w["x1"] <= box[2]
            and box[1] <= w["top"]
            and w["bottom"] <= box[3]
        ]
        found: dict[str, Any] = {
            "title": inside[2]["text"] if len(inside) > 2 else "",
            "text": " ".join(w["text"] for w in inside),
        }
        for name in STATS:
            head = next(w for w in inside if w["text"] == name)
            # The value: the words just below the name, overlapping it across.
            below = [
                w
                for w in inside
                if 0 < w["top"] - head["bottom"] < 6 * MM
                and w["x0"] < head["x1"] + 4 * MM
                and w["x1"] > head["x0"] - 4 * MM
                and w["text"] not in STATS
            ]
            line = [w for w in below if abs(w["top"] - min(b["top"] for b in below)) < 1]
            found[name] = (
                " ".join(w["text"] for w in sorted(line, key=lambda w: w["x0"])),
                min(w["size"] for w in line),
            )
        labels.append(found)
    return labels


def test_stand_labels_are_stat_lines_with_the_leader_named(pack: Path) -> None:
    """Issue 24 item 4: every label has each stat in its own labelled cell, the value at
    9 pt or more; a bow stand's range is printed; the stand with a leader names him."""
    armies = [a for a in map(armyfile.load, ARMIES) if isinstance(a, Army)]
    with pdfread.document(pack / "tokens.pdf") as pdf:
        labels = [cell for page in pdf.pages for cell in label_cells(page)]
    assert len(labels) == 17  # 16 stands and Thorkell, attached to no stand
    for cells in labels:
        for name in STATS:
            value, size = cells[name]
            assert value, (cells["title"], name)
            assert size >= 9.0, (cells["title"], name, size)
    first = {cells["title"]: cells for cells in reversed(labels)}
    for title, values in WANT.items():
        assert tuple(first[title][n][0] for n in STATS) == values, title
    led = {s.label: s.leader for a in armies for s in a.stands if s.leader}
    assert led == {
        "Hearth-troop": "Sigurd",
        "Earl's huscarls": "Byrhtnoth",
        "Thegns on horse": "Wulfmaer",
    }
    for cells in labels:
        shoots = '12"/24"' in cells["SHOOTING"][0]
        named = [n for n in ("Sigurd", "Byrhtnoth", "Wulfmaer") if f"led by {n}" in cells["text"]]
        if cells["title"] in ("Bowmen", "Finnish archers", "Fyrd bowmen"):
            assert shoots, cells["title"]
        else:
            assert not shoots and cells["SHOOTING"][0] == "\u2013", cells["title"]
        if cells["title"] in ("Earl's huscarls", "Thegns on horse"):
            assert named == [led[cells["title"]]]
    # One Hearth-troop has Sigurd, the other no one.
    troops = [c for c in labels if c["title"] == "Hearth-troop"]
    assert sorted("led by Sigurd" in c["text"] for c in troops) == [False, True]


def test_the_crib_sheet_is_two_sheets_and_the_roster_has_every_stand(pack: Path) -> None:
    with pdfread.document(pack / "crib-sheet.pdf") as pdf:
        assert len(pdf.pages) == 4  # the crib, then "Situations and readings"
        crib = "\n".join(page.extract_text() or "" for page in pdf.pages)
    for heading in (
        "Initiative",
        "Movement",
        "Formations",
        "The wedge",
        "Bravery",
        "Going berserk",
        "Shooting",
        "Melee",
        "Hits",
        "Saves",
        "Seeing",
        "Commanders and heroes",
    ):
        assert heading.lower() in crib.lower(), heading
    with pdfread.document(pack / "roster.pdf") as pdf:
        roster = "\n".join(page.extract_text() or "" for page in pdf.pages)
    # The second Hearth-troop's melee round: its dice, hits, and unsaved hits against none or
    # a helmet, a shield and mail, on one line under their headings.
    for name in (
        "Jarl Sigurd's host",
        "Earl Byrhtnoth's fyrd",
        "Ulfhednar",
        "Thegns on horse",
        "melee, 4 dice 1.25 1.04 0.83 0.63",
    ):
        assert name in " ".join(roster.split()), name


@pytest.mark.parametrize("name", [f for f in FILES if f.endswith(".pdf")])
def test_nothing_near_an_edge_or_too_small(pack: Path, name: str) -> None:
    edge, smallest, nearest = pdf_figures(pack / name)
    assert edge >= 4.99, nearest
    assert smallest >= 5.99


def test_the_pack_as_data_counts_what_printcounts_counts() -> None:
    """Without a PDF: each printable's labels, from the ruleset's printables."""
    from builder.export.job import ArmyInput
    from builder.systems.shieldwall import RULESET

    sources = [
        ArmyInput(armyfile.load(a), Path(a), Path(a).read_text(encoding="utf-8")) for a in ARMIES
    ]
    pack = RULESET.printables(sources, print_options(RULESET))
    assert pack.kinds == (
        "roster",
        "crib-sheet",
        "stand-labels",
        "leader-cards",
        "tokens",
        "packing-list",
    )
    printed: Counter[str] = Counter()
    for kind in ("stand-labels", "leader-cards", "tokens"):
        printed += pack.counts(kind)
    armies = [a for a in (s.army for s in sources) if isinstance(a, Army)]
    assert printed == +Counter(counts(armies))
    # A wound box a figure: the label's tracker counts down from the stand's figures.
    labels = pack.get("stand-labels")
    from builder.core.printables import TokenSheet

    assert isinstance(labels, TokenSheet)
    tokens = labels.groups[0].tokens
    assert labels.groups[0].size_mm == (63.5, 44.5)
    assert [(t.title, t.boxes) for t in tokens[:3]] == [
        ("Hearth-troop", 4),
        ("Hearth-troop", 4),
        ("Ulfhednar", 4),
    ]


def test_bleed_and_ink_saver_keep_the_counts_and_the_margins(tmp_path: Path) -> None:
    only = "stand-labels,leader-cards,tokens"
    assert (
        main(
            [
                "export",
                ARMIES[0],
                "--out",
                str(tmp_path),
                "--only",
                only,
                "--bleed",
                "3",
                "--ink-saver",
            ]
        )
        == 0
    )
    on = labels_on(tmp_path / "tokens.pdf")
    assert (on["COMMANDER"], on["HERO"], on["BANNER"]) == (1, 1, 1)
    assert on["STAND"] == 10  # 9 stands and Thorkell
    assert on["WEDGE"] == 3
    for name in ("tokens.pdf",):
        edge, smallest, nearest = pdf_figures(tmp_path / name)
        assert edge >= 4.99 and smallest >= 5.99, (name, nearest)


def test_the_roster_prints_each_records_wound_boxes(pack: Path) -> None:
    """Every leader's and stand's wounds read back from the roster's images: a row per stand
    of an entry ("wounds, stand 2"), each as many boxes as the facts say."""
    from printcheck import tick_strips

    facts = get_ruleset("shieldwall").facts

    armies = [a for a in map(armyfile.load, ARMIES) if isinstance(a, Army)]
    want = [
        (t.boxes,)
        for army in armies
        for where in [f"leaders[{i}]" for i in range(len(army.leaders))]
        + [w for w, _ in army.stands_with_paths()]
        for t in facts(army, where).trackers
    ]
    assert len(want) > sum(len(a.stands) + len(a.leaders) for a in armies)  # counts of 2
    # pdfplumber: the tick strips are read from the images' pixels.
    with pdfplumber.open(pack / "roster.pdf") as pdf:
        # A lone stand's row reads "wounds", a stand of an entry's "wounds, stand N".
        found = [
            runs
            for page in pdf.pages
            for label in ("wounds", "wounds,")
            for runs in tick_strips(page, label)
        ]
    assert Counter(found) == Counter(want) and len(found) == len(want)
