"""Every ruleset, and every example army file, through the same core
(docs/architecture.md#how-a-new-rule-system-plugs-in): the file round-trips byte for byte, a fresh
write reads back equal, every record has a title, facts and offers, every finding code is raised by
some test, the command line works, and importing the ruleset loads nothing heavy.

The test-only flat ruleset (``tests/flat_ruleset.py``) is among them: a flat, pointless shape
that plugs in with no change to ``builder/``.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from armies import ARMIES
from hygiene import HEAVY, loaded_after

from builder import armyfile
from builder.cli import main
from builder.commands.check import CORE_KEYS
from builder.core import schema
from builder.core.base import Offer, number
from builder.core.package import PackagedRuleset
from builder.core.validate import ArmyFileError, parse_toml
from builder.export.pipeline.pack import ruleset_kinds
from builder.registry import get_ruleset, names

TESTS = Path(__file__).parent


RULESETS = names()


def test_every_ruleset_has_an_example_army() -> None:
    shown = {parse_toml(p, p.read_text(encoding="utf-8"))["ruleset"] for p in ARMIES}
    assert shown == set(RULESETS)


@pytest.mark.parametrize("path", ARMIES, ids=lambda p: p.name)
def test_load_and_save_unchanged_gives_identical_text(path: Path, tmp_path: Path) -> None:
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    army = armyfile.load(copy)
    armyfile.save(army, copy)
    assert copy.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("path", ARMIES, ids=lambda p: p.name)
def test_a_fresh_write_reads_back_equal(path: Path, tmp_path: Path) -> None:
    army = armyfile.load(path)
    fresh = tmp_path / "fresh.toml"
    fresh.write_text(armyfile.dumps(army, folder=path.parent), encoding="utf-8")
    again = armyfile.load(fresh)
    # Paths are held absolute: the same files, wherever the two army files are.
    assert dataclasses.asdict(again) == dataclasses.asdict(army)  # type: ignore[call-overload]
    ruleset = get_ruleset(army.ruleset)
    assert f"# {ruleset.file_comment}" in fresh.read_text(encoding="utf-8")


def _offers_fit(offers: tuple[Offer, ...], tables: list[schema.Table]) -> None:
    """Every offer is a declared field: of the record's table, or (a group edited through its
    leader) of one of its single child tables; a sub-form's of its nested table."""
    fields = [f for t in tables for f in t.fields]
    for offer in offers:
        assert any(offer.field is f for f in fields), offer.field.key
        if offer.offers:
            assert offer.field.table is not None
            _offers_fit(offer.offers, [offer.field.table])


@pytest.mark.parametrize("path", ARMIES, ids=lambda p: p.name)
def test_every_record_has_a_title_facts_and_offers(path: Path) -> None:
    army = armyfile.load(path)
    ruleset = get_ruleset(army.ruleset)
    summary = ruleset.summary(army)
    assert {m.key for m in summary.metrics} and len({m.key for m in summary.metrics}) == len(
        summary.metrics
    )
    for line in summary.lines:
        assert schema.exists(army, line.where)
    for node in schema.walk(army, ruleset.schema):
        assert ruleset.title_of(army, node.where)
        assert ruleset.facts(army, node.where).heading
        _offers_fit(
            ruleset.offered(army, node.where),
            [node.table, *(c.table for c in node.table.children if not c.many)],
        )
    for finding in summary.findings:
        # A finding names a record of the army or a key of one.
        steps = schema.parse(finding.where)
        assert (
            not steps
            or schema.exists(army, schema.place(*steps))
            or schema.exists(army, schema.place(*steps[:-1]))
        )


def _child_tables(table: schema.Table) -> list[schema.Table]:
    return [t for c in table.children for t in (c.table, *_child_tables(c.table))]


