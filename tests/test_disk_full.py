"""A full disk while the pack is written (issue 26.5): a message naming the folder and the
reason, exit 2, the older pack untouched and no half-written file left, whichever process
(the documents' worker or the export itself) ran out of room."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest
from armies import EXAMPLE_OF

from builder.cli import main
from builder.core.printables import Document
from builder.export.pipeline import pack, workers
from builder.resources import examples_dir

#: One sample army per rule system.
EXAMPLES = list(EXAMPLE_OF.values())


def tree(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("example", EXAMPLES)
@pytest.mark.parametrize("where", ["documents worker", "export process"])
def test_a_full_disk_is_a_message_and_exit_2(
    tmp_path: Path,
    example: str,
    where: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    army = str(examples_dir() / example)
    out = tmp_path / "pack"
    assert main(["export", army, "--out", str(out), "--only", "tokens"]) == 0
    before = tree(out)
    monkeypatch.setattr(workers, "can_fork", lambda: where == "documents worker")
    real = pack._write

    def write(job: Any, items: Any, path: Path, printables: Any) -> Any:
        if isinstance(items[0], Document) == (where == "documents worker"):
            path.write_bytes(b"%PDF-1.7 half")  # some of the file, then the disk is full
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real(job, items, path, printables)

    monkeypatch.setattr(pack, "_write", write)
    capsys.readouterr()
    code = main(["export", army, "--out", str(out), "--only", "roster,crib-sheet,tokens"])
    err = capsys.readouterr().err
    assert code == 2
    assert err == (
        f"billhooks export: {out}: cannot write (No space left on device); "
        f"nothing in {out} was changed\n"
    )
    assert tree(out) == before  # the older pack, and no temporary file
