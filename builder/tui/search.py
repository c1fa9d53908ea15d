"""Catalogue search: which entries a query finds, best first, and what to say when none do.

Pure (no Textual): the catalogue picker calls :func:`ranked` on every keystroke. An entry is
found when every word of the query is found in it; it ranks by where its weakest word was
found (its name, then its kind, then its summary, then its options) and, within one of those,
by how (the text starts with the word, a word of it does, or the word is inside a word). Ties
keep the catalogue's order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from builder.core.base import Entry

_WORD = re.compile(r"[a-z0-9]+")

#: How a word was found in a text, best first.
_START, _WORD_START, _INSIDE = 0, 1, 2


def _how(word: str, text: str) -> int | None:
    """How ``word`` is found in ``text`` (both lower case), or None."""
    if text.startswith(word):
        return _START
    if any(w.startswith(word) for w in _WORD.findall(text)) or any(
        part.startswith(word) for part in text.split()
    ):
        return _WORD_START
    return _INSIDE if word in text else None


def _fields(entry: Entry) -> tuple[str, ...]:
    """What is searched, in rank order: name, kind, summary, options."""
    return tuple(
        t.lower() for t in (entry.name, entry.kind, entry.summary, " ; ".join(entry.options))
    )


def _rank(entry: Entry, words: Sequence[str], phrase: str) -> tuple[int, ...] | None:
    fields = _fields(entry)
    if phrase and fields[0].startswith(phrase):
        return (0, _START, 0)  # the name as typed, spaces and all ("heavy c")
    best: list[tuple[int, int]] = []
    for word in words:
        found = [(i, how) for i, text in enumerate(fields) if (how := _how(word, text)) is not None]
        if not found:
            return None
        best.append(min(found))
    worst = max(best, default=(0, _START))
    return (worst[0], worst[1], sum(i * 3 + how for i, how in best))


def ranked(entries: Sequence[Entry], query: str) -> list[Entry]:
    """The entries ``query`` finds, best first; every entry for an empty query."""
    phrase = " ".join(query.lower().split())
    words = phrase.split()
    scored = [
        (rank, i, e) for i, e in enumerate(entries) if (rank := _rank(e, words, phrase)) is not None
    ]
    return [e for _, _, e in sorted(scored, key=lambda s: (s[0], s[1]))]


def nothing_found(entries: Sequence[Entry], query: str) -> str:
    """What the picker says when ``query`` finds nothing: so, and what to try instead."""
    kinds = list(dict.fromkeys(e.kind for e in entries))
    names = ", ".join(e.name for e in entries[:3])
    return (
        f"Nothing matches {query.strip()!r}. Search a name ({names}, ...) or a kind "
        f"({', '.join(kinds)}); a record's other choices are made in its form once "
        "added."
    )
