"""Cards as a PDF/X-1a:2003 file in CMYK with an ink limit (DriveThruCards, ``--shop dtc``).

Each card side is drawn as the sheets draw it, rasterised at the shop's resolution
(:mod:`builder.export.images.raster`), separated from sRGB into CMYK through a CMYK ICC profile
(LittleCMS, by Pillow), then held under the shop's total ink: where the four inks sum to more,
grey is moved from cyan, magenta and yellow into black first (the colour barely moves), and
what is still over is taken off the three colours evenly. The separation through the profile
alone puts some 300% under a black; the limit is ours, so the file is never a naive
conversion.

The file is written here, not by a PDF library: one page a card side, each page one CMYK image
and nothing else, so there is no RGB, no transparency and no font anywhere in it, and the
PDF/X keys (the output intent with the profile, the trim and bleed boxes, the version keys, the
file's ID) are plain to see and test.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageCms, ImageFilter, ImageMath

#: Points per inch.
PT_PER_IN = 72


@cache
def _transform(profile: Path) -> ImageCms.ImageCmsTransform:
    srgb = ImageCms.createProfile("sRGB")
    cmyk = ImageCms.getOpenProfile(str(profile))
    return ImageCms.buildTransform(
        srgb, cmyk, "RGB", "CMYK", renderingIntent=ImageCms.Intent.PERCEPTUAL
    )


def profile_name(profile: Path) -> str:
    """The profile's own description ("Artifex CMYK SWOP Profile")."""
    described = ImageCms.getProfileDescription(ImageCms.getOpenProfile(str(profile)))
    return described.strip() or profile.name


def _calc(fn: Callable[[dict[str, Any]], Any], **images: Image.Image) -> Image.Image:
    """``fn`` of ``images`` pixel by pixel (its argument holds them by name, and ``min`` and
    ``max``), as a 32-bit image."""
    out = ImageMath.lambda_eval(fn, **images)
    assert isinstance(out, Image.Image)
    return out


def ink_total(cmyk: Image.Image) -> Image.Image:
    """Every pixel's total ink, as a 32-bit image of 0-1020 (255 a full ink)."""
    c, m, y, k = cmyk.split()
    return _calc(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)


def max_ink(cmyk: Image.Image) -> float:
    """The most ink any pixel of ``cmyk`` carries, in per cent of one ink."""
    high = ink_total(cmyk).getextrema()[1]
    assert isinstance(high, (int, float))
    return float(high) * 100 / 255


def limit_ink(cmyk: Image.Image, limit: int) -> Image.Image:
    """``cmyk`` with no pixel over ``limit`` per cent of ink: grey moved into black first,
    then cyan, magenta and yellow cut evenly. A pixel under the limit is left as it was."""
    # A little under the limit, so that rounding each ink to 8 bits cannot carry it over.
    most = limit * 255 / 100 - 2
    c, m, y, k = (band.convert("F") for band in cmyk.split())

    def grey_to_black(a: dict[str, Any]) -> Any:
        over = a["max"](a["c"] + a["m"] + a["y"] + a["k"] - most, 0)
        grey = a["min"](a["min"](a["c"], a["m"]), a["y"])
        # Moving x of grey into black takes 3x of colour and adds x of black: 2x less ink.
        return a["min"](a["min"](over / 2, grey), 255 - a["k"])

    moved = _calc(grey_to_black, c=c, m=m, y=y, k=k)
    c, m, y = (_calc(lambda a: a["v"] - a["x"], v=v, x=moved) for v in (c, m, y))
    k = _calc(lambda a: a["k"] + a["x"], k=k, x=moved)

    def scale(a: dict[str, Any]) -> Any:
        colour = a["c"] + a["m"] + a["y"]
        over = a["max"](colour + a["k"] - most, 0)
        return 1 - over / a["max"](colour, 1)

    kept = _calc(scale, c=c, m=m, y=y, k=k)
    bands = [_calc(lambda a: a["v"] * a["s"], v=v, s=kept).convert("L") for v in (c, m, y)]
    return Image.merge("CMYK", [*bands, k.convert("L")])


#: Points a side of the colour table: sRGB to limited CMYK is worked out there and interpolated
#: between (the interpolation of spots under the limit stays under it).
_LUT_SIDE = 33


@cache
def _table(profile: Path, limit: int) -> ImageFilter.Color3DLUT:
    """sRGB to CMYK through ``profile``, held under ``limit`` per cent, as a 3D colour table."""
    n = _LUT_SIDE
    levels = [round(i * 255 / (n - 1)) for i in range(n)]
    # Red changes fastest, then green, then blue: the table's order.
    grid = bytes(v for b in levels for g in levels for r in levels for v in (r, g, b))
    separated = ImageCms.applyTransform(
        Image.frombytes("RGB", (n**3, 1), grid), _transform(profile)
    )
    assert separated is not None
    table = [v / 255 for v in limit_ink(separated, limit).tobytes()]
    return ImageFilter.Color3DLUT(n, table, channels=4, target_mode="CMYK")


