"""A PDF's pages read back with PDFium (pypdfium2): each letter and each drawn object with its
box, in the shape pdfplumber gives them, so :mod:`printcheck`'s measures take either.

pdfplumber interprets every content stream in Python: reading the print sweep's PDFs took
four fifths of its time. PDFium reads the same pages 10-20 times faster. Boxes follow
pdfminer's conventions, which the measures were written against: a letter's box is its
advance wide and one type size tall, from the font's descent; a rectangle is its path, not
its stroke. Letters PDFium makes up between words (``FPDFText_IsGenerated``) are left out:
they are not on the page.

The text tests read with it too: a page's ``extract_text``, ``extract_words``, ``search``,
``crop`` and ``within_bbox`` are pdfplumber's own code run on these letters
(``test_pdfread`` holds them to pdfplumber's reading of every system's documents and cards);
:func:`document` opens a PDF as ``pdfplumber.open`` does. An image's pixels are pdfplumber's
alone: the tests that read tick strips or share codes from images open the PDF with it.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import pypdfium2 as pdfium
import pypdfium2.raw as raw
from pdfplumber.utils.geometry import crop_to_bbox, within_bbox
from pdfplumber.utils.text import chars_to_textmap, extract_words

#: (left, top, right, bottom) in points from the page's top-left corner, as pdfplumber's.
BBox = tuple[float, float, float, float]

#: Path segment codes of PDFium's C API.
_LINETO, _MOVETO = raw.FPDF_SEGMENT_LINETO, raw.FPDF_SEGMENT_MOVETO


@dataclass
class Page:
    """One page: its size in points and its letters and objects as pdfplumber's dicts
    (``x0``, ``x1``, ``top``, ``bottom`` from the top-left corner, in points)."""

    width: float
    height: float
    chars: list[dict[str, Any]] = field(default_factory=list)
    #: The page's text in reading order as (letter, its middle from the top), with the
    #: spaces and line ends PDFium puts between words and lines.
    stream: list[tuple[str, float]] = field(default_factory=list)
    #: Its number in the document, from 1.
    page_number: int = 1
    #: The part of the page it holds: all of it, or what :meth:`crop` kept.
    bbox: BBox = (0.0, 0.0, 0.0, 0.0)
    #: Drawn objects by pdfplumber's kind ("line", "rect", "curve", "image"), once read.
    drawn: dict[str, list[dict[str, Any]]] | None = None
    #: Reads them from the open PDF: a third of the reading, and most text tests never ask.
    reader: Callable[[], dict[str, list[dict[str, Any]]]] | None = field(
        default=None, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if self.bbox == (0.0, 0.0, 0.0, 0.0):
            self.bbox = (0.0, 0.0, self.width, self.height)

    @property
    def objects(self) -> dict[str, list[dict[str, Any]]]:
        """The drawn objects, read the first time they are asked for."""
        if self.drawn is None:
            if self.reader is None:
                raise RuntimeError(
                    "the PDF is closed: ask for a page's drawn objects inside `with pages(...)`"
                )
            self.drawn, self.reader = self.reader(), None
        return self.drawn

    @property
    def rects(self) -> list[dict[str, Any]]:
        return self.objects.get("rect", [])

    @property
    def lines(self) -> list[dict[str, Any]]:
        return self.objects.get("line", [])

    @property
    def curves(self) -> list[dict[str, Any]]:
        return self.objects.get("curve", [])

    @property
    def images(self) -> list[dict[str, Any]]:
        """Each image's box (not its pixels: pdfplumber gives those)."""
        return self.objects.get("image", [])

    # pdfplumber's own text layout, run on these letters: its words, lines and searches
    # come out as pdfplumber's do, at PDFium's speed of reading.

    def _layout(self, options: dict[str, Any]) -> Any:
        return chars_to_textmap(
            self.chars,
            **{
                "layout_bbox": self.bbox,
                "layout_width": self.bbox[2] - self.bbox[0],
                "layout_height": self.bbox[3] - self.bbox[1],
                **options,
            },
        )

    def extract_text(self, **options: Any) -> str:
        return str(self._layout(options).as_string)

    def extract_words(self, **options: Any) -> list[dict[str, Any]]:
        return list(extract_words(self.chars, **options))

    def extract_text_lines(self, strip: bool = True, **options: Any) -> list[dict[str, Any]]:
        return list(self._layout(options).extract_text_lines(strip=strip, return_chars=True))

    def search(self, pattern: str, regex: bool = True, **options: Any) -> list[dict[str, Any]]:
        return list(self._layout(options).search(pattern, regex=regex))

    def crop(self, bbox: BBox) -> Page:
        """The page cut to ``bbox``: what lies across it, clipped to it (pdfplumber's crop)."""
        return self._kept(crop_to_bbox, bbox)

    def within_bbox(self, bbox: BBox) -> Page:
        """Only what lies wholly inside ``bbox``."""
        return self._kept(within_bbox, bbox)

    def _kept(self, keep: Any, bbox: BBox) -> Page:
        return Page(
            self.width,
            self.height,
            keep(self.chars, bbox),
            [],
            self.page_number,
            bbox,
            {kind: keep(objs, bbox) for kind, objs in self.objects.items()},
        )

    @property
    def text(self) -> str:
        """The page's words in reading order, spaced, each line ended by a space."""
        return "".join(t for t, _ in self.stream)

    def text_between(self, top: float, bottom: float) -> str:
        """The words whose letters' middles lie between ``top`` and ``bottom`` (points from
        the top of the page), in reading order."""
        return "".join(t for t, middle in self.stream if top <= middle < bottom)


