"""What a kill leaves (issue 11.5, 10.19, 38.1): an export or a `muster --both --out` killed by
SIGKILL at every rename, or while writing, leaves every output old or new, never half written,
and the manifest (renamed last) vouches only for the files that are its own; the next export
writes the pack whole. Nothing a killed run left is read or removed by a later one (a zip could
plant it): its temporary files stay, untouched, hidden."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from builder import files
from builder.cli import main
from builder.export.pipeline.manifest import read_manifest, unverified_files
from builder.export.pipeline.pack import temp_root
from builder.resources import examples_dir

LANCASTER = str(examples_dir() / "lancaster.toml")
YORK = str(examples_dir() / "york.toml")
COLLECTION = str(examples_dir() / "collection.toml")
#: The ReportLab kinds: quick to write, so every rename can be a kill point.
QUICK = "play-deck,bonus-deck,tokens"

#: Runs the command line in a child that kills itself (SIGKILL: no cleanup of any kind) just
#: before its KILL_AT-th os.replace, or KILL_AFTER_WRITES-th file write.
CHILD = """
import os, signal, sys
from builder.cli import main
count = 0
real = os.replace
def replace(*args, **kwargs):
    global count
    count += 1
    if count == int(os.environ["KILL_AT"]):
        os.kill(os.getpid(), signal.SIGKILL)
    return real(*args, **kwargs)
os.replace = replace
sys.exit(main(sys.argv[1:]))
"""


def killed(*argv: str, at: int) -> int:
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, *argv],
        env={**os.environ, "KILL_AT": str(at)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    return proc.returncode


def armies_of(folder: Path) -> list[str]:
    data = read_manifest(folder)
    assert data is not None
    return [a["file"] for a in data["armies"]]


def visible(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))


def litter(folder: Path) -> dict[str, bytes | None]:
    """A killed run's temporary files and folders (hidden), with their bytes."""
    return {
        str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.relative_to(folder).parts[0].startswith(".")
    }


def test_export_killed_at_every_rename(tmp_path: Path) -> None:
    out = tmp_path / "pack"
    assert main(["export", LANCASTER, "--out", str(out), "--only", QUICK]) == 0
    old = {p.name: p.read_bytes() for p in out.iterdir()}
    renames = len(QUICK.split(",")) + 1  # each file, the manifest
    for at in range(1, renames + 2):
        code = killed("export", YORK, "--out", str(out), "--only", QUICK, at=at)
        if at <= renames:
            assert code == -signal.SIGKILL, at
        # Straight after the kill: the manifest is the old one or the new one, and a reader
        # trusting only files whose sha256 it records sees one army's pack, never a mixture.
        assert visible(out) == sorted(old), at
        trusted = [
            f
            for f in json.loads((out / "manifest.json").read_text())["files"]
            if f["file"] not in unverified_files(out)
        ]
        assert {f["file"] for f in trusted} | set(unverified_files(out)) == set(old) - {
            "manifest.json"
        }
        if armies_of(out) == ["lancaster.toml"]:
            assert all((out / f["file"]).read_bytes() == old[f["file"]] for f in trusted)
            assert len(trusted) == renames - at, at  # the files not yet renamed
        else:
            assert at > renames, at  # the manifest is renamed last
            assert unverified_files(out) == []
        # The next export writes the pack whole; what the killed run left stays untouched.
        left = litter(out)
        assert bool(left) == (at <= renames), at
        assert main(["export", LANCASTER, "--out", str(out), "--only", QUICK]) == 0
        assert {n: (out / n).read_bytes() for n in visible(out)} == old, at
        assert litter(out) == left
        for name in left:
            (out / name).unlink()  # files only: a PDF pack


def tree(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    }