@pytest.mark.parametrize("name", RULESETS)
def test_every_kind_of_record_the_file_holds_is_declared(name: str) -> None:
    """A system made of typed kinds (builder.core.package) declares one for every record its
    file can hold, not only those its examples hold: else the builder would fail on the first
    army that has one. And it takes no army of another system for its own."""
    ruleset = get_ruleset(name)
    if not isinstance(ruleset, PackagedRuleset):
        pytest.skip(f"{name} implements the protocol by hand")
    assert ruleset.army.record is ruleset.schema.record
    declared = {kind.record for kind in ruleset.kinds}
    assert {t.record for t in _child_tables(ruleset.schema)} == declared
    other = get_ruleset("flat" if name != "flat" else "billhooks").new_army("Another's")
    with pytest.raises(TypeError, match=f"not a {ruleset.title} army"):
        ruleset.facts(other, "")


@dataclasses.dataclass
class _ForeignCollection:
    """A collection as the core sees one (a name and a ruleset), of no system's own type."""

    name: str = "Someone else's figures"
    ruleset: str = "flat"


@pytest.mark.parametrize("name", [n for n in RULESETS if get_ruleset(n).muster])
def test_a_mustering_draw_refuses_a_collection_not_its_own(name: str) -> None:
    """The core hands a system back the collection it read, typed only as some system's: the
    draw and the collection's army check it is the system's own, by name, even under
    ``python -O``."""
    mustering = get_ruleset(name).muster
    assert mustering is not None
    title = get_ruleset(name).title
    with pytest.raises(TypeError, match=f"not a {title} collection: _ForeignCollection"):
        mustering.collection_army(_ForeignCollection())
    with pytest.raises(TypeError, match=f"not a {title} collection"):
        mustering.deal(_ForeignCollection(), 100, 10, ["lancaster"], random.Random(1), 1, False)


@pytest.mark.parametrize("name", RULESETS)
def test_a_new_army_saves_and_loads(name: str, tmp_path: Path) -> None:
    ruleset = get_ruleset(name)
    army = ruleset.new_army("Fresh")
    path = tmp_path / "new.toml"
    armyfile.save(army, path)
    again = armyfile.load(path)
    assert dataclasses.asdict(again) == dataclasses.asdict(army)  # type: ignore[call-overload]
    children = {c.key: c.table for t in _tables(ruleset.schema) for c in t.children}
    for entry in ruleset.catalogue():
        made = entry.make()
        assert made is not entry.make(), "each entry makes a fresh record"
        assert isinstance(made, children[entry.into].record)


def _tables(table: schema.Table) -> list[schema.Table]:
    """``table`` and every table under it."""
    return [table, *(t for c in table.children for t in _tables(c.table))]


def _tests_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py"))


@pytest.mark.parametrize("name", RULESETS)
def test_every_finding_code_is_raised_by_a_test(name: str) -> None:
    """Each code the ruleset declares appears in some test (as a quoted string), and the
    examples raise only declared codes."""
    ruleset = get_ruleset(name)
    tests = _tests_text()
    assert ruleset.codes and not [c for c in ruleset.codes if f'"{c}"' not in tests]
    for path in ARMIES:
        army = armyfile.load(path)
        if army.ruleset == name:
            assert {f.code for f in ruleset.check(army)} <= set(ruleset.codes)


