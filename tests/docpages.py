"""Reading the documentation pages under ``docs/`` as the tests need them: their headings as
MkDocs anchors them, the citations of them in the code, and the tables of a section.

A citation names a page by its path from the repository's root and, optionally, a heading by
its anchor: ``docs/rules/kiss.md#army-morale``. Inside ``docs/`` a page links to another by a
relative Markdown link, ``[Army morale](kiss.md#army-morale)``, as MkDocs resolves it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

#: A citation in code, tests, templates or cards: a page under docs/ and an optional anchor.
CITATION = re.compile(r"(?<![\w/.-])(docs/[\w./-]*?\.md)(?:#([\w-]+))?")
#: A Markdown link's target, ``[text](target)``.
LINK = re.compile(r"\]\(([^)\s]+)\)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")

#: What may no longer be cited: the design and rules files that lived outside the repository,
#: and the copies of the source rulebooks we read (cite a rulebook by title and section). The
#: patterns are written so that this file does not match them itself.
FORBIDDEN = {
    "a design or rules file outside the repository": re.compile(
        r"\b(?:RULES(?:ETS)?|DESIGN|STYLE)[.]md\b"
    ),
    "a section of the old rules digest": re.compile(r"\bRULES [1-4]\b"),
    "a source text by its seed number": re.compile(r"\bseeds? 0\d\d\b"),
    "a source text's file": re.compile(r"\bseeds[/\\]|\b0\d\d_[0-9a-f]{16}\b"),
}


def slug(title: str) -> str:
    """A heading's anchor as MkDocs makes it (Python-Markdown's ``toc`` slugify): inline
    code and links reduced to their text, accents dropped, then lower case words joined by
    hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title).replace("`", "")
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


@dataclass(frozen=True)
class Heading:
    level: int
    title: str
    line: int


def headings(text: str) -> list[Heading]:
    """The Markdown headings of ``text``, outside fenced code."""
    found, fenced = [], False
    for n, line in enumerate(text.splitlines(), 1):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else _HEADING.match(line)
        if m:
            found.append(Heading(len(m.group(1)), m.group(2), n))
    return found


def anchors(text: str) -> set[str]:
    """Every anchor a page has: its headings' slugs, a repeated one numbered as MkDocs
    numbers it (``notes``, ``notes_1``)."""
    seen: set[str] = set()
    for heading in headings(text):
        base = candidate = slug(heading.title)
        n = 0
        while candidate in seen:
            n += 1
            candidate = f"{base}_{n}"
        seen.add(candidate)
    return seen


@dataclass(frozen=True)
class Problem:
    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def _target(page: str, anchor: str | None, pages: dict[str, set[str]]) -> str | None:
    """Why ``page`` (a path from the root) and ``anchor`` name nothing, or None."""
    if page not in pages:
        return f"{page} does not exist"
    if anchor is not None and anchor not in pages[page]:
        return f"{page} has no heading #{anchor}"
    return None


def problems(
    name: str, text: str, pages: dict[str, set[str]], in_docs: bool = False
) -> Iterator[Problem]:
    """What is wrong with the references in file ``name`` (a path from the root): a citation
    or, in a page of ``docs/``, a relative link naming a page or heading that does not exist,
    and any mention of what may no longer be cited."""
    for n, line in enumerate(text.splitlines(), 1):
        where = f"{name}:{n}"
        for m in CITATION.finditer(line):
            why = _target(m.group(1), m.group(2), pages)
            if why:
                yield Problem(where, why)
        if in_docs:
            for m in LINK.finditer(line):
                target = m.group(1)
                if re.match(r"^[a-z]+:", target):
                    continue  # a web address
                path, _, anchor = target.partition("#")
                if path and not path.endswith(".md"):
                    continue  # a picture or another file: MkDocs checks those
                page = (
                    (Path(name).parent / path).as_posix() if path else name
                )  # "#anchor": this page
                page = _normal(page)
                why = _target(page, anchor or None, pages)
                if why:
                    yield Problem(where, why)
        for what, pattern in FORBIDDEN.items():
            if pattern.search(line):
                yield Problem(where, f"names {what}; cite a page of docs/ (or the rulebook)")


def _normal(path: str) -> str:
    """``docs/rules/../contracts.md`` as ``docs/contracts.md``."""
    parts: list[str] = []
    for part in path.split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)


def pages(root: Path = ROOT) -> dict[str, set[str]]:
    """Every page under ``docs/`` by its path from the root, with its anchors."""
    return {
        p.relative_to(root).as_posix(): anchors(p.read_text(encoding="utf-8"))
        for p in sorted((root / "docs").rglob("*.md"))
    }


def section_rows(text: str, title: str) -> list[str]:
    """The first cell of each row of the tables under the heading ``title`` (to the next
    heading), its backticks removed: the codes or keys a table lists."""
    lines = text.splitlines()
    marks = headings(text)
    start = next((h for h in marks if h.title == title), None)
    if start is None:
        raise KeyError(title)
    end = next((h.line for h in marks if h.line > start.line), len(lines) + 1)
    rows = []
    for line in lines[start.line : end - 1]:
        m = re.match(r"^\|\s*`([^`]+)`\s*\|", line)
        if m:
            rows.append(m.group(1))
    return rows
