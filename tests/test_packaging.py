"""Everything the program needs ships in the package (a non-editable install works anywhere)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_python_package_is_listed() -> None:
    listed = set(CONFIG["packages"])
    found = {
        ".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "builder").rglob("__init__.py")
    }
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"


def test_data_folders_are_mapped_into_the_package() -> None:
    mapped = CONFIG["package-dir"]
    for folder in ("templates", "cards", "examples"):
        assert mapped[f"builder.{folder}"] == folder
        assert f"builder.{folder}" in CONFIG["packages"]


def test_every_data_file_is_covered_by_package_data() -> None:
    import fnmatch

    data = CONFIG["package-data"]
    for folder in ("templates", "cards", "examples"):
        for path in (ROOT / folder).rglob("*"):
            if (
                path.is_dir()
                or path.suffix == ".py"
                or "__pycache__" in path.parts
                or path.name.startswith(".")
            ):
                continue
            rel = path.relative_to(ROOT / folder)
            sub = ".".join(("builder", folder, *rel.parts[:-1]))
            # Either a subpackage's own pattern or a path pattern of the folder's package.
            ok = any(fnmatch.fnmatch(rel.name, p) for p in data.get(sub, []))
            top = f"builder.{folder}"
            ok = ok or any(fnmatch.fnmatch(rel.as_posix(), p) for p in data.get(top, []))
            assert ok, f"{folder}/{rel} is not in [tool.setuptools.package-data]"