def test_image_export_killed_at_every_rename(tmp_path: Path) -> None:
    """Folders of images replace the older folders too: each old folder is moved aside, then
    the new one into place, so a kill at any rename leaves each folder old or new (or, killed
    between the two, missing, the old one kept hidden), never a folder of both; the manifest
    vouches only for its own; the next export writes the pack whole."""
    out = tmp_path / "pack"
    png = ["--format", "png", "--dpi", "60", "--only", QUICK]
    assert main(["export", LANCASTER, "--out", str(out), *png]) == 0
    old = tree(out)
    kinds = ["bonus-deck", "play-deck", "tokens"]
    renames = 2 * len(kinds) + 1  # aside and in per folder, the manifest
    for at in range(1, renames + 2):
        code = killed("export", YORK, "--out", str(out), *png, at=at)
        if at <= renames:
            assert code == -signal.SIGKILL, at
        for kind in kinds:
            folder = {k: v for k, v in tree(out).items() if k.startswith(f"{kind}/")}
            if armies_of(out) == ["lancaster.toml"] and kind not in unverified_files(out):
                assert folder == {k: v for k, v in old.items() if k.startswith(f"{kind}/")}, at
        if armies_of(out) == ["york.toml"]:
            assert at > renames and unverified_files(out) == [], at
        left = litter(out)
        assert main(["export", LANCASTER, "--out", str(out), *png]) == 0
        assert tree(out) == old, at
        assert litter(out) == left, at
        for path in out.iterdir():
            if path.name.startswith("."):
                shutil.rmtree(path) if path.is_dir() else path.unlink()


def test_export_killed_while_writing_leaves_the_old_pack(tmp_path: Path) -> None:
    out = tmp_path / "pack"
    assert main(["export", LANCASTER, "--out", str(out)]) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    # Killed in the middle of writing: after the first PDF was finished, before the commit.
    child = CHILD.replace(
        "os.replace = replace",
        """
import builder.export.pipeline.pack as pack
real_write = pack._write
def write(job, items, path, printables):
    result = real_write(job, items, path, printables)
    if items[0].kind == "bonus-deck":  # a sheet: written by the export process itself
        os.kill(os.getpid(), signal.SIGKILL)
    return result
pack._write = write""",
    )
    proc = subprocess.run(
        [sys.executable, "-c", child, "export", YORK, "--out", str(out)],
        env={**os.environ, "KILL_AT": "0"},
        timeout=300,
    )
    assert proc.returncode == -signal.SIGKILL
    left = litter(out)
    assert left  # the dead run's temporary PDFs, hidden
    assert {n: (out / n).read_bytes() for n in before} == before  # the old pack, untouched
    assert main(["export", LANCASTER, "--out", str(out), "--only", "tokens"]) == 0
    assert visible(out) == sorted(before)
    assert litter(out) == left  # never read or removed by a later run


def test_weasyprint_temporary_folders_are_swept(tmp_path: Path) -> None:
    """WeasyPrint keeps its fonts in a temporary folder it removes at exit; billhooks puts
    it in a folder of its own process, in its private temporary folder (mode 0700, checked),
    that the next run removes when that process died."""
    base = temp_root()
    child = CHILD.replace(
        "os.replace = replace",
        """
import builder.export.pipeline.pack as pack
def commit(moves):
    os.kill(os.getpid(), signal.SIGKILL)
pack.files.commit = commit""",
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            child,
            "export",
            YORK,
            "--out",
            str(tmp_path / "o"),
            "--only",
            "crib-sheet",
        ],
        env={**os.environ, "KILL_AT": "0"},
        timeout=300,
    )
    assert proc.returncode == -signal.SIGKILL
    left = [p for p in base.iterdir() if re.match(r"\.tmp\.bh\d+-", p.name)]
    dead = [p for p in left if not files._alive(int(p.name.split(".bh")[1].split("-")[0]))]
    assert dead, "the killed export's private temporary folder"
    assert any(q.name.startswith("weasyprint-") for p in dead for q in p.iterdir())
    in_out = litter(tmp_path / "o")  # its temporary PDF and manifest, in the output folder
    assert main(["export", YORK, "--out", str(tmp_path / "o"), "--only", "crib-sheet"]) == 0
    assert not any(p.exists() for p in dead)
    assert litter(tmp_path / "o") == in_out  # only the private folder is swept


def muster_seed(path: Path) -> int:
    m = re.search(r"seed (\d+)", path.read_text(encoding="utf-8"))
    assert m
    return int(m.group(1))


