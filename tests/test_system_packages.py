"""A test needing a system package (``@pytest.mark.system_package``) is skipped where it is
missing, naming what to install, and fails instead where CI says every package is there."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from conftest import REQUIRE_SYSTEM_PACKAGES, pytest_runtest_setup


@dataclass
class Marked:
    """A stand-in for a test item with its marks."""

    marks: list[pytest.Mark] = field(default_factory=list)

    def iter_markers(self, name: str) -> list[pytest.Mark]:
        return [m for m in self.marks if m.name == name]


def needing(path: Path | None) -> Any:
    """A test item needing the file ``path`` (None: a test needing nothing)."""
    return Marked([pytest.mark.system_package("gizmo", path).mark] if path else [])


def test_a_missing_package_skips_naming_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(REQUIRE_SYSTEM_PACKAGES, raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"gizmo is missing: apt-get install gizmo$"):
        pytest_runtest_setup(needing(tmp_path / "gizmo"))


def test_a_missing_package_fails_where_ci_requires_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(REQUIRE_SYSTEM_PACKAGES, "1")
    with pytest.raises(pytest.fail.Exception, match=r"apt-get install gizmo \(\$BILLHOOKS_"):
        pytest_runtest_setup(needing(tmp_path / "gizmo"))


def test_an_installed_package_runs_the_test(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(REQUIRE_SYSTEM_PACKAGES, "1")
    (tmp_path / "gizmo").write_text("")
    pytest_runtest_setup(needing(tmp_path / "gizmo"))
    pytest_runtest_setup(needing(None))
