"""The version is written once, in pyproject.toml, and looked up only when printed."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import builder

ROOT = Path(__file__).resolve().parents[1]


def pyproject_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        version: str = tomllib.load(f)["project"]["version"]
    return version


def test_the_installed_version_is_pyprojects() -> None:
    """(An editable install made before the version changed fails here: install again.)"""
    assert builder.__version__ == pyproject_version()


def test_version_prints_it() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "builder", "--version"], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        f"billhooks {pyproject_version()}\n",
        "",
    )


def test_start_up_does_not_look_the_version_up() -> None:
    """Parsing the whole command line (every system's options) leaves the version unread;
    printing it reads it once."""
    probe = (
        "import builder, builder.cli\n"
        "builder.cli.build_parser()\n"
        "assert builder._version.cache_info().currsize == 0\n"
        "print(builder.__version__)\n"
        "assert builder._version.cache_info().currsize == 1\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, pyproject_version(), "")
