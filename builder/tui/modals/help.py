"""The help screen: every key, made from the action table, and what each screen is for."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Static

from builder.tui.actions import ACTIONS, Action, key_label, ruleset_actions
from builder.tui.modals.base import Dialog
from builder.tui.screens.base import builder_of

INTRO = (
    "The tree on the left holds the army as its rule system shapes it (a group, "
    "such as a ward or a battle, headed by its leader, his units under him, the group's points "
    "on its line). The detail "
    "pane shows what the selected record shows a player; the status bar the army's numbers, "
    "each labelled, and LEGAL or how many rules are broken. The findings list what the rules "
    "forbid (✖) or advise against (▲) and what to press to put it right: choose one with Enter "
    "to jump to the record it concerns.\n\n"
    "Every change is checked at once and can be undone. Arrow keys move, Tab goes to the "
    "next pane, Enter on the tree opens the record's form (Enter on its last field or Ctrl+S "
    "keeps it), Escape closes a dialog or goes back, Ctrl+P opens the command palette with "
    "every action and its key."
)

SCREENS = (
    (
        "muster",
        "Mustering (M)",
        "Pick a collection file, agreed troops, leaders, a seed "
        "(blank: random) and one side or both; the deal plays out card by card with the running "
        "total, then Edit opens a dealt army here.",
    ),
    (
        "print",
        "Print (p)",
        "Paper, card size, bleed, gutters or gutter-fold sheets, the ink "
        "saver, the format (PDF sheets, a PNG per card, Tabletop Simulator) and which files, "
        "each listed with what it holds; Export (e, or its button) writes them in the "
        "background with a progress bar and lists where they went.",
    ),
)


#: The help screen's group of each screen's own keys, put first when help is asked for there.
SCREEN_GROUPS = {"print": "Print screen"}


def _keys_table(group: str, rows: list[tuple[str, str, str]]) -> Table:
    table = Table(
        title=group,
        title_justify="left",
        title_style="bold",
        box=None,
        padding=(0, 2, 0, 0),
        show_header=False,
        expand=True,
    )
    table.add_column(style="bold", no_wrap=True, min_width=14)
    table.add_column(no_wrap=True, min_width=14)
    table.add_column(ratio=1)
    for row in rows:
        table.add_row(*row)
    return table


def help_renderable(actions: tuple[Action, ...] = ACTIONS, first: str = "") -> RenderableType:
    """The help text: the introduction, then a table of keys per group (``actions``: the
    ruleset's, in its words). ``first``: the screen help was asked for on ("print"), whose
    own keys and purpose come before everything else."""
    groups: dict[str, list[tuple[str, str, str]]] = {}
    for a in actions:
        groups.setdefault(a.group, []).append((key_label(a.keys), a.title, a.help))
    groups["Anywhere"] = [
        ("Ctrl+P", "Palette", "Every action, searchable"),
        ("Tab", "Next pane", "Tree, findings, dialog fields"),
        ("Escape", "Back", "Close a dialog or leave a screen"),
    ]
    parts: list[RenderableType] = []
    own = SCREEN_GROUPS.get(first)
    if own is not None:
        what = next(text for action, _, text in SCREENS if action == first)
        parts += [
            _keys_table(own, groups.pop(own, [])),
            Text(what),
            Text(),
        ]
    parts += [Text("billhooks: the army builder", "bold"), Text(), Text(INTRO), Text()]
    for group, rows in groups.items():
        parts += [_keys_table(group, rows), Text()]
    screens = Table(
        title="Screens",
        title_justify="left",
        title_style="bold",
        box=None,
        padding=(0, 2, 0, 0),
        show_header=False,
        expand=True,
    )
    screens.add_column(style="bold", no_wrap=True, min_width=14)
    screens.add_column(ratio=1)
    present = {a.action for a in actions}
    for action, name, what in SCREENS:
        if action in present:  # no Mustering line for a system without the draw
            screens.add_row(name, what)
    parts.append(screens)
    return Group(*parts)


class HelpScreen(Dialog[None]):
    """Keys and screens; Escape or the button closes it."""

    def __init__(self, first: str = "") -> None:
        """``first``: the screen help was asked for on, its own keys put first."""
        super().__init__()
        self.first = first

    def compose(self) -> ComposeResult:
        actions = ruleset_actions(builder_of(self.app).session.ruleset)
        with Vertical(classes="dialog"):
            with VerticalScroll(id="help-scroll"):
                yield Static(help_renderable(actions, self.first), id="help-text")
            yield Button("Close", id="close", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    @on(Button.Pressed, "#close")
    def _close(self) -> None:
        self.dismiss(None)
