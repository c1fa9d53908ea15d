"""Every reference to a design or rules page names a page and a heading that exist in the
repository (``docs/rules/kiss.md#army-morale``), and nothing cites what a clone does not have:
the design files that lived beside it, or our copies of the source rulebooks (a rulebook is
cited by its title and section name). The checker itself is tested on references made to fail.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from docpages import ROOT, Problem, anchors, pages, problems, section_rows, slug

from builder import armyfile
from builder.core.event import EVENT_ONLY, event_of
from builder.core.schema import Table
from builder.core.validate import Ctx
from builder.registry import BUILT_IN, get_ruleset

#: What is scanned: the code, the tests, the data the pack prints, the docs and the CI script.
SCANNED = ("builder", "tests", "templates", "cards", "docs", "benchmarks", "examples", ".ci")
FILES = ("pyproject.toml", "README.md")
#: Text files; pictures, fonts, snapshots and golden outputs cite nothing.
SUFFIXES = {".py", ".toml", ".html", ".css", ".md", ".j2", ".txt", ".tcss", ".yml", ".yaml", ""}
SKIPPED = ("tests/__snapshots__", "tests/golden")
#: The checker and its tests, whose bad references are made to fail.
CHECKER = ("tests/docpages.py", "tests/test_docs_references.py")


def _scanned() -> list[Path]:
    found = [ROOT / name for name in FILES]
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if (
                path.is_file()
                and path.suffix in SUFFIXES
                and "__pycache__" not in path.parts
                and not rel.startswith(SKIPPED)
                and rel not in CHECKER
            ):
                found.append(path)
    return found


def test_every_reference_names_a_page_and_heading_that_exist() -> None:
    known = pages()
    assert "docs/rules/billhooks.md" in known and "docs/contracts.md" in known
    found = []
    for path in _scanned():
        rel = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        found += [str(p) for p in problems(rel, text, known, in_docs=rel.startswith("docs/"))]
    assert found == []


def test_the_code_cites_the_rules_pages() -> None:
    """The scan is not vacuous: the systems cite their rules pages, in the citation form."""
    cited = sum(
        p.read_text(encoding="utf-8").count("docs/rules/")
        for p in (ROOT / "builder" / "systems").rglob("*.py")
    )
    assert cited > 50


# --- The checker, on references made to fail -------------------------------------------------

PAGES = {
    "docs/rules/kiss.md": anchors("# KISS\n\n## Army morale\n\n## Orders\n"),
    "docs/contracts.md": anchors("# Contracts\n## Findings\n### kiss findings\n"),
}


def _found(text: str, name: str = "builder/x.py", in_docs: bool = False) -> list[str]:
    return [p.what for p in problems(name, text, PAGES, in_docs)]


def test_a_citation_of_an_existing_page_and_heading_passes() -> None:
    assert _found("# see docs/rules/kiss.md#army-morale and docs/contracts.md") == []


def test_a_citation_of_a_missing_page_fails() -> None:
    assert _found("# see docs/rules/kis.md#army-morale") == ["docs/rules/kis.md does not exist"]


def test_a_citation_of_a_missing_heading_fails() -> None:
    assert _found('"""docs/rules/kiss.md#army-moral"""') == [
        "docs/rules/kiss.md has no heading #army-moral"
    ]


@pytest.mark.parametrize(
    "line",
    [
        # Spelt in pieces, so a search of the repository for the documents it lacks finds only
        # real citations, not these made to fail.
        "# " + "RULES" + ".md 2.4: exactly one C-in-C",
        "# (" + "RULESETS" + ".md, Printables as data)",
        "# see " + "DESIGN" + ".md",
        "# " + "STYLE" + ".md 'Card sheets'",
        "# as RULES 2.3 says",
        "# seed 001, Orders",
        "# the seeds in ../shared/" + "seeds/",
        "# 000_8f64d169c4797216.txt line 253",
    ],
)
def test_a_mention_of_what_a_clone_lacks_fails(line: str) -> None:
    assert len(_found(line)) == 1 and "names " in _found(line)[0]


def test_a_random_seed_is_not_a_source_text() -> None:
    assert _found("rng = random.Random(seed)  # (seed 17), the seeds of the draw") == []


def test_links_between_pages_are_checked_from_the_page() -> None:
    page = "docs/rules/feudal.md"
    good = "[a](kiss.md#army-morale), [b](../contracts.md#kiss-findings), [c](#army-morale)"
    known = {**PAGES, page: anchors("## Army morale\n")}
    assert [p.what for p in problems(page, good, known, in_docs=True)] == []
    bad = "[a](kiss.md#army) [b](../contract.md) [c](#nowhere) [web](https://x.org/a.md#b)"
    assert [p.what for p in problems(page, bad, known, in_docs=True)] == [
        "docs/rules/kiss.md has no heading #army",
        "docs/contract.md does not exist",
        "docs/rules/feudal.md has no heading #nowhere",
    ]


def test_a_problem_names_the_file_and_line() -> None:
    found = list(problems("cards/kiss/tokens.toml", "a\n# docs/nope.md\n", PAGES))
    assert found == [Problem("cards/kiss/tokens.toml:2", "docs/nope.md does not exist")]


