"""An edit redraws only what it changed (the detail pane without a layout when its facts keep
their height, the findings reworded in place when their number is the same): what the screen
then shows is what the builder draws afresh on the edited army, in every system."""

from __future__ import annotations

import copy

import pytest
from armies import ARMIES, EXAMPLES, scaled
from pilot import SIZE, detail, run_async
from rich.style import Style
from textual.screen import Screen

from builder import armyfile
from builder.core import schema
from builder.core.base import ArmyRecord
from builder.registry import get_ruleset, names
from builder.tui import edits
from builder.tui.app import BuilderApp
from builder.tui.session import Session
from builder.tui.widgets.army_tree import ArmyTree
from builder.tui.widgets.findings import FindingsPanel


def screen_text(app: BuilderApp) -> list[str]:
    """Every line of the screen as drawn, the clock and the toasts aside."""
    return [strip.text for strip in app.screen._compositor.render_strips()][1:]


def choice_edits(name: str, army: ArmyRecord) -> list[tuple[str, str, object]]:
    """Every other value of every one-of choice of each record in a list: (place, field,
    value)."""
    table = get_ruleset(name).schema
    out: list[tuple[str, str, object]] = []
    for node in edits.nodes(army, table):
        if node.role == "group" or not node.where:
            continue
        record = schema.get(army, node.where)
        for field in schema.table_at(table, node.where).fields:
            for value in field.choices or () if field.type == "str" else ():
                if value != getattr(record, field.key):
                    out.append((node.where, field.key, value))
    return out


def army_of(name: str) -> ArmyRecord:
    """A big army of a built-in system (one with findings to reword), else its example."""
    if name in EXAMPLES:
        found: ArmyRecord = scaled(name, 24)
        return found
    return armyfile.load(next(p for p in ARMIES if armyfile.read(p).ruleset.name == name))


def rewording(
    name: str, army: ArmyRecord, tried: list[tuple[str, str, object]]
) -> list[tuple[str, str, object]]:
    """The edits that change the findings' words but not their number."""
    ruleset = get_ruleset(name)
    before = ruleset.summary(army).findings
    out = []
    for place, key, value in tried:
        after = copy.deepcopy(army)
        setattr(schema.get(after, place), key, value)
        now = ruleset.summary(after).findings
        if before and len(now) == len(before) and now != before:
            out.append((place, key, value))
    return out


def relabelling(
    name: str, army: ArmyRecord, tried: list[tuple[str, str, object]]
) -> list[tuple[str, str, object]]:
    """The edits that change the tree's line of the record they are made on (its points or
    its title)."""
    ruleset = get_ruleset(name)
    before = {line.where: (line.points, line.title) for line in ruleset.summary(army).lines}
    out = []
    for place, key, value in tried:
        after = copy.deepcopy(army)
        setattr(schema.get(after, place), key, value)
        now = {line.where: (line.points, line.title) for line in ruleset.summary(after).lines}
        if now.get(place) != before.get(place):
            out.append((place, key, value))
    return out


