"""A deck as a print shop wants it (``export --shop mpc|tgc|dtc``), measured as it is written.

Every card side is drawn by the sheets' own drawers and rasterised at exactly the shop's size
in pixels: the card's trim maps onto the shop's trim (its image less ``bleed_px`` a side), so
``--card-size poker`` for MakePlayingCards is 822 x 1122 px, not the 821 x 1121 a 3 mm bleed
rounds to. MakePlayingCards and The Game Crafter get a folder of sRGB PNGs, the fronts in pack
order and the deck's one back; DriveThruCards one PDF/X-1a file a deck, each card's front page
then its back page (:mod:`builder.export.images.pdfx`). Each file's preflight checks are made here,
from the written files and the rendered pixels (:mod:`builder.export.images.preflight`).
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

from builder.core.printables import Deck
from builder.export.images.pdfx import PT_PER_IN, PageSide, Separated, max_ink, to_cmyk, write_pdfx
from builder.export.images.png import Piece, pieces, slug
from builder.export.images.preflight import Check, check, px_mm
from builder.export.images.raster import Picture, png_bytes, rasterise
from builder.export.job import CARD_MM, ExportError, ExportJob, Written
from builder.export.shops import CMYK_PROFILE, Shop, missing_profile

#: Card sides rasterised together: one in-memory PDF (its fonts embedded once) a batch, and
#: only a batch of images in memory at a time.
_BATCH = 12


#: How far a channel may differ from a card's ground and still be ground (the ground is one
#: flat fill and PNG is lossless; the rasteriser's smoothing stays within this).
GROUND_TOLERANCE = 6


def ink_inset(image: Image.Image, bleed: tuple[float, float]) -> float:
    """How far inside the trim (``bleed`` px from the left and right, and from the top and
    bottom edges) the nearest pixel that is not the card's ground lies, in pixels: the
    ground is the colour at the image's corner, carried out through the bleed. A card of
    nothing but its ground gives the distance to its middle."""
    rgb = image.convert("RGB")
    ground = rgb.getpixel((0, 0))
    assert isinstance(ground, tuple)
    r, g, b = ImageChops.difference(rgb, Image.new("RGB", rgb.size, ground)).split()
    off = ImageChops.lighter(ImageChops.lighter(r, g), b).point(
        lambda v: 255 if v > GROUND_TOLERANCE else 0
    )
    w, h = rgb.size
    box = off.getbbox()
    if box is None:
        return min(w / 2 - bleed[0], h / 2 - bleed[1])
    left, top, right, bottom = box
    return min(left - bleed[0], top - bleed[1], w - right - bleed[0], h - bottom - bleed[1])


@dataclass(frozen=True)
class Side:
    """One distinct card side as rendered: where its trim landed (bleed in px, across and
    down), how far inside the trim its nearest ink lies (px), and its most ink (%)."""

    bleed: tuple[float, float]
    inset: float
    ink: float | None


def _geometry(job: ExportJob, shop: Shop) -> tuple[tuple[int, int], float]:
    """The image's size in px, and the bleed in mm of our card at the scale that maps its trim
    onto the shop's."""
    size = job.options.card_size
    scale = shop.trim_px(size)[0] / CARD_MM[size][0]  # px per mm
    return shop.card_px[size], shop.bleed_px / scale


def _batches(items: Sequence[Picture]) -> Iterator[Sequence[Picture]]:
    for start in range(0, len(items), _BATCH):
        yield items[start : start + _BATCH]


def _render(
    job: ExportJob,
    deck: Deck,
    drawers: Sequence[Picture],
    keep: Callable[[Picture, Image.Image], float | None],
) -> dict[int, Side]:
    """Rasterise each picture, hand each image to ``keep(picture, image)`` (which encodes it)
    and measure it; the measurements keyed by the ``id`` of the drawer."""
    sides = {}
    for batch in _batches(drawers):
        for pic, image in zip(
            batch, rasterise(batch, deck.title, job.options.ink_saver), strict=True
        ):
            scale = pic.size[0] / pic.mm[0]
            bleed = (
                (pic.size[0] - pic.trim[0] * scale) / 2,
                (pic.size[1] - pic.trim[1] * scale) / 2,
            )
            ink = keep(pic, image)
            sides[id(pic.draw)] = Side(bleed, ink_inset(image, bleed), ink)
    return sides


