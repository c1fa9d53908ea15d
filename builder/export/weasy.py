"""Jinja2 + WeasyPrint plumbing for the HTML documents (roster, crib sheet).

Three things live here so that both documents share them:

* the Jinja2 environment: autoescaping on for every template name (user text is data, never
  markup) and ``StrictUndefined`` so a missing value is an error instead of a silent blank;
* :class:`AssetFetcher`, the only way WeasyPrint reaches a file: it serves the package's own
  templates, fonts and images and refuses everything else (other files, http, ``data:`` URIs);
* one cached font configuration and stylesheet per paper size, so the bundled fonts are loaded
  once per process however many documents are written.

WeasyPrint is imported here and nowhere in the core (see the import-hygiene test).
"""

from __future__ import annotations

import mimetypes
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

import jinja2

from builder import resources
from builder.export.base import PAPER_MM
from builder.export.libs import fast_library_lookup

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


class AssetFetcher(URLFetcher):
    """Serve only files under the package's template and card folders; refuse the rest.

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
        path = self._local_path(url)
        if path is None:
            self.refused.append(url)
            raise AssetRefused(f"refused to fetch {url[:80]!r}: not one of the package's assets")
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if path.suffix.lower() == ".ttf":
            mime = "font/ttf"
        return URLFetcherResponse(path.as_uri(), path.read_bytes(), {"Content-Type": mime})


@cache
def environment() -> jinja2.Environment:
    """The Jinja2 environment for ``templates/``: autoescape always, strict undefined."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(resources.templates_dir()),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_html(template: str, **context: Any) -> str:
    """Render one template to an HTML string."""
    return environment().get_template(template).render(**context)


@cache
def font_config() -> FontConfiguration:
    """One font configuration for the process: the bundled fonts are registered only once."""
    return FontConfiguration()


@cache
def shared_fetcher() -> AssetFetcher:
    return AssetFetcher()


@cache
def stylesheets(paper: str) -> tuple[CSS, ...]:
    """The base stylesheet and the page size for ``paper`` ("a4" or "letter"), parsed once.

    ``base.css`` names its fonts relative to the bundled fonts folder, so the same file works
    from a checkout and from an installed package.
    """
    width, height = PAPER_MM[paper]
    fonts_url = resources.fonts_dir().resolve().as_uri() + "/"
    base = (resources.templates_dir() / "base.css").read_text(encoding="utf-8")
    fetcher = shared_fetcher()
    return (
        CSS(string=base, base_url=fonts_url, url_fetcher=fetcher, font_config=font_config()),
        CSS(string=f"@page {{ size: {width}mm {height}mm; }}", url_fetcher=fetcher,
            font_config=font_config()),
    )


def render_document(html: str, paper: str, fetcher: AssetFetcher | None = None) -> Document:
    """Lay out ``html`` on ``paper``; only ``fetcher`` (default: the shared one) loads assets."""
    base_url = resources.templates_dir().resolve().as_uri() + "/"
    return HTML(
        string=html, base_url=base_url, url_fetcher=fetcher or shared_fetcher()
    ).render(stylesheets=list(stylesheets(paper)), font_config=font_config())


def write_pdf(document: Document, path: Path, title: str) -> int:
    """Write a laid-out document to ``path`` and return its page count."""
    document.metadata.title = title
    document.metadata.authors = ["billhooks"]
    document.write_pdf(path)
    return len(document.pages)