async def drawn(army: ArmyRecord, place: str) -> tuple[list[str], tuple[str, ...]]:
    """The screen and the findings list of the builder opened afresh on ``army``."""
    app = BuilderApp(Session(copy.deepcopy(army), None, saved=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.army_screen.show_army(place)
        await pilot.pause()
        await pilot.pause()
        return [*screen_text(app), *map(str, tree_of(app))], findings_of(app)


def findings_of(app: BuilderApp) -> tuple[str, ...]:
    panel = app.army_screen.query_one(FindingsPanel)
    return tuple(str(panel.get_option_at_index(i).prompt) for i in range(panel.option_count))


async def edited(
    army: ArmyRecord, place: str, key: str, value: object
) -> tuple[list[str], tuple[str, ...], ArmyRecord]:
    """The screen and the findings list after the edit is made in the builder."""
    app = BuilderApp(Session(copy.deepcopy(army), None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.army_screen.show_army(place)
        await pilot.pause()
        app.army_screen.apply("edit", lambda a: setattr(schema.get(a, place), key, value), place)
        await pilot.pause()
        await pilot.pause()
        return [*screen_text(app), *map(str, tree_of(app))], findings_of(app), app.session.army


@pytest.mark.parametrize("name", names())
@run_async
async def test_an_edit_shows_what_a_fresh_start_shows(name: str) -> None:
    army = army_of(name)
    tried = choice_edits(name, army)
    assert tried, f"{name}: no record with a choice to edit"
    # The first, and one that rewords the findings (as many as before) where there is one
    # (an edit that changes the record's line in the tree: test_a_changed_label_is_drawn_afresh).
    for place, key, value in (tried[0], *rewording(name, army, tried)[:1]):
        shown, findings, after = await edited(army, place, key, value)
        assert (shown, findings) == await drawn(after, place), (name, place, key, value)


def test_an_edit_rewords_the_findings_in_some_system() -> None:
    """The findings list's rewording in place is tried above, in one system at least."""
    found = []
    for name in names():
        army = army_of(name)
        found += rewording(name, army, choice_edits(name, army))
    assert found


def tree_of(app: BuilderApp) -> list[tuple[object, ...]]:
    """Every line of the tree: its depth, words, place, whether it holds others, and the
    cursor's line (what is on screen depends on where the tree was scrolled to as well);
    then every line as the tree draws it, in its styles (a line kept drawn from before the
    edit must read as it would drawn afresh)."""
    tree = app.army_screen.query_one(ArmyTree)
    width, style = tree.size.width, tree.rich_style
    tree._pseudo_class_state = tree.get_pseudo_class_state()  # as a frame sets it
    drawn = [
        tuple((seg.text, str(seg.style)) for seg in tree._render_line(y, 0, width, style))
        for y in range(len(tree._tree_lines))
    ]
    return [
        (tree._depth(node), str(node.label), node.data, node.allow_expand) for node in tree._all()
    ] + [("cursor", tree.cursor_line), *drawn]


async def opened(army: ArmyRecord, place: str) -> tuple[object, ...]:
    """The tree, findings and detail pane of the builder opened afresh on ``army``."""
    app = BuilderApp(Session(copy.deepcopy(army), None, saved=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.army_screen.show_army(place)
        await pilot.pause()
        await pilot.pause()
        return tree_of(app), findings_of(app), detail(app)


async def removed(
    army: ArmyRecord, place: str, keys: tuple[str, ...]
) -> tuple[tuple[object, ...], ArmyRecord, str]:
    """The tree, findings and detail pane, the army and the cursor's place after ``keys``
    on ``place``."""
    app = BuilderApp(Session(copy.deepcopy(army), None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.army_screen.show_army(place)
        await pilot.pause()
        tree_of(app)  # every line drawn, as a frame draws those in view: kept where unchanged
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause()
        shown = (tree_of(app), findings_of(app), detail(app))
        return shown, app.session.army, app.army_screen.place


@pytest.mark.parametrize("name", names())
@run_async
async def test_a_removal_and_its_undo_show_what_a_fresh_start_shows(name: str) -> None:
    """One line taken out of the tree, or put back, with the rest given their new places: a
    record in the middle of the army, and the army's last (its elder sibling becomes the last
    of its list, and its guides turn)."""
    army = army_of(name)
    table = get_ruleset(name).schema
    places = [n.where for n in edits.nodes(army, table) if n.role not in ("group", "leader")]
    places = [p for p in places if p and not edits.children_count(army, table, p)]
    middle, last = places[len(places) // 2], places[-1]
    for place, keys in ((middle, ("x",)), (middle, ("x", "ctrl+z")), (last, ("x",))):
        shown, after, cursor = await removed(army, place, keys)
        assert shown == await opened(after, cursor), (name, place, keys)


async def layouts_of(army: ArmyRecord, place: str, keys: tuple[str, ...]) -> list[str]:
    """The screen layouts each key on ``place`` brings about, once the screen has settled."""
    app = BuilderApp(Session(copy.deepcopy(army), None))
    laid_out: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.army_screen.show_army(place)
        await pilot.pause(0.05)
        layout = type(app.army_screen)._refresh_layout

        def noted(screen: Screen[object], *args: object, **kw: object) -> None:
            laid_out.append(key)
            layout(screen, *args, **kw)  # type: ignore[arg-type]

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(type(app.army_screen), "_refresh_layout", noted)
            for key in keys:
                await pilot.press(key)
                await pilot.pause(0.05)
    return laid_out


@pytest.mark.parametrize("name", names())
@run_async
async def test_an_edit_lays_out_nothing(name: str) -> None:
    """A layout draws every line of the screen again. The unsaved mark in the title, a line
    taken out of the tree or put back, and facts of another length each asked for one."""
    army = army_of(name)
    ruleset = get_ruleset(name)
    table = ruleset.schema
    places = [n.where for n in edits.nodes(army, table) if n.role not in ("group", "leader")]
    places = [p for p in places if p and not edits.children_count(army, table, p)]
    # A record whose removal leaves as many findings (the findings list grows or shrinks
    # with them, and the screen is laid out again for that), from the middle of the army.
    count = len(ruleset.summary(army).findings)
    steady = [p for p in places[len(places) // 2 :] if _findings_without(army, p) == count]
    assert steady or name not in EXAMPLES, f"{name}: no record to remove"
    laid_out = await layouts_of(army, (steady or places)[0], ("x", "ctrl+z", "ctrl+y"))
    assert laid_out == [] or not steady, laid_out


def _findings_without(army: ArmyRecord, place: str) -> int:
    after = copy.deepcopy(army)
    schema.remove(after, place)
    return len(get_ruleset(after.ruleset).summary(after).findings)


def trimmed(name: str, lines: int) -> tuple[ArmyRecord, str]:
    """The system's big army (grown first if too small) with records taken from the end until
    its tree has ``lines`` lines, and the place of its last record (one that holds no
    others)."""
    army = copy.deepcopy(army_of(name))
    table = get_ruleset(name).schema
    first = next(n.where for n in edits.nodes(army, table) if n.role == "unit")
    while len(edits.nodes(army, table)) <= lines:  # a small army grows first
        key = schema.parse(first)[-1].key
        copied = copy.deepcopy(schema.get(army, first))
        schema.append(army, schema.parent_of(first), key, copied)
    while len(edits.nodes(army, table)) > lines:
        leaves = [
            n.where
            for n in edits.nodes(army, table)
            if n.role not in ("group", "leader")
            and n.where
            and not edits.children_count(army, table, n.where)
        ]
        schema.remove(army, leaves[-1])
    found = edits.nodes(army, table)
    assert len(found) == lines, f"{name}: cannot trim its tree to {lines} lines"
    last = [n.where for n in found if n.where and n.role not in ("group", "leader")][-1]
    return army, last


@pytest.mark.parametrize("name", names())
@run_async
async def test_the_tree_scrollbar_comes_and_goes_without_a_layout_of_its_own(name: str) -> None:
    """A tree one line taller than its pane loses its scrollbar when a record is removed and
    gets it back on undo; the screen reads as the builder opened afresh does."""
    probe = BuilderApp(Session(copy.deepcopy(army_of(name)), None))
    async with probe.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rows = probe.army_screen.query_one(ArmyTree).scrollable_content_region.height
    army, last = trimmed(name, rows + 1)
    app = BuilderApp(Session(copy.deepcopy(army), None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tree = app.army_screen.query_one(ArmyTree)
        app.army_screen.show_army(last)
        await pilot.pause()
        assert tree.show_vertical_scrollbar
        await pilot.press("x")
        await pilot.pause(0.05)
        assert not tree.show_vertical_scrollbar and tree.scroll_y == 0
        shown, after, place = screen_text(app), app.session.army, app.army_screen.place
        await pilot.press("ctrl+z")
        await pilot.pause(0.05)
        assert tree.show_vertical_scrollbar
        assert tree.vertical_scrollbar.window_virtual_size == rows + 1
    fresh = BuilderApp(Session(copy.deepcopy(after), None, saved=False))
    async with fresh.run_test(size=SIZE) as pilot:
        await pilot.pause()
        fresh.army_screen.show_army(place)
        await pilot.pause(0.05)
        assert shown == screen_text(fresh)


@pytest.mark.parametrize("name", names())
@run_async
async def test_a_changed_label_is_drawn_afresh(name: str) -> None:
    """The tree keeps each line's drawing until that line changes: a record whose line
    changes is drawn with its new label, and so are its group's and the army's lines."""
    army = army_of(name)
    edits_ = relabelling(name, army, choice_edits(name, army))
    assert edits_ or name not in EXAMPLES, f"{name}: no edit changes a record's line"
    for place, key, value in edits_[:1]:
        app = BuilderApp(Session(copy.deepcopy(army), None))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.army_screen.show_army(place)
            await pilot.pause()
            tree = app.army_screen.query_one(ArmyTree)
            tree_of(app)  # every line drawn (as a frame would draw the lines in view)

            def edit(army: ArmyRecord, place: str = place, key: str = key) -> None:
                setattr(schema.get(army, place), key, value)  # noqa: B023 (used at once)

            app.army_screen.apply("edit", edit)
            await pilot.pause()
            tree._pseudo_class_state = tree.get_pseudo_class_state()  # as a frame sets it
            style = tree.rich_style
            for node in tree._all():
                drawn = tree._render_line(node.line, 0, tree.size.width, style).text
                label = tree.render_label(node, Style(), Style()).plain
                assert label.strip() in drawn, (name, node.data)
