"""Findings in the builder's words: advice in army-file keys becomes the key to press.

The ruleset says what is wrong and, as data, which army-file key would put it right
(``Finding.fix``). Here that key, on the place the finding names, is matched to the builder
action that changes it, and the action's key is read from the action table: no rule is
decided here, and no key retyped.
"""

from __future__ import annotations

from builder.rules.base import Finding
from builder.tui.actions import key_of
from builder.tui.edits import place_of

#: The army-file keys each dialog edits (a fix naming any other key keeps the file's words).
UNIT_KEYS = frozenset({"quality", "formation", "rear", "stakes", "pavises", "defences", "arms",
                       "label", "nationality"})
LEADER_KEYS = frozenset({"name", "rank", "mounted"})
SETTINGS_KEYS = frozenset({"name", "side", "english", "points"})


def _how(key: str, where: str) -> str | None:
    """What to do in the builder to change ``key`` at ``where``; None if it has no way."""
    place = place_of(where)
    if key == "command_class":
        return f"select the leader and press {key_of('cycle_class')} to set the class"
    if key == "c_in_c":
        return f"select the leader you want as C-in-C and press {key_of('make_c_in_c')}"
    if place.unit is not None and key in UNIT_KEYS:
        return f"select the unit and press {key_of('edit')} to change its options"
    if place.ward is not None and place.unit is None and key in LEADER_KEYS:
        return f"select the leader and press {key_of('edit')} to edit him"
    if place.ward is None and key in SETTINGS_KEYS:
        return f"press {key_of('settings')} to change the army settings"
    return None


def builder_message(finding: Finding) -> str:
    """The finding as the builder shows it: the problem, then what to press."""
    if finding.fix is None:
        return finding.message
    how = _how(finding.fix.key, finding.where)
    return finding.message if how is None else f"{finding.fix.problem}: {how}"
