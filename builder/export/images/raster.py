"""Items drawn as pictures: the same drawers that print the PDF sheets, each item on a page of
its own sized to its trim plus bleed, rasterised with PDFium and saved with Pillow.

Drawing through ReportLab and rasterising its PDF (rather than a second, raster drawer) means
an image is exactly what the sheet prints. All the items of one call go into one PDF in
memory, so the fonts are embedded once however many pages it has.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

import pypdfium2 as pdfium
from PIL import Image, ImageCms

from builder.export.drawing.canvas import MM, Box, Cell, DrawFn, new_canvas

#: What a page is made smaller than its pixels by, so PDFium's rounding up of the page's
#: size in pixels lands on the size asked for.
_SLACK_PX = 0.01


def px(mm: float, dpi: float) -> int:
    """``mm`` in pixels at ``dpi``, to the nearest pixel."""
    return round(mm / 25.4 * dpi)


@dataclass(frozen=True)
class Picture:
    """One item to rasterise: how to draw it, its trim size and bleed (mm), and the size of
    the image in pixels (the trim plus the bleed on every side)."""

    draw: DrawFn
    trim: tuple[float, float]
    bleed: float
    size: tuple[int, int]

    @property
    def mm(self) -> tuple[float, float]:
        """The image's size in millimetres: the trim and its bleed."""
        return (self.trim[0] + 2 * self.bleed, self.trim[1] + 2 * self.bleed)


def at_dpi(draw: DrawFn, trim: tuple[float, float], bleed: float, dpi: int) -> Picture:
    """A picture of an item at ``dpi``: its trim and bleed in pixels, each side rounded."""
    w, h = trim[0] + 2 * bleed, trim[1] + 2 * bleed
    return Picture(draw, trim, bleed, (px(w, dpi), px(h, dpi)))


def rasterise(
    pictures: Sequence[Picture], title: str, ink_saver: bool = False
) -> list[Image.Image]:
    """Every picture as an RGB image of exactly its size, drawn as the PDF sheets draw it."""
    if not pictures:
        return []
    buffer = io.BytesIO()
    first = pictures[0]
    canvas = new_canvas(buffer, first.mm, title, "billhooks images", ink_saver=ink_saver)
    scales = []
    for pic in pictures:
        # Pixels per millimetre along the width; the height follows at the same scale, so the
        # item is never stretched (its pixel height is rounded on its own, within a pixel).
        scale = pic.size[0] / pic.mm[0]
        page_w, page_h = ((n - _SLACK_PX) / scale for n in pic.size)
        canvas.setPageSize((page_w * MM, page_h * MM))
        canvas.saveState()
        canvas.scale(MM, MM)
        # The trim centred on the page: any rounding is shared by the bleed on both sides.
        trim = Box((page_w - pic.trim[0]) / 2, (page_h - pic.trim[1]) / 2, *pic.trim)
        pic.draw(canvas, Cell(trim, Box(0.0, 0.0, page_w, page_h)))
        canvas.restoreState()
        canvas.showPage()
        scales.append(scale / MM)
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    try:
        images = []
        for page, pic, scale in zip(document, pictures, scales, strict=True):
            image = page.render(scale=scale, draw_annots=False).to_pil().convert("RGB")
            page.close()
            if image.size != pic.size:
                image = image.crop((0, 0, *pic.size))
            images.append(image)
        return images
    finally:
        document.close()


_SRGB: list[bytes] = []


def _srgb() -> bytes:
    if not _SRGB:
        _SRGB.append(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    return _SRGB[0]


def png_bytes(image: Image.Image, dpi: int | None = None) -> bytes:
    """``image`` as PNG with the sRGB profile embedded (and its resolution, when given), so a
    print shop reads its colours and its size at print. Light compression: big flat grounds
    compress well at any level, and the higher ones cost several times the time."""
    out = io.BytesIO()
    extra: dict[str, object] = {"dpi": (dpi, dpi)} if dpi is not None else {}
    image.save(out, "PNG", icc_profile=_srgb(), compress_level=3, **extra)
    return out.getvalue()
