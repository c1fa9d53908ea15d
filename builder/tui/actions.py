"""Every action of the builder, once: its keys, its name, what it does, where it lives.

The bindings, the footer, the command palette and the help screen are all made from this
table, so they never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from textual.binding import Binding, BindingType


@dataclass(frozen=True)
class Action:
    #: Comma-separated Textual key names, the first shown.
    keys: str
    #: Action name (``action_<name>`` on the app or the army screen).
    action: str
    title: str
    help: str
    #: "app": anywhere; "army": on the army screen.
    scope: Literal["app", "army"]
    #: Shown in the footer (the rest are in the palette and the help screen).
    footer: bool = False
    group: str = "Edit"
    #: The footer's word for it (the footer is short of room at 80 columns).
    short: str = ""


ACTIONS: tuple[Action, ...] = (
    Action("a", "add_unit", "Add unit", "Add a unit from the catalogue to the selected ward",
           "army", footer=True, short="Add"),
    Action("e", "edit", "Edit", "Edit the selected unit's options, the leader, or the "
           "army's settings", "army", footer=True),
    Action("m", "move_unit", "Move unit", "Move the selected unit to another ward", "army",
           footer=True, short="Move"),
    Action("x,delete", "remove", "Remove", "Remove the selected unit, or the selected leader "
           "and his ward", "army"),
    Action("w", "add_ward", "Add ward", "Add a ward under a new leader", "army"),
    Action("c", "make_c_in_c", "Make C-in-C", "Make the selected leader the Commander-in-Chief",
           "army"),
    Action("k", "cycle_class", "Set class", "Set the selected leader's command class by hand "
           "(Dolt, Commander, Hero in turn)", "army"),
    Action("r", "roll", "Roll classes", "Roll every leader's command class, each die shown",
           "army", footer=True, group="Leaders", short="Roll"),
    Action("s", "settings", "Army settings", "Name, side, agreed points, English army",
           "army"),
    Action("f", "focus_findings", "Findings", "Go to the findings panel (Enter jumps to the "
           "unit or leader a finding concerns)", "army", group="Move around"),
    Action("t", "focus_tree", "Wards", "Go to the tree of wards", "army", group="Move around"),
    Action("ctrl+z", "undo", "Undo", "Undo the last edit", "app", footer=True),
    Action("ctrl+y", "redo", "Redo", "Redo the edit just undone", "app"),
    Action("ctrl+s", "save", "Save", "Save the army to its file (asks for one if it has none)",
           "app", footer=True, group="Files"),
    Action("ctrl+w", "save_as", "Save as", "Save the army to a new file", "app",
           group="Files"),
    Action("ctrl+o", "open", "Open", "Open another army file", "app", group="Files"),
    Action("ctrl+n", "new", "New army", "Start a new army", "app", group="Files"),
    Action("M", "muster", "Mustering", "Deal an army from a collection (the Mustering draw)",
           "app", group="Screens"),
    Action("p", "print", "Print", "Print the army: rosters, cards, tokens, crib sheet",
           "app", group="Screens"),
    Action("d", "toggle_theme", "Light/dark", "Switch between the light and dark themes",
           "app", group="View"),
    Action("question_mark,f1", "help", "Help", "Keys and screens", "app", footer=True,
           group="View"),
    Action("q,ctrl+q", "quit", "Quit", "Quit (asks first if there are unsaved changes)", "app",
           footer=True, group="Files"),
)


def bindings(scope: str) -> list[BindingType]:
    """Textual bindings for one scope; keys after the first are not shown in the footer."""
    out: list[BindingType] = []
    for a in ACTIONS:
        if a.scope != scope:
            continue
        first, *rest = a.keys.split(",")
        out.append(Binding(first, a.action, a.short or a.title, show=a.footer,
                           priority=first.startswith("ctrl")))
        out += [Binding(k, a.action, a.title, show=False) for k in rest]
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
    """The first key of ``action`` as a person reads it (``make_c_in_c``: ``c``)."""
    return key_label(next(a.keys for a in ACTIONS if a.action == action).split(",")[0])