def _distinct(found: Sequence[Piece], px: tuple[int, int], bleed_mm: float) -> list[Picture]:
    seen: dict[int, Picture] = {}
    for piece in found:
        for draw in (piece.front, piece.back):
            if draw is not None and id(draw) not in seen:
                seen[id(draw)] = Picture(draw, piece.trim, bleed_mm, px)
    return list(seen.values())


def _png_folder(
    job: ExportJob, shop: Shop, folder: Path, deck: Deck
) -> tuple[list[dict[str, Any]], dict[int, Side], list[Piece]]:
    """Write the deck's PNGs into ``folder``; their manifest entries and measurements."""
    px, bleed_mm = _geometry(job, shop)
    found = pieces(job, deck)
    encoded: dict[int, bytes] = {}

    def keep(pic: Picture, image: Image.Image) -> None:
        encoded[id(pic.draw)] = png_bytes(image, shop.dpi)

    sides = _render(job, deck, _distinct(found, px, bleed_mm), keep)
    width = max(2, len(str(len(found))))
    listed = []
    for n, piece in enumerate(found, 1):
        name = f"{n:0{width}d}-{slug(piece.label)}-front.png"
        (folder / name).write_bytes(encoded[id(piece.front)])
        listed.append({"file": f"{deck.kind}/{name}", "label": piece.label, "side": "front"})
    backs = {id(p.back): p.back for p in found if p.back is not None}
    for n, key in enumerate(backs):
        name = "back.png" if len(backs) == 1 else f"back-{n + 1}.png"
        (folder / name).write_bytes(encoded[key])
        listed.append({"file": f"{deck.kind}/{name}", "label": "BACK", "side": "back"})
    return listed, sides, found


def _read_png(path: Path) -> tuple[tuple[int, int], float, str, bool]:
    """A written PNG's size, recorded resolution, mode and whether it holds a colour
    profile (the header only: the pixels are not decoded)."""
    with Image.open(path, formats=["PNG"]) as image:
        dpi = image.info.get("dpi", (0, 0))[0]
        return image.size, float(dpi), image.mode, "icc_profile" in image.info


def _png_checks(
    shop: Shop, name: str, folder: Path, listed: list[dict[str, Any]], want: tuple[int, int]
) -> list[Check]:
    read = [_read_png(folder / Path(e["file"]).name) for e in listed]
    sizes = Counter(r[0] for r in read)
    wrong = [f"{w}x{h}" for (w, h) in sizes if (w, h) != want]
    dpis = sorted({round(r[1]) for r in read})
    modes = sorted({r[2] for r in read})
    profiles = all(r[3] for r in read)
    return [
        check(
            name,
            "size",
            not wrong,
            f"{want[0]}x{want[1]} px",
            f"{len(read)} images, " + ", ".join(f"{n} at {w}x{h}" for (w, h), n in sizes.items()),
            "export again with --shop and no --dpi or --bleed",
        ),
        check(
            name,
            "resolution",
            dpis == [shop.dpi],
            f"{shop.dpi} dpi",
            "recorded " + ", ".join(f"{d} dpi" for d in dpis),
            f"export again with --shop {shop.name}",
        ),
        check(
            name,
            "colour",
            modes == [shop.colour] and profiles,
            f"{shop.colour} with an sRGB profile",
            ", ".join(modes) + (" with an sRGB profile" if profiles else " without a profile"),
            f"export again with --shop {shop.name}",
        ),
    ]


