"""Issue 38's builder edges (items 10-15), found by building a new army in each system: the
Print screen's Export key and its list of files, M where there is no draw, shieldwall's
leaders on stands, KISS's choices and defaults, and the smaller ones. Driven as a player
drives the builder, in every system where the edge can be met."""

from __future__ import annotations

import io
import random
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from pilot import builder_on, palette_search, run_async, wait_until
from rich.console import Console
from rich.style import Style
from rich.text import Text
from test_tui_findings_words import CODES as FINDING_CODES
from test_tui_findings_words import FILE_SYNTAX, raised
from textual.widgets import Input, Label, OptionList, Select, SelectionList, Static

from builder import armyfile
from builder.cli import main
from builder.core import schema
from builder.export.job import ArmyInput, ExportJob, ExportOptions
from builder.export.pipeline.pack import outputs, printables
from builder.registry import BUILT_IN, get_ruleset
from builder.resources import examples_dir
from builder.tui import edits
from builder.tui.advice import form_message
from builder.tui.app import BuilderApp
from builder.tui.modals.catalogue import CataloguePicker
from builder.tui.modals.help import HelpScreen
from builder.tui.modals.record import RecordForm
from builder.tui.screens.army import ArmyScreen
from builder.tui.screens.print import PrintScreen
from builder.tui.session import Session
from builder.tui.widgets.army_tree import ArmyTree, fit

#: The systems whose armies are made of groups (wards, battles) under leaders, from the
#: registry.
GROUPED = [
    name
    for name in BUILT_IN
    if any(child.role == "group" for child in get_ruleset(name).schema.children)
]

#: An example army of each built-in system.
EXAMPLES = {
    "billhooks": "york.toml",
    "kiss": "kiss-york.toml",
    "feudal": "feudal-normandy.toml",
    "shieldwall": "shieldwall-norse.toml",
}
WIDE = (120, 40)


def army_of(app: BuilderApp) -> Any:
    """The army being edited, as its own ruleset's record."""
    return app.session.army


def copied(tmp_path: Path, system: str) -> Path:
    name = EXAMPLES[system]
    return Path(shutil.copy(examples_dir() / name, tmp_path / name))


def text_of(renderable: Any, width: int = 120) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def shown(widget: Static) -> str:
    return text_of(widget.content)


async def open_print(pilot: Any) -> PrintScreen:
    await pilot.press("p")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, PrintScreen))
    screen = pilot.app.screen
    assert isinstance(screen, PrintScreen)
    await pilot.pause()
    return screen


# --- 10: Export has a key, in the footer and the palette; Print's help first ---------------


@run_async
async def test_print_exports_with_its_key_shown_in_the_footer_and_palette(
    tmp_path: Path,
) -> None:
    path = copied(tmp_path, "kiss")
    out = tmp_path / "pack"
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=WIDE) as pilot:
        screen = await open_print(pilot)
        footer = {
            b.binding.key: b.binding.description
            for b in screen.active_bindings.values()
            if b.binding.show
        }
        assert footer.get("e") == "Export"
        await pilot.press("ctrl+p")
        prompts = await palette_search(pilot, "export")
        assert any(p.splitlines()[0] == "Export (e)" for p in prompts), prompts
        await pilot.press("escape")
        # In the Folder field "e" is a letter, not the key: the path is typed whole and
        # nothing is written yet.
        folder = screen.query_one("#print-out", Input)
        folder.focus()
        await pilot.press("home", "ctrl+k")
        await pilot.press(*str(out))
        assert folder.value == str(out) and not out.exists()
        assert "Writing" not in str(screen.query_one("#print-status", Label).render())
        # Enter on a list of choices opens it: it does not export.
        paper = screen.query_one("#print-paper", Select)
        paper.focus()
        await pilot.press("enter")
        await pilot.press("escape")
        assert not out.exists()
        await pilot.press("e")
        await app.workers.wait_for_complete()
        await wait_until(pilot, lambda: "Done" in str(screen.query_one("#print-status").render()))
    assert (out / "tokens.pdf").is_file() and (out / "manifest.json").is_file()


@run_async
async def test_export_is_not_in_the_palette_of_the_army_screen(tmp_path: Path) -> None:
    app = BuilderApp(Session.open(copied(tmp_path, "billhooks")))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("ctrl+p")
        prompts = await palette_search(pilot, "export")
        assert not any(p.startswith("Export (e)") for p in prompts), prompts
        await pilot.press("escape")
        await pilot.press("e")  # on the army screen, e edits as before
        await pilot.pause()
        assert not isinstance(app.screen, PrintScreen)