@contextmanager
def pages(pdf: Path | bytes) -> Iterator[list[Page]]:
    """Every page of the PDF at ``pdf`` (or of these bytes), read once."""
    doc = pdfium.PdfDocument(str(pdf) if isinstance(pdf, Path) else pdf)
    read: list[Page] = []
    try:
        top = 0.0  # pdfplumber's "doctop": from the top of the first page
        for i in range(len(doc)):
            page = _page(doc[i])
            page.page_number = i + 1
            for ch in page.chars:
                ch["doctop"] = top + ch["top"]
            top += page.height
            read.append(page)
        yield read
    finally:
        for page in read:
            page.reader = None  # its PDF is closing
        doc.close()


@dataclass
class Document:
    """A PDF's pages, as ``pdfplumber.open`` gives them."""

    pages: list[Page]


@contextmanager
def document(pdf: Path | str | bytes | BinaryIO) -> Iterator[Document]:
    """The PDF at ``pdf`` (a path, bytes or a file) read as :func:`pages` reads it, for tests
    written against pdfplumber's ``with pdfplumber.open(path) as pdf: pdf.pages``."""
    source = (
        Path(pdf) if isinstance(pdf, str) else pdf if isinstance(pdf, (Path, bytes)) else pdf.read()
    )
    with pages(source) as read:
        yield Document(read)


Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _page(page: pdfium.PdfPage) -> Page:
    w, h = page.get_size()
    out = Page(float(w), float(h))
    text = page.get_textpage()
    try:
        out.chars, out.stream = _chars(text.raw, out.height)
    finally:
        text.close()

    def read() -> dict[str, list[dict[str, Any]]]:
        objects: dict[str, list[dict[str, Any]]] = {}
        handle = page.raw
        for i in range(raw.FPDFPage_CountObjects(handle)):
            _object(raw.FPDFPage_GetObject(handle, i), IDENTITY, objects, out.height)
        return objects

    out.reader = read
    return out