def test_anchors_are_made_as_mkdocs_makes_them() -> None:
    assert slug("Decks, cards and tokens") == "decks-cards-and-tokens"
    assert slug("The C-in-C's `c_in_c` key") == "the-c-in-cs-c_in_c-key"
    assert slug("At the table: our readings (1.8)") == "at-the-table-our-readings-18"
    text = "## Notes\n```\n## not a heading\n```\n## Notes\n"
    assert anchors(text) == {"notes", "notes_1"}


# --- The contracts page lists what the code declares -----------------------------------------

CONTRACTS = ROOT / "docs" / "contracts.md"


def _keys(table: Table, prefix: str = "") -> list[str]:
    """Every key path of a file shape as the contracts page writes it (``wards[].units[].x``)."""
    found = []
    for field in table.fields:
        found.append(prefix + field.key)
        if field.table is not None:
            found += _keys(field.table, f"{prefix}{field.key}.")
    for child in table.children:
        found.append(prefix + child.key)
        found += _keys(child.table, f"{prefix}{child.key}{'[]' if child.many else ''}.")
    return found


@pytest.mark.parametrize("name", list(BUILT_IN))
def test_the_contracts_list_every_finding_code_and_no_other(name: str) -> None:
    listed = section_rows(CONTRACTS.read_text(encoding="utf-8"), f"{name} findings")
    assert listed == list(get_ruleset(name).codes)


def _tables(table: Table) -> list[Table]:
    nested = [f.table for f in table.fields if f.table is not None]
    nested += [c.table for c in table.children]
    return [table, *(t for n in nested for t in _tables(n))]


def test_the_contracts_list_the_file_findings() -> None:
    """``check`` adds a ``missing-<key>`` and an ``outside-<key>`` code per path field."""
    listed = section_rows(CONTRACTS.read_text(encoding="utf-8"), "file findings")
    keys = {
        f.key
        for name in BUILT_IN
        for table in _tables(get_ruleset(name).schema)
        for f in table.fields
        if f.path
    }
    assert keys and sorted(listed) == sorted(
        f"{w}-{k}" for k in keys for w in ("missing", "outside")
    )


@pytest.mark.parametrize("name", list(BUILT_IN))
def test_the_contracts_list_every_key_of_the_army_file(name: str) -> None:
    listed = section_rows(CONTRACTS.read_text(encoding="utf-8"), f"{name} army file")
    assert listed == _keys(get_ruleset(name).schema)


# --- The examples in the pages work ------------------------------------------------------------


def _blocks(language: str) -> list[tuple[str, str]]:
    """Every fenced block of ``language`` in the pages, with the page it is in."""
    found = []
    for path in sorted((ROOT / "docs").rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(rf"^```{language}\n(.*?)^```", text, re.S | re.M):
            found.append((path.relative_to(ROOT).as_posix(), m.group(1)))
    return found


def test_the_python_examples_run() -> None:
    blocks = _blocks("python")
    assert blocks
    for _page, code in blocks:
        exec(compile(code, _page, "exec"), {})


def test_the_army_file_examples_load() -> None:
    """Every TOML example parses; each that names a rule system and holds no collection's
    cards (a special events file, a collection or an event file are other formats) loads as
    an army."""
    blocks = _blocks("toml")
    armies = []
    events = []
    for page, text in blocks:
        data = tomllib.loads(text)
        if any(key in data for key in EVENT_ONLY):
            events.append((page, text, data))
        elif "ruleset" in data and "cards" not in data:
            armies.append((page, text))
    assert armies and events
    for page, text, data in events:
        ctx = Ctx(page, text)
        assert event_of(ctx, data, armyfile.ruleset_of(data, ctx)).name
    for page, text in armies:
        army = armyfile.loads(text, page)
        assert army.name


# --- The rules pages mark what is ours ---------------------------------------------------------

#: The two labels a rules page marks our own decisions and readings with, and nothing else.
LABELS = {"Decision (ours):", "Our reading:"}


def _labels(text: str) -> list[str]:
    """The bold spans of ``text`` that name a decision or a reading, however written."""
    spans = [" ".join(s.split()) for s in re.findall(r"\*\*([^*]+)\*\*", text)]
    return [s for s in spans if re.search(r"decision|reading", s, re.I)]


def test_the_rules_pages_mark_decisions_one_way() -> None:
    for path in sorted((ROOT / "docs" / "rules").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        assert set(_labels(text)) <= LABELS, path.name
        assert "*Decision*" not in text, path.name
    system_pages = [ROOT / "docs" / "rules" / f"{name}.md" for name in BUILT_IN]
    assert all(_labels(p.read_text(encoding="utf-8")) for p in system_pages)


def test_a_label_written_another_way_is_found() -> None:
    assert _labels("**Decision (ours):** a pair; **Decisions (ours)** for the draw") == [
        "Decision (ours):",
        "Decisions (ours)",
    ]
    assert _labels("**Our reading: dice.** one a figure; **Move**") == ["Our reading: dice."]