@run_async
async def test_help_on_the_print_screen_starts_with_its_own_keys(tmp_path: Path) -> None:
    app = BuilderApp(Session.open(copied(tmp_path, "billhooks")))
    async with app.run_test(size=WIDE) as pilot:
        await open_print(pilot)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        text = shown(app.screen.query_one("#help-text", Static))
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        assert lines[0] == "Print screen" and lines[1].startswith("e") and "Export" in lines[1]
        assert text.index("Print screen") < text.index("billhooks: the army builder")
        assert text.count("Export") >= 2 and text.count("Print screen") == 1
        await pilot.press("escape", "escape")
        await pilot.press("question_mark")  # on the army screen: the introduction first
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        text = shown(app.screen.query_one("#help-text", Static))
        assert text.strip().startswith("billhooks: the army builder")
        assert "Print screen" in text  # its keys are still listed, further down


# --- 11: the Files list is the export's own plan, by file ---------------------------------


def plan(path: Path, fmt: str) -> list[tuple[str, list[str]]]:
    """The files an export of ``path`` writes in ``fmt``, each with the titles of what it
    holds, from the export itself."""
    army = armyfile.load(path)
    job = ExportJob((ArmyInput(army, path, path.read_text()),), ExportOptions(format=fmt))
    pack = printables(job)
    return [(name, [i.title for i in items]) for name, items in outputs(job, pack, pack.items)]


@pytest.mark.parametrize("system", list(BUILT_IN))
@run_async
async def test_print_lists_the_files_it_writes_with_what_each_holds(
    system: str, tmp_path: Path
) -> None:
    path = copied(tmp_path, system)
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=WIDE) as pilot:
        screen = await open_print(pilot)
        files = screen.query_one("#print-kinds", SelectionList)
        for fmt in ("pdf", "png"):
            screen.query_one("#print-format", Select).value = fmt
            await pilot.pause()
            expected = plan(path, fmt)
            listed = [str(files.get_option_at_index(i).value) for i in range(files.option_count)]
            assert listed == [name for name, _ in expected]
            table = shown(screen.query_one("#print-files", Static))
            for name, titles in expected:
                line = next(row for row in table.splitlines() if row.split()[:1] == [name])
                assert ", ".join(titles) in line, (name, line)
        # Each file the list names is written: none is printed inside another.
        screen.query_one("#print-format", Select).value = "pdf"
        await pilot.pause()
        out = tmp_path / "pack"
        screen.query_one("#print-out", Input).value = str(out)
        screen.query_one("#print-paper", Select).focus()
        await pilot.press("e")
        await app.workers.wait_for_complete()
        await wait_until(pilot, lambda: "Done" in str(screen.query_one("#print-status").render()))
        listed = [str(files.get_option_at_index(i).value) for i in range(files.option_count)]
    assert sorted(p.name for p in out.iterdir()) == sorted([*listed, "manifest.json"])
    if system == "kiss":
        assert "order-markers" not in " ".join(listed)  # printed inside tokens.pdf
    if system == "shieldwall":
        assert "stand-labels" not in " ".join(listed)


@run_async
async def test_unticking_a_shared_file_leaves_out_every_kind_in_it(tmp_path: Path) -> None:
    path = copied(tmp_path, "shieldwall")
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=WIDE) as pilot:
        screen = await open_print(pilot)
        files = screen.query_one("#print-kinds", SelectionList)
        files.deselect("tokens.pdf")
        await pilot.pause()
        assert "tokens.pdf" not in shown(screen.query_one("#print-files", Static))
        assert {"tokens", "stand-labels"} <= app.print_settings.unticked
        # As folders of images the two are two files, both still left out.
        screen.query_one("#print-format", Select).value = "png"
        await pilot.pause()
        assert "tokens" not in files.selected and "stand-labels" not in files.selected
        assert "roster.pdf" in files.selected


# --- 12: M where the system has no draw --------------------------------------------------


@pytest.mark.parametrize("system", list(BUILT_IN))
@run_async
async def test_mustering_key_says_when_the_system_has_no_draw(system: str, tmp_path: Path) -> None:
    app = BuilderApp(Session.open(copied(tmp_path, system)))
    ruleset = get_ruleset(system)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("M")
        await pilot.pause()
        if ruleset.muster is not None:
            assert not isinstance(app.screen, ArmyScreen)  # the Mustering screen
            return
        assert isinstance(app.screen, ArmyScreen)
        toasts = list(app._notifications)
        assert len(toasts) == 1 and ruleset.title in toasts[0].message
        assert "no Mustering draw" in toasts[0].message


