"""The roster's share code read back: each ruleset's roster PDF rasterised (pypdfium2), the QR
decoded (zxing-cpp) to the army's list and hash, `verify` matching it, and its size on paper:
42 mm square, modules of at least 0.4 mm, clear of the page edge, its caption legible, error
correction M or better so it still reads with a 2 mm pen stroke across it. A huge army's code
holds its totals only and still reads; the longest names step down and fit."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pdfplumber
import pypdfium2 as pdfium
import pytest
import zxingcpp
from armies import army as make_army
from armies import unit
from PIL import Image, ImageDraw
from sharing import digest, run

from builder import armyfile, share, shareread
from builder.commands.share import source
from builder.eventfile import is_event_file
from builder.export.documents import weasy
from builder.export.documents.sharecode import (
    CAPTION,
    CODE_MM,
    MIN_MODULE_MM,
    make,
    payload,
    png,
    url,
)
from builder.export.documents.sharecode import (
    width as code_width,
)
from builder.export.job import ArmyInput, ExportJob
from builder.export.pipeline.pack import write_kind
from builder.resources import examples_dir

DPI = 200
MM = 72 / 25.4
#: Every example army on its own, and the two Billhooks armies in one roster.
ROSTERS = [
    *(
        (p.name,)
        for p in sorted(examples_dir().glob("*.toml"))
        if not p.name.endswith("collection.toml") and not is_event_file(p)
    ),
    ("lancaster.toml", "york.toml"),
]
#: A pen stroke's width.
STROKE_MM = 2.0
#: The error correction each example's code gets (the roster test checks these).
LEVELS = {
    "feudal-flanders": "H",
    "feudal-normandy": "H",
    "kiss-lancaster": "Q",
    "kiss-york": "Q",
    "lancaster": "M",
    "shieldwall-norse": "Q",
    "shieldwall-saxon": "Q",
    "york": "Q",
}


def raster(pdf: Path, page: int) -> Image.Image:
    document = pdfium.PdfDocument(pdf)
    try:
        image: Image.Image = document[page].render(scale=DPI / 72).to_pil()
        return image
    finally:
        document.close()


def qr_codes(image: Image.Image) -> list[Any]:
    return [c for c in zxingcpp.read_barcodes(image) if c.format == zxingcpp.BarcodeFormat.QRCode]


def decode(pdf: Path, page: int) -> list[Any]:
    """The QR codes on a page of ``pdf``, rasterised at DPI."""
    return qr_codes(raster(pdf, page))


def strokes(left: float, top: float, side: float) -> dict[str, tuple[tuple[float, float], ...]]:
    """Pen strokes right across a code of ``side`` px at (``left``, ``top``): level through the
    middle, upright, and two slants that keep off the finder squares in the corners (a stroke
    through a finder square hides the code from any reader, whatever its error correction)."""
    right, bottom, third = left + side, top + side, side / 3
    return {
        "level": ((left, top + side / 2), (right, top + side / 2)),
        "upright": ((left + side / 2, top), (left + side / 2, bottom)),
        "falling": ((left, top + third), (right, bottom - third)),
        "rising": ((left, bottom - third), (right, top + third)),
    }


def roster(tmp_path: Path, *inputs: ArmyInput) -> Path:
    path = tmp_path / "roster.pdf"
    write_kind(ExportJob(inputs), "roster", path)
    return path


@pytest.mark.parametrize("names", ROSTERS, ids=lambda n: "+".join(Path(x).stem for x in n))
def test_the_roster_code_is_the_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], names: tuple[str, ...]
) -> None:
    paths = [examples_dir() / name for name in names]
    sources = [source(str(p)) for p in paths]
    fetcher = weasy.shared_fetcher()
    weasy.stylesheets("a4")  # the bundled fonts load once, with the stylesheet
    before, refused = len(fetcher.requests), len(fetcher.refused)
    pdf = roster(tmp_path, *sources)
    # WeasyPrint fetched nothing from outside: the tick-box strips and the codes are drawn in
    # process and served as ticks: and qr: URLs (once a process: WeasyPrint keeps its images).
    fetched = fetcher.requests[before:]
    assert all(url.startswith(("ticks:", "qr:")) for url in fetched), fetched
    assert len(fetcher.refused) == refused
    with pdfplumber.open(pdf) as doc:  # pdfplumber: the codes' image streams are read
        # Each army's header is on the first page of its part of the roster.
        firsts = [i for i, page in enumerate(doc.pages) if CAPTION in (page.extract_text() or "")]
        captions = [
            (i, w)
            for i in firsts
            for w in doc.pages[i].extract_words(extra_attrs=["size"])
            if w["text"] == "scan"
        ]
        height, width = float(doc.pages[0].height), float(doc.pages[0].width)
        # Each code is an image of one pixel a module that no viewer or printer may smooth.
        images = [
            i for p in firsts for i in doc.pages[p].images if "SMask" not in i["stream"].attrs
        ]
        assert len(images) == len(paths)
        assert all(i["stream"].attrs.get("Interpolate") is False for i in images)
    assert len(firsts) == len(paths)
    for page, path, item in zip(firsts, paths, sources, strict=True):
        codes = decode(pdf, page)
        assert len(codes) == 1
        text = codes[0].text
        assert text == payload(item)
        assert text.splitlines()[-1].startswith(f"{path.name} #{digest(path)}")
        read = shareread.parse(text)
        assert read == share.shortened(share.share_list(item), read.form)
        # Every example's code holds all its records.
        assert read.form in ("plain", "compact")
        # What the phone read is what verify takes.
        assert run(capsys, "verify", str(path), "--code", text)[:2] == (
            0,
            f"matches: {path} is the army printed (#{digest(path)}; list format 2)\n",
        )

        # On paper: CODE_MM square, modules no smaller than MIN_MODULE_MM, 5 mm inside the
        # page (its quiet zone too), the caption under it at 6 pt or more.
        pos = codes[0].position
        xs = [
            p.x * 25.4 / DPI
            for p in (pos.top_left, pos.top_right, pos.bottom_right, pos.bottom_left)
        ]
        ys = [
            p.y * 25.4 / DPI
            for p in (pos.top_left, pos.top_right, pos.bottom_right, pos.bottom_left)
        ]
        side = max(xs) - min(xs)
        assert abs(side - CODE_MM) < 0.6 and abs((max(ys) - min(ys)) - CODE_MM) < 0.6
        code = make(text)
        modules = code.symbol_size(scale=1, border=0)[0]
        assert side / modules >= MIN_MODULE_MM - 0.01
        if len(names) == 1:
            assert code.error == LEVELS[Path(names[0]).stem]
        assert code.error in ("M", "Q", "H")
        # A 2 mm pen stroke across the code, any way that misses the finder squares: it still
        # reads.
        image = raster(pdf, page)
        px = DPI / 25.4
        for way, line in strokes(min(xs) * px, min(ys) * px, side * px).items():
            marked = image.copy()
            ImageDraw.Draw(marked).line(line, fill="black", width=round(STROKE_MM * px))
            assert [c.text for c in qr_codes(marked)] == [text], (path.name, way)
        quiet = 4 * side / modules
        assert min(xs) - quiet >= 5 and max(xs) + quiet <= width / MM - 5
        assert min(ys) - quiet >= 5 and max(ys) + quiet <= height / MM - 5
        ((_, word),) = [(i, w) for i, w in captions if i == page]
        assert word["size"] >= 6
        assert word["top"] / MM > max(ys) and word["top"] / MM - max(ys) < 6


def test_a_huge_armys_code_holds_its_totals(tmp_path: Path) -> None:
    wards = [[unit("billmen") for _ in range(6)] for _ in range(6)]
    army = make_army(*wards)
    text = armyfile.dumps(army)
    item = ArmyInput(army, Path("huge.toml"), text)
    code = payload(item)
    assert code.endswith("(totals only)")
    codes = decode(roster(tmp_path, item), 0)
    assert [c.text for c in codes] == [code]
    read = shareread.parse(code)
    assert read.totals == share.share_list(item).totals and read.groups == ()


def test_a_name_beyond_latin_1_reads_back(tmp_path: Path) -> None:
    """The code holds the name as written (UTF-8), even where the roster's fonts print "?"."""
    army = make_army([unit("archers"), unit("billmen")], [unit("billmen"), unit("archers")])
    army.name = "Þórr's ᚱune-host 😀"
    item = ArmyInput(army, Path("runes.toml"), armyfile.dumps(army))
    codes = decode(roster(tmp_path, item), 0)
    assert [c.text for c in codes] == [payload(item)]
    assert codes[0].text.splitlines()[0] == "Þórr's ᚱune-host 😀"


