"""``export --shop``: each print shop's files at exactly its numbers, read back as the shop
would read them, and the preflight's verdict (issue 42, items 1 and 2).

Each shop is tried on one army of every rule system, on its smallest deck (the full sweep of
every example is ``benchmarks/shops.py``): the images' pixels and resolution through Pillow,
DriveThruCards' PDF through pypdf (its boxes, output intent, colour spaces and fonts) and its
inks through Ghostscript's separations. Then the FAIL path (a profile with a tighter safe zone
exits 1 and says what to change), the options a shop refuses (exit 2) and a missing CMYK
profile (exit 2, saying what to install).
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
from pathlib import Path
from typing import Any

import pypdf
import pytest
from packs import RULESETS
from PIL import Image, ImageChops, ImageMath

from builder.cli import main
from builder.commands.share import source
from builder.core.printables import Deck
from builder.export import shops
from builder.export.images.pdfx import limit_ink, max_ink
from builder.export.images.preflight import PREFLIGHT
from builder.export.job import ExportJob, ExportOptions
from builder.export.pipeline.pack import export_pack, printables
from builder.export.shops import CMYK_PACKAGE, CMYK_PROFILE, SHOPS, shop_format
from builder.resources import examples_dir

GS = "/usr/bin/gs"
#: One example army of each rule system.
ARMY = {
    "billhooks": "lancaster.toml",
    "kiss": "kiss-york.toml",
    "feudal": "feudal-normandy.toml",
    "shieldwall": "shieldwall-norse.toml",
}


def test_every_system_has_an_army_here() -> None:
    assert set(ARMY) == set(RULESETS)


def smallest_deck(job: ExportJob) -> Deck:
    decks = [i for i in printables(job).items if isinstance(i, Deck)]
    return min(decks, key=lambda d: len(d.cards))


def shop_export(out: Path, system: str, shop: str, size: str = "poker") -> tuple[Deck, Any]:
    """The smallest deck of the system's army exported for ``shop``; its manifest."""
    profile = SHOPS[shop]
    options = ExportOptions(card_size=size, shop=shop, format=shop_format(profile), dpi=profile.dpi)
    job = ExportJob((source(str(examples_dir() / ARMY[system])),), options)
    deck = smallest_deck(job)
    return deck, export_pack(job, out, {deck.kind})


def passed(data: dict[str, Any]) -> None:
    """The preflight passed, and preflight.txt says so line by line."""
    flight = data["preflight"]
    failed = [c for c in flight["checks"] if not c["passed"]]
    assert not failed and flight["passed"], failed
    rules = {c["rule"] for c in flight["checks"]}
    assert {"size", "resolution", "bleed", "safe zone", "colour"} <= rules


@pytest.mark.parametrize("system", sorted(ARMY))
@pytest.mark.parametrize("shop", ["mpc", "tgc"])
def test_png_shops_get_images_of_exactly_their_size(tmp_path: Path, shop: str, system: str) -> None:
    profile = SHOPS[shop]
    deck, data = shop_export(tmp_path, system, shop)
    passed(data)
    want = profile.card_px["poker"]
    fronts = sorted((tmp_path / deck.kind).glob("*-front.png"))
    order = data["preflight"]["decks"][0]
    assert order["file"] == deck.kind and order["cards"] == len(fronts) >= len(deck.cards)
    backs = [tmp_path / deck.kind / "back.png"] if deck.back is not None else []
    assert sorted((tmp_path / deck.kind).iterdir()) == sorted([*fronts, *backs])
    for path in [*fronts, *backs]:
        with Image.open(path) as image:
            assert image.size == want, path
            assert image.mode == "RGB" and "icc_profile" in image.info
            assert round(image.info["dpi"][0]) == profile.dpi
    text = (tmp_path / PREFLIGHT).read_text(encoding="utf-8")
    assert f"{deck.kind}: {len(fronts)} cards" in text and "FAIL" not in text


def test_mini_and_tarot_cards_are_the_shops_sizes_too(tmp_path: Path) -> None:
    for size, want in (("mini", (597, 822)), ("tarot", (897, 1497))):
        deck, data = shop_export(tmp_path / size, "billhooks", "mpc", size)
        passed(data)
        for path in (tmp_path / size / deck.kind).iterdir():
            with Image.open(path) as image:
                assert image.size == want, path


