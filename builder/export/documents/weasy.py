"""Jinja2 + WeasyPrint plumbing for the HTML documents (roster, crib sheet).

These live here so that both documents share them:

* the Jinja2 environment: autoescaping on for every template name (user text is data, never
  markup) and ``StrictUndefined`` so a missing value is an error instead of a silent blank;
  every value it prints has the characters no bundled font draws replaced by "?" (as the
  ReportLab sheets do), so a missing glyph is a visible placeholder;
* :class:`AssetFetcher`, the only way WeasyPrint reaches a file: it serves the package's own
  templates, fonts and images, the tick-box strips it draws (:mod:`builder.export.documents.ticks`)
  and the share codes (:mod:`builder.export.documents.sharecode`), and refuses everything else
  (other files, http, ``data:`` URIs);
* one cached font configuration, which knows the bundled fonts and no system font (so nothing
  else can be embedded), and the stylesheets per paper size, so the bundled fonts are loaded
  once per process however many documents are written;
* the viewer preferences of the PDFs: print at actual size, and long-edge duplex for a
  document printed on both sides.

WeasyPrint is imported here and nowhere in the core (see the import-hygiene test).
"""

from __future__ import annotations

import mimetypes
import os
import tempfile
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

import jinja2
import pydyf
from fontTools.ttLib import TTFont
from markupsafe import Markup

from builder import resources
from builder.export.documents import colwidths, rostertable, sharecode, spaces, ticks
from builder.export.documents.weasylibs import fast_library_lookup
from builder.export.job import PAPER_MM
from builder.registry import get_ruleset

with fast_library_lookup():
    from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration  # noqa: E402
from weasyprint.urls import URLFetcher, URLFetcherResponse  # noqa: E402

if TYPE_CHECKING:
    from weasyprint.document import Document

#: File types WeasyPrint may load from the package folders.
ASSET_SUFFIXES = frozenset({".css", ".ttf", ".svg", ".png", ".jpg", ".jpeg"})


class AssetRefused(ValueError):
    """WeasyPrint asked for something outside the package's own assets."""


class AssetFetcher(URLFetcher):  # type: ignore[misc]  # WeasyPrint ships no types
    """Serve only files under the package's template and card folders, the tick-box strips
    (``ticks:6-6``, ``ticks:0.5.6-6,0.17.2``) and the share codes (``qr:`` and the text);
    refuse the rest.

    Every request is recorded in :attr:`requests`, and each refusal also in :attr:`refused`, so
    tests can prove that user text made WeasyPrint fetch nothing.
    """

    def __init__(self, roots: tuple[Path, ...] | None = None) -> None:
        # Refusals stay non-fatal: WeasyPrint then skips the resource, as a browser would.
        super().__init__(fail_on_errors=False)
        if roots is None:
            roots = (resources.templates_dir(), resources.cards_dir())
        self.roots = tuple(root.resolve() for root in roots)
        self.requests: list[str] = []
        self.refused: list[str] = []

    def _local_path(self, url: str) -> Path | None:
        parts = urlsplit(url)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            return None
        path = Path(url2pathname(parts.path)).resolve()  # url2pathname unquotes
        if path.suffix.lower() not in ASSET_SUFFIXES or not path.is_file():
            return None
        if not any(path.is_relative_to(root) for root in self.roots):
            return None
        return path

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        self.requests.append(url)
        drawn = ticks.png(url) or sharecode.png(url)
        if drawn is not None:
            return URLFetcherResponse(url, drawn, {"Content-Type": "image/png"})
        path = self._local_path(url)
        if path is None:
            self.refused.append(url)
            raise AssetRefused(f"refused to fetch {url[:80]!r}: not one of the package's assets")
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if path.suffix.lower() == ".ttf":
            mime = "font/ttf"
        return URLFetcherResponse(path.as_uri(), path.read_bytes(), {"Content-Type": mime})


#: The bundled faces the documents use; every CSS font stack resolves among these only.
FONT_FILES = (
    "EBGaramond12-Regular.ttf",
    "EBGaramond12-Italic.ttf",
    "EBGaramond12-AllSC.ttf",
    "EBGaramond12-Bold.ttf",
    "Blankenburg.ttf",
)


@cache
def covered() -> frozenset[int]:
    """Every character some bundled face has a glyph for (fontconfig falls back from one
    bundled face to another, never to a system font: see :func:`font_config`)."""
    have: set[int] = set()
    for name in FONT_FILES:
        have.update(TTFont(str(resources.fonts_dir() / name), lazy=True).getBestCmap())
    return frozenset(have)


def printable(text: str) -> str:
    """``text`` with every character no bundled font draws shown as "?"."""
    have = covered()
    return "".join(ch if ord(ch) in have or ch in "\n\t " else "?" for ch in text)


#: The blackletter display face; a line it cannot set whole goes in the fallback.
BLACKLETTER_FILE = "Blankenburg.ttf"


