"""Issue 22's minor items, each driven through the builder: KISS anti- traits, shieldwall
leaders with their stands, Feudal's first C-in-C, the Open dialog's messages, the cursor after
undo, at most two toasts, Roll and Mustering only where the rules have them, and the words of
help and the points column."""

from __future__ import annotations

import io
import shutil
from pathlib import Path
from typing import Any

import pytest
from pilot import clear_and_type, cursor, palette_search, run_async, tree_labels
from rich.console import Console
from textual.widgets import Checkbox, Input, Label, OptionList, Select, SelectionList
from textual.widgets._toast import Toast

from builder import armyfile
from builder.registry import BUILT_IN, get_ruleset
from builder.resources import examples_dir
from builder.tui import edits
from builder.tui.actions import ruleset_actions
from builder.tui.app import BuilderApp
from builder.tui.modals.help import help_renderable
from builder.tui.modals.path import PathDialog
from builder.tui.modals.record import RecordForm
from builder.tui.screens.army import ArmyScreen
from builder.tui.screens.print import PrintScreen
from builder.tui.session import Session
from builder.tui.widgets.army_tree import ArmyTree

#: The systems whose armies are made of groups (wards, battles) under leaders, from the
#: registry.
GROUPED = [
    name
    for name in BUILT_IN
    if any(child.role == "group" for child in get_ruleset(name).schema.children)
]


def army_of(app: BuilderApp) -> Any:
    """The army being edited, as its own ruleset's record."""
    return app.session.army


def copied(tmp_path: Path, name: str) -> Path:
    return Path(shutil.copy(examples_dir() / name, tmp_path / name))


async def select(pilot: object, where: str) -> None:
    app = pilot.app  # type: ignore[attr-defined]
    tree = app.army_screen.query_one("#tree", ArmyTree)
    node = tree.find(where)
    assert node is not None, where
    tree.move_cursor(node)
    tree.focus()
    await pilot.pause()  # type: ignore[attr-defined]


@run_async
async def test_kiss_offers_anti_each_other_magnate_and_each_side(tmp_path: Path) -> None:
    path = copied(tmp_path, "kiss-york.toml")
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await select(pilot, "wards[2]")  # Sir John Conyers
        await pilot.press("e")
        assert isinstance(app.screen, RecordForm)
        traits = app.screen.query_one("#field-traits", SelectionList)
        shown = [str(traits.get_option_at_index(i).value) for i in range(traits.option_count)]
        assert shown[-4:] == [
            "anti-Richard Neville, Earl of Warwick",
            "anti-John Neville, Lord Montagu",
            "anti-York",
            "anti-Lancaster",
        ]
        traits.focus()
        await pilot.press("end", "up", "space", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ArmyScreen)
        assert "anti-York" in army_of(app).wards[2].leader.traits
        # Anti his own side: he may turn, and the findings say so.
        assert any("own side" in f.message for f in app.session.summary.findings)


@run_async
async def test_kiss_a_cause_of_his_own_survives_the_form(tmp_path: Path) -> None:
    path = copied(tmp_path, "kiss-lancaster.toml")
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        where = next(
            f"wards[{i}]"
            for i, w in enumerate(army_of(app).wards)
            if "anti-Neville" in w.leader.traits
        )
        await select(pilot, where)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        written: Any = armyfile.loads(armyfile.dumps(army_of(app)), "x.toml")
        assert "anti-Neville" in written.wards[int(where[6])].leader.traits


@run_async
async def test_shieldwall_tree_shows_his_stand_and_a_rename_follows_in_one_undo(
    tmp_path: Path,
) -> None:
    path = copied(tmp_path, "shieldwall-norse.toml")
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert any(
            label.startswith("Sigurd (") and label.endswith(" with Hearth-troop")
            for label in tree_labels(app)
        )
        before = armyfile.dumps(app.session.army)
        errors = len(app.session.summary.errors)
        await select(pilot, "leaders[0]")
        await pilot.press("e")
        await clear_and_type(pilot, "#field-name", "Sigurd Snake-eye")
        await pilot.press("ctrl+s")
        await pilot.pause()
        army = army_of(app)
        assert army.leaders[0].name == "Sigurd Snake-eye"
        assert [s.leader for s in army.stands if s.leader] == ["Sigurd Snake-eye"]
        assert len(app.session.summary.errors) == errors  # no stand names a missing leader
        await pilot.press("ctrl+z")
        assert armyfile.dumps(app.session.army) == before and not app.session.can_undo


