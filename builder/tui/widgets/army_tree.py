"""The wards as a tree: the army at the root, each leader at the head of his units."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from builder.rules.base import Line, Ruleset, Summary, number
from builder.rules.billhooks.model import Army, Unit
from builder.rules.billhooks.points import leader_points
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

    def show(self, army: Army, summary: Summary, ruleset: Ruleset, select: Place) -> None:
        """Show ``army`` and put the cursor on ``select``.

        When the wards and units are the same places as before (most edits change a unit or a
        leader, not the shape), only the labels are replaced, so the tree keeps its size and
        Textual repaints just the changed lines; otherwise the tree is rebuilt.
        """
        flagged: dict[str, str] = {}
        for f in summary.findings:
            if flagged.get(f.where) != "error":
                flagged[f.where] = f.level
        self._colours = theme_colours(self.app)
        lines = {line.where: line for line in summary.lines}
        wards = [(Place(wi), self._leader_label(army, wi, ruleset, flagged),
                  [(Place(wi, ui), self._unit_label(unit, Place(wi, ui),
                                                    lines[Place(wi, ui).key], flagged))
                   for ui, unit in enumerate(ward.units)])
                 for wi, ward in enumerate(army.wards)]
        shape = [(place, [u for u, _ in units]) for place, _, units in wards]
        current = [(node.data, [leaf.data for leaf in node.children])
                   for node in self.root.children]
        root = self.root
        root.set_label(self._army_label(army, flagged))
        if current and shape == current:
            for node, (_, label, units) in zip(root.children, wards, strict=True):
                node.set_label(label)
                for leaf, (_, ulabel) in zip(node.children, units, strict=True):
                    leaf.set_label(ulabel)
        else:
            self.clear()  # clear() replaces the root node
            root = self.root
            root.data = ARMY
            root.set_label(self._army_label(army, flagged))
            for place, label, units in wards:
                node = root.add(label, data=place, expand=True)
                for uplace, ulabel in units:
                    node.add_leaf(ulabel, data=uplace)
            root.expand()
        # Every node is expanded, so a node's line is its place in the order shown.
        order = [p for place, _, units in wards for p in (place, *(u for u, _ in units))]
        self.move_cursor_to_line(order.index(select) + 1 if select in order else 0)

    def _leader_label(self, army: Army, wi: int, ruleset: Ruleset,
                      flagged: dict[str, str]) -> Text:
        leader = army.wards[wi].leader
        label = Text()
        if leader.c_in_c:
            label.append("★ ", f"bold {self._colours.accent}")
        label.append(leader.name, "bold")
        label.append(f" · {leader.class_name}", "italic")
        cost = leader_points(army, leader)
        if cost:
            label.append(f" · {_points(cost)} pts", "dim")
        self._flag(label, flagged, f"wards[{wi}]", f"wards[{wi}].leader")
        return label

    def _unit_label(self, unit: Unit, place: Place, line: Line,
                    flagged: dict[str, str]) -> Text:
        label = Text()
        label.append(f"{_points(line.points):>3} ", "bold")
        label.append(line.title)
        if unit.label:
            label.append(f" “{unit.label}”", "italic dim")
        self._flag(label, flagged, place.key)
        return label

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
