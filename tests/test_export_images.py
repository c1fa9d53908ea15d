"""``export --format png`` (an image per card and token for a print shop) and ``--format tts``
(Tabletop Simulator decks), read back: image counts against each ruleset's printables, sizes
in pixels per dpi and bleed, the dpi and sRGB profile in the files, pixels against the PDF's,
the TTS sheet grid and hidden card, the saved object's fields, and bad options."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pypdfium2 as pdfium
import pytest
from packs import RULESETS, armies, sheet_items
from PIL import Image, ImageChops, ImageCms, ImageFilter, ImageStat

from builder.cli import main
from builder.commands.share import source
from builder.core.printables import Back, Deck, Face, Text, TokenSheet
from builder.export.images.tts import (
    CARD_UNITS,
    MAX_PX,
    MM_PER_UNIT,
    TILE_UNITS,
    cell_size,
    grid,
    write_tts,
)
from builder.export.job import CARD_MM, PAPER_MM, ExportJob, ExportOptions
from builder.export.layout.decks import deck_items
from builder.export.layout.sheet import plan
from builder.export.pipeline.manifest import unverified_files
from builder.export.pipeline.pack import printables

DPI = 60
BLEED = 2.0


def export(out: Path, ruleset: str, *extra: str) -> dict[str, Any]:
    kinds = ",".join(item.kind for item in sheet_items(ruleset))
    assert main(["export", *armies(ruleset), "--out", str(out), "--only", kinds, *extra]) == 0
    data: dict[str, Any] = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    return data


def px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


@pytest.fixture(scope="module", params=list(RULESETS))
def png_pack(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, Path, dict[str, Any]]:
    ruleset = request.param
    out = tmp_path_factory.mktemp(f"png-{ruleset}")
    data = export(out, ruleset, "--format", "png", "--dpi", str(DPI), "--bleed", str(BLEED))
    return ruleset, out, data


@pytest.fixture(scope="module", params=list(RULESETS))
def tts_pack(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, Path, dict[str, Any]]:
    ruleset = request.param
    out = tmp_path_factory.mktemp(f"tts-{ruleset}")
    data = export(out, ruleset, "--format", "tts", "--dpi", str(DPI))
    return ruleset, out, data


# --- PNG ---------------------------------------------------------------------------------------


def test_png_one_image_per_card_and_token_face_and_back(
    png_pack: tuple[str, Path, dict[str, Any]],
) -> None:
    ruleset, out, data = png_pack
    entries = {e["file"]: e for e in data["files"]}
    assert data["format"] == "png" and data["dpi"] == DPI
    for item in sheet_items(ruleset):
        folder = out / item.kind
        fronts = sorted(p.name for p in folder.glob("*-front.png"))
        backs = sorted(p.name for p in folder.glob("*-back.png"))
        if isinstance(item, Deck):
            blanks = item.blank_cards if item.fill is not None else 0
            labels = Counter(f.label for f in item.cards)
            if item.fill is not None:
                labels[item.fill.label] += blanks
            assert len(fronts) == len(item.cards) + blanks
            # One back per front where the deck has backs (print shops ask for pairs).
            assert len(backs) == (len(fronts) if item.back is not None else 0)
        else:
            labels = Counter()
            for group in item.groups:
                labels.update(group.count())
            assert len(fronts) == sum(labels.values()) and not backs
        entry = entries[item.kind]
        assert entry["counts"] == dict(labels)
        assert sorted(Path(i["file"]).name for i in entry["images"]) == sorted(fronts + backs)
        assert entry["pages"] == len(fronts) + len(backs)
        # Pack order, numbered, lower-case ASCII labels.
        assert fronts[0].startswith("01-") and fronts[0] == fronts[0].lower()
        assert all(name.isascii() for name in fronts)
    assert unverified_files(out) == []


def test_png_sizes_dpi_and_srgb_read_back(png_pack: tuple[str, Path, dict[str, Any]]) -> None:
    ruleset, out, data = png_pack
    sizes = {item.kind: item for item in sheet_items(ruleset)}
    for entry in data["files"]:
        item = sizes[entry["file"]]
        trims = {CARD_MM["poker"]} if isinstance(item, Deck) else {g.size_mm for g in item.groups}
        for image in entry["images"]:
            with Image.open(out / image["file"]) as im:
                assert im.mode == "RGB"
                assert tuple(round(v) for v in im.info["dpi"]) == (DPI, DPI)
                profile = ImageCms.ImageCmsProfile(io.BytesIO(im.info["icc_profile"]))
                assert "sRGB" in ImageCms.getProfileDescription(profile)
                assert list(im.size) == image["px"]
            w, h = image["mm"]
            assert image["px"] == [px(w, DPI), px(h, DPI)]
            assert (round(w - 2 * BLEED, 2), round(h - 2 * BLEED, 2)) in {
                (round(a, 2), round(b, 2)) for a, b in trims
            }


def test_a_poker_card_with_3_mm_bleed_at_300_dpi_is_821_by_1121(tmp_path: Path) -> None:
    # round(69.5 / 25.4 * 300) x round(94.9 / 25.4 * 300): the trim and 3 mm all round.
    assert (
        main(
            [
                "export",
                *armies("billhooks"),
                "--out",
                str(tmp_path),
                "--only",
                "bonus-deck",
                "--format",
                "png",
                "--bleed",
                "3",
            ]
        )
        == 0
    )
    images = sorted((tmp_path / "bonus-deck").glob("*.png"))
    assert len(images) == 10
    for path in images:
        with Image.open(path) as im:
            assert im.size == (821, 1121)
            assert tuple(round(v) for v in im.info["dpi"]) == (300, 300)


def _mean_difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_a_front_is_what_the_pdf_prints(tmp_path: Path) -> None:
    """The first card's PNG against the first card cut out of the PDF sheet, both at 100 dpi:
    alike in the middle, and unlike the second card."""
    dpi = 100
    only = ["--only", "play-deck"]
    assert main(["export", *armies("billhooks"), "--out", str(tmp_path / "pdf"), *only]) == 0
    assert (
        main(
            [
                "export",
                *armies("billhooks"),
                "--out",
                str(tmp_path / "png"),
                *only,
                "--format",
                "png",
                "--dpi",
                str(dpi),
            ]
        )
        == 0
    )
    layout = plan(PAPER_MM["a4"], CARD_MM["poker"])
    trim = layout.cell(0).trim
    document = pdfium.PdfDocument(str(tmp_path / "pdf" / "play-deck.pdf"))
    page = document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    document.close()
    page_h = PAPER_MM["a4"][1]
    left, top = px(trim.x, dpi), px(page_h - trim.top, dpi)
    cut = page.crop((left, top, left + px(trim.w, dpi), top + px(trim.h, dpi)))
    first = Image.open(tmp_path / "png" / "play-deck" / "01-leader-front.png").convert("RGB")
    second = Image.open(tmp_path / "png" / "play-deck" / "02-leader-front.png").convert("RGB")
    assert first.size == cut.size
    assert ImageStat.Stat(first).stddev[0] > 20  # not blank: text, bands and art
    w, h = first.size
    middle = (w // 6, h // 6, w - w // 6, h - h // 6)

    def soft(image: Image.Image) -> Image.Image:
        # The sheet's card sits at a fraction of a pixel: soften what that moves (edges of
        # letters), keep what a different drawing changes.
        return image.crop(middle).filter(ImageFilter.GaussianBlur(2))

    same = _mean_difference(soft(first), soft(cut))
    other = _mean_difference(soft(second), soft(cut))
    assert same < 1.6, same
    assert other > 3 * same, (same, other)


def test_ink_saver_and_card_size_apply_to_images(tmp_path: Path) -> None:
    for name, extra in (("plain", []), ("saver", ["--ink-saver"])):
        assert (
            main(
                [
                    "export",
                    *armies("billhooks"),
                    "--out",
                    str(tmp_path / name),
                    "--only",
                    "bonus-deck",
                    "--format",
                    "png",
                    "--dpi",
                    "60",
                    "--card-size",
                    "mini",
                    *extra,
                ]
            )
            == 0
        )
    plain = Image.open(tmp_path / "plain" / "bonus-deck" / "01-perk-back.png").convert("L")
    saver = Image.open(tmp_path / "saver" / "bonus-deck" / "01-perk-back.png").convert("L")
    assert plain.size == (px(44.5, 60), px(63.5, 60))
    # The back's ground (its corner) is solid colour, and a pale wash with --ink-saver.
    corner = (2, 2)
    assert plain.getpixel(corner) < 120 < 200 < saver.getpixel(corner)  # type: ignore[operator]


def test_png_over_an_older_pack_replaces_its_folders_and_names_stale_pdfs(tmp_path: Path) -> None:
    only = ["--only", "bonus-deck"]
    assert main(["export", *armies("billhooks"), "--out", str(tmp_path), *only]) == 0
    assert (
        main(
            [
                "export",
                *armies("billhooks"),
                "--out",
                str(tmp_path),
                *only,
                "--format",
                "png",
                "--dpi",
                "60",
            ]
        )
        == 0
    )
    (tmp_path / "bonus-deck" / "stray.png").write_bytes(b"old")
    assert (
        main(
            [
                "export",
                *armies("billhooks"),
                "--out",
                str(tmp_path),
                *only,
                "--format",
                "png",
                "--dpi",
                "72",
            ]
        )
        == 0
    )
    folder = tmp_path / "bonus-deck"
    assert not (folder / "stray.png").exists()
    with Image.open(folder / "01-perk-front.png") as im:
        assert round(im.info["dpi"][0]) == 72
    data = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert data["stale_files"] == ["bonus-deck.pdf"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "bonus-deck",
        "bonus-deck.pdf",
        "manifest.json",
    ]


def test_a_failed_image_export_leaves_the_folder_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from builder.export.images import png

    args = [
        "export",
        *armies("billhooks"),
        "--out",
        str(tmp_path),
        "--only",
        "bonus-deck,play-deck",
        "--format",
        "png",
        "--dpi",
        "60",
    ]
    assert main(args) == 0
    before = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    calls = []
    real = png.write_images

    def failing(job: ExportJob, folder: Path, item: Deck | TokenSheet) -> Any:
        calls.append(item.kind)
        result = real(job, folder, item)
        if len(calls) == 2:
            raise OSError(28, "No space left on device", str(folder / "x.png"))
        return result

    monkeypatch.setattr(png, "write_images", failing)
    assert main([*args[:-1], "96"]) == 2
    assert "No space left on device" in capsys.readouterr().err
    after = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_a_file_in_the_way_of_a_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bonus-deck").write_text("mine", encoding="utf-8")
    assert (
        main(
            [
                "export",
                *armies("billhooks"),
                "--out",
                str(tmp_path),
                "--only",
                "bonus-deck",
                "--format",
                "png",
                "--dpi",
                "60",
            ]
        )
        == 2
    )
    assert "is in the way" in capsys.readouterr().err
    assert (tmp_path / "bonus-deck").read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bonus-deck"]


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--format", "png", "--dpi", "59"], "dpi must be 60-1200, got 59"),
        (["--format", "tts", "--dpi", "1201"], "dpi must be 60-1200, got 1201"),
        (["--format", "png", "--dpi", "high"], "expected a whole number, got 'high'"),
        (["--dpi", "300"], "--dpi sets the resolution of images"),
        (["--format", "jpeg"], "invalid choice: 'jpeg'"),
    ],
)
def test_bad_image_options_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exc:
        code = main(["export", *armies("billhooks"), "--out", str(tmp_path), *extra])
        raise SystemExit(code)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not tmp_path.exists() or not any(tmp_path.iterdir())


@pytest.mark.parametrize("flag", ["--gutter", "--fold"])
def test_sheet_layouts_with_images_are_ignored_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str
) -> None:
    assert (
        main(
            [
                "export",
                *armies("billhooks"),
                "--out",
                str(tmp_path),
                "--only",
                "bonus-deck",
                "--format",
                "png",
                "--dpi",
                "60",
                flag,
            ]
        )
        == 0
    )
    assert f"{flag} lays cards out on PDF sheets" in capsys.readouterr().err
    with Image.open(tmp_path / "bonus-deck" / "01-perk-front.png") as im:
        assert im.size == (px(63.5, 60), px(88.9, 60))


# --- Tabletop Simulator ------------------------------------------------------------------------


def _path(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file"
    return Path(unquote(parsed.path))


def _saved(out: Path, kind: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((out / kind / f"{kind}.json").read_text(encoding="utf-8"))
    return data


def test_tts_decks_load_with_the_fields_tts_needs(
    tts_pack: tuple[str, Path, dict[str, Any]],
) -> None:
    ruleset, out, data = tts_pack
    assert data["format"] == "tts"
    for item in sheet_items(ruleset):
        if not isinstance(item, Deck):
            continue
        cards = len(item.cards) + (item.blank_cards if item.fill is not None else 0)
        (obj,) = _saved(out, item.kind)["ObjectStates"]
        assert (out / item.kind / f"{item.kind}.png").is_file()  # the thumbnail
        if cards == 1:
            assert obj["Name"] == "Card"
            continue
        assert obj["Name"] == "DeckCustom" and obj["Nickname"] == item.title
        assert set(obj["Transform"]) >= {
            "posX",
            "posY",
            "posZ",
            "rotX",
            "rotY",
            "rotZ",
            "scaleX",
            "scaleY",
            "scaleZ",
        }
        assert len(obj["DeckIDs"]) == cards == len(obj["ContainedObjects"])
        assert [c["CardID"] for c in obj["ContainedObjects"]] == obj["DeckIDs"]
        assert all(c["Name"] == "Card" and c["Nickname"] for c in obj["ContainedObjects"])
        for key, sheet in obj["CustomDeck"].items():
            on_sheet = sum(1 for i in obj["DeckIDs"] if i // 100 == int(key))
            assert (sheet["NumWidth"], sheet["NumHeight"]) == grid(on_sheet)
            assert 2 <= sheet["NumWidth"] <= 10 and 2 <= sheet["NumHeight"] <= 7
            assert sheet["BackIsHidden"] is True and sheet["UniqueBack"] is False
            assert sheet["Type"] == 0
            assert _path(sheet["FaceURL"]).is_file() and _path(sheet["BackURL"]).is_file()
            assert _path(sheet["FaceURL"]).parent == (out / item.kind).resolve()
            ids = [i for i in obj["DeckIDs"] if i // 100 == int(key)]
            assert ids == [int(key) * 100 + n for n in range(len(ids))]


def test_tts_sheet_grid_and_hidden_card(tts_pack: tuple[str, Path, dict[str, Any]]) -> None:
    ruleset, out, data = tts_pack
    for item in sheet_items(ruleset):
        if not isinstance(item, Deck):
            continue
        saved = _saved(out, item.kind)["ObjectStates"][0]
        sheet = (saved.get("CustomDeck") or saved["CustomDeck"])["1"]
        face = Image.open(_path(sheet["FaceURL"])).convert("RGB")
        back = Image.open(_path(sheet["BackURL"])).convert("RGB")
        cell = cell_size(CARD_MM["poker"], DPI)
        assert back.size == cell
        cols = sheet["NumWidth"]
        assert face.size == (cols * cell[0], sheet["NumHeight"] * cell[1])
        assert max(face.size) <= MAX_PX
        w, h = cell
        hidden = face.crop(((cols - 1) * w, face.height - h, cols * w, face.height))
        assert _mean_difference(hidden, back) < 0.5
        # The first cell is a card face, not the back.
        assert _mean_difference(face.crop((0, 0, w, h)), back) > 5


def test_tts_tokens_one_image_per_distinct_token_with_its_count(
    tts_pack: tuple[str, Path, dict[str, Any]],
) -> None:
    ruleset, out, data = tts_pack
    entries = {e["file"]: e for e in data["files"]}
    for item in sheet_items(ruleset):
        if not isinstance(item, TokenSheet):
            continue
        tokens = [t for g in item.groups for t in g.tokens if t.count > 0]
        listed = [i for i in entries[item.kind]["images"] if i["role"] == "token"]
        assert len(listed) == len(tokens)
        assert [i["count"] for i in listed] == [t.count for t in tokens]
        labels: Counter[str] = Counter()
        for group in item.groups:
            labels.update(group.count())
        assert entries[item.kind]["counts"] == dict(labels)
        bags = _saved(out, item.kind)["ObjectStates"]
        tiles = Counter(
            _path(tile["CustomImage"]["ImageURL"])
            for bag in bags
            for tile in bag["ContainedObjects"]
        )
        assert all(
            tile["Name"] == "Custom_Tile" for bag in bags for tile in bag["ContainedObjects"]
        )
        # Every copy of every token is a tile in some bag, pointing at its image.
        assert tiles == {(out / i["file"]).resolve(): i["count"] for i in listed}
        for image in listed:
            with Image.open(out / image["file"]) as im:
                assert list(im.size) == image["px"]


def test_tts_tiles_keep_their_aspect_at_their_printed_size(
    tts_pack: tuple[str, Path, dict[str, Any]],
) -> None:
    """No tile is stretched square (Stretch off, the same scale both ways, the image of the
    printed aspect), and every tile and card is as wide, against the others, as printed: a
    unit is MM_PER_UNIT mm for the cards and the tiles alike."""
    ruleset, out, data = tts_pack
    entries = {e["file"]: e for e in data["files"]}
    widths: set[float] = set()
    for item in sheet_items(ruleset):
        saved = _saved(out, item.kind)["ObjectStates"]
        if isinstance(item, Deck):
            t = saved[0]["Transform"]
            assert t["scaleX"] * CARD_UNITS * MM_PER_UNIT == pytest.approx(CARD_MM["poker"][0])
            continue
        by_url = {
            (out / i["file"]).resolve(): i
            for i in entries[item.kind]["images"]
            if i["role"] == "token"
        }
        for bag in saved:
            for tile in bag["ContainedObjects"]:
                custom = tile["CustomImage"]["CustomTile"]
                assert custom["Stretch"] is False
                t = tile["Transform"]
                assert t["scaleX"] == t["scaleZ"]
                image = by_url[_path(tile["CustomImage"]["ImageURL"])]
                mm_w, mm_h = image["mm"]
                assert t["scaleX"] * TILE_UNITS * MM_PER_UNIT == pytest.approx(mm_w, abs=0.01)
                px_w, px_h = image["px"]
                assert px_w / px_h == pytest.approx(mm_w / mm_h, rel=0.01)
                widths.add(mm_w)
    # Tokens of different sizes spawn at different sizes (25 mm, 38 mm, 50 mm, 63.5 mm).
    assert widths == {
        g.size_mm[0]
        for item in sheet_items(ruleset)
        if isinstance(item, TokenSheet)
        for g in item.groups
        if g.tokens
    }


#: The bags of markers either player puts on any unit, one pool for the table; every other
#: bag belongs to one army.
POOLED_BAGS = {
    "billhooks": {"Disarray markers", "Daunted markers"},
    "kiss": {"Shaken markers", "The cup: ward, lethargy and treacherous chits"},
    "feudal": {"Unsteady markers", "Pursuit markers"},
    "shieldwall": set(),
}


def test_tts_bags_are_named_for_what_they_hold_and_whose(
    tts_pack: tuple[str, Path, dict[str, Any]],
) -> None:
    ruleset, out, data = tts_pack
    armies_in = [(a["name"], a["side"]) for a in data["armies"]]
    for item in sheet_items(ruleset):
        if not isinstance(item, TokenSheet):
            continue
        bags = _saved(out, item.kind)["ObjectStates"]
        names = [bag["Nickname"] for bag in bags]
        assert len(set(names)) == len(names), names
        for bag in bags:
            kinds = {tile["Nickname"].split(" · ")[0] for tile in bag["ContainedObjects"]}
            name = bag["Nickname"].lower()
            # One kind: its name says which (an army's stand labels: "stand labels").
            if len(kinds) == 1:
                assert next(iter(kinds)).lower().rstrip("s") in name, (bag["Nickname"], kinds)
            else:
                assert "cup" in name, bag["Nickname"]
            assert name.endswith(f"(x{len(bag['ContainedObjects'])})")
        for bag in bags:
            # A pool the armies share names what it holds; any other bag names its army
            # too (by name or side), so two armies' bags never share a name.
            name = bag["Nickname"].split(" (x")[0]
            if name not in POOLED_BAGS[ruleset]:
                assert any(
                    army.lower() in name.lower() or side.lower() in name.lower()
                    for army, side in armies_in
                ), name
        if ruleset == "shieldwall" and item.kind == "stand-labels":
            # One bag of stand labels an army, named for it (not nine bags of one name).
            assert len(bags) == len(armies_in)
            for bag, (army, _) in zip(bags, armies_in, strict=True):
                assert army in bag["Nickname"]
        if ruleset == "kiss" and item.kind == "tokens":
            (cup,) = [bag for bag in bags if "cup" in bag["Nickname"].lower()]
            chits = {"WARD", "LETHARGY", "TREACHEROUS"}
            held = Counter(tile["Nickname"].split(" · ")[0] for tile in cup["ContainedObjects"])
            assert set(held) == chits
            assert held == {
                k: v
                for k, v in Counter(
                    t.label for g in item.groups for t in g.tokens for _ in range(t.count)
                ).items()
                if k in chits
            }
            assert not any(
                tile["Nickname"].split(" · ")[0] in chits
                for bag in bags
                if bag is not cup
                for tile in bag["ContainedObjects"]
            )


@pytest.mark.parametrize(
    ("cards", "cols", "rows"), [(2, 2, 2), (3, 2, 2), (4, 3, 2), (9, 5, 2), (25, 9, 3), (69, 10, 7)]
)
def test_tts_a_small_deck_gets_a_sheet_of_its_own_size(
    tmp_path: Path, cards: int, cols: int, rows: int
) -> None:
    """A deck of 2-3 cards is a 2 x 2 sheet (TTS's least), not ten columns of blanks."""
    assert grid(cards) == (cols, rows)
    job = ExportJob((), ExportOptions(format="tts", dpi=60))
    folder = tmp_path / "small"
    folder.mkdir()
    write_tts(
        job,
        folder,
        Deck(
            "small",
            "Small deck",
            tuple(_face(n) for n in range(cards)),
            Back("Test", "All backs alike.", "#445566"),
        ),
        folder,
    )
    (obj,) = _saved(tmp_path, "small")["ObjectStates"]
    sheet = obj["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (cols, rows)
    w, h = cell_size(CARD_MM["poker"], 60)
    with Image.open(_path(sheet["FaceURL"])) as face:
        assert face.size == (cols * w, rows * h)


def test_tts_cells_fit_4096_for_every_card_size() -> None:
    assert cell_size(CARD_MM["poker"], 300) == (409, 573)
    for size in CARD_MM.values():
        w, h = cell_size(size, 1200)
        assert 10 * w <= 4096 and 7 * h <= 4096
        assert abs(w / h - size[0] / size[1]) < 0.01
    # Below the cap the cell is the card at the dpi.
    assert cell_size(CARD_MM["poker"], 60) == (px(63.5, 60), px(88.9, 60))


def _face(n: int) -> Face:
    return Face("CARD", "#445566", (Text(f"Card {n}", "bold", 12, 8, height=10),))


def test_tts_more_than_69_cards_take_more_sheets_and_one_card_is_a_card(tmp_path: Path) -> None:
    job = ExportJob((), ExportOptions(format="tts", dpi=60))
    back = Back("Test", "All backs alike.", "#445566")
    big = tmp_path / "big"
    big.mkdir()
    write_tts(job, big, Deck("big", "Big deck", tuple(_face(n) for n in range(75)), back), big)
    (obj,) = _saved(tmp_path, "big")["ObjectStates"]
    assert sorted(obj["CustomDeck"]) == ["1", "2"]
    assert obj["CustomDeck"]["1"]["NumHeight"] == 7 and obj["CustomDeck"]["2"]["NumHeight"] == 2
    assert obj["DeckIDs"] == [*range(100, 169), *range(200, 206)]
    assert [c["Nickname"] for c in obj["ContainedObjects"]][:2] == ["CARD: Card 0", "CARD: Card 1"]
    one = tmp_path / "one"
    one.mkdir()
    write_tts(job, one, Deck("one", "One card", (_face(1),), None), one)
    (card,) = _saved(tmp_path, "one")["ObjectStates"]
    assert card["Name"] == "Card" and card["CardID"] == 100
    assert _path(card["CustomDeck"]["1"]["BackURL"]).name == "back.png"


def test_bleed_with_tts_is_ignored_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(
            [
                "export",
                *armies("billhooks"),
                "--out",
                str(tmp_path),
                "--only",
                "bonus-deck",
                "--format",
                "tts",
                "--dpi",
                "60",
                "--bleed",
                "3",
            ]
        )
        == 0
    )
    assert "--bleed is ignored with --format tts" in capsys.readouterr().err
    data = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert data["bleed_mm"] == 0
    with Image.open(tmp_path / "bonus-deck" / "back.png") as im:
        assert im.size == cell_size(CARD_MM["poker"], 60)


def test_tts_keeps_continuation_cards_out_of_a_dealt_deck(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deck dealt in play is shuffled in TTS: the cards that carry on another card's words
    lie beside it, out of the deck, as the printed card says; a deck not dealt (unit cards)
    keeps each after its card. Mini cards now fit every example's words, so the "mini" card
    here is cut shorter (40 mm) to make Billhooks' play deck spill as it once did."""
    monkeypatch.setitem(CARD_MM, "mini", (CARD_MM["mini"][0], 40.0))
    assert (
        main(
            [
                "export",
                *armies("billhooks"),
                "--out",
                str(tmp_path),
                "--format",
                "tts",
                "--dpi",
                "60",
                "--card-size",
                "mini",
                "--only",
                "play-deck,unit-cards",
            ]
        )
        == 0
    )
    job = ExportJob(tuple(source(a) for a in armies("billhooks")), ExportOptions(card_size="mini"))
    items = {
        d.kind: deck_items(d, CARD_MM["mini"], {})
        for d in printables(job).items
        if isinstance(d, Deck)
    }
    later = [f"{i.name} (continued)" for i in items["play-deck"] if i.continues]
    assert later and any(i.continues for i in items["unit-cards"])
    deck, *aside = _saved(tmp_path, "play-deck")["ObjectStates"]
    held = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert len(held) + len(later) == len(items["play-deck"])
    assert not set(held) & set(later)
    (pile,) = aside  # a card alone, or a deck named for what it holds
    put = [pile] if pile["Name"] == "Card" else pile["ContainedObjects"]
    assert [c["Nickname"] for c in put] == later
    assert pile["Name"] == "Card" or pile["Nickname"] == "Play deck: continuation cards"
    assert pile["Transform"]["posX"] > deck["Transform"]["posX"]
    (units,) = _saved(tmp_path, "unit-cards")["ObjectStates"]
    assert [c["Nickname"] for c in units["ContainedObjects"]] == [
        f"{i.name} (continued)" if i.continues else i.name for i in items["unit-cards"]
    ]
