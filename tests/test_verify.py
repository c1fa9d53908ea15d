"""`billhooks verify`: a code checked against the file it was printed from (matches), against
edited files (what changed), a comment-only edit (same list, new hash), shortened codes, and
text that is not a code (exit 2); the code from --code, stdin and --code-file."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from test_share import EXAMPLES, big, digest, run

from builder import share
from builder.commands.share import source
from builder.export.sharecode import payload
from builder.resources import examples_dir

YORK = examples_dir() / "york.toml"


def code_of(path: Path) -> str:
    """What the roster's QR code of ``path`` holds."""
    return payload(source(str(path)))


def edited(tmp_path: Path, path: Path, old: str, new: str) -> Path:
    text = path.read_text(encoding="utf-8")
    assert old in text
    out = tmp_path / path.name
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_same_file_matches(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    code, out, err = run(capsys, "verify", str(path), "--code", code_of(path))
    assert (code, err) == (0, "")
    assert out == f"matches: {path} is the army printed (#{digest(path)})\n"


def test_a_comment_only_edit_is_the_same_list(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = edited(tmp_path, YORK, "[[wards]]", "# a comment\n[[wards]]")
    code, out, _ = run(capsys, "verify", str(path), "--code", code_of(YORK))
    assert code == 1
    assert out == (f"changed: same list, only the file's text changed (#{digest(YORK)} printed, "
                   f"#{digest(path)} now)\n")


def test_units_added_removed_and_changed(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    # Ward 2 loses its billmen, ward 3 gains a band of kern, the C-in-C's archers lose their
    # stakes (the title says so: one record gone, another come).
    path = edited(tmp_path, YORK, '[[wards.units]]\ntroop = "billmen"\n\n[[wards]]', "[[wards]]")
    path = edited(tmp_path, path, "stakes = true\n", "")
    path.write_text(path.read_text(encoding="utf-8") + '\n[[wards.units]]\ntroop = "kern"\n',
                    encoding="utf-8")
    code, out, _ = run(capsys, "verify", str(path), "--code", code_of(YORK))
    assert code == 1
    assert out.splitlines() == [
        f"changed: {path} is not the army printed (#{digest(YORK)} printed, "
        f"#{digest(path)} now):",
        "  removed: Ward 1, Line of Archers with stakes: 24 figures, 30 pts",
        "  removed: Ward 2, Company of Billmen: 12 figures, 12 pts",
        "  added: Ward 1, Line of Archers: 24 figures, 24 pts",
        "  added: Ward 3, Band of Kern: 6 figures, 6 pts",
        "  total: Troop points 96 (of 100 agreed) -> Troop points 84 (of 100 agreed)",
        "  total: Total 106 -> Total 94",
        "  total: Army Morale tokens 4 -> Army Morale tokens 3",
        "  legality: LEGAL -> NOT LEGAL",
        "  broken rule new: archer and billmen companies make 39 points, under half of the troop "
        "points (84): add 6 more points of archers or billmen, or field 6 fewer points of other "
        "troops",
    ]


def test_numbers_changed_and_the_totals(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    kiss = examples_dir() / "kiss-york.toml"
    path = edited(tmp_path, kiss, 'commitment = "well-wishers"\nfigures = 12',
                  'commitment = "well-wishers"\nfigures = 10')
    code, out, _ = run(capsys, "verify", str(path), "--code", code_of(kiss))
    assert code == 1
    assert out.splitlines()[1:] == ["  changed: Ward 1, Billmen: 12 figures -> 10 figures",
                                    "  total: Figures 76 -> Figures 74"]


def test_legality_and_broken_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = edited(tmp_path, YORK, "points = 100", "points = 80")
    code, out, _ = run(capsys, "verify", str(path), "--code", code_of(YORK))
    assert code == 1
    assert out.splitlines()[1:] == [
        "  total: Troop points 96 (of 100 agreed) -> Troop points 96 (of 80 agreed)",
        "  legality: LEGAL -> NOT LEGAL",
        "  broken rule new: troop points are 96, over the agreed 80: remove 16 points of troops",
    ]
    # Printed broken, now mended; the code here is share's plain text (a broken york's list
    # is longer than a roster's code holds).
    plain = share.render(share.share_list(source(str(path))))
    code, out, _ = run(capsys, "verify", str(YORK), "--code", plain)
    assert code == 1 and "  legality: NOT LEGAL -> LEGAL" in out.splitlines()
    assert out.splitlines()[-1].startswith("  broken rule gone: troop points are 96")


def test_a_compact_code_compares_the_records(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A code shortened to fit: the records still compared, the leaders' titles not."""
    printed = share.code_text(big(5), lambda text: len(text) < 800)
    assert share.parse(printed).form == "compact"
    code, out, _ = run(capsys, "verify", str(YORK), "--code", printed)
    assert code == 1
    assert out.splitlines()[1:] == [
        f"  removed: Ward 1, Company of Billmen number {i}: 12 figures, 12 pts" for i in range(5)
    ] + ["  (the code is compact: groups' titles and broken rules' messages were not compared)"]


def test_a_totals_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    printed = share.code_text(share.share_list(source(str(YORK))), lambda text: len(text) < 300)
    assert printed.endswith("(totals only)")
    assert run(capsys, "verify", str(YORK), "--code", printed)[0] == 0
    path = edited(tmp_path, YORK, "points = 100", "points = 90")
    code, out, _ = run(capsys, "verify", str(path), "--code", printed)
    assert code == 1 and out.splitlines()[-1] == (
        "  (the code holds the totals only: the records were not compared)")


def test_code_from_stdin_and_from_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(code_of(YORK)))
    assert run(capsys, "verify", str(YORK), "--code", "-")[0] == 0
    code_file = tmp_path / "code.txt"
    code_file.write_text(code_of(YORK) + "\n", encoding="utf-8")
    assert run(capsys, "verify", str(YORK), "--code-file", str(code_file))[0] == 0


@pytest.mark.parametrize("garbage", ["hello", "https://example.com/", "",
                                     "The Duke\nLEGAL\nnot a hash line"])
def test_a_code_that_is_not_ours(capsys: pytest.CaptureFixture[str], garbage: str) -> None:
    code, out, err = run(capsys, "verify", str(YORK), "--code", garbage)
    assert (code, out) == (2, "")
    assert err.startswith("billhooks verify: not a code billhooks printed (")
    assert "Traceback" not in err


def test_code_and_code_file_together_is_bad_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        run(capsys, "verify", str(YORK), "--code", "x", "--code-file", "y")
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        run(capsys, "verify", str(YORK))
    assert exc.value.code == 2


def test_a_missing_code_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "verify", str(YORK), "--code-file", str(tmp_path / "none.txt"))
    assert code == 2 and "none.txt" in err


def test_both_sides_are_read_alike() -> None:
    """A title that reads like a title and numbers, and spaces a phone drops, are no change."""
    found = share.share_list(source(str(YORK)))
    odd = share.ShareList(**{**vars(found), "name": f"  {found.name} ", "groups": (
        share.Group("", "", (share.Item("Cart: 3 pts"), share.Item("Mule", "1 figure"))),
        *found.groups)})
    printed = share.code_text(odd, lambda _: True)
    assert share.parse(printed) != odd
    assert share.changes(share.parse(printed), odd) == []
