"""Fixtures shared by several test files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.resources import examples_dir


@pytest.fixture
def army_path(tmp_path: Path) -> Path:
    """A copy of the sample Lancastrian army, free to edit and save."""
    path = tmp_path / "army.toml"
    shutil.copy(examples_dir() / "lancaster.toml", path)
    return path