def _readable(data: bytes) -> str:
    """The file's objects and its content streams as text, without the compressed streams
    (image data and the profile), in which any run of bytes may look like an operator."""
    parts = re.split(rb"stream\n(.*?)\nendstream", data, flags=re.S)
    kept = [parts[0]]
    for body, after in zip(parts[1::2], parts[2::2], strict=True):
        head = kept[-1].rsplit(b"<<", 1)[-1] if b"<<" in kept[-1] else b""
        kept += [b"" if b"/Filter" in head else body, after]
    return b"\n".join(kept).decode("latin-1")


def _pdf_checks(shop: Shop, name: str, data: bytes, want: tuple[int, int]) -> list[Check]:
    """The file's own words, read back: page and image sizes, output intent, colour spaces,
    fonts and transparency."""
    text = _readable(data)
    media = set(re.findall(r"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", text))
    images = set(re.findall(r"/Subtype /Image /Width (\d+) /Height (\d+)", text))
    page_in = [(float(w) / PT_PER_IN, float(h) / PT_PER_IN) for w, h in media]
    want_in = (want[0] / shop.dpi, want[1] / shop.dpi)
    size_ok = bool(media) and all(
        abs(w - want_in[0]) < 1e-3 and abs(h - want_in[1]) < 1e-3 for w, h in page_in
    )
    dpi = sorted({round(int(iw) / pw, 1) for iw, _ in images for pw, _ in page_in})
    spaces = sorted(set(re.findall(r"/ColorSpace /(\w+)", text)))
    rgb = len(re.findall(r"DeviceRGB|CalRGB|/ICCBased| rg\b| RG\b", text))
    fonts = len(re.findall(r"/Type /Font\b", text))
    transparency = len(re.findall(r"/SMask|/CA |/ca |/Group", text))
    intent = "/S /GTS_PDFX" in text and "/DestOutputProfile" in text
    version = re.search(r"/GTS_PDFXVersion \(([^)]*)\)", text)
    return [
        check(
            name,
            "size",
            size_ok,
            f"{want_in[0]:g} x {want_in[1]:g} in pages",
            ", ".join(f"{w:g} x {h:g} in" for w, h in sorted(page_in)) + " pages",
            f"export again with --shop {shop.name}",
        ),
        check(
            name,
            "resolution",
            dpi == [float(shop.dpi)],
            f"{shop.dpi} dpi",
            ", ".join(f"{d:g} dpi" for d in dpi),
            f"export again with --shop {shop.name}",
        ),
        check(
            name,
            "colour",
            spaces == ["DeviceCMYK"] and rgb == 0 and intent,
            "DeviceCMYK only, a GTS_PDFX output intent, no RGB",
            f"colour spaces {', '.join(spaces) or 'none'}, {rgb} RGB uses, output intent "
            + ("GTS_PDFX" if intent else "missing")
            + (f", {version.group(1)}" if version else ""),
            f"export again with --shop {shop.name}",
        ),
        check(
            name,
            "fonts",
            fonts == 0,
            "every font embedded",
            f"{fonts} fonts in the file: every letter is part of the {shop.dpi} dpi CMYK image",
            f"export again with --shop {shop.name}",
        ),
        check(
            name,
            "transparency",
            transparency == 0,
            "none",
            f"{transparency} soft masks, alpha or groups",
            f"export again with --shop {shop.name}",
        ),
    ]


def _pdf_file(
    job: ExportJob, shop: Shop, path: Path, deck: Deck
) -> tuple[dict[int, Side], list[Piece]]:
    """Write the deck as one PDF/X-1a file at ``path``: front, back, front, back..."""
    if missing := missing_profile(shop):
        raise ExportError(missing)
    px, bleed_mm = _geometry(job, shop)
    found = pieces(job, deck)
    assert shop.ink_limit is not None
    limit = shop.ink_limit
    separated: dict[int, Separated] = {}

    def keep(pic: Picture, image: Image.Image) -> float:
        cmyk = to_cmyk(image, CMYK_PROFILE, limit)
        separated[id(pic.draw)] = Separated.of(cmyk)
        return max_ink(cmyk)

    sides = _render(job, deck, _distinct(found, px, bleed_mm), keep)
    order = list(separated)
    size_pt = (px[0] / shop.dpi * PT_PER_IN, px[1] / shop.dpi * PT_PER_IN)
    bleed_pt = shop.bleed_px / shop.dpi * PT_PER_IN
    pages = []
    for piece in found:
        for draw in (piece.front, piece.back):
            if draw is not None:
                pages.append(PageSide(order.index(id(draw)), size_pt, bleed_pt))
    write_pdfx(
        path,
        [separated[k] for k in order],
        pages,
        deck.title,
        CMYK_PROFILE,
        time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime()),
    )
    return sides, found