@pytest.mark.parametrize("at", [1, 2, 3])
def test_muster_both_killed_at_every_rename(tmp_path: Path, at: int) -> None:
    out = tmp_path / "club.toml"
    argv = ["muster", COLLECTION, "--troops", "60", "--both", "--out", str(out)]
    assert main([*argv, "--seed", "1"]) == 0
    york, lancaster = tmp_path / "club-york.toml", tmp_path / "club-lancaster.toml"
    code = killed(*argv, "--seed", "2", "--force", at=at)
    assert code == (-signal.SIGKILL if at <= 2 else 0)
    # York is renamed first: each file is whole, of the old seed or the new (it says which).
    assert muster_seed(york) == (1 if at == 1 else 2)
    assert muster_seed(lancaster) == (1 if at <= 2 else 2)
    left = litter(tmp_path)
    assert len(left) == 3 - at
    assert main(["check", str(york)]) == 0
    assert main([*argv, "--seed", "3", "--force"]) == 0
    assert visible(tmp_path) == ["club-lancaster.toml", "club-york.toml"]
    assert muster_seed(york) == muster_seed(lancaster) == 3
    assert litter(tmp_path) == left


def test_save_killed_mid_write_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "army.toml"
    path.write_text(Path(YORK).read_text(encoding="utf-8"), encoding="utf-8")
    code = killed("roll", str(path), "--seed", "4", "--write", at=1)
    assert code == -signal.SIGKILL
    left = litter(tmp_path)
    assert len(left) == 1  # the dead run's temporary file, hidden
    assert path.read_text(encoding="utf-8") == Path(YORK).read_text(encoding="utf-8")
    assert main(["roll", str(path), "--seed", "4", "--write"]) == 0
    assert visible(tmp_path) == ["army.toml"] and litter(tmp_path) == left


def test_export_only_keeps_the_manifest_true_to_the_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pack"
    assert main(["export", LANCASTER, "--out", str(out), "--only", QUICK + ",unit-cards"]) == 0
    first = read_manifest(out)
    assert first is not None
    capsys.readouterr()
    # The same pack, one kind again: the others are still listed, as they were.
    assert main(["export", LANCASTER, "--out", str(out), "--only", "tokens"]) == 0
    printed = capsys.readouterr().out
    again = read_manifest(out)
    assert again is not None and again["files"] == first["files"]
    assert "stale_files" not in again and unverified_files(out) == []
    assert "tokens.pdf: 1 page(s)" in printed and "play-deck.pdf" not in printed
    # A file gone is dropped; a file changed by hand is not vouched for.
    (out / "bonus-deck.pdf").unlink()
    (out / "unit-cards.pdf").write_bytes(b"%PDF-1.4 edited")
    assert main(["export", LANCASTER, "--out", str(out), "--only", "tokens"]) == 0
    data = read_manifest(out)
    assert data is not None
    assert [f["file"] for f in data["files"]] == ["play-deck.pdf", "tokens.pdf"]
    assert data["stale_files"] == ["unit-cards.pdf"]
    # Another pack's options (letter paper): the older files are named stale, not listed.
    assert (
        main(["export", LANCASTER, "--out", str(out), "--only", "tokens", "--paper", "letter"]) == 0
    )
    data = read_manifest(out)
    assert data is not None
    assert [f["file"] for f in data["files"]] == ["tokens.pdf"]
    assert data["stale_files"] == ["play-deck.pdf", "unit-cards.pdf"]


@pytest.mark.parametrize(
    "manifest",
    [
        '{"files": 3}',
        '{"files": [], "stale_files": 7}',
        '{"files": [{"file": "../x.pdf"}, 5, {}]}',
        "[",
        "null",
    ],
)
def test_a_damaged_older_manifest_is_replaced(tmp_path: Path, manifest: str) -> None:
    (tmp_path / "manifest.json").write_text(manifest, encoding="utf-8")
    assert main(["export", LANCASTER, "--out", str(tmp_path), "--only", "tokens"]) == 0
    data = read_manifest(tmp_path)
    assert data is not None and [f["file"] for f in data["files"]] == ["tokens.pdf"]
    assert "stale_files" not in data
