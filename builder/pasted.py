"""A shared list as a forum, a chat or a phone hands it back: its lines with what came with them
taken off (quoting ``> ``, code fences, BBCode tags, Markdown marks, non-breaking spaces,
carriage returns, a byte-order mark), numbered as the pasted text numbers them, so a message
can name the line. What a list's values need kept exact is in quotes, escaped
(:mod:`builder.listfacts`), so nothing taken off here is part of a value.
"""

from __future__ import annotations

import re

#: Spaces a forum writes for spaces (a non-breaking space, a narrow one, a figure space).
_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2007": " "})
_FENCE = re.compile(r"^(```|~~~)")
_BBCODE = re.compile(
    r"\[(?:\*|/?(?:b|i|u|s|list|code|quote|size|color|font|center|spoiler)(?:=[^\]]*)?)\]",
    re.IGNORECASE,
)
_HEADING = re.compile(r"^#{1,6} ")
_MARKDOWN_ESCAPE = re.compile(r"\\([\\`*_\[\]<>|~#])")
#: A list's name line in Markdown (``## Warwick's affinity``), quoted or not.
_MARKDOWN_NAME = re.compile(r"^[ \t]*(?:>[ \t]*)*## ", re.MULTILINE)


def _bbcode(line: str) -> str:
    # "[*]" opens a list item: the plain list's "- ".
    return _BBCODE.sub(lambda m: "- " if m.group() == "[*]" else "", line)


def _markdown(line: str) -> str:
    line = _HEADING.sub("", line)
    if len(line) > 1 and line.startswith("`") and line.endswith("`"):
        return line[1:-1]  # a code span: as written, nothing escaped
    line = line.replace("**Totals:** ", "Totals: ")
    if len(line) > 4 and line.startswith("**") and line.endswith("**"):
        line = line[2:-2]
    elif len(line) > 2 and line.startswith("*") and line.endswith("*"):
        line = line[1:-1]
    return _MARKDOWN_ESCAPE.sub(r"\1", line)


def clean(line: str, markdown: bool) -> str:
    """One line without what a forum or a post's format added."""
    line = line.translate(_SPACES).strip().lstrip("\ufeff").strip()
    while line.startswith(">"):
        line = line[1:].strip()
    if _FENCE.match(line):
        return ""
    # A zero-width space is BBCode's escape of "[" (and nothing a value holds raw).
    line = _bbcode(line).replace("\u200b", "").strip()
    if markdown:
        line = _markdown(line).strip()
    # Inline code a forum left around a plain line.
    if len(line) > 1 and line.startswith("`") and line.endswith("`") and "`" not in line[1:-1]:
        line = line[1:-1]
    return line


def is_markdown(text: str) -> bool:
    """Whether ``text`` holds a Markdown list's name line (then every line is read as
    Markdown)."""
    return _MARKDOWN_NAME.search(text) is not None


def lines(text: str) -> list[tuple[int, str]]:
    """The non-blank lines of ``text`` cleaned, with their numbers (1 first). Only a line
    feed or a carriage return ends a line: a name may hold U+2028 and the other characters
    ``str.splitlines`` breaks at."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    markdown = is_markdown(text)
    found = ((n, clean(line, markdown)) for n, line in enumerate(text.split("\n"), 1))
    return [(n, line) for n, line in found if line]
