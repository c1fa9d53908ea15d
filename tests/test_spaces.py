"""The bundled faces' advance widths: read quietly, and a fill lands where it is asked to."""

from __future__ import annotations

import logging

import pytest

from builder import resources
from builder.export.documents import spaces

FACES = sorted(p.name for p in resources.fonts_dir().iterdir() if p.suffix == ".ttf")


@pytest.mark.parametrize("face", FACES)
def test_a_face_is_read_without_a_warning(
    face: str, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    """A face with an odd date in its head table once printed a fontTools warning on every
    export of a shieldwall roster."""
    spaces._advances.cache_clear()
    with caplog.at_level(logging.WARNING):
        assert spaces.text_mm("Harald Hardrada", face, 10) > 15
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert capfd.readouterr().err == ""


def _has_spaces(face: str) -> bool:
    widths, _ = spaces._advances(face)
    return all(ord(space) in widths for space in spaces.SPACES)


@pytest.mark.parametrize("face", [face for face in FACES if _has_spaces(face)])
def test_a_fill_carries_text_to_its_place(face: str) -> None:
    fill = spaces.fill(12.0, face, 9)
    assert 12.0 - 0.04 <= spaces.text_mm(fill, face, 9) <= 12.0
