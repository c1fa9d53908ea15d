"""Findings in the builder's words: advice in army-file keys becomes the key to press.

The ruleset says what is wrong and, as data, which army-file key would put it right
(``Finding.fix``). Here that key is matched to what changes it: one of the ruleset's quick keys
that declares it, or the record form of the place the finding names where the form offers that
key; the keys are read from the action tables. No rule is decided here, and no key retyped.
"""

from __future__ import annotations

from builder.rules import schema
from builder.rules.base import Finding, Ruleset
from builder.tui import edits
from builder.tui.actions import key_of, noun_of_role


def _how(ruleset: Ruleset, key: str, where: str) -> str | None:
    """What to do in the builder to change ``key`` at ``where``; None if it has no way."""
    table = ruleset.schema
    for quick in ruleset.quick_actions:
        if key in quick.keys:
            return (f"select the {noun_of_role(table, quick.role) or 'record'} and press "
                    f"{quick.key} ({quick.title})")
    try:
        steps = schema.parse(where)
    except ValueError:
        return None
    last = max((i for i, s in enumerate(steps) if s.index is not None), default=-1)
    owner = schema.place(*steps[:last + 1])
    target = edits.edit_target(table, owner)
    record = schema.table_at(table, target)
    if not any(f.key == key and not f.path for f in record.fields):
        return None  # the form does not offer it (a photo's path is typed in the file)
    if owner == edits.ARMY:
        return f"press {key_of('settings')} to change the army settings"
    return f"select the {record.noun} and press {key_of('edit')} to edit it"


def builder_message(finding: Finding, ruleset: Ruleset) -> str:
    """The finding as the builder shows it: the problem, then what to press."""
    if finding.fix is None:
        return finding.message
    how = _how(ruleset, finding.fix.key, finding.where)
    return finding.message if how is None else f"{finding.fix.problem}: {how}"
