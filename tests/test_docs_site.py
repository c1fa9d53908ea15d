"""The documentation site keeps up with the code: every command and option of the command line
is on the reference page under its command, every finding code any rule system (or the army
file's photo checks) can give is in the docs, and the README, the front page, stays short and
links only to files that exist. `mkdocs build --strict` (in .ci/run) checks the site's own
links, anchors and nav."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.cli import CORE_COMMANDS, build_parser
from builder.core.schema import Table
from builder.registry import BUILT_IN, get_ruleset

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
COMMANDS_PAGE = DOCS / "reference" / "commands.md"
README = ROOT / "README.md"


def subcommands() -> dict[str, argparse.ArgumentParser]:
    """Every command the full parser offers a user: the core's and the shipped rule systems'
    own (the tests register a flat system, whose command is not the user's)."""
    shipped = set(CORE_COMMANDS)
    shipped |= {command.name for name in BUILT_IN for command in get_ruleset(name).commands}
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {name: sub for name, sub in action.choices.items() if name in shipped}
    raise AssertionError("billhooks' parser has no subcommands")


def sections(page: str) -> dict[str, str]:
    """The page's text under each second-level heading, keyed by the heading (backticks off)."""
    parts = re.split(r"^## (.+)$", page, flags=re.MULTILINE)
    return {title.strip("` "): body for title, body in zip(parts[1::2], parts[2::2], strict=True)}


def arguments(parser: argparse.ArgumentParser) -> Iterator[str]:
    """What a user types for each argument: its option strings, or a positional's name."""
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        if action.option_strings:
            yield from action.option_strings
        else:
            yield action.metavar if isinstance(action.metavar, str) else action.dest


def test_every_command_and_option_is_on_the_reference_page() -> None:
    page = sections(COMMANDS_PAGE.read_text(encoding="utf-8"))
    missing = []
    for name, parser in subcommands().items():
        if name not in page:
            missing.append(f"## `{name}`")
            continue
        missing += [f"{name} {arg}" for arg in arguments(parser) if f"`{arg}" not in page[name]]
    assert not missing, f"not on {COMMANDS_PAGE.relative_to(ROOT)}: {missing}"


def test_the_reference_page_names_no_command_that_is_gone() -> None:
    headings = set(sections(COMMANDS_PAGE.read_text(encoding="utf-8")))
    assert "muster" in subcommands()
    assert headings - {"Exit codes"} == set(subcommands())


def path_codes(table: Table) -> Iterator[str]:
    """``missing-<key>`` and ``outside-<key>``: the army file's checks of each path field."""
    for field in table.fields:
        if field.path:
            yield from (f"missing-{field.key}", f"outside-{field.key}")
        if field.table is not None:
            yield from path_codes(field.table)
    for child in table.children:
        yield from path_codes(child.table)


def finding_codes() -> set[str]:
    codes = set()
    for name in BUILT_IN:
        ruleset = get_ruleset(name)
        codes |= set(ruleset.codes) | set(path_codes(ruleset.schema))
    return codes


def test_every_finding_code_is_in_the_docs() -> None:
    docs = "\n".join(p.read_text(encoding="utf-8") for p in DOCS.rglob("*.md"))
    codes = finding_codes()
    assert {"one-c-in-c", "missing-photo", "outside-photo", "no-stands"} <= codes
    assert not [code for code in sorted(codes) if f"`{code}`" not in docs]


def readme_links() -> list[str]:
    text = README.read_text(encoding="utf-8")
    return [target for target in re.findall(r"\]\(([^)#\s]+)", text) if "://" not in target]


def test_the_readme_is_a_front_page() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 250


@pytest.mark.parametrize("target", readme_links())
def test_the_readmes_links_lead_to_files(target: str) -> None:
    assert (ROOT / target).is_file(), f"README.md links to {target}, which does not exist"


def test_the_readme_links_to_every_guide_page() -> None:
    linked = set(readme_links())
    pages = {p.relative_to(ROOT).as_posix() for p in (DOCS / "start").glob("*.md")}
    pages |= {p.relative_to(ROOT).as_posix() for p in (DOCS / "reference").glob("*.md")}
    assert len(pages) >= 8
    assert pages <= linked
