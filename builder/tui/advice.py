"""Findings in the builder's words: advice in army-file keys becomes the key to press.

The ruleset says what is wrong and, as data, what would put it right (``Finding.fix``): a key
to set on the record the finding names or on one record of a role, records to add under a
child key (or the record to remove), or records of a role to add, remove or move. Here that is
matched to what does it: one of the ruleset's quick keys that declares the key, the record form
of the place that offers it, or the add, remove and move keys, all read from the action tables
in the ruleset's nouns. Advice in army-file keys is replaced; advice in plain words (amounts
of points) is kept, the keys after it. No rule is decided here, and no key retyped.
"""

from __future__ import annotations

from builder.core import schema
from builder.core.base import Finding, Fix, Ruleset
from builder.core.schema import Child, Table
from builder.tui import edits
from builder.tui.actions import key_of, noun_of_role, ruleset_actions


def _press(ruleset: Ruleset, action: str) -> str:
    """``w (Add ward)``: the action's first key and its title in the ruleset's words."""
    found = next(a for a in ruleset_actions(ruleset) if a.action == action)
    return f"{key_of(action)} ({found.title})"


def _of_role(table: Table, role: str) -> tuple[Table, Child] | None:
    """The first records of ``role`` under ``table``: the table holding them, and them."""
    for child in table.children:
        if child.role == role:
            return table, child
        found = _of_role(child.table, role)
        if found is not None:
            return found
    return None


def _table_of_role(table: Table, role: str) -> Table | None:
    """The first table of ``role`` under ``table`` (a group's leader, folded or not)."""
    found = _of_role(table, role)
    return None if found is None else found[1].table


def _records(ruleset: Ruleset, fix: Fix) -> str | None:
    """Adding, removing or moving records of ``fix.role``, wherever they are."""
    found = _of_role(ruleset.schema, fix.role) if fix.role else None
    if found is None:
        return None
    holder, child = found
    noun = child.table.noun
    if fix.verb == "remove":
        return f"select a {noun} and press {key_of('remove')} to remove it"
    if fix.verb == "move":
        return f"select a {noun} and press {key_of('move')} to move it to another {holder.noun}"
    if child.role == "group" and holder is ruleset.schema:
        return f"press {_press(ruleset, 'add_group')} to add one"
    how = f"press {key_of('add')} (Add {noun})"
    return how if holder is ruleset.schema else f"select a {holder.noun} and {how}"


def _owner(where: str) -> str | None:
    """The record a place names (``groups[1].leader`` is in ``groups[1]``); None if not one."""
    try:
        steps = schema.parse(where)
    except ValueError:
        return None
    last = max((i for i, s in enumerate(steps) if s.index is not None), default=-1)
    return schema.place(*steps[: last + 1])


def _in_form(table: Table, key: str) -> bool:
    """Whether the record form of ``table`` offers ``key`` (a photo's path is typed in the
    file, not in a form)."""
    return any(f.key == key and not f.path for f in table.fields)


def _set(ruleset: Ruleset, fix: Fix, where: str) -> str | None:
    table = ruleset.schema
    for quick in ruleset.quick_actions:
        if fix.key in quick.keys:
            return (
                f"select the {noun_of_role(table, quick.role) or 'record'} and press "
                f"{quick.key} ({quick.title})"
            )
    edit = key_of("edit")
    if fix.role is not None:
        holder = _table_of_role(table, fix.role)
        if holder is None or not _in_form(holder, fix.key):
            return None
        return f"select a {holder.noun} and press {edit} to edit it"
    owner = _owner(where)
    if owner is None:
        return None
    record = schema.table_at(table, edits.edit_target(table, owner))
    if not _in_form(record, fix.key):
        return None
    if owner == edits.ARMY:
        return f"press {key_of('settings')} to change the army settings"
    return f"select the {record.noun} and press {edit} to edit it"


def _add(ruleset: Ruleset, fix: Fix, where: str) -> str | None:
    owner = _owner(where)
    if owner is None:
        return None
    table = schema.table_at(ruleset.schema, owner)
    try:
        child = table.child(fix.key)
    except KeyError:
        return None
    if child.role == "group" and owner == edits.ARMY:
        how = f"press {_press(ruleset, 'add_group')} to add one"
    else:
        how = f"press {key_of('add')} (Add {child.table.noun}) to add one"
        if owner != edits.ARMY:
            how = f"select the {table.noun} and {how}"
    if fix.or_remove and owner != edits.ARMY:
        how += f", or {key_of('remove')} to remove the {table.noun}"
    return how


def _how(ruleset: Ruleset, fix: Fix, where: str) -> str | None:
    """What to do in the builder to put ``fix`` right at ``where``; None if it has no way."""
    if not fix.key:
        return _records(ruleset, fix)
    return _add(ruleset, fix, where) if fix.verb == "add" else _set(ruleset, fix, where)


def builder_message(finding: Finding, ruleset: Ruleset) -> str:
    """The finding as the builder shows it: the problem, then what to press (after the
    ruleset's own advice, where that is in plain words)."""
    if finding.fix is None:
        return finding.message
    how = _how(ruleset, finding.fix, finding.where)
    if how is None:
        return finding.message
    return f"{finding.message}; {how}" if finding.fix.keep else f"{finding.fix.problem}: {how}"


def form_message(finding: Finding, ruleset: Ruleset, table: Table) -> str:
    """The finding as the form of a record of ``table`` shows it (a finding about that
    record): a key of this form to change is named by its label ("change Count here"), with
    the tree's quick key that does it too; anything else as :func:`builder_message` says
    it."""
    fix = finding.fix
    field = next((f for f in table.fields if fix is not None and f.key == fix.key), None)
    if fix is None or fix.verb != "set" or fix.role is not None or field is None or field.path:
        return builder_message(finding, ruleset)
    how = f"change {field.label or field.key} here"
    for quick in ruleset.quick_actions:
        if fix.key in quick.keys:
            how += f", or keep it and press {quick.key} ({quick.title}) on the tree"
    return f"{finding.message}; {how}" if fix.keep else f"{fix.problem}: {how}"
