"""`share --format json` and `share --schema` (issue 40.4): every example's and generated
armies' documents validate against the published schema (draft 2020-12, checked with
jsonschema), carry the vendor block, and `import` reads them back, pasted as a forum quotes
them, to the same Facts hash; a bad document exits 2 naming what is wrong."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sharing import EXAMPLES, run
from test_import_list import SYSTEMS, generated, listed

from builder import armyfile, listimport, listjson
from builder.listfacts import FORMAT, VERSION
from builder.resources import examples_dir


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    found = listjson.schema()
    jsonschema.Draft202012Validator.check_schema(found)
    return jsonschema.Draft202012Validator(found)


def _errors(validator: jsonschema.Draft202012Validator, doc: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(doc)]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_validates_and_imports(
    capsys: pytest.CaptureFixture[str], validator: jsonschema.Draft202012Validator, path: Path
) -> None:
    code, out, _ = run(capsys, "share", str(path), "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert _errors(validator, doc) == []
    assert (doc["format"], doc["version"]) == (FORMAT, VERSION)
    assert doc["vendor"]["billhooks"]["version"] not in ("", "unknown")
    printed = listed(armyfile.load(path))
    assert doc["facts"]["hash"] == printed.facts_hash
    pasted = "Here it is:\n" + "\n".join("> " + line for line in out.splitlines()) + "\nbye"
    back = listimport.army_of(listjson.read(pasted.replace("\n", "\r\n")))
    assert listed(back).facts_hash == printed.facts_hash


@pytest.mark.parametrize("system", SYSTEMS)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_generated_armies_validate_and_round_trip(
    validator: jsonschema.Draft202012Validator, system: str, data: st.DataObject
) -> None:
    army = data.draw(generated(system))
    printed = listed(army)
    text = listjson.dumps(printed)
    assert _errors(validator, json.loads(text)) == []
    assert listed(listimport.army_of(listjson.read(text))).facts_hash == printed.facts_hash


def test_the_schema_refuses_what_no_system_has(
    validator: jsonschema.Draft202012Validator,
) -> None:
    doc = listjson.document(listed(armyfile.load(examples_dir() / "kiss-york.toml")))
    unit = doc["groups"][0]["items"][0]["records"][0]["values"]
    assert _errors(validator, doc) == []
    unit["troop"] = "dragoons"
    assert _errors(validator, doc)
    unit["troop"] = "archers"
    unit["figures"] = "twelve"
    assert _errors(validator, doc)


def test_the_schema_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "share", "--schema")
    assert code == 0 and json.loads(out)["$schema"].endswith("2020-12/schema")
    code, _, err = run(capsys, "share", "--schema", str(examples_dir() / "york.toml"))
    assert code == 2 and "--schema" in err


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d.update(version=99), "expected version 2"),
        (lambda d: d.update(ruleset="chess"), "rule system this billhooks does not have"),
        (
            lambda d: d["groups"][0]["items"][0]["records"][0]["values"].update(troop="x"),
            "groups[0].items[0].records[0]: Troop: unknown value 'x'",
        ),
        (
            lambda d: d["groups"][0]["records"][1]["values"].update(wings=2),
            "groups[0].records[1]: unknown key 'wings'",
        ),
        (lambda d: d["groups"].pop(), "was changed or cut short"),
    ],
)
def test_a_bad_document_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, said: str
) -> None:
    doc = listjson.document(listed(armyfile.load(examples_dir() / "york.toml")))
    change(doc)
    source = tmp_path / "list.json"
    source.write_text(json.dumps(doc, indent=2))
    code, _, err = run(capsys, "import", str(source), "--out", str(tmp_path / "o.toml"))
    assert code == 2 and said in err, err
    assert not (tmp_path / "o.toml").exists()


def test_broken_json_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = listjson.dumps(listed(armyfile.load(examples_dir() / "york.toml")))
    source = tmp_path / "list.json"
    source.write_text(text.replace('"legal": true', '"legal": tru', 1))
    line = 1 + next(n for n, words in enumerate(text.splitlines()) if '"legal"' in words)
    code, _, err = run(capsys, "import", str(source))
    assert code == 2 and f"line {line} of the JSON" in err
