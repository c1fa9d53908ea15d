"""Frames and words keep clear of the cut (issue 24.16), on every item every ruleset prints
for its examples, so a cut 1 mm off still leaves even borders:

- on the PDF sheets, read back with PDFium (``pdfread``): every card of every deck (poker, mini and
  tarot) and every token of every token sheet (round chits and markers, four-way order
  markers, trackers, stand labels): every glyph's box and every stroked line, rect and curve
  (frames, rings and rules included) lies at least TRIM_SAFE inside its item's trim, and on
  a round token also TRIM_SAFE inside its round cut; no token's type is under 6 pt. The trim
  boxes are read back from the PDF: with no bleed, each item's ground is filled over exactly
  its trim;
- every round token keeps a device square of DEVICE_LEAST or more between its words;
- in the print-shop images (``--format png --bleed 3``), read with Pillow: within TRIM_SAFE
  of the cut (of the round cut on a round token) and out through the bleed there is nothing
  but the item's ground, a colour and not the paper's white: printed into the bleed on every
  side.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pdfread
import pytest
from PIL import Image, ImageChops, ImageDraw

from builder.commands.share import source
from builder.core.printables import Deck, Document, Printables, Token, TokenSheet
from builder.eventfile import is_event_file
from builder.export.drawing.canvas import MIN_TEXT_PT, TRIM_SAFE, Cell
from builder.export.drawing.canvas import Box as SheetBox
from builder.export.drawing.ring import ring_radius
from builder.export.drawing.tokenart import emblem_room
from builder.export.job import CARD_MM, ExportJob, ExportOptions
from builder.export.pipeline.pack import export_pack, printables, write_kind
from builder.resources import examples_dir

MM = 72 / 25.4
EXAMPLES = [
    p
    for p in sorted(examples_dir().glob("*.toml"))
    if not p.name.endswith("collection.toml") and not is_event_file(p)
]
#: The images' resolution (a pixel is 0.17 mm) and bleed (mm).
DPI = 150
BLEED = 3.0
#: How far a channel may differ from the ground and still be ground (PNG is lossless; the
#: ground is one flat fill).
TOLERANCE = 6

Box = tuple[float, float, float, float]


def trims(page: Any, w: float, h: float) -> list[Box]:
    """(x0, top, x1, bottom) in pt of every filled item-sized rectangle on ``page``."""
    return [
        (r["x0"], r["top"], r["x1"], r["bottom"])
        for r in page.rects
        if r.get("fill") and abs(r["width"] - w * MM) < 0.3 and abs(r["height"] - h * MM) < 0.3
    ]


def _inked(page: Any) -> list[dict[str, Any]]:
    """Every glyph and every stroked line, rect and curve on ``page``."""
    return [*page.chars, *(o for o in page.lines + page.rects + page.curves if o.get("stroke"))]


def _half_width(obj: dict[str, Any]) -> float:
    return float(obj.get("linewidth") or 0) / 2 if "text" not in obj else 0.0


def _owner(obj: dict[str, Any], boxes: list[Box]) -> Box | None:
    """The item whose trim holds the middle of ``obj``."""
    cx, cy = (obj["x0"] + obj["x1"]) / 2, (obj["top"] + obj["bottom"]) / 2
    return next((b for b in boxes if b[0] < cx < b[2] and b[1] < cy < b[3]), None)


def _what(obj: dict[str, Any]) -> str:
    return repr(obj.get("text", obj["object_type"]))


def too_near(page: Any, boxes: list[Box]) -> list[str]:
    """What on ``page`` lies inside an item but less than TRIM_SAFE from its trim."""
    found = []
    for obj in _inked(page):
        box = _owner(obj, boxes)
        if box is None:
            continue
        half = _half_width(obj)
        gap = (
            min(
                obj["x0"] - half - box[0],
                box[2] - obj["x1"] - half,
                obj["top"] - half - box[1],
                box[3] - obj["bottom"] - half,
            )
            / MM
        )
        if gap < TRIM_SAFE - 0.02:
            found.append(f"{_what(obj)} {gap:.2f} mm")
    return found


def _points(obj: dict[str, Any]) -> Iterator[tuple[float, float]]:
    """Points along ``obj``'s outline (pt, from the page's top left): a glyph's box corners,
    a path's ends and corners, and its curves sampled (a curve's control points may lie
    well outside it)."""
    if "text" in obj:
        for x in (obj["x0"], obj["x1"]):
            for y in (obj["top"], obj["bottom"]):
                yield x, y
        return
    here = (0.0, 0.0)
    for step in obj.get("path") or [("m", p) for p in obj["pts"]]:
        op, *pts = step
        if op == "c":
            (x1, y1), (x2, y2), (x3, y3) = pts
            x0, y0 = here
            for i in range(1, 9):
                t = i / 8
                u = 1 - t
                yield (
                    u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
                    u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3,
                )
        if pts:
            here = pts[-1]
            yield here


def outside_round(page: Any, boxes: list[Box]) -> list[str]:
    """What on ``page`` lies on a round token but less than TRIM_SAFE inside its round cut
    (the circle its trim holds)."""
    found = []
    for obj in _inked(page):
        box = _owner(obj, boxes)
        if box is None:
            continue
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        safe = min(box[2] - box[0], box[3] - box[1]) / 2 - TRIM_SAFE * MM
        reach = max(math.hypot(x - cx, y - cy) for x, y in _points(obj)) + _half_width(obj)
        if reach > safe + 0.02 * MM:
            found.append(f"{_what(obj)} {(safe - reach) / MM + TRIM_SAFE:.2f} mm")
    return found


def type_pt(ch: dict[str, Any]) -> float:
    """A glyph's type size: its box's extent across its line (pdfplumber's ``size`` of a
    glyph turned a quarter, the four-way marker's side words, is its advance)."""
    return float(ch["size"] if ch["upright"] else ch["width"])


def _decks(pack: Printables) -> list[str]:
    return [kind for kind in pack.kinds if isinstance(pack.get(kind), Deck)]


def _sheets(pack: Printables) -> list[tuple[str, TokenSheet]]:
    return [(kind, item) for kind in pack.kinds if isinstance(item := pack.get(kind), TokenSheet)]


@pytest.mark.parametrize("size", ["poker", "mini", "tarot"])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_card_keeps_its_frame_and_words_inside_the_safe_zone(
    tmp_path: Path, path: Path, size: str
) -> None:
    job = ExportJob((source(str(path)),), ExportOptions(card_size=size))
    pack = printables(job)
    assert _decks(pack)
    w, h = CARD_MM[size]
    for kind in _decks(pack):
        pdf = tmp_path / f"{kind}.pdf"
        write_kind(job, kind, pdf)
        with pdfread.pages(pdf) as pages:
            cards = 0
            for number, page in enumerate(pages, 1):
                boxes = trims(page, w, h)
                cards += len(boxes)
                assert too_near(page, boxes) == [], (kind, number)
        assert cards, kind


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_token_keeps_its_frame_and_words_inside_the_safe_zone(
    tmp_path: Path, path: Path
) -> None:
    """Each token sheet's items, found by their size (one shape to a size); as many as it
    prints, and none of its words under MIN_TEXT_PT (a 25 mm token's too)."""
    job = ExportJob((source(str(path)),))
    pack = printables(job)
    assert _sheets(pack)
    for kind, sheet in _sheets(pack):
        pdf = tmp_path / f"{kind}.pdf"
        write_kind(job, kind, pdf)
        sizes = {g.size_mm: g.shape for g in sheet.groups}
        assert len({(g.size_mm, g.shape) for g in sheet.groups}) == len(sizes), kind
        found = 0
        with pdfread.pages(pdf) as pages:
            for number, page in enumerate(pages, 1):
                every = {size: trims(page, *size) for size in sizes}
                boxes = [b for found_of in every.values() for b in found_of]
                found += len(boxes)
                assert too_near(page, boxes) == [], (kind, number)
                round_ = [b for size, of in every.items() if sizes[size] == "round" for b in of]
                assert outside_round(page, round_) == [], (kind, number)
                small = {
                    ch["text"]
                    for ch in page.chars
                    if _owner(ch, boxes) and type_pt(ch) < MIN_TEXT_PT - 0.01
                }
                assert not small, (kind, number, small)
        assert found == sum(t.count for g in sheet.groups for t in g.tokens), kind


#: The least a round token's device square may be (mm): a crown under a three-line caption
#: and a two-line label on a 25 mm token is 2.8 mm (the command point's caption, once three
#: lines, is two: its crown is 4.0 mm).
DEVICE_LEAST = 2.5


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_round_token_keeps_its_device(path: Path) -> None:
    """The ring's 3 mm inset takes room from the device, never all of it: every round token
    of every sheet has a device square DEVICE_LEAST or more across between its caption and
    its label (what the device is drawn in: tests/test_marker_art.py checks the drawings
    differ there), and inside the ring."""
    pack = printables(ExportJob((source(str(path)),)))
    rounds = [
        (g.size_mm, t)
        for _, sheet in _sheets(pack)
        for g in sheet.groups
        if g.shape == "round"
        for t in g.tokens
    ]
    assert rounds
    for (w, h), token in rounds:
        trim = SheetBox(10.0, 10.0, w, h)
        room = emblem_room(Cell(trim, trim), token)
        assert room.w >= DEVICE_LEAST, (token.label, token.caption, room.w)
        cx, cy = trim.x + w / 2, trim.y + h / 2
        corner = math.hypot(
            max(abs(room.x - cx), abs(room.right - cx)), max(abs(room.y - cy), abs(room.top - cy))
        )
        assert corner < ring_radius(min(w, h)), (token.label, token.caption)


@cache
def margin_mask(size: tuple[int, int], mm: tuple[float, float], round_: bool) -> Image.Image:
    """White where an image of ``size`` px (``mm`` with its bleed) must show only its ground:
    the bleed and TRIM_SAFE inside the cut (a pixel's width short of it, where the ring or
    frame's edge is smoothed), or outside the circle TRIM_SAFE inside a round cut."""
    k = size[0] / mm[0]
    mask = Image.new("L", size, 255)
    draw = ImageDraw.Draw(mask)
    inset = (BLEED + TRIM_SAFE) * k - 1
    if round_:
        r = (min(mm) / 2 - BLEED - TRIM_SAFE) * k + 1
        cx, cy = size[0] / 2, size[1] / 2
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=0)
    else:
        draw.rectangle((inset, inset, size[0] - inset, size[1] - inset), fill=0)
    return mask


