"""Mustering collection files: counts expanded into cards, photos, and every bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from bh import load_collection, loads_collection

from builder.core.validate import ArmyFileError
from builder.resources import examples_dir
from builder.systems.billhooks.collection import Card

HEAD = 'ruleset = "billhooks"\nname = "Test collection"\n'


def write(folder: Path, body: str, name: str = "coll.toml") -> Path:
    path = folder / name
    path.write_text(HEAD + body, encoding="utf-8")
    return path


def error_of(path: Path) -> ArmyFileError:
    with pytest.raises(ArmyFileError) as info:
        load_collection(path)
    return info.value


def test_example_collection_loads_with_counts_expanded() -> None:
    coll = load_collection(examples_dir() / "collection.toml")
    assert coll.name == "The club collection" and coll.ruleset == "billhooks"
    by_troop: dict[str, int] = {}
    for card in coll.cards:
        by_troop[card.troop] = by_troop.get(card.troop, 0) + 1
    # 6 plain + 1 veteran archers; 5 + 2 levy billmen (see the file).
    assert by_troop["archers"] == 7 and by_troop["billmen"] == 7
    assert len({c.id for c in coll.cards}) == len(coll.cards)


def test_cards_have_stable_ids_lines_points_and_titles(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
[[cards]]
troop = "archers"
count = 2

[[cards]]
troop = "archers"
quality = "veteran"
stakes = true

[[cards]]
troop = "crossbowmen"
pavises = true

[[cards]]
troop = "archers"
formation = "combined"
rear = { troop = "billmen", quality = "levy" }
""",
    )
    cards = load_collection(path).cards
    assert [c.id for c in cards] == ["1.1", "1.2", "2.1", "3.1", "4.1"]
    assert [c.line for c in cards] == [4, 4, 8, 13, 17]
    # Points come from the ruleset: 12; 12 + 3 veteran + 3 stakes; 6 + 3 pavises; 12 + 9.
    assert [c.points for c in cards] == [12, 12, 18, 9, 21]
    assert cards[2].options == {"quality": "veteran", "stakes": True}
    assert cards[2].title == "Company of Veteran Archers with stakes"
    unit = cards[4].unit()
    assert unit.formation == "combined" and unit.rear is not None
    assert (unit.rear.troop, unit.rear.quality) == ("billmen", "levy")
    # Each call gives a fresh unit, so armies never share one object.
    assert cards[0].unit() is not cards[0].unit()


def test_photo_is_resolved_beside_the_file(tmp_path: Path) -> None:
    (tmp_path / "photos").mkdir()
    (tmp_path / "photos" / "archers.jpg").write_bytes(b"\xff\xd8\xff fake jpeg")
    path = write(tmp_path, '[[cards]]\ntroop = "archers"\nphoto = "photos/archers.jpg"\n')
    card: Card = load_collection(path).cards[0]
    assert card.photo == str((tmp_path / "photos" / "archers.jpg").resolve())
    assert card.unit().photo == card.photo


def test_example_photo_if_shipped_is_found() -> None:
    cards = load_collection(examples_dir() / "collection.toml").cards
    for card in cards:
        if card.photo is not None:
            assert Path(card.photo).is_file()