@cache
def _blackletter() -> frozenset[int]:
    return frozenset(TTFont(str(resources.fonts_dir() / BLACKLETTER_FILE), lazy=True).getBestCmap())


def blackletter(text: str) -> bool:
    """Whether the blackletter has every letter of ``text`` (``{% if name is blackletter %}``)."""
    have = _blackletter()
    return all(ord(ch) in have for ch in text if not ch.isspace())


def display(text: str) -> Markup:
    """``text`` for a blackletter line (``{{ name|display }}``): as it is if the blackletter
    has all its letters, else whole in a ``display-fallback`` span (base.css sets it in EB
    Garamond Bold), never switching face letter by letter."""
    if blackletter(text):
        return Markup.escape(text)
    return Markup('<span class="display-fallback">{}</span>').format(text)


def _finalize(value: Any) -> Any:
    # Markup is the templates' own (escaped or literal) HTML: keep it markup.
    if isinstance(value, Markup):
        return Markup(printable(str(value)))
    if isinstance(value, str):
        return printable(value)
    return value


@cache
def environment(ruleset: str = "") -> jinja2.Environment:
    """The Jinja2 environment for the ruleset's own templates (its declared folder) then the
    shared ``templates/``: autoescape always, strict undefined, and only characters the
    bundled fonts draw."""
    root = resources.templates_dir()
    own = get_ruleset(ruleset).folders.templates if ruleset else None
    folders = [own] if own is not None and own.is_dir() else []
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([*folders, root]),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=_finalize,
    )
    env.filters["display"] = display
    env.tests["blackletter"] = blackletter
    env.globals["ticks"] = ticks.url
    env.globals["tracker_line"] = ticks.tracker_line
    env.globals["tracker_lines"] = ticks.tracker_lines
    env.globals["cells"] = spaces.cells
    env.globals["columns"] = spaces.columns
    env.globals["paragraphs"] = spaces.paragraphs
    env.globals["column_shares"] = colwidths.shares
    env.globals["lay_out"] = rostertable.lay_out
    env.globals["running"] = rostertable.running
    env.globals["roster_width"] = rostertable.BOX[0]
    env.globals["roster_margins"] = rostertable.page_margins
    return env


def render_html(template: str, ruleset: str = "", **context: Any) -> str:
    """Render one template (a ruleset's own first) to an HTML string."""
    return environment(ruleset).get_template(template).render(**context)


