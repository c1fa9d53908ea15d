"""User photos for unit cards, read safely with Pillow: JPEG, PNG or WEBP only, EXIF
orientation applied, a pixel limit (a decompression bomb is an error, not a hang), cropped to
the frame and re-encoded as JPEG (which drops the EXIF block, GPS position included)."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

from PIL import Image, ImageOps, UnidentifiedImageError

from builder.export.job import ExportError
from builder.files import PHOTO_MAX, FileProblem, printable, read_bytes

#: Far more than a phone photo needs; anything bigger is refused before it is decoded.
MAX_PIXELS = 40_000_000
FORMATS = ["JPEG", "PNG", "WEBP"]
#: Resolution photos are resampled to for print.
DPI = 250

Image.MAX_IMAGE_PIXELS = MAX_PIXELS


def _open(path: str | Path, decode: bool = True) -> Image.Image:
    """The photo, orientation applied and decoded (without ``decode``: its header and
    checksums verified only); ExportError naming the file otherwise. The bytes are read first
    by builder.files (regular files only, at most PHOTO_MAX), so a FIFO or device cannot hang
    Pillow."""
    name = printable(str(path))
    try:
        data = read_bytes(path, PHOTO_MAX)
    except FileProblem as exc:
        raise ExportError(f"{name}: photo: {exc}") from None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=FORMATS) as opened:
                if not decode:
                    opened.verify()
                    return opened
                image = ImageOps.exif_transpose(opened)
                image.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ExportError(f"{name}: photo is too large (over {MAX_PIXELS:,} pixels)") from None
    except UnidentifiedImageError:
        raise ExportError(f"{name}: not a JPEG, PNG or WEBP image") from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise ExportError(f"{name}: damaged image ({exc})") from None
    return image


def check_photo(path: str | Path) -> None:
    """ExportError (naming only the photo) unless ``path`` holds an image this module reads
    (a quick look: the pixels are decoded when the card is drawn)."""
    _open(path, decode=False)


def frame_jpeg(path: str | Path, width_mm: float, height_mm: float) -> bytes:
    """The photo at ``path`` cropped (centred) to a ``width_mm`` x ``height_mm`` frame, as
    JPEG bytes; ExportError naming the file for a missing, foreign, corrupt or huge image."""
    image = _open(path)
    want = width_mm / height_mm
    w, h = image.size
    if w / h > want:
        new_w = max(1, round(h * want))
        box = ((w - new_w) // 2, 0, (w - new_w) // 2 + new_w, h)
    else:
        new_h = max(1, round(w / want))
        box = (0, (h - new_h) // 2, w, (h - new_h) // 2 + new_h)
    image = image.crop(box)
    target = (max(1, round(width_mm / 25.4 * DPI)), max(1, round(height_mm / 25.4 * DPI)))
    if image.size[0] > target[0]:
        image = image.resize(target, Image.Resampling.LANCZOS)
    if image.mode != "RGB":
        ground = Image.new("RGB", image.size, (247, 240, 222))
        rgba = image.convert("RGBA")
        ground.paste(rgba, mask=rgba.getchannel("A"))
        image = ground
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85, optimize=True)
    return out.getvalue()