@pytest.mark.parametrize("path", ARMIES, ids=lambda p: p.name)
def test_check_and_check_json(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", str(path), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == (0 if data["legal"] else 1)
    army = armyfile.load(path)
    assert data["ruleset"] == army.ruleset
    # Every metric under the ruleset's own key, and none takes a key of the core's.
    metrics = get_ruleset(army.ruleset).summary(army).metrics
    assert data["metrics"] == {m.key: number(m.value) for m in metrics}
    assert not {m.key for m in metrics} & CORE_KEYS
    assert all(data[m.key] == data["metrics"][m.key] for m in metrics)
    code = main(["check", str(path)])
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("LEGAL" if code == 0 else "NOT LEGAL")
    assert [line for line in out.splitlines() if line != line.rstrip()] == []


@pytest.mark.parametrize("name", RULESETS)
def test_catalogue(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalogue", "--ruleset", name, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ruleset"] == name and data["troops"]
    assert main(["catalogue", "--ruleset", name]) == 0
    out = capsys.readouterr().out
    assert all(entry["key"] in out for entry in data["troops"])


def test_the_flat_ruleset_loads_checks_and_refuses_what_it_does_not_declare(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = TESTS / "flat_example.toml"
    army = armyfile.load(path)
    flat = get_ruleset("flat")
    assert [f.code for f in flat.check(army)] == ["heavy"]
    schema.set_value(army, "people[0]", "role", "hand")
    assert [(f.code, f.where) for f in flat.check(army)] == [
        ("one-chief", "people"),
        ("heavy", "things[1]"),
    ]
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "People  2" in out and "Things  2" in out and "points" not in out.lower()
    bad = tmp_path / "bad.toml"
    bad.write_text(
        path.read_text(encoding="utf-8").replace(
            'tags = ["bold", "quick"]', 'tags = ["bold", "bold"]'
        )
    )
    with pytest.raises(ArmyFileError, match=r"bad.toml:5: tags\[1\]: 'bold' is listed twice"):
        armyfile.load(bad)
    bad.write_text(path.read_text(encoding="utf-8").replace('role = "chief"', 'rol = "chief"'))
    with pytest.raises(
        ArmyFileError,
        match=r"people\[0\].rol: unknown key \(did you mean "
        r"'role'\?\)",
    ):
        armyfile.load(bad)


@pytest.mark.parametrize("name", RULESETS)
def test_a_ruleset_imports_nothing_heavy(name: str) -> None:
    module = get_ruleset(name).__class__.__module__
    assert not loaded_after(
        f"import sys; sys.path.insert(0, {str(TESTS)!r})\nimport {module}"
    ) & set(HEAVY)


def test_every_system_package_is_registered_by_its_own_name() -> None:
    """Every package under builder/systems/ is a system, known by its folder's name: a
    ruleset whose ``name`` is not its folder's could be found by neither."""
    import pkgutil

    import builder.systems
    from builder.registry import BUILT_IN, modules

    folders = {m.name for m in pkgutil.iter_modules(builder.systems.__path__) if m.ispkg}
    assert folders and folders == set(BUILT_IN)
    assert {f"builder.systems.{name}" for name in folders} <= set(modules().values())
    assert all(get_ruleset(name).name == name for name in folders)


def _first_army(name: str) -> Path:
    found = [p for p in ARMIES if parse_toml(p, p.read_text(encoding="utf-8"))["ruleset"] == name]
    assert found, f"{name} has no example army"
    return found[0]


@pytest.mark.parametrize("name", RULESETS)
def test_share_then_verify_matches(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = _first_army(name)
    main(["share", str(path)])
    listing = capsys.readouterr().out
    assert main(["verify", str(path), "--code", listing]) == 0, capsys.readouterr()
    assert "matches" in capsys.readouterr().out


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize(
    "how",
    [["--fold"], ["--format", "png", "--dpi", "60"], ["--format", "tts", "--dpi", "60"]],
    ids=["pdf-fold", "png", "tts"],
)
def test_the_whole_pack_exports(
    name: str, how: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every registered system's pack, in every format: each kind it declares is written and
    listed in the manifest."""
    out = tmp_path / "pack"
    assert main(["export", str(_first_army(name)), "--out", str(out), *how]) == 0, (
        capsys.readouterr().err
    )
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    # A file is its kind's, or holds the kinds it lists (tokens.pdf's shared sheets).
    written = {
        kind
        for entry in manifest["files"]
        for kind in entry.get("kinds", [entry["file"].split("/")[0].removesuffix(".pdf")])
    }
    assert set(ruleset_kinds(name)) <= written, (ruleset_kinds(name), written)
    for entry in manifest["files"]:
        assert (out / entry["file"]).exists(), entry
