"""Writes change what they set and nothing else (issue 11.3, 11.4, 11.6, 10.16, 11.7): every
other byte kept, through symlinks to the real file, photos relative to the file written."""

from __future__ import annotations

import os
import re
from pathlib import Path

import bh
import pytest

from builder.cli import main
from builder.core.validate import ArmyFileError
from builder.resources import examples_dir
from builder.tui.session import Session

LANCASTER = (examples_dir() / "lancaster.toml").read_text(encoding="utf-8")
COLLECTION = examples_dir() / "collection.toml"


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def hand_written(tmp_path: Path) -> tuple[Path, str]:
    """The sample army with CRLF endings, a leader with no rank and a relative photo that
    leaves the folder: everything the old save rewrote."""
    text = LANCASTER.replace('rank = "Captain"\n', "")
    text = text.replace("stakes = true\n", 'stakes = true\nphoto = "../photos/./archers.jpg"\n')
    text = text.replace("\n", "\r\n")
    folder = tmp_path / "armies"
    folder.mkdir()
    path = folder / "army.toml"
    path.write_bytes(text.encode("utf-8"))
    return path, text


def classes_in(text: str) -> list[str]:
    return re.findall(r"command_class = (\d)", text)


def test_roll_write_changes_only_the_classes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, text = hand_written(tmp_path)
    code, out, _ = cli(capsys, "roll", str(path), "--seed", "5", "--write")
    assert code == 0
    rolled = re.findall(r"-> \w+ \((\d)\)", out)
    assert len(rolled) == 3 and rolled != ["2", "2", "2"]  # the seed changes something
    expected = text
    for new in rolled:  # each command_class line in turn, nothing else
        expected = re.sub(
            r"command_class = 2(?=\r\n)", f"command_class = {new}<done>", expected, count=1
        )
    expected = expected.replace("<done>", "")
    assert path.read_bytes() == expected.encode("utf-8")


def test_roll_write_through_a_symlink_writes_the_real_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, text = hand_written(tmp_path)
    link = tmp_path / "link.toml"
    link.symlink_to(path)
    code, _, _ = cli(capsys, "roll", str(link), "--seed", "5", "--write")
    assert code == 0
    assert link.is_symlink() and os.readlink(link) == str(path)
    assert path.read_bytes() != text.encode("utf-8")
    assert classes_in(path.read_text(encoding="utf-8")) != ["2", "2", "2"]
    assert sorted(p.name for p in path.parent.iterdir()) == ["army.toml"]  # no litter


def test_tui_save_after_an_edit_changes_only_that_value(tmp_path: Path) -> None:
    path, text = hand_written(tmp_path)
    session = Session.open(path)
    session.apply(
        "rename", lambda army: setattr(bh.billhooks_army(army).wards[1].leader, "name", "Sir J. S.")
    )
    session.save()
    assert path.read_bytes() == text.replace('"Sir John Savage"', '"Sir J. S."').encode()
    # A second edit, a unit option: one line changes.
    session.apply(
        "levy", lambda army: setattr(bh.billhooks_army(army).wards[0].units[1], "quality", "levy")
    )
    session.save()
    want = text.replace('"Sir John Savage"', '"Sir J. S."').replace(
        'troop = "billmen"\r\n\r\n[[wards.units]]\r\ntroop = "archers"\r\nformation',
        'troop = "billmen"\r\nquality = "levy"\r\n\r\n[[wards.units]]\r\ntroop = "archers"'
        "\r\nformation",
    )
    assert path.read_bytes() == want.encode()


def test_tui_save_through_a_symlink(tmp_path: Path) -> None:
    path, text = hand_written(tmp_path)
    link = tmp_path / "link.toml"
    link.symlink_to(path)
    session = Session.open(link)
    session.apply("rename", lambda army: setattr(army, "name", "Renamed"))
    session.save()
    assert link.is_symlink()
    assert path.read_bytes() == text.replace("The Earl of Oxford's Retinue", "Renamed").encode()