def _then(inner: Matrix, outer: Matrix) -> Matrix:
    """``inner`` followed by ``outer`` (PDF's row-vector convention)."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


def _bounds(obj: Any, to_page: Matrix) -> tuple[float, float, float, float]:
    """An object's box (left, bottom, right, top) on the page: PDFium gives it in the space
    of the form it is drawn in."""
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    raw.FPDFPageObj_GetBounds(obj, left, bottom, right, top)
    a, b, c, d, e, f = to_page
    xs, ys = [], []
    for x in (left.value, right.value):
        for y in (bottom.value, top.value):
            xs.append(a * x + c * y + e)
            ys.append(b * x + d * y + f)
    return min(xs), min(ys), max(xs), max(ys)


def _matrix(obj: Any) -> Matrix:
    m = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, m)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _object(obj: Any, to_page: Matrix, out: dict[str, list[dict[str, Any]]], h: float) -> None:
    kind = raw.FPDFPageObj_GetType(obj)
    if kind == raw.FPDF_PAGEOBJ_FORM:
        inner = _then(_matrix(obj), to_page)
        for i in range(raw.FPDFFormObj_CountObjects(obj)):
            _object(raw.FPDFFormObj_GetObject(obj, i), inner, out, h)
    elif kind == raw.FPDF_PAGEOBJ_PATH:
        _path(obj, to_page, out, h)
    elif kind == raw.FPDF_PAGEOBJ_IMAGE:
        out.setdefault("image", []).append(_box(*_bounds(obj, to_page), h))


def _box(
    left: float, bottom: float, right: float, top: float, h: float, **more: Any
) -> dict[str, Any]:
    return {
        "x0": left,
        "x1": right,
        "top": h - top,
        "bottom": h - bottom,
        "width": right - left,
        "height": top - bottom,
        **more,
    }


def _chars(text: Any, h: float) -> tuple[list[dict[str, Any]], list[tuple[str, float]]]:
    box = raw.FS_RECTF()
    ox, oy = ctypes.c_double(), ctypes.c_double()
    #: What a letter has from the text object that draws it, asked once an object.
    styles: dict[int, _Style] = {}
    found: list[dict[str, Any]] = []
    #: Each letter's origin (None for a made-up one): a letter ends where the next on its
    #: line begins, if that is sooner than PDFium says (pdfminer's box is the advance;
    #: PDFium's takes in a glyph that overhangs it, as an f does).
    origins: list[tuple[float, float] | None] = []
    stream: list[tuple[str, float]] = []
    for i in range(raw.FPDFText_CountChars(text)):
        if raw.FPDFText_IsGenerated(text, i) == 1:
            origins.append(None)
            # A made-up space or line end goes with the letter before it.
            stream.append((" ", stream[-1][1] if stream else 0.0))
            continue
        raw.FPDFText_GetCharOrigin(text, i, ox, oy)
        origins.append((ox.value, oy.value))
        code = raw.FPDFText_GetUnicode(text, i)
        obj = raw.FPDFText_GetTextObject(text, i)
        # The object's address (from_buffer: a third of the time of a cast).
        key = ctypes.c_void_p.from_buffer(obj).value or 0
        style = styles.get(key)
        if style is None:
            style = styles[key] = _style(text, i, obj)
        raw.FPDFText_GetLooseCharBox(text, i, box)
        if style.forward:
            # pdfminer's box: from the descent below the baseline, one type size tall.
            y0 = oy.value + style.descent * style.size
            y1 = y0 + style.size
        else:
            y0, y1 = box.bottom, box.top
        # PDFium reads a hyphen that ends a line as 2 (its mark for a word broken there).
        letter = "-" if code == 2 else chr(code) if code else ""
        stream.append((letter, h - (y0 + y1) / 2))
        found.append(
            {
                "index": i,
                "object_type": "char",
                "text": letter,
                "fontname": style.fontname,
                "size": style.size,
                "non_stroking_color": style.colour,
                "upright": style.upright,
                "forward": style.forward,
                "x0": ox.value if style.forward else box.left,
                "x1": box.right,
                "y0": y0,
                "y1": y1,
                "top": h - y1,
                "bottom": h - y0,
            }
        )
    for ch in found:
        i, forward = ch.pop("index"), ch.pop("forward")
        here, after = origins[i], origins[i + 1] if i + 1 < len(origins) else None
        if (
            forward
            and here
            and after
            and abs(after[1] - here[1]) < 0.01
            and ch["x0"] < after[0] < ch["x1"]
        ):
            ch["x1"] = after[0]
        ch["width"], ch["height"] = ch["x1"] - ch["x0"], ch["y1"] - ch["y0"]
    return found, stream


@dataclass(frozen=True)
class _Style:
    """A text object's font, size, colour and direction: the same for each of its letters
    (PDFium's per-letter calls read them off the object)."""

    fontname: str
    size: float
    colour: tuple[Any, ...]
    upright: bool
    forward: bool
    #: The font's descent, a fraction of the type size (below the baseline: negative).
    descent: float


def _style(text: Any, i: int, obj: Any) -> _Style:
    matrix = raw.FS_MATRIX()
    raw.FPDFText_GetMatrix(text, i, matrix)
    name = ctypes.create_string_buffer(256)
    raw.FPDFText_GetFontInfo(text, i, name, len(name), ctypes.c_int())
    descent = ctypes.c_float()
    raw.FPDFFont_GetDescent(raw.FPDFTextObj_GetFont(obj), ctypes.c_float(1000.0), descent)
    # Upright as pdfminer has it: square to the page, upside down too.
    upright = abs(matrix.b) < 1e-6 and abs(matrix.c) < 1e-6
    # The size set, times the height the page and any form scale it to (as pdfminer's:
    # letters squeezed across keep their size).
    size = raw.FPDFText_GetFontSize(text, i) * (matrix.c**2 + matrix.d**2) ** 0.5
    return _Style(
        name.value.decode("latin-1"),
        size,
        _colour(raw.FPDFText_GetFillColor, text, i),
        upright,
        upright and matrix.a > 0 and matrix.d > 0,
        descent.value / 1000.0,
    )


def _path(obj: Any, to_page: Matrix, out: dict[str, list[dict[str, Any]]], h: float) -> None:
    """A painted path, each subpath an object of its own (as pdfminer has them: a frame
    filled between two rectangles is two rectangles)."""
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(obj, fill, stroke)
    if not fill.value and not stroke.value:
        return  # paints nothing
    a, b, c, d, e, f = _then(_matrix(obj), to_page)
    square = abs(b) < 1e-6 and abs(c) < 1e-6
    width = ctypes.c_float()
    raw.FPDFPageObj_GetStrokeWidth(obj, width)
    colour = _colour(raw.FPDFPageObj_GetFillColor, obj)
    linewidth = width.value * abs(a * d - b * c) ** 0.5
    for segments in _subpaths(obj):
        # The box of the path's points on the page, as pdfminer's: PDFium's own bounds
        # take in the stroke, mitred.
        xs = [a * x + c * y + e for _, x, y in segments]
        ys = [b * x + d * y + f for _, x, y in segments]
        pts = [(x, h - y) for x, y in zip(xs, ys, strict=True)]
        kind = (
            "line"
            if len(segments) == 2 and segments[1][0] == _LINETO
            else "rect"
            if square and _is_rect(segments)
            else "curve"
        )
        out.setdefault(kind, []).append(
            _box(
                min(xs),
                min(ys),
                max(xs),
                max(ys),
                h,
                fill=bool(fill.value),
                stroke=bool(stroke.value),
                linewidth=linewidth,
                non_stroking_color=colour,
                pts=pts,
                path=_steps(segments, pts),
            )
        )


#: The four channels PDFium writes a colour into, made once: the print sweep asks 800,000
#: colours, and making four integers a time was a fifth of its reading.
_RGBA = (ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint())


def _colour(get: Any, *where: Any) -> tuple[Any, ...]:
    """A fill colour as pdfplumber gives an RGB one (0 to 1 a channel); ("pattern",) where
    PDFium gives none (a pattern fill)."""
    r, g, b, a = _RGBA
    if not get(*where, r, g, b, a):
        return ("pattern",)
    return (r.value / 255, g.value / 255, b.value / 255)


def _steps(
    segments: list[tuple[int, float, float]], pts: list[tuple[float, float]]
) -> list[tuple[Any, ...]]:
    """A subpath as pdfplumber's ``path``: ("m", point), ("l", point), and ("c", control,
    control, end) from PDFium's three Bezier segments a curve."""
    steps: list[tuple[Any, ...]] = []
    curve: list[tuple[float, float]] = []
    for (kind, _, _), point in zip(segments, pts, strict=True):
        if kind == raw.FPDF_SEGMENT_BEZIERTO:
            curve.append(point)
            if len(curve) == 3:
                steps.append(("c", *curve))
                curve = []
        else:
            steps.append(("m" if kind == _MOVETO else "l", point))
    return steps


def _subpaths(obj: Any) -> list[list[tuple[int, float, float]]]:
    """A path's segments as (kind, x, y) in its own space, split where each subpath
    starts."""
    x, y = ctypes.c_float(), ctypes.c_float()
    out: list[list[tuple[int, float, float]]] = []
    for i in range(raw.FPDFPath_CountSegments(obj)):
        segment = raw.FPDFPath_GetPathSegment(obj, i)
        kind = raw.FPDFPathSegment_GetType(segment)
        raw.FPDFPathSegment_GetPoint(segment, x, y)
        if kind == _MOVETO or not out:
            out.append([])
        out[-1].append((kind, x.value, y.value))
    return out


def _is_rect(segments: list[tuple[int, float, float]]) -> bool:
    """Whether a subpath is one rectangle square to the page (as pdfminer sorts them)."""
    if len(segments) not in (4, 5) or any(
        kind not in (_LINETO, _MOVETO) for kind, _, _ in segments
    ):
        return False
    corners = [(round(x, 3), round(y, 3)) for _, x, y in segments]
    if len(corners) == 5:
        if corners[4] != corners[0]:
            return False
        corners = corners[:4]
    return len(set(corners)) == 4 and all(
        p[0] == q[0] or p[1] == q[1]
        for p, q in zip(corners, corners[1:] + corners[:1], strict=True)
    )