@pytest.mark.parametrize("ruleset", GROUPED)
@run_async
async def test_the_first_leader_of_an_empty_army_is_its_c_in_c(ruleset: str) -> None:
    """Add group on an army with none: its leader leads the army; the next one does not."""
    session = Session.new(None, ruleset)
    groups = session.ruleset.schema.children[0].key
    getattr(session.army, groups).clear()
    session.recheck()
    app = BuilderApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(2):
            await pilot.press("w")
            await pilot.pause()
            assert isinstance(app.screen, RecordForm)
            await pilot.press("ctrl+s")
            await pilot.pause()
        chiefs = [g.leader.c_in_c for g in getattr(app.session.army, groups)]
        assert chiefs == [True, False]
        assert not [f for f in app.session.summary.errors if "c-in-c" in f.code]


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda d: d / "missing.toml", "No such file: {path}"),
        (
            lambda d: (d / "folder.toml").mkdir() or d / "folder.toml",
            "{path}: is a folder, not a file",
        ),
        (lambda d: Path("/dev/null"), "/dev/null: is a device, not a regular file"),
        (
            lambda d: (
                (d / "bad.toml").write_text('ruleset = "billhooks"\nname = "x"\nside = york\n')
                and d / "bad.toml"
            ),
            "{path}:3: TOML syntax error: Invalid value",
        ),
        (
            lambda d: (
                (d / "key.toml").write_text('ruleset = "kiss"\nname = "x"\nsidee = "york"\n')
                and d / "key.toml"
            ),
            "{path}:3: sidee: unknown key",
        ),
    ],
)
@run_async
async def test_the_open_dialog_says_what_the_loader_says(
    make: Any, said: str, tmp_path: Path
) -> None:
    path = make(tmp_path)
    app = BuilderApp(Session.open(copied(tmp_path, "york.toml")))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await clear_and_type(pilot, "#path", str(path))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PathDialog)
        shown = str(app.screen.query_one("#path-error", Label).render())
        assert shown.startswith(said.format(path=path)), shown
        assert app.session.path == tmp_path / "york.toml"


