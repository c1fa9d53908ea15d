"""A summary's records under their groups (a ward, a battle): what ``check`` prints and the
share list is built on. Light, as ``check`` imports it.
"""

from __future__ import annotations

from collections.abc import Iterable

from builder.core import schema
from builder.core.base import ArmyRecord, Line, Ruleset

__all__ = ["group_headings", "lines_by_group"]


def group_headings(ruleset: Ruleset, army: ArmyRecord) -> list[tuple[str, str, str]]:
    """Each group record (a ward, a battle) in file order: its place, its label ("Ward 1")
    and its title as the ruleset gives it."""
    return [
        (node.where, f"{node.table.noun.capitalize()} {n + 1}", ruleset.title_of(army, node.where))
        for n, node in enumerate(schema.groups(army, ruleset.schema))
    ]


def lines_by_group(ruleset: Ruleset, lines: Iterable[Line]) -> dict[str, list[Line]]:
    """The summary's record lines under the place of their group ("" for none), in one pass
    (``wards[3].units[1]`` is in ``wards[3]``)."""
    found: dict[str, list[Line]] = {}
    for line in lines:
        found.setdefault(schema.group_of(ruleset.schema, line.where), []).append(line)
    return found