def to_cmyk(rgb: Image.Image, profile: Path, limit: int) -> Image.Image:
    """``rgb`` (sRGB) separated through ``profile`` and held under ``limit`` per cent."""
    return rgb.convert("RGB").filter(_table(profile, limit))


@dataclass(frozen=True)
class Separated:
    """One CMYK image ready for the file: its size in pixels and its bytes, compressed."""

    size: tuple[int, int]
    data: bytes

    @classmethod
    def of(cls, image: Image.Image) -> Separated:
        assert image.mode == "CMYK"
        return cls(image.size, zlib.compress(image.tobytes(), 6))


@dataclass(frozen=True)
class PageSide:
    """One page: the index of its image among the file's images, and its sizes in points
    (the whole page, and the bleed on every side)."""

    image: int
    size_pt: tuple[float, float]
    bleed_pt: float


def _string(text: str) -> bytes:
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return f"({escaped})".encode("latin-1", "replace")


def _num(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".")


def write_pdfx(
    path: Path,
    images: Sequence[Separated],
    pages: Sequence[PageSide],
    title: str,
    profile: Path,
    stamp: str,
) -> None:
    """Write a PDF/X-1a:2003 file at ``path``: ``pages`` in order, each showing one of
    ``images`` (CMYK, drawn once however many pages show it) over the whole page, with its
    trim box ``bleed_pt`` inside the media box, and ``profile`` as the output intent.
    ``stamp`` is the PDF date of creation ("D:20260101000000Z")."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    def stream(head: str, data: bytes) -> bytes:
        return f"<< {head} /Length {len(data)} >>\nstream\n".encode() + data + b"\nendstream"

    icc = profile.read_bytes()
    icc_ref = add(stream("/N 4 /Filter /FlateDecode", zlib.compress(icc, 6)))
    described = profile_name(profile)
    intent = add(
        b"<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (Custom) "
        b"/RegistryName (http://www.color.org) /Info "
        + _string(described)
        + b" /OutputCondition "
        + _string(described)
        + f" /DestOutputProfile {icc_ref} 0 R >>".encode()
    )
    image_refs = []
    for image in images:
        w, h = image.size
        data = image.data
        image_refs.append(
            add(
                stream(
                    f"/Type /XObject /Subtype /Image /Width {w} /Height {h} "
                    "/ColorSpace /DeviceCMYK /BitsPerComponent 8 /Interpolate false "
                    "/Filter /FlateDecode",
                    data,
                )
            )
        )
    pages_ref = len(objects) + 1 + 2 * len(pages) + 1
    page_refs = []
    for side in pages:
        pw, ph = side.size_pt
        b = side.bleed_pt
        content = add(stream("", f"q {_num(pw)} 0 0 {_num(ph)} 0 0 cm /Im0 Do Q".encode()))
        trim = f"[{_num(b)} {_num(b)} {_num(pw - b)} {_num(ph - b)}]"
        media = f"[0 0 {_num(pw)} {_num(ph)}]"
        page_refs.append(
            add(
                f"<< /Type /Page /Parent {pages_ref} 0 R /MediaBox {media} "
                f"/BleedBox {media} /TrimBox {trim} "
                f"/Resources << /XObject << /Im0 {image_refs[side.image]} 0 R >> >> "
                f"/Contents {content} 0 R >>".encode()
            )
        )
    kids = " ".join(f"{r} 0 R" for r in page_refs)
    catalog = len(objects) + 1
    add(f"<< /Type /Catalog /Pages {pages_ref} 0 R /OutputIntents [{intent} 0 R] >>".encode())
    assert add(f"<< /Type /Pages /Kids [{kids}] /Count {len(page_refs)} >>".encode()) == (pages_ref)
    info = add(
        b"<< /Title "
        + _string(title)
        + b" /Creator (billhooks) /Producer (billhooks)"
        + b" /CreationDate "
        + _string(stamp)
        + b" /ModDate "
        + _string(stamp)
        + b" /GTS_PDFXVersion (PDF/X-1:2003) /GTS_PDFXConformance (PDF/X-1a:2003)"
        + b" /Trapped /False >>"
    )
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{n} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for offset in offsets:
        out += f"{offset:010d} 00000 n \n".encode()
    ident = hashlib.md5(bytes(out), usedforsecurity=False).hexdigest()
    out += (
        f"trailer\n<< /Size {len(objects) + 1} /Root {catalog} 0 R /Info {info} 0 R "
        f"/ID [<{ident}> <{ident}>] >>\nstartxref\n{xref}\n%%EOF\n"
    ).encode()
    path.write_bytes(bytes(out))
