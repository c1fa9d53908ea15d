"""Billhooks' crib sheet as data: its words (``templates/billhooks/crib-sheet.toml``) with the
look-up tables and the numbers its prose quotes, all read from the catalogue and written by
:mod:`.shown`. The template only arranges them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from builder.core.printables import Document, crib_document, without_house_rules
from builder.resources import crib_words, situations_words

from . import RULESET
from . import rules as cat
from .model import Army, Leader, Unit
from .profile import (
    MELEE_FIRST_HIT,
    MELEE_LATER_HIT,
    leader_profile,
    per_figure_text,
    profile,
    reaction_text,
)
from .rules import COMMAND_CLASSES
from .shown import inches, score

TITLE = "Never Mind the Billhooks"


def _fill(value: Any, numbers: dict[str, object]) -> Any:
    """Put the catalogue's numbers into the crib sheet's {placeholders}."""
    if isinstance(value, str):
        return value.format_map(numbers)
    if isinstance(value, list):
        return [_fill(v, numbers) for v in value]
    if isinstance(value, dict):
        return {k: _fill(v, numbers) for k, v in value.items()}
    return value


def crib_content() -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The crib sheet's words (``templates/crib-sheet.toml``) with the catalogue's numbers in
    them, and its look-up tables built from the catalogue."""
    words = crib_words(RULESET.folders)
    tables, numbers = _crib_tables(words["labels"])
    for section in words["sections"]:
        for part in section["parts"]:
            # Two-column rows the ruleset writes (what each troop does when attacked, the
            # morale dice), printed like the rows the words file holds.
            if "rows_from" in part:
                part["rows"] = tables[part.pop("rows_from")]["rows"]
    return _fill(words, numbers), tables


def _move_rows(labels: dict[str, Any]) -> list[list[str]]:
    """Good and bad going: a row per kind of company or band, or per troop that moves apart,
    then pavises and leaders."""

    def going(value: int | None) -> str:
        return labels["no_bad_going"] if value is None else inches(value)

    rows: list[list[str]] = []
    seen: set[str] = set()
    for troop in cat.TROOPS.values():
        who = {cat.COMPANY: labels["companies"], cat.BAND: labels["bands"]}.get(
            troop.kind, troop.name
        )
        if who not in seen:
            seen.add(who)
            rows.append([who, going(troop.move_good), going(troop.move_bad)])
    rows.append([labels["pavises"], going(cat.PAVISE_MOVE), going(cat.PAVISE_MOVE)])
    # The rules give leaders one rate and say nothing of bad going for them.
    for key, mounted in (("leader_foot", False), ("leader_horse", True)):
        rows.append([labels[key], going(cat.LEADER_MOVE[mounted]), labels["unstated"]])
    return rows


def _shoot_rows(labels: dict[str, Any]) -> list[list[str]]:
    """One row per range; bands sharing the usual skirmish ranges share a row, the odd ones
    out (kern) get their own."""
    rows: list[list[str]] = []
    band_ranges = None
    for troop in cat.TROOPS.values():
        if not troop.ranges:
            continue
        title = troop.name
        if troop.kind == cat.BAND:
            if band_ranges is None:
                band_ranges, title = troop.ranges, labels["bands"]
            elif troop.ranges == band_ranges:
                continue
        for i, rng in enumerate(troop.ranges):
            label = title if len(troop.ranges) == 1 else f"{title}, {rng.name}"
            shots = str(troop.shots_per_turn) if i == 0 else ""
            rows.append([label, rng.text, score(rng.hit_on), shots])
    return rows


def _dice_rows() -> list[list[str]]:
    """Melee dice per figure, the figures that roll alike on one row."""
    by_dice: dict[float, list[str]] = {}
    for troop in cat.TROOPS.values():
        by_dice.setdefault(troop.melee_dice, []).append(troop.figure)
    return [
        [", ".join(dict.fromkeys(figures)).capitalize(), per_figure_text(per)]
        for per, figures in sorted(by_dice.items(), reverse=True)
    ]


