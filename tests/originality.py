"""Our own words: the check every ruleset's crib sheet and wording tests share. A text fails
when a run of ``n`` words of it (lower-case, punctuation and layout ignored: :func:`words`) is
one of the runs sampled from the system's source text.

The source texts are not ours to publish, so the repository holds no copy of them, only
fingerprints (``tests/fingerprints/<system>.toml``, written by ``tests/fingerprints/make.py``
from the sources when they are at hand; no test runs it). A run's hash is 40 bits of keyed
BLAKE2b (:data:`KEY`) of its words; a fingerprint keeps the hash of a source run only when it
falls in one residue class, ``hash % EVERY == 0``, so about one run in :data:`EVERY`, chosen
by its words rather than its place. Never every run: a full set of overlapping hashes could be
walked word by word (guess the next word, keep the guess whose run is in the set) to rebuild the
text. With one run in three kept, a walk must often guess three words or more before it meets a
kept run, and of the billions of three-word guesses thousands match one of a few thousand
40-bit hashes by chance: the walk loses its way.

The check hashes every run of our text and counts a run copied when its hash is kept. What the
sample costs: a passage of ``L`` words copied whole holds ``L - n + 1`` runs, each kept with
probability ``1/EVERY`` independently, so it is caught with probability
``1 - (1 - 1/EVERY) ** (L - n + 1)`` (:func:`catch_probability`). With ``EVERY = 3``:

=========  ======  ======  ======  ======
run ``n``  L = 10  L = 12  L = 15  L = 20
=========  ======  ======  ======  ======
7 words    80.2 %  91.2 %  97.4 %  99.6 %
8 words    70.4 %  86.8 %  96.1 %  99.5 %
=========  ======  ======  ======  ======

A copied run shorter than about ten words may be missed; two copied sentences rarely both are.
Each fingerprint file records the share of the source's own passages it catches, measured when
it was made; ``tests/test_originality.py`` checks those figures and the formula. Billhooks' run
is 8 words, the others' 7: two innocent 7-word runs of Billhooks' ("men at arms always stand and
fight") are plain game language. A false alarm needs a 40-bit hash to match by chance: with a
few thousand kept hashes and a few thousand runs of ours, about one in 10^5.

A rulebook section title in typographic quotes (“Morale Crisis Test”), printed on purpose to
send a player to the book, is exempt: no run spans a quoted span of at most
:data:`TITLE_WORDS` words. A longer quotation is checked as any other text.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from hashlib import blake2b
from pathlib import Path
from typing import Any

#: The fingerprints' folder, committed with the tests.
FOLDER = Path(__file__).parent / "fingerprints"
#: The hashes' key: fingerprints made with another key (another project's) are not comparable.
KEY = b"billhooks: in our own words, 1"
#: A source run's hash is kept when it is a multiple of this: the sample's density is 1/EVERY.
EVERY = 3
#: The longest quoted title (typographic quotes) exempt from the check.
TITLE_WORDS = 12
#: One short clause of each source, quoted on purpose so a test can show a copied run is
#: caught; ``make.py`` checks each is in its source and caught, and refuses to write otherwise.
PROBES = {
    "billhooks": "The game uses a two dice hit-then-save combat system",
    "kiss": "A unit will test morale if: It loses 2+ figures in a turn to fire",
    "feudal": "A unit cannot move unless all its figures are facing the same direction.",
    "shieldwall": "a stand that is uphill of its opponent",
}

_QUOTED = re.compile(r"“[^“”]*”")


def words(text: str) -> list[str]:
    """Lower-case words and numbers; punctuation, apostrophes and layout do not count."""
    return re.findall(r"[a-z0-9]+", text.lower().replace("’", "'").replace("'", ""))


def strings(value: Any) -> list[str]:
    """Every string in a parsed TOML value (tables, arrays and rows), each on its own."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def run_hash(run: Iterable[str]) -> int:
    """A run of words' 40-bit keyed hash, the same on every machine and Python."""
    digest = blake2b(" ".join(run).encode(), digest_size=5, key=KEY).digest()
    return int.from_bytes(digest, "big")


def catch_probability(length: int, n: int, every: int = EVERY) -> float:
    """The chance a passage of ``length`` words copied whole has a kept run of ``n`` words."""
    return 1 - (1 - 1 / every) ** max(0, length - n + 1)


def pieces(text: str) -> list[list[str]]:
    """``text``'s words, in pieces a run may not span: split at each quoted title."""
    found, start = [], 0
    for quote in _QUOTED.finditer(text):
        if len(words(quote.group())) <= TITLE_WORDS:
            found.append(words(text[start : quote.start()]))
            start = quote.end()
    return [*found, words(text[start:])]


def runs(texts: str | Iterable[str], n: int) -> Iterator[list[str]]:
    """Every run of ``n`` words of a text, or of texts each on its own (a run never spans
    two)."""
    for text in [texts] if isinstance(texts, str) else texts:
        for piece in pieces(text):
            for i in range(len(piece) - n + 1):
                yield piece[i : i + n]


@dataclass(frozen=True)
class Fingerprint:
    """The kept hashes of a source's runs of ``n`` words."""

    n: int
    every: int
    hashes: frozenset[int]

    @classmethod
    def of(cls, source: str, n: int, every: int = EVERY) -> Fingerprint:
        """``source``'s fingerprint (``every=1`` keeps every run: an exact check)."""
        theirs = words(source)  # quoted titles are exempt in our text, not in the source
        kept = (run_hash(theirs[i : i + n]) for i in range(len(theirs) - n + 1))
        return cls(n, every, frozenset(h for h in kept if h % every == 0))

    def copied(self, ours: str | Iterable[str]) -> list[str]:
        """The runs of ``ours`` (a text, or texts each on its own) whose hash is kept."""
        return [" ".join(run) for run in runs(ours, self.n) if run_hash(run) in self.hashes]


@cache
def fingerprint(system: str) -> Fingerprint:
    """The committed fingerprint of ``system``'s source text."""
    with open(FOLDER / f"{system}.toml", "rb") as f:
        data = tomllib.load(f)
    hashes = frozenset(int(h, 16) for h in data["hashes"].split())
    return Fingerprint(data["run"], data["every"], hashes)


def copied_runs(ours: str | Iterable[str], system: str) -> list[str]:
    """The runs of ``ours`` (a text, or texts each on its own) found in ``system``'s source
    text's fingerprint: each is copied, or (about one in 10^5) a chance match of hashes."""
    return fingerprint(system).copied(ours)
