"""Findings in the builder's words: advice in army-file keys becomes the key to press.

The ruleset says what is wrong and, as data, which army-file key would put it right
(``Finding.fix``). Here that key is matched to the builder action that changes it, and the
action's key is read from the action table: no rule is decided here, and no key retyped.
"""

from __future__ import annotations

from builder.rules.base import Finding, Ruleset
from builder.tui.actions import key_of

#: The army's own keys, changed in Army settings.
SETTINGS_KEYS = ("name", "side", "english", "points")


def _how(key: str, ruleset: Ruleset) -> str | None:
    """What to do in the builder to change ``key``; None if the builder has no way."""
    if key == "command_class":
        return f"select the leader and press {key_of('cycle_class')} to set the class"
    if key == "c_in_c":
        return f"select the leader you want as C-in-C and press {key_of('make_c_in_c')}"
    if key in ruleset.unit_schema:
        return f"select the unit and press {key_of('edit')} to change its options"
    if key in ruleset.leader_schema:
        return f"select the leader and press {key_of('edit')} to edit him"
    if key in SETTINGS_KEYS:
        return f"press {key_of('settings')} to change the army settings"
    return None


def builder_message(finding: Finding, ruleset: Ruleset) -> str:
    """The finding as the builder shows it: the problem, then what to press."""
    how = _how(finding.fix.key, ruleset) if finding.fix is not None else None
    if finding.fix is None or how is None:
        return finding.message
    return f"{finding.fix.problem}: {how}"
