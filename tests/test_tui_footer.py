"""The army screen's footer (issue 22 item 6): on every line of the tree, for every ruleset, a
new army and an example, every key that applies to the selection shows, in the ruleset's nouns,
and the line fits 80 columns."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
from armies import EXAMPLE_OF
from textual.widgets._footer import FooterKey

from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.tui.actions import nouns
from builder.tui.app import BuilderApp
from builder.tui.session import Session, new_army
from builder.tui.widgets.army_tree import ArmyTree
from builder.tui.widgets.footer import GIVE_WAY, KeyFooter, fitted

EXAMPLE = EXAMPLE_OF


def _applies(app: BuilderApp) -> set[str]:
    """The army screen's footer actions that do something for the selection."""
    screen = app.army_screen
    out = set()
    for a in screen.actions:
        if a.scope != "army" or not a.footer:
            continue
        name, _, rest = a.action.partition("(")
        params = (rest.rstrip(")"),) if rest else ()
        if screen.check_action(name, params):
            out.add(a.action)
    return out


async def _footer(app: BuilderApp, pilot: object) -> list[FooterKey]:
    for _ in range(5):
        await pilot.pause()  # type: ignore[attr-defined]
    return list(app.screen.query_one(KeyFooter).query(FooterKey))


def _walk(
    session: Session, width: int = 80
) -> list[tuple[str, list[tuple[str, str, int]], set[str]]]:
    """For every line of the tree: the place, the footer's keys (action, words, right edge)
    and the actions that apply there."""
    seen: list[tuple[str, list[tuple[str, str, int]], set[str]]] = []

    async def run() -> None:
        app = BuilderApp(session)
        async with app.run_test(size=(width, 24)) as pilot:
            tree = app.army_screen.query_one("#tree", ArmyTree)
            tree.focus()
            await pilot.press("home")
            for _ in range(60):
                keys = await _footer(app, pilot)
                place = app.army_screen.place
                if seen and seen[-1][0] == place:
                    break
                seen.append(
                    (
                        place,
                        [(k.action, k.description, k.region.right) for k in keys],
                        _applies(app),
                    )
                )
                await pilot.press("down")

    asyncio.run(run())
    return seen


def _sessions(ruleset: str, tmp_path: Path) -> list[Session]:
    path = tmp_path / "army.toml"
    shutil.copy(examples_dir() / EXAMPLE[ruleset], path)
    return [Session(new_army(ruleset=ruleset), None), Session.open(path)]


@pytest.mark.parametrize("ruleset", sorted(EXAMPLE))
def test_every_key_that_applies_shows_and_fits(ruleset: str, tmp_path: Path) -> None:
    words = nouns(get_ruleset(ruleset))
    for session in _sessions(ruleset, tmp_path):
        lines = _walk(session)
        assert len(lines) > 1 or session.path is None
        for place, keys, applies in lines:
            shown = {action for action, _, _ in keys}
            # Roll does not depend on the selection: it may give way (see below).
            assert applies - set(GIVE_WAY) <= shown, (place, applies - shown)
            assert {"save", "help"} <= shown, place
            assert all(right <= 80 for _, _, right in keys), (place, keys)
            said = dict((action, words_) for action, words_, _ in keys)
            assert said["add" if "add" in said else "save"]
            if "add" in said:
                assert said["add"] == f"Add {words['unit']}"
            if "add_group" in said:
                assert said["add_group"] == f"Add {words['group']}"
        # The keys that move a new army on: settings on every line, add a group where the
        # ruleset has groups, remove on every record.
        for place, keys, _ in lines:
            shown = {action for action, _, _ in keys}
            assert "settings" in shown
            assert ("add_group" in shown) == (ruleset != "shieldwall")
            assert ("remove" in shown) == bool(place)


def test_the_ruleset_words_are_its_own() -> None:
    assert nouns(get_ruleset("feudal")) == {"group": "battle", "unit": "unit"}
    assert nouns(get_ruleset("shieldwall"))["unit"] == "stand"
    assert nouns(get_ruleset("kiss"))["group"] == "ward"


def test_keys_that_do_not_depend_on_the_selection_give_way_at_80_columns(tmp_path: Path) -> None:
    # A Billhooks leader: the ruleset's two keys too; Roll and Quit give way, Save and Help
    # stay. At 120 columns everything shows.
    session = _sessions("billhooks", tmp_path)[1]
    narrow = {place: {a for a, _, _ in keys} for place, keys, _ in _walk(session)}
    assert {"quick(0)", "quick(1)", "save", "help"} <= narrow["wards[0]"]
    assert "quit" not in narrow["wards[0]"] and "roll" not in narrow["wards[0]"]
    wide = {place: {a for a, _, _ in keys} for place, keys, _ in _walk(session, 120)}
    assert {"quit", "roll", "undo", "quick(0)", "save"} <= wide["wards[0]"]


def test_an_army_with_no_group_hides_add() -> None:
    army = new_army(ruleset="feudal")
    army.battles = []  # type: ignore[attr-defined]
    ((place, keys, _),) = _walk(Session(army, None))
    shown = {a for a, _, _ in keys}
    assert place == "" and "add" not in shown and "add_group" in shown


def test_fitted_drops_in_give_way_order() -> None:
    class Key:
        def __init__(self, action: str, words: str) -> None:
            self.action, self.key_display, self.description = action, "k", words

    keys = [Key(a, "x" * 8) for a in ("add", "edit", *GIVE_WAY)]
    widths = 11  # "k xxxxxxxx" and a space
    all_of = fitted(keys, widths * len(keys))  # type: ignore[arg-type]
    assert [k.action for k in all_of] == [k.action for k in keys]
    some = fitted(keys, widths * 4)  # type: ignore[arg-type]
    assert [k.action for k in some] == ["add", "edit", "undo", "toggle_theme"]