def ink_of_separations(pdf: Path, tmp: Path, pages: int) -> float:
    """The most ink (%) on any spot of the first ``pages`` pages, as Ghostscript separates
    them (each separation's 255 is no ink)."""
    worst = 0.0
    for page in range(1, pages + 1):
        stem = tmp / f"sep{page}"
        subprocess.run(
            [GS, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiffsep", "-r150"]
            + [f"-dFirstPage={page}", f"-dLastPage={page}", f"-sOutputFile={stem}.tif", str(pdf)],
            check=True,
        )
        seps = []
        for ink in ("Cyan", "Magenta", "Yellow", "Black"):
            with Image.open(f"{stem}({ink}).tif") as sep:
                seps.append(ImageChops.invert(sep.convert("L")))
        total = ImageMath.lambda_eval(
            lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=seps[0], m=seps[1], y=seps[2], k=seps[3]
        )
        assert isinstance(total, Image.Image)
        high = total.getextrema()[1]
        assert isinstance(high, (int, float))
        worst = max(worst, high / 2.55)
    return worst


@pytest.mark.system_package(CMYK_PACKAGE, str(CMYK_PROFILE))
@pytest.mark.system_package(CMYK_PACKAGE, GS)
@pytest.mark.parametrize("system", sorted(ARMY))
def test_drivethrucards_gets_a_cmyk_pdf_x_file(tmp_path: Path, system: str) -> None:
    deck, data = shop_export(tmp_path, system, "dtc")
    passed(data)
    assert {c["rule"] for c in data["preflight"]["checks"]} >= {"ink", "fonts", "transparency"}
    pdf = tmp_path / f"{deck.kind}.pdf"
    reader = pypdf.PdfReader(pdf)
    order = data["preflight"]["decks"][0]
    sides = 2 if deck.back is not None else 1
    assert len(reader.pages) == order["cards"] * sides
    assert reader.pdf_header == "%PDF-1.4"
    assert reader.metadata is not None
    info: dict[str, Any] = dict(reader.metadata)
    assert info["/GTS_PDFXVersion"] == "PDF/X-1:2003" and info["/Trapped"] == "/False"
    assert "/ID" in reader.trailer
    root: Any = reader.trailer["/Root"]
    intent = root["/OutputIntents"][0].get_object()
    assert intent["/S"] == "/GTS_PDFX"
    assert intent["/DestOutputProfile"].get_object()["/N"] == 4
    for page in reader.pages:
        # 2.75 x 3.75 in with 1/8 in (9 pt) of bleed on every side.
        assert [float(v) for v in page.mediabox] == [0, 0, 198, 270]
        assert [float(v) for v in page.trimbox] == [9, 9, 189, 261]
        resources: Any = page["/Resources"]
        assert "/Font" not in resources and "/ExtGState" not in resources
        for xobject in resources["/XObject"].values():
            image = xobject.get_object()
            assert image["/ColorSpace"] == "/DeviceCMYK" and "/SMask" not in image
            assert (image["/Width"], image["/Height"]) == (825, 1125)
        content = page.get_contents()
        assert content is not None
        operators = content.get_data().decode("latin-1").split()
        assert not {"rg", "RG", "sc", "scn", "cs", "CS", "Tf"} & set(operators)
    assert ink_of_separations(pdf, tmp_path, min(2, len(reader.pages))) <= 240


def test_the_ink_limit_moves_grey_into_black_and_caps_the_total() -> None:
    spots = [(255, 255, 255, 255), (190, 173, 167, 230), (35, 255, 255, 17), (3, 11, 35, 0)]
    image = Image.new("CMYK", (len(spots), 1))
    image.putdata(spots)
    limited = limit_ink(image, 240)
    got: list[Any] = [limited.getpixel((x, 0)) for x in range(len(spots))]
    assert max_ink(image) == 400 and max_ink(limited) <= 240
    # Under the limit: untouched. Over it: more black than before, less of each colour.
    assert got[3] == spots[3]
    assert got[1][3] > spots[1][3] and all(
        a <= b for a, b in zip(got[1][:3], spots[1][:3], strict=True)
    )
    assert got[2][3] >= spots[2][3]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_failed_rule_exits_1_and_says_what_to_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    tight = dataclasses.replace(SHOPS["mpc"], safe_px=120)
    monkeypatch.setitem(shops.SHOPS, "mpc", tight)
    army = str(examples_dir() / ARMY["billhooks"])
    code, out, err = run(
        ["export", army, "--shop", "mpc", "--only", "bonus-deck", "--out", str(tmp_path)], capsys
    )
    assert code == 1
    assert "preflight FAIL  bonus-deck  safe zone: " in err and "to fix:" in err
    report = (tmp_path / PREFLIGHT).read_text(encoding="utf-8")
    assert "FAIL  bonus-deck  safe zone:" in report and "PASS  bonus-deck  size:" in report
    data = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert data["preflight"]["passed"] is False and data["shop"] == "mpc"
    assert "FAILED" in out
    # Printed at home after, the shop's verdict is named stale, not taken for this pack's.
    code, _, _ = run(["export", army, "--only", "bonus-deck", "--out", str(tmp_path)], capsys)
    data = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert code == 0 and "preflight" not in data
    assert PREFLIGHT in data["stale_files"]


@pytest.mark.parametrize(
    "extra",
    [["--format", "pdf"], ["--format", "tts"], ["--dpi", "600"], ["--bleed", "3"]],
    ids=lambda e: e[0],
)
@pytest.mark.parametrize("shop", ["mpc", "dtc"])
def test_a_shop_refuses_an_option_it_sets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shop: str, extra: list[str]
) -> None:
    army = str(examples_dir() / ARMY["billhooks"])
    if shop == "dtc" and extra == ["--format", "pdf"]:
        extra = ["--format", "png"]
    code, _, err = run(["export", army, "--shop", shop, "--out", str(tmp_path), *extra], capsys)
    assert code == 2
    assert f"--shop {shop}" in err and f"leave out {extra[0]}" in err
    assert not any(tmp_path.iterdir())


def test_without_the_cmyk_profile_dtc_says_what_to_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shops, "CMYK_PROFILE", tmp_path / "missing.icc")
    army = str(examples_dir() / ARMY["billhooks"])
    out = tmp_path / "out"
    code, _, err = run(["export", army, "--shop", "dtc", "--out", str(out)], capsys)
    assert code == 2
    assert f"apt-get install {CMYK_PACKAGE}" in err
    assert not out.exists() or not any(out.iterdir())
