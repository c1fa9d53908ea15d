"""The army screen: the army tree, detail pane, findings, status bar; every edit starts here.

Every edit is drawn from the ruleset: the tree from its tables, the form from what it offers,
Add from its catalogue, its own quick keys from ``quick_actions``. Its dialogs load when
first opened: the first screen does not wait for them.
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Tree

from builder.core import schema
from builder.core.base import ArmyRecord, Entry
from builder.tui import edits
from builder.tui.actions import Action, bindings, nouns, ruleset_actions
from builder.tui.edits import ARMY
from builder.tui.screens.base import BuilderScreen
from builder.tui.widgets.army_tree import ArmyTree
from builder.tui.widgets.detail import DetailPane
from builder.tui.widgets.findings import FindingsPanel
from builder.tui.widgets.footer import KeyFooter
from builder.tui.widgets.header import ArmyHeader
from builder.tui.widgets.status import StatusBar

if TYPE_CHECKING:
    from collections.abc import Callable

    from builder.core.base import Ruleset
    from builder.tui.session import Session


class ArmyScreen(BuilderScreen):
    """Shows the app's session and turns keys into edits on it."""

    BINDINGS = bindings("army")
    SCOPE = "army"

    def __init__(self) -> None:
        super().__init__()
        self.place: str = ARMY
        self._bound_to: Ruleset | None = None
        self.actions: tuple[Action, ...] = ()
        self._lists_of: tuple[Ruleset, tuple[str, ...]] | None = None

    @property
    def session(self) -> Session:
        return self.builder.session

    @property
    def ruleset(self) -> Ruleset:
        return self.session.ruleset

    def compose(self) -> ComposeResult:
        yield ArmyHeader(icon="⚔")
        with Horizontal(id="main"):
            yield ArmyTree(id="tree")
            yield DetailPane(id="detail")
        yield FindingsPanel(id="findings")
        yield StatusBar(id="status")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        # The record's facts follow a frame after the rest (the system's code for them loads
        # then): the army and its status show sooner.
        self.show_army(self.first_place(), detail=False)
        self.call_after_refresh(self._show_detail)
        self.query_one("#tree", ArmyTree).focus()

    def _bind(self) -> None:
        """The keys in the ruleset's words, with its own quick keys (once per ruleset)."""
        ruleset = self.ruleset
        if self._bound_to is ruleset:
            return
        self._bound_to = ruleset
        self.actions = ruleset_actions(ruleset)
        # Quit is taken as it arrives too: else a screen key typed straight after it (priority,
        # so handled first) opens a dialog, and the quit lands on the dialog.
        # Textual's own screen keys (Tab and Shift+Tab between the panes) are kept.
        self._bindings = BindingsMap(
            [
                *Screen.BINDINGS,
                *bindings("army", self.actions),
                Binding("q", "quit", "Quit", priority=True),
            ]
        )
        groups = [c for c in ruleset.schema.children if c.role == "group"]
        self.query_one("#tree").border_title = (
            f"{nouns(ruleset)['group'].capitalize()}s" if groups else "Army"
        )
        self.refresh_bindings()

    async def action_quit(self) -> None:
        await self.app.action_quit()

    def first_place(self) -> str:
        """The first record of a list (a unit), else the first group, else the army."""
        found = edits.nodes(self.session.army, self.ruleset.schema)[1:]
        leaves = [n for n in found if n.role not in ("group", "leader")]
        return (leaves or found)[0].where if found else ARMY

    # --- showing ------------------------------------------------------------------------

    def show_army(self, select: str | None = None, detail: bool = True) -> None:
        """Show the session's army and its latest check, the cursor on ``select`` (and its
        facts in the detail pane, unless not ``detail``)."""
        self._bind()
        session = self.session
        army = session.army
        place = edits.nearest(army, select if select is not None else self.place)
        self.place = place
        self.query_one("#tree", ArmyTree).show(army, session.summary, session.ruleset, place)
        self.query_one("#findings", FindingsPanel).show(session.summary, session.ruleset)
        status = self.query_one("#status", StatusBar)
        status.show(session.summary, session.dirty)
        if detail:
            # The record's facts follow in the next frame: the status shows the re-check
            # first, and the frame after draws the facts (every line of the pane). Asked
            # through the status bar, they wait for the frame that repaints it.
            status.call_after_refresh(self._show_detail)
        self.builder.update_title()
        self.refresh_bindings()

    def _show_detail(self) -> None:
        session = self.session
        self.query_one("#detail", DetailPane).show(
            session.ruleset, session.army, self.place, session.summary
        )

    def apply(
        self, label: str, edit: Callable[[ArmyRecord], object], select: str | None = None
    ) -> None:
        """One undoable edit, re-checked at once, then shown; undo brings the cursor back to
        the record it was made on."""
        self.session.apply(label, edit, self.place, select)
        self.show_army(select)

    @on(Tree.NodeHighlighted, "#tree")
    def _highlighted(self, event: Tree.NodeHighlighted[str]) -> None:
        if event.node.data is not None and event.node.data != self.place:
            self.place = event.node.data
            self._show_detail()
            # The footer shows the keys that apply to what is selected.
            self.refresh_bindings()

    @on(ArmyTree.EditRequested)
    def _edit_requested(self, event: ArmyTree.EditRequested) -> None:
        self.place = event.place
        self.action_edit()

    @on(FindingsPanel.Jump)
    def _jump(self, event: FindingsPanel.Jump) -> None:
        place = edits.place_of(self.ruleset.schema, self.session.army, event.finding.where)
        tree = self.query_one("#tree", ArmyTree)
        node = tree.find(place)
        if node is not None:
            tree.move_cursor(node)
        tree.focus()

    # --- what applies where ---------------------------------------------------------------

    def _target(self) -> str:
        return edits.edit_target(self.ruleset.schema, self.place)

    def _move_targets(self) -> list[str]:
        """The other records the selected one could move into (the other groups)."""
        if not self.place:
            return []
        key = schema.parse(self.place)[-1].key
        here = schema.parent_of(self.place)
        return [w for w in edits.holders(self.ruleset.schema, self.session.army, key) if w != here]

    def _quick(self, index: int) -> bool:
        quick = self.ruleset.quick_actions[index]
        target = self._target()
        return edits.role_at(self.ruleset.schema, target) == quick.role and (
            quick.applies is None or quick.applies(self.session.army, target)
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide (False) the keys that do nothing for the selection."""
        if action == "quick":
            return index_ok(self.ruleset, parameters) and self._quick(int(str(parameters[0])))
        if action == "move":
            return bool(self._move_targets())
        if action == "remove":
            return bool(self.place)
        if action == "add":
            # Shown where it adds something (not before the army has a ward to add to).
            return any(parent is not None for parent in self._add_into().values())
        return True

    # --- actions ------------------------------------------------------------------------

    def _add_into(self) -> dict[str, str | None]:
        """Where Add puts each of the catalogue's kinds of record from the selection (None:
        the user must choose, or there is nowhere yet)."""
        table, army = self.ruleset.schema, self.session.army
        return {
            into: edits.holder_of(table, army, self.place, into)
            or _only(edits.holders(table, army, into))
            for into in self._lists()
        }

    def _lists(self) -> tuple[str, ...]:
        """The lists the catalogue's entries go into, each once, worked out once a ruleset:
        the footer asks :meth:`_add_into` after every key, and a catalogue has many entries
        (each made afresh) for few lists."""
        ruleset = self.ruleset
        if self._lists_of is None or self._lists_of[0] is not ruleset:
            self._lists_of = (ruleset, tuple(dict.fromkeys(e.into for e in ruleset.catalogue())))
        return self._lists_of[1]

    def action_add(self) -> None:
        from builder.tui.modals.catalogue import CataloguePicker

        table, army = self.ruleset.schema, self.session.army
        entries = self.ruleset.catalogue()
        into = self._add_into()
        if all(parent is None for parent in into.values()):
            groups = [c for c in table.children if c.role == "group"]
            self.app.notify(
                f"Add a {groups[0].table.noun} first."
                if groups
                else "Select where the new record goes.",
                severity="warning",
            )
            return
        usable = tuple(e for e in entries if into[e.into] is not None)
        # What goes where the selection is comes first: with a leader selected, leaders.
        steps = schema.parse(self.place) if self.place else ()
        here = next((s.key for s in reversed(steps) if s.index is not None), None)
        usable = tuple(sorted(usable, key=lambda e: e.into != here))
        group = schema.group_of(table, self.place)
        heading = (
            f"Add to {self.ruleset.title_of(army, group)}"
            if group
            else f"Add to {self.ruleset.title_of(army, ARMY)}"
        )

        def chosen(key: str | None) -> None:
            entry = next((e for e in usable if e.key == key), None)
            if entry is None:
                return
            parent = into[entry.into]
            assert parent is not None
            count = len(getattr(schema.get(self.session.army, parent), entry.into))
            self.apply(
                f"add {entry.name}",
                lambda a: edits.add(a, parent, entry.into, entry.make()),
                schema.join(parent, entry.into, count),
            )

        self.app.push_screen(CataloguePicker(usable, heading, self._room(usable, into)), chosen)

    def _room(
        self, entries: tuple[Entry, ...], into: dict[str, str | None]
    ) -> dict[str, float | None]:
        """Each entry's points left after adding it, where the system has agreed points."""
        first = self.session.summary.metrics[0] if self.session.summary.metrics else None
        if first is None or first.of is None:
            return {}
        out: dict[str, float | None] = {}
        for entry in entries:
            if entry.points is not None:
                out[entry.key] = float(first.of) - float(first.value) - entry.points
        return out

    def _form(
        self,
        where: str,
        heading: str,
        army: ArmyRecord | None = None,
        done: Callable[[object], None] | None = None,
    ) -> None:
        from builder.tui.modals.record import RecordForm

        def kept(record: object | None) -> None:
            if record is None:
                return
            if done is not None:
                done(record)
                return
            before = schema.get(self.session.army, where)
            if record != before:
                self.apply(
                    f"edit {self.ruleset.title_of(self.session.army, where)}",
                    lambda a: _put(a, self.ruleset.schema, where, record, before),
                    self.place,
                )

        self.app.push_screen(
            RecordForm(self.ruleset, army or self.session.army, where, heading), kept
        )

    def action_edit(self) -> None:
        target = self._target()
        noun = schema.table_at(self.ruleset.schema, target).noun
        self._form(target, f"Edit the {noun}")

    def action_settings(self) -> None:
        self.settings("Army settings")

    def settings(self, heading: str) -> None:
        """The army's own form (its name, side and what else the rules give it)."""
        self._form(ARMY, heading)

    def action_move(self) -> None:
        from builder.tui.modals.pick import PickDialog

        targets, army = self._move_targets(), self.session.army
        if not targets:
            self.app.notify("There is nowhere else to move it.", severity="warning")
            return
        where = self.place
        key = schema.parse(where)[-1].key

        def chosen(index: int | None) -> None:
            if index is None:
                return
            to = targets[index]
            count = len(getattr(schema.get(self.session.army, to), key))
            self.apply(
                f"move {self.ruleset.title_of(self.session.army, where)}",
                lambda a: edits.move(a, where, to),
                schema.join(to, key, count),
            )

        self.app.push_screen(
            PickDialog("Move it to", [self.ruleset.title_of(army, w) for w in targets]), chosen
        )

    def action_remove(self) -> None:
        from builder.tui.modals.pick import PickDialog

        where, army, table = self.place, self.session.army, self.ruleset.schema
        if not where:
            self.app.notify("Select a record to remove.", severity="warning")
            return
        title = self.ruleset.title_of(army, where)
        inside = edits.children_count(army, table, where)
        others = [
            n.where
            for n in edits.nodes(army, table)
            if n.table is schema.table_at(table, where) and n.where != where
        ]
        if inside and others:
            names = [f"Move them to {self.ruleset.title_of(army, w)}" for w in others]

            def answered(index: int | None) -> None:
                if index is None:
                    return
                if index < len(others):
                    to = others[index]
                    self.apply(f"remove {title}", lambda a: _remove_moving(a, table, where, to))
                    self.app.notify(f"Removed {title}; {inside} moved. Ctrl+Z brings it back.")
                else:
                    self._remove(where, title, inside)

            self.app.push_screen(
                PickDialog(
                    f"Remove {title}: {inside} record{'s' if inside != 1 else ''} in it",
                    [*names, "Remove them too"],
                ),
                answered,
            )
            return
        self._remove(where, title, inside)

    def _remove(self, where: str, title: str, inside: int) -> None:
        self.apply(f"remove {title}", lambda a: schema.remove(a, where), where)
        what = f" and the {inside} in it" if inside else ""
        self.app.notify(f"Removed {title}{what}. Ctrl+Z brings it back.")

    def action_add_group(self) -> None:
        table, army = self.ruleset.schema, self.session.army
        child = next(c for c in table.children if c.role == "group")
        count = len(getattr(army, child.key))
        work = copy.deepcopy(army)
        where = edits.add(
            work, ARMY, child.key, edits.new_record(self.ruleset, army, ARMY, child.key, count + 1)
        )

        target = edits.edit_target(table, where)

        def done(record: object) -> None:
            # The form fills in the record it edits (a new ward's leader): put it in the new one.
            schema.replace(work, target, record)
            made = schema.get(work, where)
            self.apply(
                f"add {child.table.noun}",
                lambda a: edits.add(a, ARMY, child.key, copy.deepcopy(made)),
                where,
            )

        self._form(target, f"A new {child.table.noun}", work, done)

    def action_quick(self, index: int) -> None:
        quick = self.ruleset.quick_actions[index]
        target = self._target()
        if not self._quick(index):
            self.app.notify(
                f"{quick.title}: select a record it applies to first.", severity="warning"
            )
            return
        title = self.ruleset.title_of(self.session.army, target)
        self.apply(f"{quick.title}: {title}", lambda a: quick.run(a, target))

    def action_roll(self) -> None:
        from builder.tui.modals.roll import RollDialog

        session = self.session
        roller = session.ruleset.roller
        if roller is None:
            self.app.notify(
                f"{session.ruleset.title} has no dice to roll before the game.", severity="warning"
            )
            return
        seed = self.builder.next_seed()
        roll = roller.roll(session.army, random.Random(seed))
        if not roll.lines:
            self.app.notify("There is nobody to roll for.", severity="warning")
            return

        def keep(answer: bool | None) -> None:
            if answer:
                self.apply(f"roll (seed {seed})", lambda a: edits.apply_roll(a, roll))

        self.app.push_screen(RollDialog(roll, seed), keep)

    def action_focus_findings(self) -> None:
        self.query_one("#findings", FindingsPanel).focus()

    def action_focus_tree(self) -> None:
        self.query_one("#tree", ArmyTree).focus()


def index_ok(ruleset: Ruleset, parameters: tuple[object, ...]) -> bool:
    return (
        bool(parameters)
        and str(parameters[0]).isdigit()
        and int(str(parameters[0])) < len(ruleset.quick_actions)
    )


def _only(places: list[str]) -> str | None:
    """The one place there is (the army's only ward), else None: the user must choose."""
    return places[0] if len(places) == 1 else None


def _put(army: ArmyRecord, table: schema.Table, where: str, record: object, before: object) -> None:
    if where:
        schema.replace(army, where, record)
        edits.follow_rename(table, army, where, before, record)  # in the same undo step
    else:
        # The army itself: its fields only (the form edits no children).
        for field in table.fields:
            setattr(army, field.key, getattr(record, field.key))


def _remove_moving(army: ArmyRecord, table: schema.Table, where: str, to: str) -> None:
    edits.move_children(army, table, where, to)
    schema.remove(army, where)
