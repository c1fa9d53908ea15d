"""The help screen: every key, made from the action table, and what each screen is for."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Markdown

from builder.tui.actions import ACTIONS, key_label
from builder.tui.modals.base import Dialog

INTRO = """\
# billhooks: the army builder

The **tree** on the left holds the army: each leader heads his ward, his units under him.
The **detail** pane shows the selected unit's numbers (move, shooting, melee dice, saves,
specials), a leader's class and points, or the army's settings. The **status bar** shows troop
points against the agreed points, leader points, the total, Army Morale tokens, and LEGAL or
how many rules are broken. The **findings** list what the rules forbid (✖) or advise against
(▲); choose one with Enter to jump to the unit or leader it concerns.

Every change is checked at once, and every change can be undone. Move with the arrow keys,
Tab between panes, Enter on the tree edits, Escape closes a dialog. Ctrl+P opens the
command palette with every action.
"""


def help_markdown() -> str:
    groups: dict[str, list[str]] = {}
    for a in ACTIONS:
        key = key_label(a.keys).replace("|", "\\|")
        groups.setdefault(a.group, []).append(f"| `{key}` | {a.title} | {a.help} |")
    parts = [INTRO]
    for group, rows in groups.items():
        parts.append(f"## {group}\n\n| Key | Action | What it does |\n|---|---|---|\n"
                     + "\n".join(rows) + "\n")
    parts.append("## Anywhere\n\n| Key | Action |\n|---|---|\n| `Ctrl+P` | Command palette |\n"
                 "| `Tab` | Next pane |\n| `Escape` | Close a dialog |\n")
    return "\n".join(parts)


class HelpScreen(Dialog[None]):
    """Keys and screens; Escape or the button closes it."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Markdown(help_markdown(), id="help-text")
            yield Button("Close", id="close", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#close", Button).focus()

    @on(Button.Pressed, "#close")
    def _close(self) -> None:
        self.dismiss(None)
