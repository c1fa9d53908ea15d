"""Every action of the builder, once: its keys, its name, what it does, where it lives.

The bindings, the footer, the command palette and the help screen are all made from this
table, so they never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from textual.binding import Binding, BindingType

from builder.core.base import Ruleset
from builder.core.schema import Table


@dataclass(frozen=True)
class Action:
    """One action: its keys, its name and words, where it lives and whether the footer shows it."""

    #: Comma-separated Textual key names, the first shown.
    keys: str
    #: Action name (``action_<name>`` on the app or the army screen).
    action: str
    title: str
    help: str
    #: "app": anywhere; "army": on the army screen; "print": on the Print screen.
    scope: Literal["app", "army", "print"]
    #: Shown in the footer (the rest are in the palette and the help screen).
    footer: bool = False
    group: str = "Edit"
    #: The footer's word for it (the footer is short of room at 80 columns).
    short: str = ""


#: Titles may name the ruleset's records: ``{group}`` is its group's noun ("ward", "battle").
ACTIONS: tuple[Action, ...] = (
    Action(
        "a",
        "add",
        "Add {unit}",
        "Add a {unit} (or whatever the catalogue holds) to the "
        "selected record, or to the one it is in",
        "army",
        footer=True,
    ),
    Action(
        "e",
        "edit",
        "Edit",
        "Edit the selected record in its form (Enter on the tree too)",
        "army",
        footer=True,
    ),
    Action("m", "move", "Move", "Move the selected record to another {group}", "army", footer=True),
    Action(
        "x,delete",
        "remove",
        "Remove",
        "Remove the selected record (a {group}: its records may move to another)",
        "army",
        footer=True,
    ),
    Action(
        "w", "add_group", "Add {group}", "Add a {group} under a new leader", "army", footer=True
    ),
    Action(
        "r",
        "roll",
        "Roll",
        "Roll the army's build-time dice, each die shown",
        "army",
        footer=True,
        group="Dice",
    ),
    Action(
        "s",
        "settings",
        "Army settings",
        "Edit the army itself: its name, side and what else the rules give it",
        "army",
        footer=True,
        short="Settings",
    ),
    Action(
        "f",
        "focus_findings",
        "Findings",
        "Go to the findings panel (Enter jumps to the record a finding concerns)",
        "army",
        group="Move around",
    ),
    Action(
        "t", "focus_tree", "Army tree", "Go to the tree of the army", "army", group="Move around"
    ),
    Action("ctrl+z", "undo", "Undo", "Undo the last edit", "app", footer=True),
    Action("ctrl+y", "redo", "Redo", "Redo the edit just undone", "app"),
    Action(
        "ctrl+s",
        "save",
        "Save",
        "Save the army to its file (asks for one if it has none)",
        "app",
        footer=True,
        group="Files",
    ),
    Action("ctrl+w", "save_as", "Save as", "Save the army to a new file", "app", group="Files"),
    Action("ctrl+o", "open", "Open", "Open another army file", "app", group="Files"),
    Action("ctrl+n", "new", "New army", "Start a new army", "app", group="Files"),
    Action(
        "I",
        "import_list",
        "Import a list",
        "Open a list someone shared (pasted from a post or chat) as a new, unsaved army",
        "app",
        group="Files",
    ),
    Action(
        "M",
        "muster",
        "Mustering",
        "Deal an army from a collection (the Mustering draw)",
        "app",
        group="Screens",
    ),
    Action(
        "p",
        "print",
        "Print",
        "Export the print pack (PDF sheets, a PNG per card or "
        "Tabletop Simulator): rosters, cards, tokens, crib sheet",
        "app",
        group="Screens",
    ),
    # A plain key, not taken first: typed in the Folder or Bleed field it is a letter, and
    # Enter there keeps its own meaning, so nothing exports by accident.
    Action(
        "e",
        "export",
        "Export",
        "Write the print pack into the folder shown, with the settings on the screen",
        "print",
        footer=True,
        group="Print screen",
    ),
    Action(
        "d",
        "toggle_theme",
        "Light/dark",
        "Switch between the light and dark themes",
        "app",
        group="View",
    ),
    Action(
        "question_mark,f1", "help", "Help", "Keys and screens", "app", footer=True, group="View"
    ),
    Action(
        "q,ctrl+q",
        "quit",
        "Quit",
        "Quit (asks first if there are unsaved changes)",
        "app",
        footer=True,
        group="Files",
    ),
)


def worded(action: Action, words: dict[str, str]) -> Action:
    """``action`` with the ruleset's nouns in its title and help ("Add ward")."""
    return replace(
        action,
        title=action.title.format_map(words),
        help=action.help.format_map(words),
        short=action.short.format_map(words),
    )


