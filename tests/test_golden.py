"""Golden files: the outputs as users and other tools see them, pinned byte for byte.

The core is being generalised for four rule systems (docs/architecture.md); these tests hold
Billhooks' army-file writes, ``check --json``, ``roll``, ``muster``, ``catalogue`` and every
system's print pack (file names, pages, page sizes, kind counts and every word printed) to
what they are, so a refactor that changes any of them fails here with a diff.

A change that is meant goes through an issue: re-record with ``UPDATE_GOLDEN=1 pytest
tests/test_golden.py`` and review the diff of ``tests/golden/`` in the commit.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.cli import main
from builder.eventfile import is_event_file
from builder.resources import examples_dir

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def _normalise(text: str, tmp: Path) -> str:
    """Paths and dates that differ between machines and days, replaced by fixed words."""
    text = text.replace(str(tmp), "<tmp>").replace(str(examples_dir()), "<examples>")
    return re.sub(r"\b20\d\d-\d\d-\d\d\b", "<date>", text)


def _compare(name: str, actual: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    assert path.exists(), f"no golden file {path}: record it with UPDATE_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(True), actual.splitlines(True), f"golden/{name}", "now", n=2
            )
        )
        pytest.fail(f"{name} differs from its golden file:\n{diff[:6000]}")


def _run(capsys: pytest.CaptureFixture[str], tmp: Path, *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return _normalise(
        f"$ billhooks {' '.join(argv)}\nexit {code}\n--- stdout\n{out}--- stderr\n{err}", tmp
    )


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding copies of the examples (photos too), the current folder, with a wide
    and fixed terminal so table layout does not depend on the machine."""
    shutil.copytree(examples_dir(), tmp_path / "ex", ignore=shutil.ignore_patterns("__*"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "120")
    return tmp_path


COMMANDS = {
    "check-lancaster": ["check", "ex/lancaster.toml"],
    "check-lancaster-json": ["check", "ex/lancaster.toml", "--json"],
    "check-york-json": ["check", "ex/york.toml", "--json"],
    "roll-york": ["roll", "ex/york.toml", "--seed", "14"],
    "muster-12": [
        "muster",
        "ex/collection.toml",
        "--troops",
        "100",
        "--leaders",
        "3",
        "--seed",
        "12",
    ],
    "muster-both-json": [
        "muster",
        "ex/collection.toml",
        "--troops",
        "60",
        "--leaders",
        "2",
        "--seed",
        "5",
        "--both",
        "--json",
    ],
    "catalogue-json": ["catalogue", "--json"],
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_output(name: str, work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _compare(f"{name}.txt", _run(capsys, work, *COMMANDS[name]))


def test_roll_write_changes_only_the_classes(
    work: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _run(capsys, work, "roll", "ex/york.toml", "--seed", "14", "--write")
    _compare(
        "roll-york-written.toml",
        _normalise((work / "ex" / "york.toml").read_text(encoding="utf-8"), work),
    )


def test_muster_written_file(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(
        capsys,
        work,
        "muster",
        "ex/collection.toml",
        "--troops",
        "100",
        "--leaders",
        "3",
        "--seed",
        "12",
        "--out",
        "dealt.toml",
    )
    _compare(
        "muster-12-written.toml",
        _normalise((work / "dealt.toml").read_text(encoding="utf-8"), work),
    )


def _pdf_record(path: Path, tmp: Path) -> dict[str, object]:
    reader = PdfReader(path)
    pages = []
    for page in reader.pages:
        box = page.mediabox
        size = [round(float(box.width) * 25.4 / 72, 1), round(float(box.height) * 25.4 / 72, 1)]
        text = _normalise(page.extract_text() or "", tmp)
        # Words and their order, not the spacing between them (the roster places its columns
        # with runs of fixed-width spaces, which the text extractor turns into runs of spaces).
        pages.append(
            {
                "mm": size,
                "text": [" ".join(line.split()) for line in text.splitlines() if line.strip()],
            }
        )
    return {"pages": len(pages), "page_list": pages}


def test_print_pack(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The whole pack for the two example armies: the manifest and every page's words."""
    out = work / "pack"
    _run(capsys, work, "export", "ex/lancaster.toml", "ex/york.toml", "--out", str(out))
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    manifest.pop("generator", None)
    for entry in manifest["files"]:
        # The PDFs' own digests change with the date on the roster and the library versions;
        # their pages and words are pinned below instead.
        entry.pop("sha256", None)
    record = {
        "manifest": manifest,
        "pdfs": {p.name: _pdf_record(p, work) for p in sorted(out.glob("*.pdf"))},
    }
    _compare(
        "pack-lancaster-york.json",
        json.dumps(record, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
    )


#: The other systems' example armies, each pair exported in one pack (a pack holds one system).
PACKS = {
    "kiss": ("kiss-lancaster.toml", "kiss-york.toml"),
    "feudal": ("feudal-flanders.toml", "feudal-normandy.toml"),
    "shieldwall": ("shieldwall-norse.toml", "shieldwall-saxon.toml"),
}


def test_every_example_is_in_a_golden_pack() -> None:
    pinned = {"lancaster.toml", "york.toml", *(n for pair in PACKS.values() for n in pair)}
    collections = {p.name for p in examples_dir().glob("*collection.toml")}
    events = {p.name for p in examples_dir().glob("*.toml") if is_event_file(p)}
    assert pinned == {p.name for p in examples_dir().glob("*.toml")} - collections - events


@pytest.mark.parametrize("system", sorted(PACKS))
def test_system_print_pack(system: str, work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each other system's pack, as Billhooks' is pinned: the manifest (files, kinds,
    counts, sheets) and every page's words, cards and tokens too."""
    out = work / "pack"
    log = _run(capsys, work, "export", *(f"ex/{n}" for n in PACKS[system]), "--out", str(out))
    assert "exit 0" in log, log
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    manifest.pop("generator", None)
    for entry in manifest["files"]:
        entry.pop("sha256", None)
    assert all(
        entry["counts"]
        for entry in manifest["files"]
        if entry["file"] not in ("roster.pdf", "crib-sheet.pdf", "packing-list.pdf")
    ), manifest["files"]
    record = {
        "manifest": manifest,
        "pdfs": {p.name: _pdf_record(p, work) for p in sorted(out.glob("*.pdf"))},
    }
    _compare(
        f"pack-{system}.json",
        json.dumps(record, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
    )
