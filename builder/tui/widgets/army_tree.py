"""The wards as a tree: the army at the root, each leader at the head of his units."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from builder.army import Army
from builder.rules.base import ArmySummary, Ruleset, number
from builder.tui.edits import ARMY, Place
from builder.tui.widgets.colours import theme_colours


def _points(value: float | None) -> str:
    return "-" if value is None else f"{number(value)}"


class ArmyTree(Tree[Place]):
    """Shows an army; the screen hands it the army and its summary, it reports the cursor
    through Tree's own NodeHighlighted/NodeSelected messages (node data is the Place)."""

    BINDINGS = [Binding("enter", "edit_here", "Edit", show=False)]

    @dataclass
    class EditRequested(Message):
        """Enter on a node: edit that place."""

        place: Place

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("Army", data=ARMY, id=id)
        self.auto_expand = False
        self.guide_depth = 3

    def show(self, army: Army, summary: ArmySummary, ruleset: Ruleset, select: Place) -> None:
        """Rebuild the tree for ``army`` and put the cursor on ``select``."""
        flagged: dict[str, str] = {}
        for f in summary.findings:
            if flagged.get(f.where) != "error":
                flagged[f.where] = f.level
        colours = theme_colours(self.app)
        self._colours = colours
        self.clear()
        root = self.root
        root.data = ARMY
        root.set_label(self._army_label(army, flagged))
        # Every node is expanded, so a node's line is its place in the order nodes are added.
        target_line = 0
        line = 0
        for wi, ward in enumerate(army.wards):
            place = Place(wi)
            leader = ward.leader
            label = Text()
            if leader.c_in_c:
                label.append("★ ", f"bold {colours.accent}")
            label.append(leader.name, "bold")
            label.append(f" · {leader.class_name}", "italic")
            cost = ruleset.leader_points(army, leader)
            if cost:
                label.append(f" · {_points(cost)} pts", "dim")
            self._flag(label, flagged, f"wards[{wi}]", f"wards[{wi}].leader")
            node = root.add(label, data=place, expand=True)
            line += 1
            if place == select:
                target_line = line
            for ui, unit in enumerate(ward.units):
                uplace = Place(wi, ui)
                ulabel = Text()
                ulabel.append(f"{_points(ruleset.unit_points(unit)):>3} ", "bold")
                ulabel.append(ruleset.unit_title(unit))
                if unit.label:
                    ulabel.append(f" “{unit.label}”", "italic dim")
                self._flag(ulabel, flagged, uplace.key)
                node.add_leaf(ulabel, data=uplace)
                line += 1
                if uplace == select:
                    target_line = line
        root.expand()
        self.move_cursor_to_line(target_line)

    def action_edit_here(self) -> None:
        node = self.cursor_node
        if node is not None and node.data is not None:
            self.post_message(self.EditRequested(node.data))

    def find(self, place: Place) -> TreeNode[Place] | None:
        """The node showing ``place``, if any."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            if node.data == place:
                return node
            stack.extend(node.children)
        return None

    def _army_label(self, army: Army, flagged: dict[str, str]) -> Text:
        label = Text(army.name, "bold")
        if army.side:
            label.append(f" ({army.side.capitalize()})")
        self._flag(label, flagged, "", "points", "wards")
        return label

    def _flag(self, label: Text, flagged: dict[str, str], *keys: str) -> None:
        levels = {flagged[k] for k in keys if k in flagged}
        if "error" in levels:
            label.append(" ✖", f"bold {self._colours.error}")
        elif "warning" in levels:
            label.append(" ▲", f"bold {self._colours.warning}")