def test_save_as_elsewhere_writes_photos_relative_to_the_new_file(tmp_path: Path) -> None:
    path, _ = hand_written(tmp_path)
    session = Session.open(path)
    elsewhere = tmp_path / "a" / "b"
    elsewhere.mkdir(parents=True)
    session.save(elsewhere / "copy.toml")
    text = (elsewhere / "copy.toml").read_text(encoding="utf-8")
    assert 'photo = "../../photos/archers.jpg"' in text
    assert str(tmp_path) not in text
    reread = bh.load(elsewhere / "copy.toml")
    assert reread.wards[0].units[0].photo == str(tmp_path / "photos" / "archers.jpg")


# --- muster --out ------------------------------------------------------------------------------


def test_muster_out_refuses_to_overwrite_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "army.toml"
    out.write_text("mine\n", encoding="utf-8")
    code, _, err = cli(
        capsys, "muster", str(COLLECTION), "--troops", "100", "--seed", "3", "--out", str(out)
    )
    assert code == 2
    assert f"--out {out} already exists: add --force to replace it" in err
    assert out.read_text(encoding="utf-8") == "mine\n"
    code, _, _ = cli(
        capsys,
        "muster",
        str(COLLECTION),
        "--troops",
        "100",
        "--seed",
        "3",
        "--out",
        str(out),
        "--force",
    )
    assert code == 0 and "muster = {troops = 100, seed = 3}" in out.read_text(encoding="utf-8")


def test_muster_out_writes_photos_relative_to_the_new_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "deep" / "army.toml"
    out.parent.mkdir()
    code, _, _ = cli(
        capsys, "muster", str(COLLECTION), "--troops", "200", "--seed", "1", "--out", str(out)
    )
    assert code == 0
    text = out.read_text(encoding="utf-8")
    photos = re.findall(r'photo = "([^"]+)"', text)
    assert photos, "the sample collection's archers have a photo"
    want = os.path.relpath(examples_dir() / "photos" / "archers.jpg", out.parent)
    assert set(photos) == {want} and not want.startswith("/")
    code, _, _ = cli(capsys, "check", str(out))
    assert code == 0


def test_muster_out_onto_a_symlink(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--out` names the file to write (issue 38.1): a link there (one a zip brought, say) is
    replaced with the new file, never written through."""
    real = tmp_path / "real.toml"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    code, _, _ = cli(
        capsys,
        "muster",
        str(COLLECTION),
        "--troops",
        "100",
        "--seed",
        "3",
        "--out",
        str(link),
        "--force",
    )
    assert code == 0 and not link.is_symlink()
    assert "muster = {troops = 100" in link.read_text(encoding="utf-8")
    assert real.read_text(encoding="utf-8") == "old\n"


@pytest.mark.parametrize("out", ["/", ".", "..", "", "sub/"])
def test_muster_out_folder_or_empty_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], out: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    for both in ([], ["--both"]):
        code, stdout, err = cli(
            capsys, "muster", str(COLLECTION), "--troops", "50", "--seed", "2", "--out", out, *both
        )
        assert code == 2 and "give a file name such as army.toml" in err
        assert stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sub"]


def test_muster_names_with_escapes_are_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x\x1b[2Jy.toml"
    code, stdout, _ = cli(
        capsys, "muster", str(COLLECTION), "--troops", "50", "--seed", "2", "--out", str(out)
    )
    assert code == 0 and out.exists()
    assert "\x1b" not in stdout and "x\\x1b[2Jy.toml" in stdout


def test_tui_refuses_a_symlink_loop_but_creates_through_a_dangling_link(tmp_path: Path) -> None:
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    with pytest.raises(ArmyFileError, match="symlink loop"):
        Session.open(loop)
    link = tmp_path / "link.toml"
    link.symlink_to(tmp_path / "real.toml")
    session = Session.open(link)
    session.save()
    assert link.is_symlink() and bh.load(tmp_path / "real.toml").name == "Link"