@pytest.mark.parametrize(
    "name", ["york.toml", "kiss-york.toml", "feudal-normandy.toml", "shieldwall-norse.toml"]
)
@run_async
async def test_after_undo_and_redo_the_cursor_is_on_the_record_they_changed(
    name: str, tmp_path: Path
) -> None:
    app = BuilderApp(Session.open(copied(tmp_path, name)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        units = [
            n.where
            for n in edits.nodes(app.session.army, app.session.ruleset.schema)
            if n.role == "unit"
        ]
        removed = units[2]
        await select(pilot, removed)
        await pilot.press("x")
        await pilot.pause()
        await select(pilot, units[0])  # the player looks elsewhere, then undoes
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert cursor(app) == removed
        await select(pilot, units[0])
        await pilot.press("ctrl+y")  # redo: where the removal left the cursor
        assert cursor(app) == edits.nearest(app.session.army, removed)


@run_async
async def test_at_most_two_toasts_at_once(tmp_path: Path) -> None:
    app = BuilderApp(Session.open(copied(tmp_path, "york.toml")))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(5):
            await pilot.press("ctrl+y")  # "Nothing to redo." each time
        await pilot.pause()
        assert len(app._notifications) == 2
        assert len(app.screen.query(Toast)) <= 2
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert list(app._notifications)[-1].message.startswith("Nothing to undo")


def help_text(ruleset_name: str) -> str:
    console = Console(width=160, record=True, file=io.StringIO())
    console.print(help_renderable(ruleset_actions(get_ruleset(ruleset_name))))
    return console.export_text()


@pytest.mark.parametrize(
    "name", ["york.toml", "kiss-york.toml", "feudal-normandy.toml", "shieldwall-norse.toml"]
)
@run_async
async def test_roll_and_mustering_only_where_the_rules_have_them(name: str, tmp_path: Path) -> None:
    app = BuilderApp(Session.open(copied(tmp_path, name)))
    ruleset = app.session.ruleset
    text = help_text(ruleset.name)
    assert ("Mustering" in text) == (ruleset.muster is not None)
    keys = {line.split()[0] for line in text.splitlines() if line.strip()}
    assert ("r" in keys) == (ruleset.roller is not None)
    assert ("M" in keys) == (ruleset.muster is not None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        footer = {b.binding.key for b in app.army_screen.active_bindings.values() if b.binding.show}
        assert ("r" in footer) == (ruleset.roller is not None)
        # Each query looks for its own key: "Roll" also fuzzily finds "a collection".
        for query, key, there in (
            ("Mustering", "(M)", ruleset.muster is not None),
            ("Roll", "(r)", ruleset.roller is not None),
        ):
            await pilot.press("ctrl+p")
            prompts = await palette_search(pilot, query)
            heads = [p.splitlines()[0] for p in prompts]
            assert any(h.endswith(key) for h in heads) == there, prompts
            await pilot.press("escape")
        if ruleset.muster is None and ruleset.roller is None:
            await pilot.press("M", "r")  # M says there is no draw (issue 38); r does nothing
            await pilot.pause()
            assert isinstance(app.screen, ArmyScreen)
            assert [n.title for n in app._notifications] == ["No Mustering"]


def spaced(text: str) -> bool:
    """Every array table follows a blank line (or the header of the table it is in, or its
    own comment)."""
    lines = text.splitlines()
    return all(
        i == 0 or not lines[i - 1].strip() or lines[i - 1].startswith(("[", "#"))
        for i, line in enumerate(lines)
        if line.startswith("[[")
    )


@pytest.mark.parametrize(
    "name", ["york.toml", "kiss-york.toml", "feudal-normandy.toml", "shieldwall-norse.toml"]
)
def test_tables_added_to_a_saved_file_get_their_blank_line(name: str, tmp_path: Path) -> None:
    path = copied(tmp_path, name)
    base = path.read_text()
    assert spaced(base)
    army = armyfile.load(path)
    ruleset = get_ruleset(army.ruleset)
    for child in ruleset.schema.children:  # a new group (or leader, stand) at the end ...
        edits.add(army, "", child.key, edits.new_record(ruleset, army, "", child.key, 9))
    entry = ruleset.catalogue()[0]  # ... and a unit in the first place that holds units
    edits.add(army, edits.holders(ruleset.schema, army, entry.into)[0], entry.into, entry.make())
    armyfile.save(army, path)
    assert spaced(path.read_text()), path.read_text()
    assert armyfile.load(path) == army


@pytest.mark.parametrize(
    "name", ["york.toml", "kiss-york.toml", "feudal-normandy.toml", "shieldwall-norse.toml"]
)
@run_async
async def test_the_catalogue_has_a_points_column_only_where_there_are_points(
    name: str, tmp_path: Path
) -> None:
    app = BuilderApp(Session.open(copied(tmp_path, name)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        troops = app.screen.query_one("#troops", OptionList)
        prompts = [str(troops.get_option_at_index(i).prompt) for i in range(troops.option_count)]
        priced = app.session.ruleset.catalogue()[0].points is not None
        assert all((" pts " in p) == priced for p in prompts), prompts
        assert not any(" - " in p.split(",")[0] for p in prompts), prompts


def test_help_says_print_makes_pdf_png_and_tts() -> None:
    text = " ".join(help_text("billhooks").split())
    assert "PDF sheets, a PNG per card or Tabletop Simulator" in text


@run_async
async def test_print_keeps_its_settings_shows_focus_and_its_folder_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")  # the shell's folder is not the army's
    path = copied(tmp_path, "kiss-york.toml")
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.action_print()
        assert app.sub_title == "Opening Print..."  # said before the screen loads
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PrintScreen) and "Opening" not in app.sub_title
        assert screen.query_one("#print-out", Input).value == str(tmp_path / "output" / "kiss-york")
        paper = screen.query_one("#print-paper", Select)
        rows = list(screen.query(".row-label").results(Label))
        lit = [str(label.styles.color) for label in rows]
        assert paper.has_focus and lit[0] != lit[1]  # the focused row's name stands out
        paper.value = "letter"
        screen.query_one("#print-ink-saver", Checkbox).value = True
        screen.query_one("#print-kinds", SelectionList).deselect("roster.pdf")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.press("p")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PrintScreen)
        assert screen.query_one("#print-paper", Select).value == "letter"
        assert screen.query_one("#print-ink-saver", Checkbox).value is True
        assert "roster.pdf" not in screen.query_one("#print-kinds", SelectionList).selected
        assert "crib-sheet.pdf" in screen.query_one("#print-kinds", SelectionList).selected
