"""The army as a tree, walked from the ruleset's declared tables: the army at the root, each
group (a ward, a battle) under it headed by its leader, the records of every list beneath.

Nothing here knows a rule system: each line is the summary's line for the record (points,
title) or the ruleset's ``title_of``; a group's line leads with its records' points added up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from builder.core import schema
from builder.core.base import ArmyRecord, Line, Ruleset, Summary, number
from builder.tui import edits
from builder.tui.edits import ARMY
from builder.tui.widgets.colours import theme_colours
from builder.tui.widgets.steady import SteadyScroll


def _points(value: float | None) -> str:
    return "-" if value is None else f"{number(value)}"


def _cut(text: Text, width: int) -> Text:
    """``text`` cut to ``width`` cells at a space, ending in an ellipsis (never mid-word)."""
    plain = text.plain
    cut = plain.rfind(" ", 0, width)
    cut = cut if cut > 0 else width - 1
    head = text[:cut]
    head.rstrip()
    return Text.assemble(head, "…")


def fit(text: Text, width: int) -> Text:
    """``text`` cut to ``width`` cells. Words after the last parenthesis (a leader's
    "with Hearth-troop") are kept, the parenthesis cut short instead; else the end
    is cut, at a space, ending in an ellipsis (never mid-word)."""
    if text.cell_len <= width or width < 2:
        return text
    plain = text.plain
    close = plain.rfind(")")
    opened = plain.rfind("(", 0, close) if close > 0 else -1
    tail = text[close:]
    if opened > 0 and plain[close + 1 :].strip(" ✖▲") and tail.cell_len <= width // 2:
        head = _cut(text[:close], width - tail.cell_len)
        if len(head.plain) > opened + 2:  # something of the parenthesis is left
            return Text.assemble(head, tail)
    return _cut(text, width)


class ArmyTree(Tree[str], SteadyScroll):
    """Shows an army; the screen hands it the army and its summary, it reports the cursor
    through Tree's own NodeHighlighted/NodeSelected messages (node data is the place)."""

    BINDINGS = [Binding("enter", "edit_here", "Edit", show=False)]

    #: The first line a record added or removed changes (see ``_invalidate``).
    _changed_from: int | None = None

    @dataclass
    class EditRequested(Message):
        """Enter on a node: edit that place."""

        place: str

    def __init__(self, *, id: str | None = None) -> None:
        # A Text, not a str: a str label is read as markup, which loads Rich's emoji table.
        super().__init__(Text("Army"), data=ARMY, id=id)
        self.auto_expand = False
        self.guide_depth = 3
        self._style = Style()

    def show(self, army: ArmyRecord, summary: Summary, ruleset: Ruleset, select: str) -> None:
        """Show ``army`` and put the cursor on ``select``.

        When the records are at the same places as before (most edits change a record, not
        the shape), only the labels that changed are replaced, so Textual repaints just those
        lines; otherwise the tree is rebuilt.
        """
        table = ruleset.schema
        self._colours = theme_colours(self.app)
        flagged: dict[str, str] = {}
        for f in summary.findings:
            at = edits.place_of(table, army, f.where)
            if flagged.get(at) != "error":
                flagged[at] = f.level
        lines = {line.where: line for line in summary.lines}
        # Each group's records' points, added up once.
        totals: dict[str, float | None] = {}
        for line in summary.lines:
            group = schema.group_of(table, line.where)
            if line.points is not None:
                totals[group] = (totals.get(group) or 0) + line.points
        records = edits.nodes(army, table)
        labels = {
            n.where: self._label(ruleset, army, n.where, n.role, lines, totals, flagged)
            for n in records
        }
        parents = {n.where: self._holder_of(n.where) for n in records[1:]}
        holders = set(parents.values())
        order = [n.where for n in records]
        shown = self._all()
        current = {node.data: self._holder_of(node.data or "") for node in shown[1:]}
        depth = {ARMY: 0}
        for where, up in parents.items():
            depth[where] = depth[up] + 1
        shape = [(depth[n.where], n.where in holders or n.role == "group") for n in records]
        if current and current == parents and list(current) == list(parents):
            self._relabel_all(shown, order, labels)
        elif current and self._reshaped(shown, shape, order, labels):
            self._relabel_all(self._all(), order, labels)
        else:
            self.clear()  # clear() replaces the root node
            self.root.data = ARMY
            self.root.set_label(labels[ARMY])
            made: dict[str, TreeNode[str]] = {ARMY: self.root}
            for n in records[1:]:
                holder = made[parents[n.where]]
                made[n.where] = (
                    holder.add(labels[n.where], data=n.where, expand=True)
                    if n.where in holders or n.role == "group"
                    else holder.add_leaf(labels[n.where], data=n.where)
                )
            self.root.expand()
        self.move_cursor_to_line(order.index(select) if select in order else 0)

    def _relabel_all(
        self, nodes: list[TreeNode[str]], order: list[str], labels: dict[str, Text]
    ) -> None:
        """Each node shows the record at its line; only a changed line is set (each set asks
        the tree to draw its line again)."""
        for node, where in zip(nodes, order, strict=True):
            node.data = where
            if node.label != labels[where]:
                self._relabel(node, labels[where])

    def _reshaped(
        self,
        shown: list[TreeNode[str]],
        shape: list[tuple[int, bool]],
        order: list[str],
        labels: dict[str, Text],
    ) -> bool:
        """One record taken out or put in (a removal, its undo, an add): that one line is
        removed or added, the rest kept (they are given their new places after). ``shape``:
        each line's depth and whether it holds others. False when the change is another."""
        old = [(self._depth(node), node.allow_expand) for node in shown]
        fewer = len(old) - len(shape)
        if abs(fewer) != 1:
            return False
        longer, shorter = (old, shape) if fewer == 1 else (shape, old)
        at = next(
            (
                i
                for i, (a, b) in enumerate(zip(shorter, longer[: len(shorter)], strict=True))
                if a != b
            ),
            len(shorter),
        )
        alone = at + 1 == len(longer) or longer[at + 1][0] <= longer[at][0]
        if not alone or longer[:at] + longer[at + 1 :] != shorter:
            return False
        level = longer[at][0]
        up = next(i for i in range(at - 1, -1, -1) if longer[i][0] == level - 1)
        # The lines from the record's elder sibling on change (it may become, or stop being,
        # the last of its list: its guides turn); from its holder's, when it has none.
        elder = [i for i in range(up + 1, at) if longer[i][0] == level]
        self._changed_from = elder[-1] if elder else up
        if fewer == 1:
            shown[at].remove()
            return True
        holds = shape[at][1]
        before = sum(1 for i in range(up + 1, at) if shape[i][0] == level)
        parent = shown[up]
        where = order[at]
        index = before if before < len(parent.children) else None
        if holds:
            parent.add(labels[where], data=where, before=index, expand=True)
        else:
            parent.add_leaf(labels[where], data=where, before=index)
        return True

    @staticmethod
    def _depth(node: TreeNode[str]) -> int:
        depth, up = 0, node.parent
        while up is not None:
            depth, up = depth + 1, up.parent
        return depth

    def _invalidate(self) -> None:
        # Textual's forgets every line drawn and asks for a layout of the screen whenever
        # lines come or go. The tree's size is the screen's to set (SteadyScroll keeps its
        # scrollbar right); after a record added or removed (``_reshaped``), the lines above
        # the first that changed keep their drawing.
        first, self._changed_from = self._changed_from, None
        if first is None:
            self._clear_line_cache()
            self._updates += 1
            self.root._reset()
            self.refresh()
            return
        self._tree_lines_cached = None
        self._forget_lines(lambda line: line >= first)
        top = max(0, first - self.scroll_offset.y)
        self.refresh(Region(0, top, self.size.width, self.size.height))

    def _forget_lines(self, which: Callable[[int], bool]) -> None:
        """Drop the cached drawing of the lines ``which`` picks (Textual keys it by line)."""
        for key in [k for k in self._line_cache.keys() if isinstance(k[0], int) and which(k[0])]:
            self._line_cache.discard(key)

    def _relabel(self, node: TreeNode[str], label: Text) -> None:
        """Set ``node``'s label and draw its own line again. ``TreeNode.set_label`` draws
        every line under the node too (their guides follow it), and so would a change to
        the node's count of updates (every line under it is cached by it): a point on the
        army's line would redraw the whole tree on every edit."""
        node._label = self.process_label(label)
        line = node.line
        if line >= 0:
            self._forget_lines(lambda y: y == line)
            self._refresh_line(line)

    def _holder_of(self, where: str) -> str:
        """The shown record holding ``where`` (a ward's leader is on his ward's line)."""
        up = schema.parent_of(where)
        while not edits.shown(up):
            up = schema.parent_of(up)
        return up

    def _all(self) -> list[TreeNode[str]]:
        """Every node, in the order shown (all are expanded)."""
        out: list[TreeNode[str]] = []
        stack = [self.root]
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed(node.children))
        return out

    def _label(
        self,
        ruleset: Ruleset,
        army: ArmyRecord,
        where: str,
        role: str,
        lines: dict[str, Line],
        totals: dict[str, float | None],
        flagged: dict[str, str],
    ) -> Text:
        label = Text()
        line = lines.get(where)
        if role == "group":
            if totals.get(where) is not None or (totals and where not in totals):
                # The group's records' points, added up, where a unit's would be.
                label.append(f"{_points(totals.get(where) or 0):>3} ", "bold")
            label.append(ruleset.title_of(army, where), "bold")
        elif line is not None:
            if line.points is not None:
                label.append(f"{_points(line.points):>3} ", "bold")
            label.append(line.title)
        else:
            label.append(ruleset.title_of(army, where), "bold" if where == ARMY else "")
        level = flagged.get(where)
        if level == "error":
            label.append(" ✖", f"bold {self._colours.error}")
        elif level == "warning":
            label.append(" ▲", f"bold {self._colours.warning}")
        return label

    def _room(self, node: TreeNode[str]) -> int:
        """The cells a node's label has beside its guides."""
        depth = 0
        up = node.parent
        while up is not None:
            depth, up = depth + 1, up.parent
        return self.scrollable_content_region.width - depth * self.guide_depth - 1

    def render_lines(self, crop: Region) -> list[Strip]:
        self._style = self.rich_style  # once a frame: it walks up the screen's widgets
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        # Textual's, with the tree's style found once a frame rather than once a line.
        scroll_x, scroll_y = self.scroll_offset
        return self._render_line(y + scroll_y, scroll_x, scroll_x + self.size.width, self._style)

    def render_label(self, node: TreeNode[str], base_style: Style, style: Style) -> Text:
        # Long names end in an ellipsis at a word, not cut wherever the pane ends.
        return fit(super().render_label(node, base_style, style), self._room(node))

    def get_label_width(self, node: TreeNode[str]) -> int:
        """The cells :meth:`render_label` takes, measured without drawing it (Textual
        measures every line this way each time the tree changes shape): a label longer than
        its room is cut to fit, so it takes its room at most."""
        icon = ""
        if node.allow_expand:
            icon = self.ICON_NODE_EXPANDED if node.is_expanded else self.ICON_NODE
        label = node.label
        width = cell_len(icon) + (label.cell_len if isinstance(label, Text) else cell_len(label))
        return min(width, self._room(node))

    def action_edit_here(self) -> None:
        node = self.cursor_node
        if node is not None and node.data is not None:
            self.post_message(self.EditRequested(node.data))

    def find(self, place: str) -> TreeNode[str] | None:
        """The node showing ``place``, if any."""
        return next((n for n in self._all() if n.data == place), None)
