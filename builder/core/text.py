"""Text from a user's files shown on a terminal: what a terminal would obey, made visible."""

from __future__ import annotations


def printable(text: str) -> str:
    """``text`` with every character a terminal could act on shown as an escape (``\\x1b``)."""
    return "".join(
        ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text
    )