def stray_ink(image: Image.Image, mask: Image.Image) -> tuple[int, int, int, int] | None:
    """The box of every pixel under ``mask`` that is not the image's ground (its corner)."""
    ground = image.getpixel((0, 0))
    assert isinstance(ground, tuple)
    r, g, b = ImageChops.difference(image, Image.new("RGB", image.size, ground)).split()
    off = ImageChops.lighter(ImageChops.lighter(r, g), b).point(
        lambda v: 255 if v > TOLERANCE else 0
    )
    return ImageChops.multiply(off, mask).getbbox()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_print_shop_images_show_only_their_ground_near_the_cut(tmp_path: Path, path: Path) -> None:
    job = ExportJob((source(str(path)),), ExportOptions(format="png", bleed=BLEED, dpi=DPI))
    pack = printables(job)
    kinds = {kind for kind in pack.kinds if not isinstance(pack.get(kind), Document)}
    shapes: dict[str, set[str]] = {}
    for _, sheet in _sheets(pack):
        for group in sheet.groups:
            for token in group.tokens:
                shapes.setdefault(token.label, set()).add(group.shape)
    manifest = export_pack(job, tmp_path, kinds)
    seen: set[str] = set()
    images = 0
    for entry in manifest["files"]:
        for image_entry in entry.get("images", []):
            label = image_entry["label"]
            round_ = shapes.get(label, set()) == {"round"}
            with Image.open(tmp_path / image_entry["file"]) as image:
                rgb = image.convert("RGB")
            assert list(rgb.size) == image_entry["px"]
            assert rgb.getpixel((0, 0)) != (255, 255, 255), image_entry["file"]
            mm = image_entry["mm"]
            mask = margin_mask(rgb.size, (mm[0], mm[1]), round_)
            assert stray_ink(rgb, mask) is None, image_entry["file"]
            seen.add(entry["file"])
            images += 1
    assert seen == kinds and images


@pytest.mark.parametrize(
    "caption",
    [
        "burn one to order a charge or a change of formation",
        "burn one to order a charge or a change of formation when the sun is up",
        "x " * 60,
    ],
)
def test_a_caption_never_takes_the_last_of_the_device(caption: str) -> None:
    """A caption one line longer than the command point's (four lines under a two-line
    label) would leave its crown 0.5 mm: it is not printed then, rather than the device
    lost (the token's name still lists it)."""
    trim = SheetBox(0.0, 0.0, 25.0, 25.0)
    token = Token("crown", "#6b2b1d", "COMMAND POINT", caption=caption)
    assert emblem_room(Cell(trim, trim), token).w >= DEVICE_LEAST
