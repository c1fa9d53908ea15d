"""A rule system installed as a distribution of its own (tests/plugin_system/: the
``billhooks-duel`` package, reached only through its ``billhooks.rulesets`` entry point, with
its own card words and crib sheet) works as a built-in one: built and installed with
billhooks itself (not editable) in a fresh virtual environment, it is checked, exported,
shared, verified, opened in the builder (Pilot, in that environment) and listed.

The environment sees this one's site-packages for billhooks' dependencies (a path line, so
this checkout's editable install is not among them), and both packages are built from local
folders with no index: nothing is downloaded."""

from __future__ import annotations

import json
import shutil
import subprocess
import sysconfig
import venv
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pytest

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = Path(__file__).resolve().parent / "plugin_system"
#: What a wheel of billhooks is built from (the rest of the checkout is not copied).
SOURCES = (
    *("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in"),
    *("builder", "templates", "cards", "examples"),
)
NO_CACHE = shutil.ignore_patterns("__pycache__")


@dataclass(frozen=True)
class Env:
    """The fresh environment: its interpreter, its ``billhooks`` and a folder to work in."""

    python: Path
    billhooks: Path
    work: Path

    def run(self, *args: str, code: int = 0) -> str:
        done = subprocess.run(
            [str(self.billhooks), *args], capture_output=True, text=True, cwd=self.work, timeout=120
        )
        assert done.returncode == code, (args, done.stdout, done.stderr)
        return done.stdout


def _copy(names: tuple[str, ...], to: Path) -> None:
    to.mkdir()
    for name in names:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, to / name, ignore=NO_CACHE)
        else:
            shutil.copy(source, to / name)


def _pip(python: Path, *args: str) -> None:
    """pip (this environment's, seen through the path line) in the fresh one, offline: both
    packages are built with this environment's setuptools (the ``test`` extra's)."""
    command = [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index"]
    done = subprocess.run([*command, "--no-build-isolation", *args], capture_output=True, text=True)
    assert done.returncode == 0, f"pip install {' '.join(args)}:\n{done.stdout}{done.stderr}"


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> Env:
    top = tmp_path_factory.mktemp("plugin")
    venv.EnvBuilder(with_pip=False).create(top / "venv")
    python = top / "venv" / "bin" / "python"
    own = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (Path(own) / "outer.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _copy(SOURCES, top / "billhooks")
    shutil.copytree(PLUGIN, top / "duel", ignore=NO_CACHE)
    _pip(python, str(top / "billhooks"), str(top / "duel"))
    work = top / "work"
    work.mkdir()
    shutil.copy(PLUGIN / "example.toml", work / "band.toml")
    return Env(python, top / "venv" / "bin" / "billhooks", work)


def test_billhooks_is_the_installed_copy_and_duel_is_found_by_its_entry_point(env: Env) -> None:
    found = subprocess.run(
        [
            str(env.python),
            "-c",
            "import builder, duel_rules\nfrom builder import registry, resources\n"
            "print(builder.__file__, duel_rules.__file__, registry._installed()['duel'],"
            " *sorted(p.name for p in resources.templates_dir().glob('*/emblems/*')))",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=env.work,
    ).stdout.split()
    venv_root = env.python.parent.parent
    assert all(Path(f).is_relative_to(venv_root) for f in found[:2]), found
    assert found[2] == "duel_rules"
    # The systems' own templates ship in the wheel, emblems and all.
    shipped = {p.name for p in ROOT.glob("templates/*/emblems/*")}
    assert shipped and set(found[3:]) == shipped
    # Found by its entry point alone: it registers nothing.
    assert "register" not in (PLUGIN / "duel_rules" / "__init__.py").read_text()


def test_check_share_verify_and_catalogue(env: Env) -> None:
    checked = env.run("check", "band.toml")
    assert "Duel test rules" in checked and "Fighters  2" in checked and "LEGAL" in checked
    listing = env.run("share", "band.toml")
    assert "Ann" in listing and "Totals: Fighters 2 · Skill 6" in listing
    assert env.run("verify", "band.toml", "--code", listing).startswith("matches")
    (env.work / "changed.toml").write_text(
        (env.work / "band.toml").read_text().replace("skill = 2", "skill = 5")
    )
    assert "changed" in env.run("verify", "changed.toml", "--code", listing, code=1)
    assert "fighter  Fighter: fighter, one who fights" in env.run("catalogue", "--ruleset", "duel")
    # Help lists the systems from the registry: the built-in ones (found in the installed
    # package's folder), then the installed one.
    listed = " ".join(env.run("tui", "--help").split())
    assert "a new army: billhooks, feudal, kiss, shieldwall or duel (default" in listed


def _text(pdf: Path) -> str:
    document = pdfium.PdfDocument(pdf)
    return " ".join(page.get_textpage().get_text_range() for page in document)


def test_export_prints_the_plugins_own_words(env: Env) -> None:
    env.run("export", "band.toml", "--out", "pack")
    pack = env.work / "pack"
    manifest = json.loads((pack / "manifest.json").read_text())
    assert {f["file"] for f in manifest["files"]} == {
        "roster.pdf",
        "fighter-cards.pdf",
        "crib-sheet.pdf",
    }
    # Its card words and crib sheet come from its own package's files.
    assert "Words from the duel package's own card file." in _text(pack / "fighter-cards.pdf")
    crib = _text(pack / "crib-sheet.pdf")
    assert "Duel crib sheet" in crib and "sits out the next one" in crib
    assert "The Red Blades" in _text(pack / "roster.pdf")


def test_the_builder_opens_a_new_army_of_it(env: Env) -> None:
    done = subprocess.run(
        [str(env.python), str(Path(__file__).parent / "plugin_pilot.py"), "new.toml"],
        capture_output=True,
        text=True,
        cwd=env.work,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "system: duel Duel test rules" in done.stdout
    assert "LEGAL" in done.stdout.split("status:")[1].splitlines()[0]
    assert 'ruleset = "duel"' in (env.work / "new.toml").read_text()
