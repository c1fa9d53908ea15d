"""The lining-figure faces are made once a machine and kept in the user's cache folder
(builder/export/drawing/fonts.py): a second process reads them back without loading fontTools, and a
damaged or unwritable cache costs time, never a wrong or failed sheet."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

#: Registers the faces in a fresh process and reports what it found.
PROBE = """
import json, sys
from reportlab.pdfbase import pdfmetrics
from builder.export.drawing import fonts
fonts.register()
face = pdfmetrics.getFont(fonts.BODY).face
print(json.dumps({"fonttools": "fontTools.ttLib" in sys.modules,
                  "one": face.charToGlyph[ord("1")], "width": face.charWidths[ord("1")]}))
"""


def probe(cache: Path) -> dict[str, object]:
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    out = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True
    ).stdout
    found: dict[str, object] = json.loads(out.splitlines()[-1])
    return found


def cached(cache: Path) -> list[Path]:
    return sorted((cache / "billhooks" / "fonts").glob("*.ttf"))


def test_made_once_then_read_back(tmp_path: Path) -> None:
    first = probe(tmp_path)
    assert first["fonttools"] is True
    # The bold face has lining figures of its own: it is used as shipped.
    assert [p.name.split("-")[0] for p in cached(tmp_path)] == ["EBGaramond12"] * 3
    second = probe(tmp_path)
    assert second == {**first, "fonttools": False}


def test_a_damaged_copy_is_made_again(tmp_path: Path) -> None:
    good = probe(tmp_path)
    for path in cached(tmp_path):
        path.write_bytes(path.read_bytes()[:1000])  # cut short, as by a full disk
    assert probe(tmp_path) == good
    assert probe(tmp_path) == {**good, "fonttools": False}
    assert len(cached(tmp_path)) == 3  # the damaged copies went
    assert all(p.stat().st_size > 1000 for p in cached(tmp_path))


def test_a_cache_that_cannot_be_written(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    good = probe(tmp_path / "fresh")
    assert probe(blocked) == good
    assert blocked.read_text(encoding="utf-8") == "not a folder"