@pytest.mark.parametrize(
    ("body", "line", "key", "words"),
    [
        ('[[cards]]\ntroop = "archers"\ncolour = "red"\n', 5, "cards[0].colour", "unknown key"),
        ('[[cards]]\ntroop = "archer"\n', 4, "cards[0].troop", "unknown value 'archer'"),
        (
            '[[cards]]\ntroop = "archers"\n\n[[cards]]\ntroop = "billmen"\ncount = 0\n',
            8,
            "cards[1].count",
            "must be 1 or more, got 0",
        ),
        (
            '[[cards]]\ntroop = "archers"\ncount = -2\n',
            5,
            "cards[0].count",
            "must be 1 or more, got -2",
        ),
        (
            '[[cards]]\ntroop = "archers"\ncount = "4"\n',
            5,
            "cards[0].count",
            "expected a whole number",
        ),
        (
            '[[cards]]\ntroop = "archers"\ncount = 2.5\n',
            5,
            "cards[0].count",
            "expected a whole number",
        ),
        (
            '[[cards]]\ntroop = "archers"\ncount = true\n',
            5,
            "cards[0].count",
            "expected a whole number",
        ),
        ('[[cards]]\ntroop = "archers"\ncount = 99999999\n', 5, "cards[0].count", "too many"),
        (
            '[[cards]]\ntroop = "archers"\n\n[[cards]]\nquality = "levy"\n',
            6,
            "cards[1]",
            "missing required key 'troop'",
        ),
        (
            '[[cards]]\ntroop = "billmen"\nstakes = true\n',
            3,
            "cards[0]",
            "stakes are only for archer companies",
        ),
        ('[[cards]]\ntroop = "kern"\npavises = true\n', 3, "cards[0]", "pavises are only for"),
        (
            '[[cards]]\ntroop = "crossbowmen"\nformation = "line"\n',
            3,
            "cards[0]",
            "cannot be paired",
        ),
        (
            '[[cards]]\ntroop = "archers"\nphoto = "photos/none.jpg"\n',
            5,
            "cards[0].photo",
            "no such file",
        ),
        (
            '[[cards]]\ntroop = "archers"\nphoto = "../outside.jpg"\n',
            5,
            "cards[0].photo",
            "outside the collection's folder",
        ),
        (
            '[[cards]]\ntroop = "archers"\nphoto = "/etc/passwd"\n',
            5,
            "cards[0].photo",
            "is an absolute path",
        ),
        ('[[cards]]\ntroop = "archers"\nphoto = "sub"\n', 5, "cards[0].photo", "is a folder"),
        (
            '[[cards]]\ntroop = "archers"\nphoto = "notes.txt"\n',
            5,
            "cards[0].photo",
            "not a JPEG or PNG",
        ),
        ("cards = 3\n", 3, "cards", "list of tables"),
        ('colour = "red"\n', 3, "colour", "unknown key"),
    ],
)
def test_bad_cards_name_file_line_and_key(
    tmp_path: Path, body: str, line: int, key: str, words: str
) -> None:
    folder = tmp_path / "coll"
    folder.mkdir()
    (folder / "sub").mkdir()
    (folder / "notes.txt").write_text("not a photo")
    (tmp_path / "outside.jpg").write_bytes(b"\xff\xd8\xff")
    path = write(folder, body)
    err = error_of(path)
    assert (err.line, err.key) == (line, key), str(err)
    assert words in err.message
    assert str(err).startswith(f"{path}:{line}: {key}:")


def test_photo_symlink_leaving_the_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "coll"
    folder.mkdir()
    (tmp_path / "secret.jpg").write_bytes(b"\xff\xd8\xff")
    (folder / "link.jpg").symlink_to(tmp_path / "secret.jpg")
    err = error_of(write(folder, '[[cards]]\ntroop = "archers"\nphoto = "link.jpg"\n'))
    assert "outside the collection's folder" in err.message


def test_top_level_errors(tmp_path: Path) -> None:
    assert "no such file" in str(error_of(tmp_path / "missing.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text('ruleset = "billhooks"\nname = \n')
    assert error_of(bad).line == 2 and "TOML syntax error" in str(error_of(bad))
    with pytest.raises(ArmyFileError, match="missing required key 'ruleset'"):
        loads_collection('name = "x"\n')
    with pytest.raises(ArmyFileError, match="unknown ruleset 'chess'"):
        loads_collection('ruleset = "chess"\nname = "x"\n')
    with pytest.raises(ArmyFileError, match="missing required key 'name'"):
        loads_collection('ruleset = "billhooks"\n')


def test_empty_collection_loads_with_no_cards() -> None:
    assert loads_collection(HEAD).cards == []


def test_english_flag_defaults_true_and_may_be_false(tmp_path: Path) -> None:
    assert loads_collection(HEAD).english is True
    assert loads_collection(HEAD + "english = true\n").english is True
    assert loads_collection(HEAD + "english = false\n").english is False
    err = error_of(write(tmp_path, 'english = "no"\n'))
    assert err.line == 3 and err.key == "english" and "true or false" in err.message.lower()
