"""Unit-card photos: orientation, cropping, size limits and damaged files."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import bh
import pdfread
import pytest
from PIL import Image
from printcheck import collisions

from builder.export.drawing import photos
from builder.export.job import ArmyInput, ExportError, ExportJob
from builder.export.pipeline.pack import export_pack
from builder.resources import examples_dir
from builder.systems.billhooks.model import RearCompany


def _split_image(path: Path, orientation: int | None = None) -> None:
    """A 60 x 30 JPEG: left half red, right half blue (with an EXIF orientation tag)."""
    image = Image.new("RGB", (60, 30), (220, 0, 0))
    image.paste((0, 0, 220), (30, 0, 60, 30))
    exif = Image.Exif()
    if orientation:
        exif[0x0112] = orientation
    image.save(path, "JPEG", exif=exif.tobytes())


def test_exif_orientation_is_applied_before_cropping(tmp_path: Path) -> None:
    path = tmp_path / "turned.jpg"
    # Orientation 6: the camera was turned; shown upright, the left half is at the top.
    _split_image(path, 6)
    out = Image.open(io.BytesIO(photos.frame_jpeg(path, 30, 60)))
    assert out.format == "JPEG"
    top, bottom = out.getpixel((out.width // 2, 2)), out.getpixel((out.width // 2, out.height - 3))
    assert isinstance(top, tuple) and isinstance(bottom, tuple)
    assert top[0] > 150 and top[2] < 80  # red on top
    assert bottom[2] > 150 and bottom[0] < 80
    assert abs(out.width / out.height - 0.5) < 0.05
    assert not out.getexif()  # re-encoded: no EXIF (or GPS) carried into the PDF


def test_crop_to_frame_keeps_the_middle(tmp_path: Path) -> None:
    path = tmp_path / "wide.png"
    image = Image.new("RGBA", (300, 100), (0, 0, 200, 255))
    image.paste((0, 200, 0, 255), (100, 0, 200, 100))
    image.save(path)
    out = Image.open(io.BytesIO(photos.frame_jpeg(path, 20, 20)))
    assert abs(out.width - out.height) <= 1
    pixel = out.getpixel((out.width // 2, out.height // 2))
    assert isinstance(pixel, tuple) and pixel[1] > 150


@pytest.mark.parametrize("content", [b"", b"not an image at all", b"\x89PNG\r\n\x1a\nbroken"])
def test_damaged_or_foreign_files_are_clear_errors(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.png"
    path.write_bytes(content)
    with pytest.raises(ExportError, match="bad.png"):
        photos.frame_jpeg(path, 20, 20)


def test_truncated_jpeg(tmp_path: Path) -> None:
    path = tmp_path / "cut.jpg"
    image = Image.effect_noise((200, 200), 60).convert("RGB")
    buffer = io.BytesIO()
    image.save(buffer, "JPEG")
    path.write_bytes(buffer.getvalue()[:600])
    with pytest.raises(ExportError, match="cut.jpg"):
        photos.frame_jpeg(path, 20, 20)


def test_other_formats_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "photo.gif"
    Image.new("RGB", (10, 10)).save(path, "GIF")
    with pytest.raises(ExportError, match="not a JPEG, PNG or WEBP"):
        photos.frame_jpeg(path, 20, 20)


def test_missing_photo(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="nope.jpg: photo: no such file"):
        photos.frame_jpeg(tmp_path / "nope.jpg", 20, 20)


def test_decompression_bomb_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.png"
    Image.new("RGB", (120, 120)).save(path)
    # Over the limit (a warning in Pillow) and over twice the limit (an error) both refuse.
    for limit in (10_000, 5_000):
        monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", limit)
        with pytest.raises(ExportError, match="too large"):
            photos.frame_jpeg(path, 20, 20)


def test_limit_is_lowered_on_import() -> None:
    assert Image.MAX_IMAGE_PIXELS is not None
    assert Image.MAX_IMAGE_PIXELS <= photos.MAX_PIXELS


@pytest.mark.parametrize("formation", ["single", "combined"])
def test_unit_card_prints_the_photo(tmp_path: Path, formation: str) -> None:
    path = tmp_path / "archers.jpg"
    _split_image(path)
    source = Path(shutil.copy(examples_dir() / "york.toml", tmp_path))  # the photo in its folder
    army = bh.load(source)
    unit = army.wards[0].units[0]  # archers with stakes: the fullest card
    unit.photo = str(path)
    unit.formation = formation
    if formation == "combined":
        unit.rear = RearCompany("billmen", "veteran")
    job = ExportJob((ArmyInput(army, source, ""),))
    export_pack(job, tmp_path / "o", {"unit-cards"})
    with pdfread.document(tmp_path / "o" / "unit-cards.pdf") as pdf:
        page = pdf.pages[0]
        images = page.images
        chars = page.chars
    assert len(images) == 1
    mm = 72 / 25.4
    image = images[0]
    # Inside the first card, across its content box, with no text over it or over other text.
    assert 9.75 * mm < image["x0"] < image["x1"] < (9.75 + 63.5) * mm
    assert image["bottom"] - image["top"] >= 9 * mm
    card = [c for c in chars if c["x1"] < (9.75 + 63.5) * mm and c["bottom"] < (15.15 + 88.9) * mm]
    assert card
    for ch in card:
        inside_x = image["x0"] < (ch["x0"] + ch["x1"]) / 2 < image["x1"]
        inside_y = image["top"] < (ch["top"] + ch["bottom"]) / 2 < image["bottom"]
        assert not (inside_x and inside_y), ch["text"]
        assert ch["bottom"] < (15.15 + 88.9 - 2.4) * mm, ch["text"]
    assert collisions(card) == []


def test_bad_photo_stops_the_export_cleanly(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jpg"
    bad.write_bytes(b"\xff\xd8\xff\xe0 nothing more")
    source = Path(shutil.copy(examples_dir() / "york.toml", tmp_path))
    army = bh.load(source)
    army.wards[1].units[0].photo = str(bad)
    job = ExportJob((ArmyInput(army, source, ""),))
    with pytest.raises(ExportError, match="bad.jpg' damaged image"):
        export_pack(job, tmp_path / "o", {"tokens", "unit-cards"})
    assert list((tmp_path / "o").iterdir()) == []