# --- 13: shieldwall's leaders: found where they are looked for, and a leader on several -----


async def select(pilot: Any, where: str) -> None:
    tree = pilot.app.army_screen.query_one("#tree", ArmyTree)
    node = tree.find(where)
    assert node is not None, where
    tree.move_cursor(node)
    tree.focus()
    await pilot.pause()


def findings_shown(app: BuilderApp) -> list[str]:
    panel = app.army_screen.query_one("#findings", OptionList)
    return [str(panel.get_option_at_index(i).prompt) for i in range(panel.option_count)]


@run_async
async def test_add_with_a_leader_selected_offers_leaders_first(tmp_path: Path) -> None:
    app = BuilderApp(Session.new(tmp_path / "new.toml", "shieldwall"))
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "leaders[0]")  # the new army's commander
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, CataloguePicker))
        troops = app.screen.query_one("#troops", OptionList)
        first = troops.get_option_at_index(0).id
        rules = get_ruleset("shieldwall")
        assert next(e for e in rules.catalogue() if e.key == first).into == "leaders"
        await pilot.press("escape")
        await pilot.press("a", *"warriors", "enter")  # a stand
        await wait_until(pilot, lambda: len(army_of(app).stands) == 1)
        await select(pilot, "stands[0]")
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, CataloguePicker))
        first = app.screen.query_one("#troops", OptionList).get_option_at_index(0).id
        assert next(e for e in rules.catalogue() if e.key == first).into == "stands"


@run_async
async def test_a_leader_on_an_entry_of_several_stands_is_split_off_with_a_key(
    tmp_path: Path,
) -> None:
    path = copied(tmp_path, "shieldwall")
    app = BuilderApp(Session.open(path))
    army = army_of(app)
    several = next(i for i, s in enumerate(army.stands) if s.count >= 2)
    before = army.stands[several].count
    leader = army.leaders[-1].name
    async with app.run_test(size=WIDE) as pilot:
        for i, stand in enumerate(army_of(app).stands):
            assert stand.leader != leader or i == several
        await select(pilot, f"stands[{several}]")
        footer = {b.binding.key for b in app.army_screen.active_bindings.values() if b.binding.show}
        assert "S" in footer  # shown on an entry of several stands
        # Attach the leader in the stand's form: the form says how to put it right.
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, RecordForm))
        form = app.screen
        # The choices are "None", then the leaders in order: the last one.
        form.query_one("#field-leader", Select).value = len(army.leaders)
        await pilot.pause()
        said = " ".join(shown(form.query_one("#form-findings", Static)).split())
        assert "change Count here" in said and "press S (Split one off)" in said, said
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, ArmyScreen))
        assert any("press S (Split one off)" in f for f in findings_shown(app))
        await select(pilot, f"stands[{several}]")
        await pilot.press("S")
        await pilot.pause()
        stands = army_of(app).stands
        assert stands[several].count == before - 1 and stands[several].leader is None
        assert stands[several + 1].count == 1 and stands[several + 1].leader == leader
        assert not any("attached" in f for f in findings_shown(app))
        await select(pilot, f"stands[{several + 1}]")  # a single stand: nothing to split
        footer = {b.binding.key for b in app.army_screen.active_bindings.values() if b.binding.show}
        assert "S" not in footer
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert army_of(app).stands[several].count == before


# --- 14: KISS's choices read whole, a plain new magnate, and the screen's words -----------


