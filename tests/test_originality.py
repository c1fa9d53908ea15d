"""The "in our own words" check itself (tests/originality.py): the committed fingerprints of
every system's source, a copied run caught, an own sentence passed, quoted titles exempt, and
the catch rate the sparse sample costs, measured against the formula."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from originality import (
    EVERY,
    FOLDER,
    PROBES,
    TITLE_WORDS,
    Fingerprint,
    catch_probability,
    copied_runs,
    fingerprint,
    run_hash,
    strings,
    words,
)

from builder.registry import BUILT_IN
from builder.resources import templates_dir

SYSTEMS = list(BUILT_IN)


def recorded(system: str) -> dict[str, Any]:
    with open(FOLDER / f"{system}.toml", "rb") as f:
        return tomllib.load(f)


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_fingerprint_is_a_sparse_sample(system: str) -> None:
    """Every kept hash is in the residue class, about one run in EVERY is kept, never all."""
    data, print_ = recorded(system), fingerprint(system)
    assert (print_.n, print_.every) == (data["run"], EVERY)
    assert print_.n >= 7
    assert len(print_.hashes) == data["kept"] > 100
    assert all(h % EVERY == 0 and h < 2**40 for h in print_.hashes)
    assert abs(data["kept"] / data["runs"] - 1 / EVERY) < 0.02


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_copied_clause_is_caught_and_our_own_rewording_is_not(system: str) -> None:
    """Each system's probe (a clause of its source, quoted on purpose) is caught inside our
    text as on its own; the same clause with one word in every run changed is not."""
    assert copied_runs(PROBES[system], system)
    assert copied_runs(["Our own opening words.", f"As it says, {PROBES[system]}."], system)
    probe = words(PROBES[system])
    n = fingerprint(system).n
    reworded = [w if i % (n - 1) else "zzz" for i, w in enumerate(probe)]
    assert copied_runs(" ".join(reworded), system) == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_recorded_catch_rates_are_the_formulas(system: str) -> None:
    """make.py measured, over the source's own passages, what share the sample catches: near
    the formula, and a 12-word sentence at least 85 % of the time, a 20-word one 99 %."""
    data = recorded(system)
    for length, rate in data["caught"].items():
        expected = catch_probability(int(length), data["run"])
        assert rate["expected"] == pytest.approx(expected, abs=0.001)
        assert rate["measured"] == pytest.approx(expected, abs=0.02)
    assert data["caught"]["12"]["measured"] > 0.85
    assert data["caught"]["20"]["measured"] > 0.99


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_catch_rate_on_a_stand_in_source(system: str) -> None:
    """With our own crib sheet standing in for a source (no source is needed), the share of
    its 12-word passages the sample catches, copied whole into a text, is the formula's, and
    every passage is caught when every run is kept."""
    stand_in = " ".join(
        strings(
            tomllib.loads(
                (templates_dir() / system / "crib-sheet.toml").read_text(encoding="utf-8")
            )
        )
    )
    n = fingerprint(system).n
    sparse, full = Fingerprint.of(stand_in, n), Fingerprint.of(stand_in, n, every=1)
    theirs = words(stand_in)
    passages = [" ".join(theirs[i : i + 12]) for i in range(0, len(theirs) - 12, 3)]
    assert len(passages) > 150
    caught = sum(bool(sparse.copied(f"we wrote {p} ourselves")) for p in passages)
    assert caught / len(passages) == pytest.approx(catch_probability(12, n), abs=0.06)
    assert all(full.copied(p) for p in passages)


def test_runs_are_hashed_the_same_everywhere() -> None:
    """A stable keyed hash (not Python's salted ``hash``): the committed files stay valid."""
    assert run_hash(["roll", "a", "die"]) == run_hash("roll a die".split())
    assert f"{run_hash(['roll', 'a', 'die']):010x}" == "335e9948cb"


def test_an_exact_check_finds_a_copied_run_and_only_it() -> None:
    """With every run kept, the detector finds the run in common, across case and
    punctuation, and no run of a text that says the same thing in other words."""
    source = Fingerprint.of("Roll all the hits again for saving throws, and remove the dead.", 8, 1)
    assert source.copied("They roll ALL the hits again, for saving throws twice") == [
        "roll all the hits again for saving throws"
    ]
    assert source.copied("Roll every hit once more to save it") == []
    assert source.copied(["roll all the hits", "again for saving throws"]) == []


def test_a_quoted_section_title_is_exempt_but_a_long_quotation_is_not() -> None:
    title = "Shooting at Units in Woods or Behind Hedges"
    source = Fingerprint.of(f"{title} and other cover, then roll for hits.", 7, 1)
    assert source.copied(f"See {title} in the book.")
    assert source.copied(f"See “{title}” in the book.") == []
    long_quote = f"“{title} and other cover, then roll for hits”"
    assert len(words(long_quote)) > TITLE_WORDS
    assert source.copied(long_quote)
