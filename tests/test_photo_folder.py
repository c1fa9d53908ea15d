"""Photos print only from under the army (or collection) file's folder (issue 26.5): an army
file may come from anyone, and ``photo = "../../…/secret.png"`` (or a link out of the folder)
must not print a file from elsewhere on the disk, unless ``--allow-photos-anywhere``. Every
rule system with a path field in its schema is tried."""

from __future__ import annotations

import os
from pathlib import Path

import pdfread
import pytest
from PIL import Image

from builder import armyfile
from builder.cli import main
from builder.commands.export import _load
from builder.core.printables import Deck, Photo
from builder.core.schema import Table, walk
from builder.export.job import ExportJob
from builder.export.pipeline.pack import printables
from builder.registry import get_ruleset, names
from builder.resources import examples_dir

#: A sample army of each rule system that has photos.
EXAMPLES = {"billhooks": "york.toml"}


def has_path_field(table: Table) -> bool:
    return any(
        f.path or (f.table is not None and has_path_field(f.table)) for f in table.fields
    ) or any(has_path_field(child.table) for child in table.children)


WITH_PHOTOS = [name for name in names() if has_path_field(get_ruleset(name).schema)]


def test_every_system_with_photos_is_tried() -> None:
    assert WITH_PHOTOS and set(WITH_PHOTOS) == set(EXAMPLES)


def army_with_photo(folder: Path, ruleset: str, photo: Path) -> tuple[Path, str]:
    """The system's sample army saved in ``folder`` with ``photo`` on its first record that
    takes one; the kind of the pack that prints it."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "army.toml"
    army = armyfile.load(examples_dir() / EXAMPLES[ruleset])
    schema = get_ruleset(ruleset).schema
    node = next(n for n in walk(army, schema) if any(f.path for f in n.table.fields))
    setattr(node.record, next(f.key for f in node.table.fields if f.path), str(photo))
    armyfile.save(army, path)
    loaded, _ = _load([str(path)], photos_anywhere=True)
    kind = next(
        item.kind
        for item in printables(ExportJob(loaded)).items
        if isinstance(item, Deck)
        and any(isinstance(b, Photo) for face in item.cards for b in face.blocks)
    )
    return path, kind


def secret(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (40, 30), (200, 30, 30)).save(path)
    return path


def images_in(pdf: Path) -> int:
    with pdfread.document(pdf) as doc:
        return sum(len(page.images) for page in doc.pages)


@pytest.mark.parametrize("ruleset", WITH_PHOTOS)
@pytest.mark.parametrize("how", ["dot-dot", "a link out of the folder"])
def test_a_photo_outside_the_armys_folder_is_not_printed(
    tmp_path: Path, ruleset: str, how: str, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = secret(tmp_path / "home" / "secret.png")
    club = tmp_path / "home" / "downloads" / "club"
    if how == "dot-dot":
        photo = outside
    else:
        (club / "photos").mkdir(parents=True)
        photo = club / "photos" / "archers.png"
        photo.symlink_to(outside)
    army, kind = army_with_photo(club, ruleset, photo)
    text = army.read_text(encoding="utf-8")
    assert ("../../secret.png" if how == "dot-dot" else "photos/archers.png") in text
    capsys.readouterr()
    # check warns, naming the photo and the way out.
    assert main(["check", str(army)]) == 0
    out = capsys.readouterr().out
    assert "outside-photo" in out and "--allow-photos-anywhere" in out
    # export refuses before writing anything, naming file, line and key.
    pack = tmp_path / "pack"
    assert main(["export", str(army), "--out", str(pack), "--only", kind]) == 2
    err = capsys.readouterr().err
    assert f"{army}:" in err and ".photo: '" in err and "outside the file's folder" in err
    assert "--allow-photos-anywhere" in err
    assert not pack.exists() or list(pack.iterdir()) == []
    # Asked for, it prints.
    assert (
        main(["export", str(army), "--out", str(pack), "--only", kind, "--allow-photos-anywhere"])
        == 0
    )
    assert images_in(pack / f"{kind}.pdf") == 1


@pytest.mark.parametrize("ruleset", WITH_PHOTOS)
def test_a_photo_under_the_armys_folder_prints(
    tmp_path: Path, ruleset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    club = tmp_path / "club"
    army, kind = army_with_photo(club, ruleset, secret(club / "photos" / "deep" / "a.png"))
    assert main(["check", str(army)]) == 0
    assert "photo" not in capsys.readouterr().out
    assert main(["export", str(army), "--out", str(tmp_path / "pack"), "--only", kind]) == 0
    assert images_in(tmp_path / "pack" / f"{kind}.pdf") == 1


@pytest.mark.parametrize("ruleset", [n for n in WITH_PHOTOS if get_ruleset(n).muster])
def test_a_collection_photo_outside_its_folder_prints_only_when_allowed(
    tmp_path: Path, ruleset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert ruleset == "billhooks"  # the one sample collection
    club = tmp_path / "club"
    club.mkdir()
    secret(tmp_path / "secret.jpg")
    text = (examples_dir() / "collection.toml").read_text(encoding="utf-8")
    (club / "collection.toml").write_text(
        text.replace('photo = "photos/archers.jpg"', 'photo = "../secret.jpg"'), encoding="utf-8"
    )
    collection = str(club / "collection.toml")
    pack = str(tmp_path / "pack")
    assert main(["export", collection, "--out", pack]) == 2
    assert "outside the collection's folder" in capsys.readouterr().err
    assert not os.path.exists(pack)
    assert main(["export", collection, "--out", pack, "--allow-photos-anywhere"]) == 0
    assert images_in(Path(pack) / "unit-cards.pdf") >= 1