@run_async
async def test_kiss_trait_and_stratagem_read_whole_while_choosing(tmp_path: Path) -> None:
    app = BuilderApp(Session.new(tmp_path / "new.toml", "kiss"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("w")  # a new ward: its magnate's form
        await wait_until(pilot, lambda: isinstance(app.screen, RecordForm))
        form = app.screen
        choice = form.query_one("#form-choice", Static)
        assert not choice.display
        cut = 0
        for key in ("traits", "stratagems"):
            ticks = form.query_one(f"#field-{key}", SelectionList)
            ticks.focus()
            await pilot.pause()
            for i in range(ticks.option_count):
                ticks.highlighted = i
                await pilot.pause()
                whole = str(ticks.get_option_at_index(i).prompt)
                # Under the list, the whole of the line the list may cut short.
                assert choice.display and str(choice.content).endswith(whole)
                cut += len(whole) > ticks.content_region.width - 4
        assert cut  # some are cut in the list at this width: the reason for the line
        form.query_one("#field-name", Input).focus()
        await pilot.pause()
        assert not choice.display


def test_a_new_magnate_is_practiced_and_every_start_is_a_choice() -> None:
    for name in BUILT_IN:
        rules = get_ruleset(name)
        tables = [rules.schema]
        while tables:
            table = tables.pop()
            tables += [c.table for c in table.children]
            for f in table.fields:
                assert f.start is None or f.start in (f.choices or ()), (name, f.key)
    rules = get_ruleset("kiss")
    army = rules.new_army("Test")
    ward = edits.new_record(rules, army, "", "wards", 2)
    assert ward.leader.ability == "practiced"  # type: ignore[attr-defined]
    assert army.wards[0].leader.ability == "practiced"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("ruleset", "code"), FINDING_CODES, ids=[f"{r}-{c}" for r, c in FINDING_CODES]
)
def test_a_form_says_its_findings_in_the_screens_words(ruleset: str, code: str) -> None:
    """Every finding a record's form can show, in every system: no file syntax ([[stands]],
    key = value, snake_case keys)."""
    rules = get_ruleset(ruleset)
    for finding in raised(ruleset, code):
        where = finding.where
        try:
            table = schema.table_at(rules.schema, edits.edit_target(rules.schema, where))
        except (KeyError, ValueError):
            table = rules.schema
        said = form_message(finding, rules, table)
        assert not FILE_SYNTAX.search(said), said


# --- 15: the smaller edges ---------------------------------------------------------------


def test_a_long_line_keeps_what_follows_its_parenthesis() -> None:
    line = Text("Sigurd (army commander, single figure, a stand of 3) with Hearth-troop")
    cut = fit(line, 50).plain
    assert cut.endswith(") with Hearth-troop") and cut.startswith("Sigurd (army")
    assert len(cut) <= 50 and "…" in cut
    # A line whose parenthesis ends it is cut at its end, as before.
    plain = fit(Text("Finnish archers (thralls, 2 figures, no armour, sharpshooter bow)"), 40)
    assert plain.plain.endswith("…") and len(plain.plain) <= 40


@run_async
async def test_a_shieldwall_leaders_tree_line_shows_his_stand_at_120_columns(
    tmp_path: Path,
) -> None:
    app = BuilderApp(Session.open(copied(tmp_path, "shieldwall")))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        tree = app.army_screen.query_one("#tree", ArmyTree)
        node = tree.find("leaders[0]")
        assert node is not None
        full = str(node.label)
        assert " with " in full and tree.size.width < len(full) + 8  # it must be cut
        shown = tree.render_label(node, Style(), Style()).plain
        assert shown.endswith(full[full.rindex(")") :]), shown


@pytest.mark.parametrize("system", list(BUILT_IN))
def test_check_lists_every_record_share_lists(
    system: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = copied(tmp_path, system)
    assert main(["share", str(path)]) == 0
    # Each record's line of the list, its numbers ("12 figures, 12 pts") left off.
    shared = [
        re.sub(r": [0-9][0-9a-z ,.]*$", "", line[2:])
        for line in capsys.readouterr().out.splitlines()
        if line.startswith("- ")
    ]
    main(["check", str(path)])
    checked = capsys.readouterr().out
    assert shared and all(title in checked for title in shared), shared
    if system == "shieldwall":
        assert "leaders[0]  Sigurd (army commander" in checked
        assert "with Hearth-troop" in checked


def test_feudal_roll_names_the_leader_alone() -> None:
    rules = get_ruleset("feudal")
    army: Any = armyfile.load(examples_dir() / "feudal-flanders.toml")  # command points too
    army.battles[0].leader.name = "William, Duke of Normandy"  # a name with a comma
    assert rules.roller is not None
    roll = rules.roller.roll(army, random.Random(1))
    names = [leader.name for leader in army.leaders]
    assert all(line.who in names for line in roll.lines)
    results = " ".join(line.result for line in roll.lines)
    assert "charisma" in results and "command point" in results


@pytest.mark.parametrize("system", GROUPED)
def test_verify_names_a_leader_or_group_change_in_the_systems_words(
    system: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = copied(tmp_path, system)
    code = tmp_path / "code.txt"
    assert main(["share", str(path)]) == 0
    code.write_text(capsys.readouterr().out)
    rules = get_ruleset(system)
    army = armyfile.load(path)
    group = next(c for c in rules.schema.children if c.role == "group")
    leader = next(c for c in group.table.children if c.role == "leader")
    groups = getattr(army, group.key)
    text = path.read_text()
    old = groups[0].leader.name
    path.write_text(text.replace(f'name = "{old}"', 'name = "Somebody Else"', 1))
    main(["verify", str(path), "--code-file", str(code)])
    said = capsys.readouterr().out
    noun = group.table.noun.capitalize()
    assert f"{leader.table.noun} of {noun} 1: {old}" in said, said
    assert "group" not in said
    # One group fewer: that group is gone, in the system's word.
    del groups[-1]
    path.write_text(armyfile.dumps(army))
    main(["verify", str(path), "--code-file", str(code)])
    said = capsys.readouterr().out
    assert f"{group.table.noun} gone: {noun} {len(groups) + 1}" in said, said
    assert "group" not in said


@run_async
async def test_billhooks_rank_offers_the_ranks_the_rules_name(tmp_path: Path) -> None:
    app = BuilderApp(Session.open(copied(tmp_path, "billhooks")))
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "wards[0]")
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, RecordForm))
        form = app.screen
        rank = form.query_one("#field-rank", Input)
        rank.focus()
        await pilot.pause()
        note = " ".join(str(form.query_one("#form-choice", Static).content).split())
        assert all(r in note for r in ("Lord", "Knight Banneret", "Captain", "Serjeant"))
        await pilot.press("home", "ctrl+k", "k", "n")
        await wait_until(pilot, lambda: rank._suggestion == "Knight Banneret")
        await pilot.press("right")
        assert rank.value == "Knight Banneret"
        await pilot.press("ctrl+a", "ctrl+k", *"Duke")  # a rank of his own still types
        assert rank.value == "Duke"


