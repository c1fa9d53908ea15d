"""Writes the fingerprints of the source texts (tests/originality.py says what they are):

    .venv/bin/python tests/fingerprints/make.py SOURCES_FOLDER

SOURCES_FOLDER holds the texts as ``000_*.txt`` (Billhooks), ``001_*.txt`` (KISS),
``003_*.txt`` (Shieldwall), ``004_*.txt`` (Feudal). Run by hand when a source or a
fingerprint's parameters change; no test runs it, and the tests need no source. It measures
what share of the source's own passages each fingerprint catches and writes that down, and it
refuses to write when a probe phrase (originality.PROBES) is not in its source or not caught.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from originality import (  # noqa: E402  (the tests folder is not a package)
    EVERY,
    FOLDER,
    PROBES,
    Fingerprint,
    catch_probability,
    run_hash,
    words,
)

#: system -> (the source's number, its title, the run length in words).
SOURCES = {
    "billhooks": ("000", "Never Mind the Billhooks", 8),
    "kiss": ("001", "KISS Wars of the Roses", 7),
    "shieldwall": ("003", "Dark Ages shieldwall skirmish rules", 7),
    "feudal": ("004", "Feudal-era convention rules", 7),
}
#: The passage lengths (words) whose catch rate is measured and recorded.
LENGTHS = (10, 12, 15, 20)


def caught_share(theirs: list[str], print_: Fingerprint, length: int) -> float:
    """The share of the source's passages of ``length`` words holding a kept run."""
    n = print_.n
    kept = [run_hash(theirs[i : i + n]) in print_.hashes for i in range(len(theirs) - n + 1)]
    spans = range(len(theirs) - length + 1)
    return sum(any(kept[i : i + length - n + 1]) for i in spans) / len(spans)


def make(system: str, source: str) -> str:
    """The fingerprint file of ``system``'s ``source`` text."""
    _, title, n = SOURCES[system]
    print_ = Fingerprint.of(source, n, EVERY)
    theirs = words(source)
    probe = words(PROBES[system])
    if not any(theirs[i : i + len(probe)] == probe for i in range(len(theirs))):
        raise SystemExit(f"{system}: the probe {PROBES[system]!r} is not in its source")
    if not print_.copied(PROBES[system]):
        raise SystemExit(f"{system}: the probe {PROBES[system]!r} is not caught")
    hashes = sorted(f"{h:010x}" for h in print_.hashes)
    lines = [" ".join(hashes[i : i + 8]) for i in range(0, len(hashes), 8)]
    rates = "\n".join(
        f"{length} = {{ measured = {caught_share(theirs, print_, length):.3f}, "
        f"expected = {catch_probability(length, n):.3f} }}"
        for length in LENGTHS
    )
    return (
        f"# Fingerprint of the {title} source text: tests/originality.py says what it is,\n"
        "# tests/fingerprints/make.py wrote it. Not to be edited by hand.\n"
        f'source = "{title}"\n'
        f"run = {n}\n"
        f"every = {EVERY}\n"
        f"words = {len(theirs)}\n"
        f"runs = {max(0, len(theirs) - n + 1)}\n"
        f"kept = {len(hashes)}\n"
        f'hashes = """\n{chr(10).join(lines)}\n"""\n\n'
        "# The share of the source's passages of L words caught (measured) and the formula's.\n"
        f"[caught]\n{rates}\n"
    )


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print(__doc__, file=sys.stderr)
        return 2
    folder = Path(argv[0])
    for system, (number, _, _) in SOURCES.items():
        found = sorted(folder.glob(f"{number}_*.txt"))
        if not found:
            print(f"{folder}: no {number}_*.txt for {system}", file=sys.stderr)
            return 2
        text = make(system, found[0].read_text(encoding="utf-8", errors="replace"))
        (FOLDER / f"{system}.toml").write_text(text, encoding="utf-8")
        print(f"{system}: {FOLDER / f'{system}.toml'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
