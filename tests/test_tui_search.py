"""Catalogue search (issue 22 item 5): the entry named as typed comes first, then those whose
kind or options match; an empty result says so and what to try. Keys typed while the picker
opens reach its search. Every ruleset's own catalogue."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
from armies import EXAMPLE_OF
from textual import events
from textual.widgets import Input, Label, OptionList

from builder.registry import get_ruleset, names
from builder.resources import examples_dir
from builder.tui.app import BuilderApp
from builder.tui.modals.catalogue import CataloguePicker
from builder.tui.screens.army import ArmyScreen
from builder.tui.search import nothing_found, ranked
from builder.tui.session import Session


def first_names(ruleset: str, query: str, n: int = 3) -> list[str]:
    return [e.name for e in ranked(get_ruleset(ruleset).catalogue(), query)][:n]


@pytest.mark.parametrize(
    ("ruleset", "query", "first"),
    [
        ("shieldwall", "husc", "Huscarls"),  # not Thralls, whose options list huscarl
        ("shieldwall", "bow", "Archers"),  # a name beats "weapon: ... bow" in options
        ("shieldwall", "hero", "Hero"),
        ("billhooks", "combined", "Combined block"),  # before the companies that may combine
        ("billhooks", "kern", "Kern"),
        ("billhooks", "arms", "Men-at-Arms"),  # a word of the name
        ("billhooks", "squadron", "Knights"),  # the kind
        ("feudal", "heavy c", "Heavy cavalry"),  # the name as typed, not Heavy infantry
        ("feudal", "cav", "Light cavalry"),
        ("feudal", "bow", "Light infantry"),  # its missile weapons, light troops first
        ("feudal", "crossbow", "Light infantry"),
        ("kiss", "cross", "Crossbows"),
        ("kiss", "knight", "Mounted Knights"),
        ("kiss", "pike", "Spears/Pikes"),
    ],
)
def test_the_best_match_comes_first(ruleset: str, query: str, first: str) -> None:
    assert first_names(ruleset, query)[0] == first


def test_name_then_kind_then_options() -> None:
    # "combined": the three blocks by name; then the companies whose options offer it.
    found = first_names("billhooks", "combined", 5)
    assert found[:3] == ["Combined block"] * 3 and found[3:] == ["Archers", "Billmen"]
    # A word prefix of the name ranks under a prefix of it: "arch" is Archers before
    # Skirmish Archers, and both before the blocks whose summary names archers.
    assert first_names("billhooks", "arch", 3) == ["Archers", "Skirmish Archers", "Combined block"]
    # Every word must be found: "heavy c" is not Light cavalry.
    assert "Light cavalry" not in first_names("feudal", "heavy c", 9)


@pytest.mark.parametrize("ruleset", names())
def test_an_empty_query_keeps_the_catalogue_and_every_name_finds_its_entry(ruleset: str) -> None:
    entries = get_ruleset(ruleset).catalogue()
    assert ranked(entries, "") == list(entries) == ranked(entries, "   ")
    for entry in entries:
        assert ranked(entries, entry.name)[0].name == entry.name
        assert ranked(entries, entry.name.upper())[0].name == entry.name


@pytest.mark.parametrize("ruleset", names())
def test_nothing_found_says_so_and_what_to_try(ruleset: str) -> None:
    entries = get_ruleset(ruleset).catalogue()
    assert ranked(entries, "zzqx") == []
    said = nothing_found(entries, "zzqx ")
    assert said.startswith("Nothing matches 'zzqx'.")
    assert entries[0].name in said and entries[0].kind in said


def test_feudal_archer_has_no_entry_but_says_what_to_search() -> None:
    entries = get_ruleset("feudal").catalogue()
    assert ranked(entries, "archer") == []
    assert "(infantry, cavalry)" in nothing_found(entries, "archer")


EXAMPLE = EXAMPLE_OF
#: What typing ahead adds, for each ruleset: the keys after ``a``, and the entry they pick
#: (never the catalogue's first).
TYPED = {
    "billhooks": ("kern", "Kern"),
    "kiss": ("gonne", "Gonne"),
    "feudal": ("heavy c", "Heavy cavalry"),
    "shieldwall": ("husc", "Huscarls"),
}


def test_every_ruleset_has_a_typed_ahead_case() -> None:
    # The four rule systems (the test-only flat ruleset has no example army).
    assert set(EXAMPLE) == set(TYPED) == set(names()) - {"flat"}
    for name, (_, entry) in TYPED.items():
        assert get_ruleset(name).catalogue()[0].name != entry


def burst(app: BuilderApp, text: str) -> None:
    """Keys as a fast typist sends them: all queued before the app handles the first."""
    for c in text:
        key = {" ": "space", "\r": "enter"}.get(c, c)
        app.post_message(events.Key(key, c))


@pytest.mark.parametrize("ruleset", sorted(TYPED))
def test_keys_typed_while_the_picker_opens_reach_its_search(ruleset: str, tmp_path: Path) -> None:
    path = tmp_path / "army.toml"
    shutil.copy(examples_dir() / EXAMPLE[ruleset], path)
    typed, wanted = TYPED[ruleset]

    async def run() -> None:
        app = BuilderApp(Session.open(path))
        async with app.run_test(size=(80, 24)) as pilot:
            assert app.session.ruleset.name == ruleset
            before = len(list(app.session.ruleset.catalogue()))
            assert before
            burst(app, "a" + typed + "\r")
            for _ in range(50):
                await pilot.pause()
                if isinstance(app.screen, ArmyScreen) and app.session.dirty:
                    break
            assert isinstance(app.screen, ArmyScreen)
            added = app.army_screen.place
            record = app.session.ruleset.title_of(app.session.army, added)
            assert wanted.split()[-1].lower().rstrip("s") in record.lower(), record

    asyncio.run(run())


@pytest.mark.parametrize("ruleset", sorted(TYPED))
def test_the_picker_shows_why_the_list_is_empty(ruleset: str, tmp_path: Path) -> None:
    path = tmp_path / "army.toml"
    shutil.copy(examples_dir() / EXAMPLE[ruleset], path)

    async def run() -> None:
        app = BuilderApp(Session.open(path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("a")
            assert isinstance(app.screen, CataloguePicker)
            await pilot.press(*"zzqx")
            troops = app.screen.query_one("#troops", OptionList)
            nothing = app.screen.query_one("#nothing", Label)
            assert troops.option_count == 0 and not troops.display
            assert str(nothing.content).startswith("Nothing matches 'zzqx'.")
            await pilot.press("enter")  # Enter on an empty list adds nothing
            assert isinstance(app.screen, CataloguePicker) and not app.session.dirty
            await pilot.press("backspace", "backspace", "backspace", "backspace")
            assert app.screen.query_one("#search", Input).value == ""
            assert troops.option_count and troops.display and str(nothing.content) == ""

    asyncio.run(run())
