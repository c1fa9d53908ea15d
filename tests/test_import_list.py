"""`billhooks import` and the list's values (issue 40): every example and generated armies of
every system survive share, import, share with the same Facts line, in every format and as a
forum mangles a post; verify matches an imported file against the code it came from; bad lists
exit 2 naming the line; shortened codes say what they lack; files are never overwritten
without --force. Also issue 38.4-7: file names with line breaks and escapes, a name starting
with U+FEFF, linear share and verify, and the record limit."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from armies import scaled
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sharing import EXAMPLES, digest, run

from builder import armyfile, listfacts, listimport, share, sharediff, shareread
from builder.core import schema
from builder.core.base import ArmyRecord
from builder.core.text import printable
from builder.core.validate import ArmyFileError, Ctx, build
from builder.export.job import ArmyInput
from builder.limits import ARMY_MAX
from builder.registry import BUILT_IN, get_ruleset
from builder.resources import examples_dir
from builder.systems.billhooks.model import Muster

SYSTEMS = list(BUILT_IN)


def listed(army: ArmyRecord, name: str = "army.toml") -> share.ShareList:
    return share.share_list(ArmyInput(army, Path(name), ""))


def facts(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(share.FACTS))


def forum(text: str) -> str:
    """``text`` as a forum hands it back: chatter around it, quoted, CRLF line ends, a
    non-breaking space for some spaces."""
    quoted = "\n".join("> " + line for line in text.splitlines())
    body = f"Here is my list, any thoughts?\n\n{quoted}\n\nThanks!"
    return body.replace(" ", "\u00a0", 5).replace("\n", "\r\n")


# --- Every example, every format -----------------------------------------------------------


@pytest.mark.parametrize("fmt", listfacts.FORMATS)
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_round_trips(path: Path, fmt: listfacts.Format) -> None:
    army = armyfile.load(path)
    printed = listed(army)
    for text in (share.render(printed, fmt), forum(share.render(printed, fmt))):
        back = listimport.army_of(shareread.parse(text))
        again = listed(armyfile.loads(listimport.file_text(back, printed), "again.toml"))
        assert again.facts_hash == printed.facts_hash
        assert sharediff.changes(shareread.parse(share.render(printed)), again) == []


@pytest.mark.parametrize(
    "name", [">", "> foo", "```abc", "~~~", "[b]", '"Bob"', "`x`", "## heading", "plain"]
)
def test_a_name_a_paste_would_change_comes_back_whole(name: str) -> None:
    """The plain list's first line is the name; one a forum's quoting, code fence, BBCode or
    Markdown would change (or drop: Hypothesis found ">") is written in JSON quotes and read
    back whole, pasted as it is or as a forum hands it back."""
    army: Any = armyfile.load(examples_dir() / "lancaster.toml")
    army.name = name
    printed = listed(army)
    for text in (share.render(printed), forum(share.render(printed))):
        read = shareread.parse(text)
        assert read.name == name
        assert listimport.army_of(read).name == name
    assert sharediff.changes(shareread.parse(share.render(printed)), printed) == []


@pytest.mark.parametrize("seed", schema.TOML_INT)
def test_a_seed_at_either_end_of_toml_round_trips(seed: int) -> None:
    """A muster seed may be any TOML whole number (19 digits): the list writes it and reads it
    back (the reader once stopped at 12 digits, and Hypothesis found a 13-digit seed)."""
    army: Any = armyfile.load(examples_dir() / "lancaster.toml")
    army.points, army.muster = None, Muster(troops=army.points or 100, seed=seed)
    printed = listed(army)
    back = listimport.army_of(shareread.parse(share.render(printed)))
    assert back.muster.seed == seed  # type: ignore[attr-defined]
    assert listed(back).facts_hash == printed.facts_hash


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_command_writes_a_file_verify_matches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, path: Path
) -> None:
    code_file = tmp_path / "posted.txt"
    code_file.write_text(forum(share.render(listed(armyfile.load(path), path.name), "bbcode")))
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "import", str(code_file))
    assert (code, err) == (0, "")
    written = Path(out.split(":")[0].removeprefix("wrote "))
    assert written.parent == Path(".") and written.suffix == ".toml"
    text = written.read_text(encoding="utf-8")
    assert text.startswith("# ") and "# Imported from a shared list" in text
    code, out, _ = run(capsys, "verify", str(written), "--code-file", str(code_file))
    assert code == 0 and out.startswith("matches:"), out
    # Again: the file is there now, and kept.
    before = written.read_bytes()
    code, _, err = run(capsys, "import", str(code_file))
    assert code == 2 and "exists" in err and "--force" in err
    assert written.read_bytes() == before
    code, _, _ = run(capsys, "import", str(code_file), "--force")
    assert code == 0


def test_markdown_with_a_code_fence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    army = armyfile.load(examples_dir() / "kiss-york.toml")
    text = "Try this:\n```\n" + share.render(listed(army), "markdown") + "```\n"
    (tmp_path / "in.md").write_text(text)
    out = tmp_path / "out.toml"
    code, _, err = run(capsys, "import", str(tmp_path / "in.md"), "--out", str(out))
    assert (code, err) == (0, "")
    assert listed(armyfile.load(out)).facts_hash == listed(army).facts_hash


# --- Generated armies of every system --------------------------------------------------------

#: Text a name or label may hold: anything but control characters and surrogates (the loader
#: refuses those), line separators, a byte-order mark and markup characters included.
TEXT = st.text(
    alphabet=st.one_of(
        st.characters(blacklist_categories=("Cs", "Cc")),
        st.sampled_from("\u2028\u2029\ufeff\u00a0\u200b[]`*_#<>\\\"'·:,()= -"),
    ),
    min_size=1,
    max_size=30,
).filter(lambda s: s.strip() != "")


def _value(draw: st.DrawFn, spec: schema.Field) -> Any:
    if spec.type == "bool":
        return draw(st.booleans())
    if spec.type == "int":
        low = spec.min if spec.min is not None else -5
        return draw(st.integers(low, spec.max if spec.max is not None else low + 40))
    if spec.type == "list":
        pool = [*(spec.choices or ()), *(f"{p}{draw(TEXT)}" for p in spec.free_prefixes)]
        return draw(st.lists(st.sampled_from(pool), unique=True, max_size=3)) if pool else []
    if spec.type == "table":
        assert spec.table is not None
        return _values(draw, spec.table)
    if spec.choices:
        return draw(st.sampled_from(spec.choices))
    text: str = draw(TEXT)
    return text[: spec.max_len] if spec.max_len else text


def _values(draw: st.DrawFn, table: schema.Table) -> dict[str, Any]:
    found = {}
    for spec in listfacts.shared(table):
        if spec.key != "ruleset" and (spec.required or draw(st.booleans())):
            found[spec.key] = _value(draw, spec)
    for first, second in table.exclusive:
        if first in found:
            found.pop(second, None)
    return found


def _data(draw: st.DrawFn, table: schema.Table, depth: int = 0) -> dict[str, Any]:
    data = _values(draw, table)
    for child in table.children:
        if child.many:
            data[child.key] = [
                _data(draw, child.table, depth + 1)
                for _ in range(draw(st.integers(0, 3 if depth == 0 else 2)))
            ]
        elif child.required or draw(st.booleans()):
            data[child.key] = _data(draw, child.table, depth + 1)
    return data


@st.composite
def generated(draw: st.DrawFn, system: str) -> ArmyRecord:
    """An army of ``system`` the loader takes, legal or not: every field drawn from what its
    schema allows."""
    ruleset = get_ruleset(system)
    data = {"ruleset": system, **_data(draw, ruleset.schema)}
    try:
        army: ArmyRecord = build(Ctx("<generated>", ""), ruleset.schema, data)
    except ArmyFileError:
        from hypothesis import reject

        reject()
    return army


@pytest.mark.parametrize("system", SYSTEMS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_generated_armies_round_trip(system: str, data: st.DataObject) -> None:
    army = data.draw(generated(system))
    printed = listed(army)
    fmt = data.draw(st.sampled_from(listfacts.FORMATS))
    text = share.render(printed, fmt)
    if data.draw(st.booleans()):
        text = forum(text)
    back = listimport.army_of(shareread.parse(text))
    written = listimport.file_text(back, printed)
    assert listed(armyfile.loads(written, "again.toml")).facts_hash == printed.facts_hash


# --- Bad lists: exit 2, the line named, nothing written ----------------------------------------


def _code(tmp_path: Path, name: str = "york.toml") -> Path:
    path = tmp_path / "code.txt"
    path.write_text(share.render(listed(armyfile.load(examples_dir() / name))))
    return path


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("Troop: knights", "Troop: knigths", "{line}: Troop: unknown value 'knigths'"),
        ("Command class: 2", "Command class: two", "{line}: expected a whole number"),
        ("Mounted: yes", "Mounted: perhaps", "{line}: expected yes or no"),
        ("= unit · Troop: knights", "= regiment · Troop: knights", "{line}: expected a record"),
        ("Ruleset: billhooks", "Ruleset: chess", "rule system this billhooks does not have"),
        ("Stakes: yes", "Stakes: yes · Wings: 2", "{line}: expected one of Troop"),
        ("= unit · Troop: knights", "= unit · Troop: archers", "was changed or cut short"),
    ],
)
def test_a_bad_line_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, said: str
) -> None:
    path = _code(tmp_path)
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    line = 1 + next(n for n, words in enumerate(text.splitlines()) if old in words)
    said = said.replace("{line}", f"line {line}")
    out = tmp_path / "out.toml"
    code, _, err = run(capsys, "import", str(path), "--out", str(out))
    assert code == 2 and said in err, err
    assert "Traceback" not in err and not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["code.txt"]


@pytest.mark.parametrize("keep", [3, 12, 26])
def test_a_list_cut_short_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], keep: int
) -> None:
    path = _code(tmp_path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:keep] + lines[-2:]) + "\n")
    code, _, err = run(capsys, "import", str(path), "--out", str(tmp_path / "o.toml"))
    assert code == 2 and "billhooks import:" in err and "Traceback" not in err
    assert not (tmp_path / "o.toml").exists()


@pytest.mark.parametrize("form", ["compact", "totals", "hash"])
def test_a_short_code_says_what_it_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], form: share.Form
) -> None:
    short = share.shortened(listed(armyfile.load(examples_dir() / "york.toml")), form)
    path = tmp_path / "code.txt"
    path.write_text(share.code_text(short, lambda _: True))
    code, _, err = run(capsys, "import", str(path), "--out", str(tmp_path / "o.toml"))
    assert code == 2 and "short code" in err and "billhooks share ARMY" in err


def test_text_that_is_no_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "chat.txt"
    path.write_text("Anyone up for a game on Friday?\n")
    code, _, err = run(capsys, "import", str(path))
    assert code == 2 and "not a list" in err


# --- Issue 38.4-6: file names and names ------------------------------------------------------


@pytest.mark.parametrize("name", ["two\nlines.toml", "esc\x1b[31mred.toml", "tab\there.toml"])
def test_any_file_name_shares_and_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    path = tmp_path / name
    path.write_bytes((examples_dir() / "kiss-york.toml").read_bytes())
    code, out, _ = run(capsys, "share", str(path))
    assert code == 0 and "\x1b" not in out
    # One hash line, the name escaped in it.
    assert out.splitlines()[-1] == f"{printable(name)} #{digest(path)}"
    code, verdict, _ = run(capsys, "verify", str(path), "--code", out)
    assert code == 0 and verdict.startswith("matches:"), verdict
    assert "\x1b" not in verdict


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_name_starting_with_a_byte_order_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str
) -> None:
    army = scaled(system, 3)
    army.name = "\ufeffBOM host\u2028"
    path = tmp_path / "army.toml"
    path.write_text(armyfile.dumps(army), encoding="utf-8")
    code, out, _ = run(capsys, "share", str(path))
    assert code in (0, 1)
    code, verdict, _ = run(capsys, "verify", str(path), "--code", out)
    assert code == 0 and verdict.startswith("matches:"), verdict
    assert listimport.army_of(shareread.parse(out)).name == army.name


# --- Issue 38.7: linear, and the record limit ------------------------------------------------


def _calls(work: Callable[[], object]) -> int:
    """The Python function calls ``work`` makes: a count of operations, not a time."""
    count = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        work()
    finally:
        sys.setprofile(None)
    return count


@pytest.mark.parametrize("system", SYSTEMS)
def test_share_verify_and_import_are_linear(system: str) -> None:
    """Twice the records cost about twice the calls (KISS's share was quadratic: 8.6 s at
    10,000 units)."""

    def work(units: int) -> int:
        army = scaled(system, units)

        def everything() -> None:
            printed = listed(army)
            text = share.render(printed)
            sharediff.changes(shareread.parse(text), printed)
            listimport.army_of(shareread.parse(text))

        return _calls(everything)

    small, large = work(300), work(1200)
    assert large < 4.6 * small, (small, large)


@pytest.mark.parametrize("command", ["share", "verify", "check", "import"])
@pytest.mark.parametrize("system", SYSTEMS)
def test_an_army_over_the_limit_is_refused_by_every_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, system: str
) -> None:
    army = scaled(system, ARMY_MAX + 1)
    path = tmp_path / "huge.toml"
    path.write_text(armyfile.dumps(army), encoding="utf-8")
    if command == "import":
        code_path = tmp_path / "code.txt"
        code_path.write_text(share.render(listed(army)))
        argv = ["import", str(code_path), "--out", str(tmp_path / "o.toml")]
    else:
        argv = [command, str(path), *(["--code", "x"] if command == "verify" else [])]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "more than an army may print (1,500 records)" in err
    assert not (tmp_path / "o.toml").exists()


# --- Older codes and the roster's code ---------------------------------------------------------


def _format_1(text: str) -> str:
    """``text`` as a billhooks of list format 1 wrote it: no value lines, "Facts:"."""
    lines = [line for line in text.splitlines() if not line.startswith(listfacts.RECORD)]
    return "\n".join(line.replace(share.FACTS, share.FACTS_V1) for line in lines) + "\n"


def test_a_format_1_code_is_compared_by_its_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "york.toml"
    path.write_bytes((examples_dir() / "york.toml").read_bytes())
    old = _format_1(run(capsys, "share", str(path))[1])
    code, out, _ = run(capsys, "verify", str(path), "--code", old)
    assert code == 0 and out.startswith("matches:") and "list format 1" in out
    path.write_text(path.read_text().replace('troop = "knights"', 'troop = "light-horse"'))
    code, out, _ = run(capsys, "verify", str(path), "--code", old)
    assert code == 1 and "list format 1" in out
    assert "  removed: Ward 2, Squadron of Knights: 8 figures, 24 pts" in out.splitlines()
    (tmp_path / "old.txt").write_text(old)
    code, _, err = run(capsys, "import", str(tmp_path / "old.txt"))
    assert code == 2 and "format 1" in err and "billhooks share ARMY" in err


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_small_armys_roster_code_holds_the_whole_list(system: str) -> None:
    """Where the whole list fits a code at M or better, the roster's code holds it, and it
    imports."""
    from builder.export.documents.sharecode import payload

    army = scaled(system, 1)
    army.name = "Small"
    text = payload(ArmyInput(army, Path("s.toml"), ""))
    read = shareread.parse(text)
    assert read.form == "plain" and read.records
    assert listed(listimport.army_of(read)).facts_hash == listed(army).facts_hash


def test_export_takes_a_file_name_with_a_line_break(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 38.4: the roster's code of such a file read back in the workers (it raised
    NotAShareList)."""
    path = tmp_path / "two\nlines.toml"
    path.write_bytes((examples_dir() / "feudal-normandy.toml").read_bytes())
    out = tmp_path / "pack"
    code, _, err = run(capsys, "export", str(path), "--only", "roster", "--out", str(out))
    assert (code, "Traceback" in err) == (0, False)
    assert (out / "roster.pdf").stat().st_size > 0


def test_a_link_at_the_name_is_replaced_never_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    out = tmp_path / "army.toml"
    out.symlink_to(notes)
    code_file = _code(tmp_path)
    code, _, err = run(capsys, "import", str(code_file), "--out", str(out))
    assert code == 2 and "exists" in err
    assert run(capsys, "import", str(code_file), "--out", str(out), "--force")[0] == 0
    assert notes.read_text() == "mine" and not out.is_symlink()
    assert armyfile.load(out).name == "The Duke of Norfolk's Affinity"
