"""`billhooks verify`: a code checked against the file it was printed from (matches), against
edited files (what changed), a comment-only edit (same list, new hash), shortened codes, and
text that is not a code (exit 2); the code from --code, stdin and --code-file."""

from __future__ import annotations

import io
from copy import deepcopy
from pathlib import Path

import pytest
from test_share import EXAMPLES, big, digest, run

from builder import share
from builder.commands.share import source
from builder.export.base import ArmyInput
from builder.export.sharecode import payload
from builder.resources import examples_dir
from builder.rules import get_ruleset, schema
from builder.rules.base import ArmyRecord, Ruleset

YORK = examples_dir() / "york.toml"


def code_of(path: Path) -> str:
    """What the roster's QR code of ``path`` holds."""
    return payload(source(str(path)))


def plain_of(path: Path) -> str:
    """``share``'s plain list of ``path`` (the whole list: a code of york is compact)."""
    return share.render(share.share_list(source(str(path))))


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
    code, out, _ = run(capsys, "verify", str(path), "--code", plain_of(YORK))
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
    code, out, _ = run(capsys, "verify", str(path), "--code", plain_of(YORK))
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
        "points (84): add 3 more points of archers or billmen, or field fewer other troops",
    ]


def test_numbers_changed_and_the_totals(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    kiss = examples_dir() / "kiss-york.toml"
    path = edited(tmp_path, kiss, 'commitment = "well-wishers"\nfigures = 12',
                  'commitment = "well-wishers"\nfigures = 10')
    code, out, _ = run(capsys, "verify", str(path), "--code", plain_of(kiss))
    assert code == 1
    assert out.splitlines()[1:] == ["  changed: Ward 1, Billmen: 12 figures -> 10 figures",
                                    "  total: Figures 76 -> Figures 74"]


def test_legality_and_broken_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = edited(tmp_path, YORK, "points = 100", "points = 80")
    code, out, _ = run(capsys, "verify", str(path), "--code", plain_of(YORK))
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
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(code_of(YORK).encode())))
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
        share.Group("", "", (share.Item("Cart: 3 pts", "", "AbC"),
                             share.Item("Mule", "1 figure", "dEf"))),
        *found.groups)})
    printed = share.code_text(odd, lambda _: True)
    assert share.parse(printed) != odd
    assert share.changes(share.parse(printed), odd) == []


# --- Every game value: a change that alters a record's facts names the record ----------------


def _alternatives(spec: schema.Field, value: object, default: object,
                  names: list[str]) -> list[object]:
    """Other values ``spec`` allows in place of ``value``: every other choice (a free-prefixed
    one too, "anti-<name>"), the field's default where it is none, a bool flipped, a number
    one up or down within its bounds, a list with a choice more or one fewer, free text
    changed (or another record's name, for a field naming a leader), a nested table's fields
    each changed."""
    found: list[object] = []
    if default is None and value is not None:
        found.append(None)
    if spec.type == "bool":
        found.append(not value)
    elif spec.type == "int":
        start = value if isinstance(value, int) else (spec.min or 1) - 1
        found += [n for n in (start + 1, start - 1) if (spec.min is None or n >= spec.min)
                  and (spec.max is None or n <= spec.max) and n != value]
    elif spec.type == "str" and spec.choices is not None:
        found += [c for c in spec.choices if c != value]
        found += [f"{prefix}{names[0]}" for prefix in spec.free_prefixes]
    elif spec.type == "str":
        found += [n for n in names if n != value] + [f"{value or 'x'} the Second"]
    elif spec.type == "list":
        items = list(value) if isinstance(value, list) else []
        found += [[*items, c] for c in spec.choices or () if c not in items]
        found += [[*items, f"{prefix}{names[0]}"] for prefix in spec.free_prefixes]
        found += [items[:-1]] if items else []
    elif spec.type == "table" and spec.table is not None and value is not None:
        for sub in spec.table.fields:
            for other in _alternatives(sub, getattr(value, sub.key),
                                       spec.table.default(sub.key), names):
                copy = deepcopy(value)
                setattr(copy, sub.key, other)
                found.append(copy)
    return found


def _names(army: object, table: schema.Table) -> list[str]:
    """Every record's name in the army (a field that names a leader may take any of them)."""
    return [n.record.name for n in schema.walk(army, table)  # type: ignore[attr-defined]
            if n.where and isinstance(getattr(n.record, "name", None), str)]


def _marks(ruleset: Ruleset, army: ArmyRecord, where: str, compact: bool) -> tuple[str, ...]:
    """How verify's report begins a line that names the record at ``where``: the army's own
    lines, a group's (its heading, its records: a leader is his group's heading), or the
    record's own line under its group (removed, added or changed, by its title)."""
    if where == "":
        return ("name:", "ruleset:", "total", "legality:", "broken rule", "changed: the army")
    group = schema.group_of(ruleset.schema, where)
    labels = {w: label for w, label, _ in share.group_headings(ruleset, army)}
    if group and (group == where or where not in {
            line.where for line in ruleset.summary(army).lines}):
        label = labels[group]
        return (f"group: {label}", "group gone", "group new", f"changed: {label}",
                f"removed: {label}, ", f"added: {label}, ")
    title = ruleset.title_of(army, where)
    place = share.compact_title(title) if compact else title
    place = f"{labels[group]}, {place}" if group else place
    return tuple(f"{kind}: {place}" for kind in ("changed", "removed", "added"))


def _edits(path: Path) -> list[tuple[str, str, ArmyRecord, object]]:
    """Every record of the example at ``path`` and every field of it, each changed to each
    other value its schema allows: (place, key, the edited army, the value)."""
    army = source(str(path)).army
    ruleset = get_ruleset(army.ruleset)
    names = _names(army, ruleset.schema)
    found = []
    for node in schema.walk(army, ruleset.schema):
        for spec in node.table.fields:
            if spec.key == "ruleset":
                continue
            for value in _alternatives(spec, getattr(node.record, spec.key),
                                       node.table.default(spec.key), names):
                edited_army = deepcopy(army)
                setattr(schema.get(edited_army, node.where), spec.key, value)
                found.append((node.where, spec.key, edited_army, value))
    return found


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_change_of_a_records_facts_names_the_record(path: Path) -> None:
    """For every ruleset, every record of each example and every field of it changed to
    every other allowed value: where the record's facts (what its card and roster line
    print) change, verify of the list printed before (share's plain list and the roster's
    code) against the edited army names that record, not only "the file's text changed"."""
    item = source(str(path))
    ruleset = get_ruleset(item.army.ruleset)
    printed = share.share_list(item)
    codes = {"plain": share.parse(share.render(printed)), "code": share.parse(code_of(path))}
    assert codes["code"].form in ("plain", "compact")  # the records are in every code
    checked = 0
    for where, key, army, value in _edits(path):
        if ruleset.facts(army, where) == ruleset.facts(item.army, where):
            continue
        now = share.share_list(ArmyInput(army, path, item.text + "\n# edited\n"))
        for form, code in codes.items():
            found = share.changes(code, now)
            marks = _marks(ruleset, item.army, where, code.form == "compact") + _marks(
                ruleset, army, where, code.form == "compact")
            assert any(line.startswith(marks) for line in found), (
                f"{where}.{key} = {value!r} ({form}): {found}")
        checked += 1
    assert checked >= 10