def bindings(scope: str, actions: tuple[Action, ...] = ACTIONS) -> list[BindingType]:
    """Textual bindings for one scope; keys after the first are not shown in the footer."""
    out: list[BindingType] = []
    for a in actions:
        if a.scope != scope:
            continue
        first, *rest = a.keys.split(",")
        # The army screen's keys are taken as they arrive (priority), not after the tree has
        # seen them: keys typed after one that opens a dialog then reach the dialog ("akern").
        # That screen has no text field to take them from.
        first_hand = a.scope == "army"
        out.append(
            Binding(
                first,
                a.action,
                a.short or a.title,
                show=a.footer,
                priority=first_hand or first.startswith("ctrl"),
            )
        )
        out += [Binding(k, a.action, a.title, show=False, priority=first_hand) for k in rest]
    return out


def key_label(keys: str) -> str:
    """Keys as a person reads them: ``ctrl+s`` is ``Ctrl+S``."""
    names = {"question_mark": "?", "delete": "Delete", "enter": "Enter", "f1": "F1"}
    out = []
    for k in keys.split(","):
        if k in names:
            out.append(names[k])
        elif k.startswith("ctrl+"):
            out.append("Ctrl+" + k[5:].upper())
        else:
            out.append(k)
    return " / ".join(out)


def key_of(action: str) -> str:
    """The first key of ``action`` as a person reads it (``open``: ``Ctrl+O``)."""
    return key_label(next(a.keys for a in ACTIONS if a.action == action).split(",")[0])


def noun_of_role(table: Table, role: str) -> str | None:
    """What the first records of ``role`` under ``table`` are called."""
    for child in table.children:
        if child.role == role:
            return child.table.noun
        found = noun_of_role(child.table, role)
        if found:
            return found
    return None


def nouns(ruleset: Ruleset) -> dict[str, str]:
    """The words action titles take from the ruleset: ``group`` ("ward", "battle") and
    ``unit`` ("unit", "stand")."""
    table = ruleset.schema
    groups = [c for c in table.children if c.role == "group"]
    return {
        "group": groups[0].table.noun if groups else "group",
        "unit": noun_of_role(table, "unit") or "record",
    }


def ruleset_actions(ruleset: Ruleset) -> tuple[Action, ...]:
    """The builder's actions for ``ruleset``: in its words, its own quick keys added, and
    none it has no use for (no "Add group" without groups, no Roll without dice, no Mustering
    without the draw)."""
    words = nouns(ruleset)
    has_groups = any(c.role == "group" for c in ruleset.schema.children)
    out = []
    for a in ACTIONS:
        if (
            a.action == "add_group"
            and not has_groups
            or a.action == "roll"
            and ruleset.roller is None
            or a.action == "muster"
            and ruleset.muster is None
        ):
            continue
        if a.action == "roll" and ruleset.roller is not None:
            a = replace(a, title=ruleset.roller.title, short="Roll")
        out.append(worded(a, words))
    out += [
        Action(
            q.key, f"quick({i})", q.title, q.help, "army", footer=True, group="Rules", short=q.short
        )
        for i, q in enumerate(ruleset.quick_actions)
    ]
    return tuple(out)