def _pixel_checks(shop: Shop, name: str, sides: list[Side]) -> list[Check]:
    """The checks made on the rendered pixels: bleed, safe zone and ink."""
    across = min(s.bleed[0] for s in sides)
    down = min(s.bleed[1] for s in sides)
    furthest = max(abs(b - shop.bleed_px) for s in sides for b in s.bleed)
    nearest = round(min(s.inset for s in sides), 2)
    # A pixel's width of smoothing at the edge of a frame or letter is allowed.
    out = [
        check(
            name,
            "bleed",
            furthest <= 1,
            f"{px_mm(shop.bleed_px, shop)} a side",
            f"{across:.1f} px across, {down:.1f} px down (the card's ground printed through it)",
            f"export again with --shop {shop.name}",
        ),
        check(
            name,
            "safe zone",
            nearest >= shop.safe_px - 1,
            f"nothing but the ground within {px_mm(shop.safe_px, shop)} inside the trim",
            f"nearest text or art {px_mm(round(nearest, 1), shop)} inside the trim",
            "keep every word and frame further from the card's edge "
            "(builder/export/layout/sheet.py TRIM_SAFE)",
        ),
    ]
    inks = [s.ink for s in sides if s.ink is not None]
    if shop.ink_limit is not None:
        most = max(inks, default=0.0)
        out.append(
            check(
                name,
                "ink",
                most <= shop.ink_limit,
                f"total ink at most {shop.ink_limit}%",
                f"at most {most:.1f}% on any spot",
                "lower the ink limit's target in builder/export/images/pdfx.py",
            )
        )
    return out


def write_shop_deck(job: ExportJob, path: Path, deck: Deck, shop: Shop) -> Written:
    """Write ``deck`` for ``shop`` at ``path`` (a folder for PNGs, a file for a PDF) and
    describe it for the manifest, with its preflight checks (``details["preflight"]``) and
    what to order (``details["order"]``)."""
    px = shop.card_px[job.options.card_size]
    checks: list[Check]
    if shop.file_type == "png":
        listed, sides, found = _png_folder(job, shop, path, deck)
        name = deck.kind
        checks = _png_checks(shop, name, path, listed, px)
        details: dict[str, Any] = {"format": "png", "dpi": shop.dpi, "images": listed}
        pages = len(listed)
        backs = "one back for all (back.png)" if any(p.back for p in found) else "no backs"
    else:
        sides, found = _pdf_file(job, shop, path, deck)
        name = f"{deck.kind}.pdf"
        checks = _pdf_checks(shop, name, path.read_bytes(), px)
        sided = any(p.back for p in found)
        pages = sum(2 if p.back else 1 for p in found)
        details = {"format": "pdf/x-1a", "dpi": shop.dpi}
        backs = "each front page followed by its back" if sided else "fronts only"
    checks += _pixel_checks(shop, name, list(sides.values()))
    details["shop"] = shop.name
    details["px"] = list(px)
    details["order"] = {
        "file": name,
        "cards": len(found),
        "size": job.options.card_size,
        "px": list(px),
        "backs": backs,
    }
    details["preflight"] = [asdict(c) for c in checks]
    counts = Counter(p.label for p in found)
    return Written(deck.kind if shop.file_type == "png" else name, pages, dict(counts), details)