@run_async
async def test_a_drop_down_stops_at_its_last_choice(tmp_path: Path) -> None:
    app = BuilderApp(Session.open(copied(tmp_path, "billhooks")))
    async with app.run_test(size=WIDE) as pilot:
        army = army_of(app)
        where = next(
            f"wards[{w}].units[{u}]"
            for w, ward in enumerate(army.wards)
            for u, unit in enumerate(ward.units)
            if unit.quality in (None, "retinue")  # the default quality
        )
        await select(pilot, where)
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, RecordForm))
        quality = app.screen.query_one("#field-quality", Select)
        quality.focus()
        # The choices are Levy, Retinue, Veteran (by index): from Retinue, Downs stop on
        # Veteran, Ups on Levy; none wraps round.
        assert quality.value == 1
        await pilot.press("enter", "down", "down", "down", "enter")
        await pilot.pause()
        assert quality.value == 2
        await pilot.press("enter", "up", "up", "up", "up", "enter")
        await pilot.pause()
        assert quality.value == 0


@pytest.mark.parametrize("system", list(BUILT_IN))
@run_async
async def test_the_add_catalogue_keeps_each_entry_on_one_line_at_120_columns(
    system: str, tmp_path: Path
) -> None:
    app = BuilderApp(Session.open(copied(tmp_path, system)))
    async with app.run_test(size=WIDE) as pilot:
        tree = app.army_screen.query_one("#tree", ArmyTree)
        tree.move_cursor(tree.find(next(n.data for n in tree._all() if n.data)))
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, CataloguePicker))
        await pilot.pause()
        troops = app.screen.query_one("#troops", OptionList)
        widest = max(
            len(str(troops.get_option_at_index(i).prompt)) for i in range(troops.option_count)
        )
        assert widest <= troops.scrollable_content_region.width, widest


@pytest.mark.parametrize("system", list(BUILT_IN))
@run_async
async def test_a_new_army_asks_its_side(
    system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = builder_on(["tui", str(tmp_path / "new.toml"), "--ruleset", system], monkeypatch)
    rules = get_ruleset(system)
    async with app.run_test(size=WIDE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, RecordForm))
        side = app.screen.query_one("#field-side")
        if rules.sides.fixed:
            assert isinstance(side, Select)
            last = rules.sides.fixed[-1]
            side.focus()
            await pilot.press("enter", *["down"] * len(rules.sides.fixed), "enter")
            await pilot.press("ctrl+s")
            await wait_until(pilot, lambda: isinstance(app.screen, ArmyScreen))
            assert army_of(app).side == last.key
        else:
            assert isinstance(side, Input)  # the side in the player's own words
            side.focus()
            await pilot.press("ctrl+a", "ctrl+k", *"Welsh", "ctrl+s")
            await wait_until(pilot, lambda: isinstance(app.screen, ArmyScreen))
            assert army_of(app).side == "Welsh"
