"""The army screen: wards tree, detail pane, findings, status bar; every edit starts here."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Header, Tree

from builder.rules.billhooks.catalogue import COMMAND_CLASSES
from builder.rules.billhooks.model import Army, Leader, Unit
from builder.tui import edits
from builder.tui.actions import bindings
from builder.tui.edits import ARMY, ArmySettings, Place
from builder.tui.modals.catalogue import CataloguePicker
from builder.tui.modals.leader import LeaderDialog
from builder.tui.modals.pick import PickDialog
from builder.tui.modals.roll import RollDialog
from builder.tui.modals.settings import SettingsDialog
from builder.tui.modals.unit import UnitDialog
from builder.tui.widgets.army_tree import ArmyTree
from builder.tui.widgets.detail import DetailPane
from builder.tui.widgets.findings import FindingsPanel
from builder.tui.widgets.status import StatusBar

if TYPE_CHECKING:
    from collections.abc import Callable

    from builder.tui.app import BillhooksApp
    from builder.tui.session import Session


class ArmyScreen(Screen[None]):
    """Shows the app's session and turns keys into edits on it."""

    BINDINGS = bindings("army")

    def __init__(self) -> None:
        super().__init__()
        self.place: Place = ARMY

    @property
    def builder(self) -> BillhooksApp:
        return self.app  # type: ignore[return-value]

    @property
    def session(self) -> Session:
        return self.builder.session

    def compose(self) -> ComposeResult:
        yield Header(icon="⚔")
        with Horizontal(id="main"):
            yield ArmyTree(id="tree")
            yield DetailPane(id="detail")
        yield FindingsPanel(id="findings")
        yield StatusBar(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#tree").border_title = "Wards"
        self.show_army(self.first_place())
        self.query_one("#tree", ArmyTree).focus()

    def first_place(self) -> Place:
        army = self.session.army
        if army.wards and army.wards[0].units:
            return Place(0, 0)
        return Place(0) if army.wards else ARMY

    # --- showing ------------------------------------------------------------------------

    def show_army(self, select: Place | None = None) -> None:
        """Show the session's army and its latest check, the cursor on ``select``."""
        session = self.session
        army = session.army
        place = select if select is not None else self.place
        if not edits.exists(army, place):
            place = self._nearest(army, place)
        self.place = place
        self.query_one("#tree", ArmyTree).show(army, session.summary, session.ruleset, place)
        self.query_one("#detail", DetailPane).show(session.ruleset, army, place.key,
                                                   session.summary)
        self.query_one("#findings", FindingsPanel).show(session.summary)
        self.query_one("#status", StatusBar).show(session.summary, session.dirty)
        self.builder.update_title()

    @staticmethod
    def _nearest(army: Army, place: Place) -> Place:
        if place.ward is None or not army.wards:
            return ARMY
        ward = min(place.ward, len(army.wards) - 1)
        units = army.wards[ward].units
        if place.unit is not None and units:
            return Place(ward, min(place.unit, len(units) - 1))
        return Place(ward)

    def apply(self, label: str, edit: Callable[[Army], object], select: Place | None = None
              ) -> None:
        """One undoable edit, re-checked at once, then shown."""
        self.session.apply(label, edit)
        self.show_army(select)

    @on(Tree.NodeHighlighted, "#tree")
    def _highlighted(self, event: Tree.NodeHighlighted[Place]) -> None:
        if event.node.data is not None and event.node.data != self.place:
            self.place = event.node.data
            session = self.session
            self.query_one("#detail", DetailPane).show(session.ruleset, session.army,
                                                       self.place.key, session.summary)

    @on(ArmyTree.EditRequested)
    def _edit_requested(self, event: ArmyTree.EditRequested) -> None:
        self.place = event.place
        self.action_edit()

    @on(FindingsPanel.Jump)
    def _jump(self, event: FindingsPanel.Jump) -> None:
        place = edits.place_of(event.finding.where)
        tree = self.query_one("#tree", ArmyTree)
        node = tree.find(place)
        if node is not None:
            tree.move_cursor(node)
        tree.focus()

    # --- actions ------------------------------------------------------------------------

    def _ward_index(self) -> int | None:
        """The ward of the selection; the only ward if the army root is selected."""
        if self.place.ward is not None:
            return self.place.ward
        return 0 if len(self.session.army.wards) == 1 else None

    def action_add_unit(self) -> None:
        ward = self._ward_index()
        army = self.session.army
        if ward is None:
            if not army.wards:
                self.app.notify("Add a ward first (w).", severity="warning")
            else:
                self.app.notify("Select a leader or unit: the unit joins that ward.",
                            severity="warning")
            return

        def chosen(troop: str | None) -> None:
            if troop is None:
                return
            new_place = Place(ward, len(self.session.army.wards[ward].units))
            self.apply(f"add {troop}", lambda a: edits.add_unit(a, ward, Unit(troop)),
                       new_place)

        self.app.push_screen(CataloguePicker(self.session.ruleset.catalogue(),
                                             army.wards[ward].leader.name), chosen)

    def action_edit(self) -> None:
        place, army = self.place, self.session.army
        if place.ward is None:
            self.action_settings()
        elif place.unit is None:
            ward = place.ward

            def leader_done(leader: Leader | None) -> None:
                if leader is not None:
                    self.apply(f"edit {leader.name}",
                               lambda a: edits.set_leader(a, ward, leader), place)

            self.app.push_screen(LeaderDialog(self.session.ruleset, army.wards[ward].leader),
                                 leader_done)
        else:
            unit = army.wards[place.ward].units[place.unit]

            def unit_done(new: Unit | None) -> None:
                if new is not None and new != unit:
                    self.apply(f"edit {new.troop}", lambda a: edits.set_unit(a, place, new),
                               place)

            self.app.push_screen(UnitDialog(self.session.ruleset, unit), unit_done)

    def action_settings(self) -> None:
        def done(settings: ArmySettings | None) -> None:
            if settings is not None and settings != edits.settings_of(self.session.army):
                self.apply("army settings", lambda a: edits.apply_settings(a, settings))

        self.app.push_screen(SettingsDialog(self.session.ruleset, self.session.army), done)

    def action_move_unit(self) -> None:
        place, army = self.place, self.session.army
        if place.unit is None or place.ward is None:
            self.app.notify("Select a unit to move.", severity="warning")
            return
        if len(army.wards) < 2:
            self.app.notify("There is no other ward to move it to (w adds one).",
                        severity="warning")
            return
        names = [f"{w.leader.name}'s ward ({len(w.units)} units)" for w in army.wards]

        def chosen(to_ward: int | None) -> None:
            if to_ward is None or to_ward == place.ward:
                return
            new_place = Place(to_ward, len(self.session.army.wards[to_ward].units))
            self.apply("move unit", lambda a: edits.move_unit(a, place, to_ward), new_place)

        self.app.push_screen(PickDialog("Move the unit to", names, {place.ward}), chosen)

    def action_remove(self) -> None:
        place, army = self.place, self.session.army
        if place.ward is None:
            self.app.notify("Select a unit or a leader to remove.", severity="warning")
            return
        if place.unit is not None:
            title = self.session.ruleset.title_of(army, place.key)
            self.apply(f"remove {title}", lambda a: edits.remove_unit(a, place), place)
            self.app.notify(f"Removed {title}. Ctrl+Z brings it back.")
        else:
            ward = army.wards[place.ward]
            ward_index = place.ward
            units = len(ward.units)
            self.apply(f"remove {ward.leader.name}",
                       lambda a: edits.remove_ward(a, ward_index), place)
            what = f" and his {units} unit{'s' if units != 1 else ''}" if units else ""
            self.app.notify(f"Removed {ward.leader.name}{what}. Ctrl+Z brings them back.")

    def action_add_ward(self) -> None:
        n = len(self.session.army.wards)
        leader = Leader(f"Leader {n + 1}", c_in_c=n == 0)

        def done(new: Leader | None) -> None:
            if new is not None:
                self.apply(f"add ward {new.name}", lambda a: edits.add_ward(a, new), Place(n))

        self.app.push_screen(LeaderDialog(self.session.ruleset, leader, "A new ward: its leader"),
                             done)

    def _leader_place(self) -> int | None:
        if self.place.ward is None or self.place.unit is not None:
            self.app.notify("Select a leader first.", severity="warning")
            return None
        return self.place.ward

    def action_make_c_in_c(self) -> None:
        ward = self._leader_place()
        if ward is not None:
            name = self.session.army.wards[ward].leader.name
            self.apply(f"{name} C-in-C", lambda a: edits.make_c_in_c(a, ward))

    def action_cycle_class(self) -> None:
        ward = self._leader_place()
        if ward is None:
            return
        leader = self.session.army.wards[ward].leader
        classes = sorted(COMMAND_CLASSES)
        new = classes[(classes.index(leader.command_class) + 1) % len(classes)] \
            if leader.command_class in classes else classes[1]

        def set_class(a: Army) -> None:
            a.wards[ward].leader.command_class = new

        self.apply(f"{leader.name} {COMMAND_CLASSES[new]}", set_class)

    def action_roll(self) -> None:
        session = self.session
        roller = session.ruleset.roller
        if roller is None:
            self.app.notify(f"{session.ruleset.title} has no dice to roll before the game.",
                            severity="warning")
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
