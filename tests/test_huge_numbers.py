"""A number of thousands of digits in any number field, in any notation TOML has (decimal,
hexadecimal, octal, binary), is a message naming the file, line and key and exit 2, from
`check` and `export`, in every rule system (issue 38.3): Python refuses to write out an integer
of over 4,300 digits, and hexadecimal, octal and binary ones are read whole."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from armies import EXAMPLE_OF

from builder.cli import main
from builder.registry import get_ruleset, names
from builder.resources import examples_dir

#: One sample army per rule system, and the Mustering collection.
EXAMPLES = EXAMPLE_OF
#: A number past Python's limit of 4,300 digits, in each notation.
HUGE = {
    "decimal": "9" * 4400,
    "hexadecimal": "0x" + "f" * 4000,
    "octal": "0o" + "7" * 5000,
    "binary": "0b" + "1" * 15000,
}
#: A line giving a key a whole number: `command_class = 2`.
NUMBER_LINE = re.compile(r"^(\s*)([a-z_]+)(\s*=\s*)[0-9]+\s*$")


def test_every_system_has_a_sample() -> None:
    shipped = [n for n in names() if get_ruleset(n).__module__.startswith("builder.")]
    assert sorted(EXAMPLES) == sorted(shipped)


def number_lines(text: str) -> list[tuple[int, str]]:
    found = []
    for lineno, line in enumerate(text.splitlines(), 1):
        if m := NUMBER_LINE.match(line):
            found.append((lineno, m.group(2)))
    return found


def with_number(text: str, lineno: int, number: str) -> str:
    lines = text.splitlines()
    lines[lineno - 1] = NUMBER_LINE.sub(rf"\g<1>\g<2>\g<3>{number}", lines[lineno - 1])
    return "\n".join(lines) + "\n"


def refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], path: Path, lineno: int, key: str
) -> None:
    capsys.readouterr()
    assert main(argv) == 2, argv[0]
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.startswith(f"billhooks: {path}:{lineno}: "), err[:200]
    assert re.search(rf"\b{key}: ", err), err[:200]
    assert len(err) < 300  # the number is never written out


@pytest.mark.parametrize("notation", HUGE)
@pytest.mark.parametrize("ruleset", sorted(EXAMPLES))
def test_a_huge_number_anywhere_is_exit_2_with_file_line_and_key(
    tmp_path: Path, ruleset: str, notation: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (examples_dir() / EXAMPLES[ruleset]).read_text(encoding="utf-8")
    places = number_lines(text)
    assert places, "the sample gives some key a number"
    path = tmp_path / "army.toml"
    for lineno, key in places:
        path.write_text(with_number(text, lineno, HUGE[notation]), encoding="utf-8")
        refused(capsys, ["check", str(path)], path, lineno, key)
    # Export reads the file the same way: refused before anything is written.
    out = tmp_path / "pack"
    lineno, key = places[-1]
    path.write_text(with_number(text, lineno, HUGE[notation]), encoding="utf-8")
    refused(capsys, ["export", str(path), "--out", str(out), "--only", "tokens"], path, lineno, key)
    assert not out.exists() or not any(out.iterdir())


@pytest.mark.parametrize("notation", HUGE)
def test_a_huge_number_in_an_unbounded_key_or_a_collection(
    tmp_path: Path, notation: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A mustered army's seed has no bounds; a collection's counts are numbers too."""
    army = tmp_path / "mustered.toml"
    army.write_text(
        'ruleset = "billhooks"\nname = "Mustered"\nside = "york"\n'
        f"muster = {{troops = 60, seed = {HUGE[notation]}}}\n",
        encoding="utf-8",
    )
    refused(capsys, ["check", str(army)], army, 4, "seed")
    text = (examples_dir() / "collection.toml").read_text(encoding="utf-8")
    shutil.copytree(examples_dir() / "photos", tmp_path / "photos")
    collection = tmp_path / "collection.toml"
    for lineno, key in number_lines(text):
        collection.write_text(with_number(text, lineno, HUGE[notation]), encoding="utf-8")
        refused(
            capsys,
            ["export", str(collection), "--out", str(tmp_path / "o"), "--only", "tokens"],
            collection,
            lineno,
            key,
        )