def _class_rows() -> list[list[str]]:
    """A row per command class: its die faces, tokens, wounds and extra melee hits."""
    faces: dict[int, list[int]] = {}
    for die, cls in cat.CLASS_FOR_DIE.items():
        faces.setdefault(cls, []).append(die)
    rows = []
    for cls in sorted(faces, reverse=True):
        dice = faces[cls]
        face = str(dice[0]) if len(dice) == 1 else f"{dice[0]}-{dice[-1]}"
        # Tokens, wounds and extra melee hits as the ruleset gives them for a leader of cls.
        lp = leader_profile(Army("billhooks", ""), Leader("", command_class=cls))
        rows.append(
            [
                face,
                f"{COMMAND_CLASSES[cls]} ({cls})",
                str(lp.order_tokens),
                str(lp.wounds),
                str(lp.melee_hits),
            ]
        )
    return rows


def _reaction_rows(labels: dict[str, Any]) -> list[list[str]]:
    """Troops that react alike share a row; a kind whose troops all do is named as the kind."""
    reacting: dict[str, list[Any]] = {}
    for troop in cat.TROOPS.values():
        reacting.setdefault(reaction_text(troop.key), []).append(troop)
    per_kind = Counter(t.kind for t in cat.TROOPS.values())
    rows = []
    for text, troops in reacting.items():
        kind = troops[0].kind
        whole_kind = all(t.kind == kind for t in troops) and len(troops) == per_kind[kind] > 1
        who = labels["kinds"][kind] if whole_kind else ", ".join(t.name for t in troops)
        rows.append([who, text])
    rows.append([labels["combined"], cat.COMBINED_REACTION])
    return rows


def _prose_numbers() -> dict[str, object]:
    """The numbers the crib sheet's prose quotes, the saves as the ruleset gives them for a
    band behind pavises and for the troops crossbows pierce."""
    pavised = profile(Unit(cat.PAVISE_TROOPS[0], pavises=True)).saves[0].shooting
    pierced_troop = next(t for t in cat.TROOPS.values() if t.armour in cat.PIERCED_ARMOUR)
    pierced = profile(Unit(pierced_troop.key)).saves[0].pierced
    assert pierced is not None, "men-at-arms are pierced by crossbows and handguns"
    return {
        "arrows": cat.ARROW_SUPPLY,
        "disarray_max": cat.DISARRAY_MAX,
        "daunted_max": cat.DAUNTED_MAX,
        "command_range": cat.COMMAND_RANGE,
        "melee_first": score(MELEE_FIRST_HIT),
        "melee_later": score(MELEE_LATER_HIT),
        "charge": cat.CHARGE,
        "knight_charges": cat.KNIGHT_CHARGES,
        "pursuit": cat.PURSUIT,
        "no_rerolls": cat.NO_REROLLS,
        "pavise_save": score(pavised),
        "pierced_save": score(pierced),
    }


def _crib_tables(labels: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], dict[str, object]]:
    """The crib sheet's look-up tables and prose numbers, all read from the catalogue."""
    save_rows = [[a.name, score(a.save_shooting), score(a.save_melee)] for a in cat.ARMOUR.values()]
    morale_rows = [[labels["kinds"][kind], dice] for kind, dice in cat.MORALE_DICE.items()]
    tables = {
        "reactions": {"rows": _reaction_rows(labels)},
        "morale": {"rows": morale_rows},
        "movement": {"rows": _move_rows(labels)},
        "shooting": {"rows": _shoot_rows(labels)},
        "saves": {"rows": save_rows},
        "melee_dice": {"rows": _dice_rows()},
        "command": {"rows": _class_rows()},
    }
    return tables, _prose_numbers()


def crib_sheet(house_rules_off: frozenset[str] = frozenset()) -> Document:
    """``crib-sheet.pdf``: the rules a player looks up at the table, on two sides of paper, in
    the project's own words, without what an event's house rules turned off."""
    words, tables = crib_content()
    situations = _fill(situations_words(RULESET.folders), _crib_tables(words["labels"])[1])
    return crib_document(
        TITLE,
        without_house_rules(words, house_rules_off),
        tables,
        without_house_rules(situations, house_rules_off),
    )
