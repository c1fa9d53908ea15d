"""Edits the builder makes to an army, and the places in it a user selects.

Places are the schema's (``groups[1].units[0]``, ``stands[3]``, ``""`` for the army); every
edit works from the ruleset's declared tables, so it serves any rule system. Each edit changes
the army in place and is run through :meth:`Session.apply`, which makes it undoable. None of
them knows a rule: whether the result is legal is for the ruleset's check.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from builder.core import schema
from builder.core.base import Roll
from builder.core.schema import Child, Node, Table

if TYPE_CHECKING:
    from builder.core.base import ArmyRecord, Ruleset

ARMY = ""


def shown(where: str) -> bool:
    """Whether a record gets its own line in the tree: the army and every record of a list.
    A single child table (a ward's leader) is shown on its parent's line."""
    steps = schema.parse(where)
    return not steps or steps[-1].index is not None


def nodes(army: object, table: Table) -> list[Node]:
    """The records the tree shows, in file order."""
    return [n for n in schema.walk(army, table) if shown(n.where)]


def folded(table: Table) -> Child | None:
    """The single child a table with no fields of its own is edited through (a ward through
    its leader), if it has one."""
    singles = [c for c in table.children if not c.many]
    return singles[0] if not table.fields and len(singles) == 1 else None


def edit_target(table: Table, where: str) -> str:
    """The record the form edits for the tree line at ``where``."""
    child = folded(schema.table_at(table, where))
    return schema.join(where, child.key) if child else where


def role_at(table: Table, where: str) -> str:
    """The role of the record at ``where`` ("army" for the army)."""
    steps = schema.parse(where)
    if not steps:
        return "army"
    parent = schema.table_at(table, schema.place(*steps[:-1]))
    return parent.child(steps[-1].key).role


def place_of(table: Table, army: object, where: str) -> str:
    """The tree line a finding's ``where`` points at: ``groups[1].units[0]`` is that unit,
    ``groups[1].leader`` is his group's line, ``points`` (a key of the army) the army."""
    steps = schema.parse(where) if _is_place(where) else ()
    while steps and not (shown(schema.place(*steps)) and schema.exists(army, schema.place(*steps))):
        steps = steps[:-1]
    return schema.place(*steps)


def _is_place(where: str) -> bool:
    try:
        schema.parse(where)
    except ValueError:
        return False
    return True


def nearest(army: object, where: str) -> str:
    """``where`` if it still exists, else the record before it, else its parent."""
    steps = list(schema.parse(where))
    while steps:
        here = schema.place(*steps)
        if schema.exists(army, here) and shown(here):
            return here
        last = steps[-1]
        if last.index:
            steps[-1] = schema.Step(last.key, last.index - 1)
        else:
            steps.pop()
    return ARMY


def holder_of(table: Table, army: object, where: str, key: str) -> str | None:
    """The record at or above ``where`` that holds a ``key`` list (the ward a unit joins)."""
    steps = schema.parse(where)
    for n in range(len(steps), -1, -1):
        here = schema.place(*steps[:n])
        if key in schema.table_at(table, here).keys:
            return here
    return None


def holders(table: Table, army: object, key: str) -> list[str]:
    """Every record that holds a ``key`` list, in file order."""
    return [
        n.where
        for n in schema.walk(army, table)
        if any(c.key == key and c.many for c in n.table.children)
    ]


def blank(table: Table, number: int = 1) -> object:
    """A new record of ``table``: its defaults, a placeholder for each required text ("Leader
    2"), the field's starting choice or else the first allowed value of each required choice
    (never a placeholder the ruleset would refuse), and each required single child made the
    same way (a new ward's leader)."""
    values: dict[str, object] = {}
    for field in table.fields:
        if field.required and field.choices:
            values[field.key] = field.start or field.choices[0]
        elif field.required and field.type == "str":
            values[field.key] = f"{table.noun.capitalize()} {number}"
        elif field.required and field.type == "int":
            values[field.key] = field.min or 0
    for child in table.children:
        if child.required and not child.many:
            values[child.key] = blank(child.table, number)
    return table.record(**values)


def new_record(
    ruleset: Ruleset, army: ArmyRecord, parent: str, key: str, number: int = 1
) -> object:
    """A blank record for the ``key`` list of ``parent``, each of its open choices (a required
    choice, a yes/no) and its single children's set to the value that leaves the army fewest
    errors, the default on a tie: the first leader of a new army is its C-in-C, the second
    is not."""
    table = schema.table_at(ruleset.schema, parent).child(key).table
    record = blank(table, number)
    parts = [(record, table)] + [
        (getattr(record, c.key), c.table) for c in table.children if c.required and not c.many
    ]

    def errors(holder: object, field: str, value: object) -> int:
        setattr(holder, field, value)
        trial = copy.deepcopy(army)
        add(trial, parent, key, copy.deepcopy(record))
        return len(ruleset.summary(trial).errors)

    for holder, part in parts:
        for field in part.fields:
            if field.type != "bool" and not (field.required and field.choices):
                continue
            current = getattr(holder, field.key)
            values = (True, False) if field.type == "bool" else field.choices or ()
            options = [current, *(v for v in values if v != current)]
            setattr(holder, field.key, min(options, key=lambda v: errors(holder, field.key, v)))
    return record


def follow_rename(table: Table, army: object, where: str, before: object, after: object) -> None:
    """``before`` at ``where`` became ``after``: each field elsewhere that names it by a key
    that changed (a stand's leader, by his name) is changed to match."""
    steps = schema.parse(where)
    if len(steps) != 1:
        return
    for node in schema.walk(army, table):
        for field in node.table.fields:
            listed, _, key = field.refers.partition(".")
            if listed != steps[0].key or getattr(before, key) == getattr(after, key):
                continue
            if getattr(node.record, field.key) == getattr(before, key):
                schema.set_value(army, node.where, field.key, getattr(after, key))


def add(army: object, parent: str, key: str, record: object) -> str:
    return schema.append(army, parent, key, record)


def move(army: object, where: str, to_parent: str) -> str:
    """Move a record to the end of the same list in another parent; its new place."""
    key = schema.parse(where)[-1].key
    return schema.append(army, to_parent, key, schema.remove(army, where))


def move_children(army: object, table: Table, where: str, to: str) -> None:
    """Move every record of ``where``'s lists to the same lists of ``to`` (a removed ward's
    units to another ward)."""
    record = schema.get(army, where)
    for child in schema.table_at(table, where).children:
        if child.many:
            items = getattr(record, child.key)
            getattr(schema.get(army, to), child.key).extend(items)
            items.clear()


def children_count(army: object, table: Table, where: str) -> int:
    record = schema.get(army, where)
    return sum(
        len(getattr(record, c.key)) for c in schema.table_at(table, where).children if c.many
    )


def apply_roll(army: object, roll: Roll) -> None:
    """Set what ``roll`` rolled, at its places."""
    for setting in roll.settings:
        schema.set_value(army, setting.where, setting.key, setting.value)
