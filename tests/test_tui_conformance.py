"""Every ruleset through the builder: each action a player can press (Add group, Add from the
catalogue, Edit, Move, Remove, Army settings, Roll, the ruleset's own quick keys) on every kind
of record, on an empty army and on the examples that hold every kind between them, leaves an
army the ruleset's own loader and checks accept, the builder running, and Ctrl+Z takes it back.

Any error the builder would otherwise survive (its recovery dialog) fails the test here.
"""

from __future__ import annotations

import copy
import shutil
from pathlib import Path
from typing import Any

import pytest
from armies import ARMIES
from pilot import run_async
from textual.widgets import Button

from builder import armyfile
from builder.core import schema
from builder.core.base import ArmyRecord, Ruleset
from builder.core.validate import parse_toml
from builder.registry import get_ruleset, names
from builder.tui import edits
from builder.tui.actions import ruleset_actions
from builder.tui.app import BuilderApp
from builder.tui.modals.record import RecordForm
from builder.tui.modals.roll import RollDialog
from builder.tui.screens.army import ArmyScreen
from builder.tui.session import Session
from builder.tui.widgets.army_tree import ArmyTree

#: Actions that do the same whatever is selected: tried once per army.
EVERYWHERE = {"add_group", "settings", "roll"}


def empty_army(ruleset: Ruleset) -> ArmyRecord:
    """The ruleset's new army with every list emptied: nothing in it at all."""
    army = ruleset.new_army("Empty")
    for child in ruleset.schema.children:
        if child.many:
            getattr(army, child.key).clear()
    return army


def starts() -> list[tuple[str, Path | None]]:
    """Each ruleset's empty army, then its examples, each one only if it holds a kind of
    record (a table of the schema, at its place in the tree) the ones before it do not: a
    second example of the same kinds presses the same keys on the same forms."""
    out: list[tuple[str, Path | None]] = []
    for name in names():
        out += [(name, None)]
        ruleset, seen = get_ruleset(name), set[str]()
        for p in ARMIES:
            if parse_toml(p, p.read_text(encoding="utf-8"))["ruleset"] != name:
                continue
            kinds = {_kind(node.where) for node in edits.nodes(armyfile.load(p), ruleset.schema)}
            if kinds - seen:
                out += [(name, p)]
                seen |= kinds
    return out


def _kind(where: str) -> str:
    """A record's place without its indexes: "wards[1].units[0]" is "wards.units"."""
    return ".".join(part.split("[")[0] for part in where.split(".")) if where else ""


def accepted(ruleset: Ruleset, army: ArmyRecord) -> None:
    """The army as the ruleset's own loader and checks take it: it writes, reads back equal,
    every finding is one of the ruleset's codes, and every record has a title and facts."""
    text = armyfile.dumps(army)
    assert armyfile.loads(text, "conformance.toml") == army, text
    summary = ruleset.summary(army)
    assert {f.code for f in summary.findings} <= set(ruleset.codes)
    for node in edits.nodes(army, ruleset.schema):
        assert ruleset.title_of(army, node.where)
        ruleset.facts(army, node.where)


async def answer(pilot: Any) -> None:
    """Keep whatever the action opened: the form (Ctrl+S), the first entry of a list, the
    dice rolled."""
    app = pilot.app
    for _ in range(4):
        await pilot.pause()
        if isinstance(app.screen, ArmyScreen):
            return
        if isinstance(app.screen, RecordForm):
            await pilot.press("ctrl+s")
        elif isinstance(app.screen, RollDialog):
            app.screen.query_one("#ok", Button).press()
        else:
            await pilot.press("enter")
    raise AssertionError(f"still on {app.screen!r}")


def fail_on_recovery(monkeypatch: pytest.MonkeyPatch) -> None:
    def recover(self: BuilderApp, error: BaseException) -> None:
        raise error

    monkeypatch.setattr(BuilderApp, "recover", recover)


def places(army: ArmyRecord, ruleset: Ruleset) -> list[str]:
    """The first record of each kind the tree shows (the army, a ward, a unit...)."""
    seen: dict[int, str] = {}
    for node in edits.nodes(army, ruleset.schema):
        seen.setdefault(id(node.table), node.where)
    return list(seen.values())


@pytest.mark.parametrize(
    ("name", "path"), starts(), ids=lambda v: v.name if isinstance(v, Path) else str(v)
)
@run_async
async def test_every_action_on_every_record_kind_gives_an_accepted_army(
    name: str, path: Path | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ruleset = get_ruleset(name)
    monkeypatch.chdir(tmp_path)  # nothing the builder writes lands beside the examples
    if path is not None:
        path = Path(shutil.copy(path, tmp_path / path.name))
    session = Session(empty_army(ruleset), None) if path is None else Session.open(path)
    fail_on_recovery(monkeypatch)
    app = BuilderApp(session, seed=1)
    keys = {a.action: a.keys.split(",")[0] for a in ruleset_actions(ruleset)}
    actions = [
        k for k in ("add", "edit", "move", "remove", "add_group", "settings", "roll") if k in keys
    ] + [k for k in keys if k.startswith("quick(")]
    tried: set[str] = set()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        start = copy.deepcopy(app.session.army)
        for where in places(start, ruleset):
            for action in actions:
                tree = app.army_screen.query_one("#tree", ArmyTree)
                node = tree.find(where)
                assert node is not None, where
                tree.move_cursor(node)
                await pilot.pause()
                name_, _, args = action.partition("(")
                params = (args.rstrip(")"),) if args else ()
                if (
                    app.army_screen.check_action(name_, params) is False
                    or action in EVERYWHERE
                    and action in tried
                ):
                    continue
                before = app.session.version
                await pilot.press(keys[action])
                await answer(pilot)
                assert isinstance(app.screen, ArmyScreen) and app.is_running
                accepted(ruleset, app.session.army)
                tried.add(action)
                if app.session.version != before:
                    await pilot.press("ctrl+z")
                    assert app.session.army == start, (where, action)
    must = {"edit", "settings"} | ({"add_group"} if "add_group" in keys else set())
    assert must <= tried, tried


@pytest.mark.parametrize("name", names())
def test_every_catalogue_entry_makes_a_record_the_ruleset_accepts(name: str) -> None:
    ruleset = get_ruleset(name)
    for example in [
        p for p in ARMIES if parse_toml(p, p.read_text(encoding="utf-8"))["ruleset"] == name
    ]:
        army = armyfile.load(example)
        for entry in ruleset.catalogue():
            holder = edits.holders(ruleset.schema, army, entry.into)[0]
            trial = copy.deepcopy(army)
            edits.add(trial, holder, entry.into, entry.make())
            accepted(ruleset, trial)
            assert schema.exists(trial, holder)


@pytest.mark.parametrize("name", names())
def test_a_new_record_of_every_list_is_accepted_in_an_empty_army(name: str) -> None:
    """What Add group starts from, for every list a ruleset declares, twice over."""
    ruleset = get_ruleset(name)
    army = empty_army(ruleset)
    for child in ruleset.schema.children:
        if not child.many:
            continue
        for number in (1, 2):
            edits.add(army, "", child.key, edits.new_record(ruleset, army, "", child.key, number))
            accepted(ruleset, army)
