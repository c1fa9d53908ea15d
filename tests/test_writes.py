"""How billhooks writes a file (issue 38.1, 38.9): a temporary file of its own, made with a
random name it alone can open (O_EXCL), never a file or link found at that name; a full disk
named with the file being written; billhooks' private temporary folder used and swept only
when it is a real folder of this user's alone."""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from armies import EXAMPLE_OF

from builder import files
from builder.cli import main
from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.tui import config
from builder.tui.session import Session

#: One sample army per rule system.
EXAMPLES = EXAMPLE_OF


def names(*first: str) -> Iterator[str]:
    """tempfile's random names, the given ones first (as if a planted file had guessed them)."""
    yield from first
    yield from tempfile._RandomNameSequence()  # type: ignore[attr-defined]


def test_a_link_planted_at_the_temporary_name_is_never_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"the user's notes\n")
    folder = tmp_path / "club"
    folder.mkdir()
    planted = folder / f".army.toml.bh{os.getpid()}-guessed.tmp"
    planted.symlink_to(notes)
    monkeypatch.setattr(tempfile, "_get_candidate_names", lambda: names("guessed"))
    written = files.atomic_write(folder / "army.toml", "name = 'x'\n")
    assert written == folder / "army.toml" and written.read_text() == "name = 'x'\n"
    assert notes.read_bytes() == b"the user's notes\n"
    assert planted.is_symlink() and os.readlink(planted) == str(notes)  # left as it was
    assert sorted(p.name for p in folder.iterdir()) == sorted(["army.toml", planted.name])


def test_a_link_at_the_output_is_replaced_not_written_through(tmp_path: Path) -> None:
    """A pack's output names, and the folders of images, as links planted into the user's
    files: the export's own files take their place."""
    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"the user's notes\n")
    (tmp_path / "docs").mkdir()
    out = tmp_path / "pack"
    out.mkdir()
    for name in ("tokens.pdf", "manifest.json"):
        (out / name).symlink_to(notes)
    york = str(examples_dir() / "york.toml")
    assert main(["export", york, "--out", str(out), "--only", "tokens"]) == 0
    assert notes.read_bytes() == b"the user's notes\n"
    assert not (out / "tokens.pdf").is_symlink()
    assert (out / "tokens.pdf").read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in out.iterdir()) == ["manifest.json", "tokens.pdf"]


@pytest.mark.parametrize("ruleset", sorted(EXAMPLES))
def test_a_full_disk_names_the_file(
    tmp_path: Path,
    ruleset: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`roll --write` (in the systems that roll) and the builder's save: the army file's
    name, the reason, the file as it was and no temporary file left."""
    army = tmp_path / "army.toml"
    army.write_bytes((examples_dir() / EXAMPLES[ruleset]).read_bytes())
    before = army.read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    if get_ruleset(ruleset).roller is not None:
        capsys.readouterr()
        assert main(["roll", str(army), "--seed", "1", "--write"]) == 2
        assert capsys.readouterr().err == f"billhooks: {army}: No space left on device\n"
    session = Session.open(army)
    session.apply("rename", lambda a: setattr(a, "name", "Renamed"))
    with pytest.raises(OSError) as caught:
        session.save()
    assert caught.value.filename == str(army) and caught.value.errno == errno.ENOSPC
    assert army.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["army.toml"]


@pytest.mark.parametrize("how", ["a link", "open to others", "another's"])
def test_the_private_temporary_folder_must_be_private(
    tmp_path: Path, how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "mine"
    assert files.private_folder(mine) and files.private_folder(mine)  # made, then found
    assert (mine.stat().st_mode & 0o777) == 0o700
    base = tmp_path / "billhooks-1000"
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    dead = theirs / ".tmp.bh1-ab12.tmp"
    dead.mkdir()
    if how == "a link":
        base.symlink_to(theirs)
    elif how == "open to others":
        base.mkdir(mode=0o755)
        base.chmod(0o755)
    else:
        base.mkdir(mode=0o700)
        monkeypatch.setattr(os, "getuid", lambda: os.stat(base).st_uid + 1)
    assert not files.private_folder(base)
    assert dead.exists()


def test_the_settings_file_is_never_written_through_a_link(tmp_path: Path) -> None:
    """The builder's settings live at a name anyone can know (~/.config/billhooks/builder.toml,
    where an unpacked zip may put a link): toggling the theme replaces the link."""
    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"the user's notes\n")
    config.path().parent.mkdir(parents=True)
    config.path().symlink_to(notes)
    config.save({"theme": "textual-light"})
    assert notes.read_bytes() == b"the user's notes\n"
    assert not config.path().is_symlink() and config.load() == {"theme": "textual-light"}