#: A fontconfig configuration that lists no font folder: only the @font-face fonts exist.
_NO_SYSTEM_FONTS = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig></fontconfig>
"""


@cache
def font_config() -> FontConfiguration:
    """One font configuration for the process, knowing the bundled fonts only: fontconfig
    reads its configuration when the configuration is made, so it is pointed at one without
    font folders for that moment (the system fonts, CJK, emoji, maths, are never seen)."""
    with tempfile.TemporaryDirectory(prefix="billhooks-fc-") as folder:
        conf = Path(folder) / "fonts.conf"
        conf.write_text(_NO_SYSTEM_FONTS, encoding="utf-8")
        saved = os.environ.get("FONTCONFIG_FILE")
        os.environ["FONTCONFIG_FILE"] = str(conf)
        try:
            return FontConfiguration()
        finally:
            if saved is None:
                del os.environ["FONTCONFIG_FILE"]
            else:
                os.environ["FONTCONFIG_FILE"] = saved


@cache
def shared_fetcher() -> AssetFetcher:
    return AssetFetcher()


#: With --ink-saver: black text and no filled backgrounds (the tick boxes keep their lines).
#: ``:not(#ink)`` lends the selectors an id's weight, so they win over every template rule.
INK_SAVER_CSS = """
html:not(#ink), html:not(#ink) *, html:not(#ink) *::marker, html:not(#ink) *::after {
  color: #000 !important; }
html:not(#ink) td, html:not(#ink) th, html:not(#ink) tr { background: none !important; }
@page {
  @top-left { color: #000; } @top-right { color: #000; }
  @bottom-left { color: #000; } @bottom-right { color: #000; }
}
"""


#: ``--large-print``: a document is laid out on a page this much smaller than its paper and
#: printed this much larger, so that its smallest type (the 6 pt floor) prints at 8 pt and every
#: document (roster, crib sheets, packing list, any sheet to come) grows alike without a word
#: of its template changed. The paper is turned landscape: the roster's table needs its 186 mm
#: of columns (a portrait page would leave it 140), and the other documents read as well in two
#: wide columns. There are more pages.
LARGE_PRINT = 8 / 6


def page_mm(paper: str, large_print: bool = False) -> tuple[float, float]:
    """The page a document is laid out on (mm): the paper, or for ``large_print`` the paper
    turned landscape and made :data:`LARGE_PRINT` times smaller."""
    width, height = PAPER_MM[paper]
    if not large_print:
        return width, height
    return height / LARGE_PRINT, width / LARGE_PRINT


def layout_context(paper: str, large_print: bool = False) -> dict[str, Any]:
    """The sizes a template lays its page out by, in the millimetres it is laid out in: the
    page's width, and the roster's content box (always :data:`rostertable.BOX`'s width) and
    its margins (for large print: the least the running header and footer need, the rest
    shared by the sides)."""
    width, _ = page_mm(paper, large_print)
    side = (width - rostertable.BOX[0]) / 2
    # The running header and footer keep the room they need at their size as laid out.
    least = (rostertable.MIN_TOP, side, rostertable.MIN_BOTTOM, side)

    def margins(paper: str) -> tuple[float, float, float, float]:
        return least if large_print else rostertable.page_margins(paper)

    return {
        "paper": paper,
        "paper_width": width,
        "roster_width": rostertable.BOX[0],
        "roster_margins": margins,
    }


#: Letter is 17.6 mm shorter than A4: its top and bottom margins give back 8 mm of that, so a
#: roster that fits an A4 page fits a Letter one (the header and footer stay 5 mm and more
#: inside the edge, and Letter is 5.9 mm wider, so lines wrap less).
PAGE_MARGINS = {"letter": "margin: 11mm 12mm 10mm 12mm;"}


@cache
def stylesheets(paper: str, ink_saver: bool = False, large_print: bool = False) -> tuple[CSS, ...]:
    """The base stylesheet and the page size for ``paper`` ("a4" or "letter"), parsed once,
    with ``ink_saver`` the home-printer overrides, and with ``large_print`` the page made
    smaller (:func:`page_mm`; the PDF is written that much larger: :func:`pdf_bytes`).

    ``base.css`` names its fonts relative to the bundled fonts folder, so the same file works
    from a checkout and from an installed package.
    """
    width, height = page_mm(paper, large_print)
    fonts_url = resources.fonts_dir().resolve().as_uri() + "/"
    base = (resources.templates_dir() / "base.css").read_text(encoding="utf-8")
    fetcher = shared_fetcher()
    sheets = [
        CSS(string=base, base_url=fonts_url, url_fetcher=fetcher, font_config=font_config()),
        CSS(
            string=f"@page {{ size: {width}mm {height}mm; {PAGE_MARGINS.get(paper, '')} }}",
            url_fetcher=fetcher,
            font_config=font_config(),
        ),
    ]
    if ink_saver:
        sheets.append(CSS(string=INK_SAVER_CSS, url_fetcher=fetcher, font_config=font_config()))
    return tuple(sheets)


#: Images WeasyPrint has loaded (the tick boxes' dividers), kept for the process: one fetch.
_IMAGES: dict[str, Any] = {}


def render_document(
    html: str,
    paper: str,
    fetcher: AssetFetcher | None = None,
    ink_saver: bool = False,
    large_print: bool = False,
) -> Document:
    """Lay out ``html`` on ``paper`` (made smaller for ``large_print``); only ``fetcher``
    (default: the shared one) loads assets."""
    base_url = resources.templates_dir().resolve().as_uri() + "/"
    return HTML(string=html, base_url=base_url, url_fetcher=fetcher or shared_fetcher()).render(
        stylesheets=list(stylesheets(paper, ink_saver, large_print)),
        font_config=font_config(),
        cache=_IMAGES if fetcher is None else None,
    )


def pdf_bytes(document: Document, title: str, duplex: bool = False, scale: float = 1.0) -> bytes:
    """A laid-out document as a PDF, ``scale`` times as large as laid out, that asks viewers
    to print at actual size and, with ``duplex``, on both sides flipped on the long edge."""
    document.metadata.title = title
    document.metadata.authors = ["billhooks"]
    prefs = pydyf.Dictionary({"PrintScaling": "/None"})
    if duplex:
        prefs["Duplex"] = "/DuplexFlipLongEdge"

    def finish(_: Document, pdf: pydyf.PDF) -> None:
        pdf.catalog["ViewerPreferences"] = prefs

    data: bytes = document.write_pdf(zoom=scale, finisher=finish)
    return data


@lru_cache(maxsize=8)
def document_pdf(
    html: str,
    paper: str,
    title: str,
    duplex: bool = False,
    ink_saver: bool = False,
    large_print: bool = False,
) -> tuple[bytes, int]:
    """``html`` laid out on ``paper`` as a PDF, and its page count. The latest few are kept
    for the process: the HTML holds every word and names every image by what it draws
    (``ticks:``, ``qr:``), so the same HTML is the same PDF, and a pack printed again (the
    builder's Print screen, ``serve``) lays out only the documents that changed (a crib sheet
    never does). Layout is most of a document's time: a roster 1-2 s, a crib sheet 0.5 s."""
    laid_out = render_document(html, paper, ink_saver=ink_saver, large_print=large_print)
    scale = LARGE_PRINT if large_print else 1.0
    return pdf_bytes(laid_out, title, duplex, scale), len(laid_out.pages)