@pytest.mark.parametrize(
    "name", ["york.toml", "kiss-york.toml", "feudal-flanders.toml", "shieldwall-norse.toml"]
)
def test_the_longest_names_still_fit(name: str) -> None:
    """The longest army name (80 characters of four UTF-8 bytes) and a file name of 245
    bytes: the code steps down (compact, totals, hashes) and still fits MAX_VERSION at
    MIN_MODULE_MM, with both 64-bit hashes in it, and reads back."""
    item = source(str(examples_dir() / name))
    item.army.name = "😀" * 80
    long = ArmyInput(item.army, Path("é" * 120 + ".toml"), item.text)
    text = payload(long)
    read = shareread.parse(text)
    assert read.form in ("totals", "hash")
    assert read.digest == long.sha256[:16] and read.facts_hash == share.share_list(long).facts_hash
    drawing = Image.open(io.BytesIO(png(url(text)) or b""))
    modules = make(text).symbol_size(scale=1, border=0)[0]
    assert drawing.size == (modules + 8, modules + 8)
    assert CODE_MM / modules >= MIN_MODULE_MM and code_width(text) > CODE_MM


@pytest.mark.parametrize("level", ["H", "Q", "M"])
def test_fits_answers_as_segno_does(level: str) -> None:
    """fits() counts bits from segno's table instead of encoding: at every length around the
    limit, and for texts segno packs denser (digits, capitals) or in UTF-8, it says what
    segno's own encoder says."""
    import random

    import segno

    from builder.export.documents.sharecode import MAX_VERSION, fits

    def encodes(text: str) -> bool:
        try:
            segno.make(text, error=level, version=MAX_VERSION, mask=0, boost_error=False)
        except segno.DataOverflowError:
            return False
        return True

    rng = random.Random(7)
    for alphabet in ("abc def·\n#", "é€x", "0123456789", "ABC 123"):
        texts = ["".join(rng.choice(alphabet) for _ in range(n)) for n in range(300, 1200, 7)]
        said = [fits(text, level) for text in texts]
        # Every length within three steps of where fits() changes its answer, and every
        # thirtieth besides (UTF-8 text overflows at all of them): segno's encoder is slow.
        turns = [i for i in range(1, len(said)) if said[i] != said[i - 1]]
        assert len(turns) <= 1, (alphabet, turns)
        near = {j for i in turns for j in range(i - 3, i + 3)}
        for i in near | set(range(0, len(texts), 30)) | {len(texts) - 1}:
            assert said[i] == encodes(texts[i]), (alphabet, len(texts[i]))
