"""Billhooks' two documents as data: the roster's context (per army: its wards, leaders and
units with every number a player looks up, tick boxes for the game, a LEGAL stamp or the broken
rules) and the crib sheet's words (``templates/billhooks/crib-sheet.toml``) with the look-up
tables built from the catalogue. The templates only arrange and format.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import builder
from builder.core.base import number
from builder.core.printables import Document, Source
from builder.core.roster import TallyCell, document, frame
from builder.resources import crib_words

from . import rules as cat
from .model import Army, Leader, Unit
from .profile import (
    MELEE_FIRST_HIT,
    MELEE_LATER_HIT,
    kill_table,
    leader_profile,
    per_figure_text,
    profile,
    reaction_text,
)
from .rules import COMMAND_CLASSES
from .views import summary, ward_name

TITLE = "Never Mind the Billhooks"


def _pts(value: float | None) -> str:
    return "–" if value is None else f"{number(value)}"


def _score(hit_on: int) -> str:
    """A dice score as players say it: "5+", or just "6"."""
    return "6" if hit_on >= 6 else f"{hit_on}+"


def _kills(value: float) -> str:
    return "–" if value < 0.05 else f"{value:.1f}"


# --- the roster ------------------------------------------------------------------------------


@dataclass
class ActionRow:
    """One line of a unit's action table: a kind of shot or the first round of melee."""

    action: str
    reach: str
    dice: str
    hit: str
    kills: list[str]


@dataclass
class UnitRow:
    """One unit of the roster's table, every value ready to print."""

    title: str
    label: str
    details: str
    figures: int
    points: str
    move: str
    morale: str
    saves: list[tuple[str, str, str]]
    actions: list[ActionRow]
    specials: list[str]
    casualty_groups: list[int]
    disarray: int
    daunted: int
    arrows: int
    flagged: bool


@dataclass
class WardBlock:
    """A ward: its leader's line and its units."""

    heading: str
    leader: Leader
    class_name: str
    points: str
    move: str
    command_range: str
    wounds: int
    order_tokens: int
    units: list[UnitRow] = field(default_factory=list)


#: Where a heading's word too long for a kill column may break (soft hyphens): set by hand,
#: since WeasyPrint's own hyphenation loads a dictionary and hyphenates every word of the
#: headings, a quarter of the roster's layout time.
HEADING_BREAKS = {"skirmishers": "skir\u00admish\u00aders"}


def _armour_columns() -> list[str]:
    """A heading per armour class, naming the troops players know it by: "Heavy (men-at-arms)"
    is headed "men-at-arms"; a class with no example ("Light horse") keeps its name. A long
    word may break where :data:`HEADING_BREAKS` says."""
    headings = [armour.troops or armour.name.lower() for armour in cat.ARMOUR.values()]
    return [re.sub(r"[a-z]+", lambda m: HEADING_BREAKS.get(m[0], m[0]), h) for h in headings]


def _ranks(count: int) -> list[int]:
    """Tick boxes in groups of a rank: a company stands two ranks deep, so a rank is half of it
    (casualty boxes read off by rank, and a long row of tokens wraps between groups)."""
    rank = cat.KIND_FIGURES[cat.COMPANY] // 2
    return [rank] * (count // rank) + ([count % rank] if count % rank else [])


def _pierced_notes(saves: Sequence[Any]) -> list[str]:
    """The profile's saves against crossbows and handguns, as roster notes."""
    return [
        f"{s.who + ' save' if len(saves) > 1 else 'Saves'} {s.pierced}+ against crossbows"
        " and handguns"
        for s in saves
        if s.pierced is not None
    ]


def _unit_row(unit: Unit, flagged: bool) -> UnitRow:
    prof = profile(unit)
    kills = kill_table(unit)
    armour_keys = list(cat.ARMOUR)

    def kill_cells(row: dict[str, float]) -> list[str]:
        # A class missing from a row is not a target of that action: its cell stays empty.
        return [_kills(row[k]) if k in row else "" for k in armour_keys]

    actions = []
    for i, line in enumerate(prof.shooting):
        name = "Shoot" if line.name == "range" else f"Shoot, {line.name}"
        reach = line.range_text
        if i == 0 and prof.shots_per_turn > 1:
            reach += f", {prof.shots_per_turn} a turn"
        actions.append(
            ActionRow(
                name,
                reach,
                str(line.dice),
                _score(line.hit_on),
                kill_cells(kills[f"shoot {line.name}"]),
            )
        )
        if line.dice_at_skirmishers is not None:
            actions.append(
                ActionRow(
                    f"{name} at bands or guns",
                    "half dice",
                    str(line.dice_at_skirmishers),
                    _score(line.hit_on),
                    kill_cells(kills[f"shoot {line.name} at skirmishers"]),
                )
            )
    later = f"then {prof.melee_later} at {_score(MELEE_LATER_HIT)}"
    if "melee defending" in kills:
        actions.append(
            ActionRow(
                "Melee, attacking",
                later,
                str(prof.melee_first_round),
                _score(MELEE_FIRST_HIT),
                kill_cells(kills["melee"]),
            )
        )
        actions.append(
            ActionRow(
                "Melee, defending",
                later,
                str(prof.melee_defending),
                _score(MELEE_FIRST_HIT),
                kill_cells(kills["melee defending"]),
            )
        )
    elif "melee" in kills:
        actions.append(
            ActionRow(
                "Melee, first round" if prof.can_attack else "Melee, defending",
                later,
                str(prof.melee_first_round),
                _score(MELEE_FIRST_HIT),
                kill_cells(kills["melee"]),
            )
        )
    troop = cat.TROOPS[unit.troop]
    details = [troop.name]
    if troop.is_company:
        details.append((unit.quality or cat.DEFAULT_QUALITY).capitalize())
        details.append(
            {
                "single": "single company",
                "line": "two companies in line",
                "block": "two companies in block",
                "combined": "combined block",
            }.get(unit.formation, unit.formation)
        )
    if unit.nationality:
        details.append(unit.nationality)
    figures = prof.figures
    return UnitRow(
        title=prof.title,
        label=unit.label or "",
        details=" · ".join(details),
        figures=figures,
        points=_pts(prof.points),
        move=prof.move_text,
        morale=prof.morale_dice,
        saves=[(s.who, _score(s.shooting), _score(s.melee)) for s in prof.saves],
        actions=actions,
        specials=[*prof.specials, *_pierced_notes(prof.saves)],
        casualty_groups=_ranks(figures),
        disarray=cat.DISARRAY_MAX,
        daunted=prof.daunted_tokens,
        arrows=prof.arrow_supply or 0,
        flagged=flagged,
    )


def roster_context(item: Source[Army], today: dt.date) -> dict[str, Any]:
    """Everything the roster template prints for one army, as plain data."""
    # Imported here: the package imports this module while it makes RULESET.
    from . import RULESET

    army = item.army
    found = summary(army)
    metric = {m.key: m.value for m in found.metrics}
    flagged = {f.where for f in found.findings if f.level == "error"}
    titles = {line.where: line.title for line in found.lines}
    wards = []
    for wi, ward in enumerate(army.wards):
        lp = leader_profile(army, ward.leader)
        block = WardBlock(
            heading=ward_name(wi),
            leader=ward.leader,
            class_name=ward.leader.class_name,
            points=_pts(lp.points),
            move=f'{lp.move}"',
            command_range=f'{lp.command_range}"',
            wounds=lp.wounds,
            order_tokens=lp.order_tokens,
        )
        for ui, unit in enumerate(ward.units):
            block.units.append(_unit_row(unit, f"wards[{wi}].units[{ui}]" in flagged))
        wards.append(block)

    def place(where: str) -> str:
        """A finding's place as a player reads it: "Ward 2, Company of Billmen"."""
        ward_no = re.match(r"wards\[(\d+)\]", where)
        if ward_no is None:
            return ""
        ward = f"Ward {int(ward_no[1]) + 1}"
        return f"{ward}, {titles[where]}" if where in titles else ward

    troop_points, agreed = _pts(metric["troop_points"]), army.agreed_troops
    morale = int(metric["army_morale_tokens"])
    tally = [
        TallyCell("Troop points", troop_points, "" if agreed is None else f"of {agreed} agreed"),
        TallyCell("Leader points", _pts(metric["leader_points"])),
        TallyCell("Total points", _pts(metric["total_points"])),
        TallyCell("Army Morale tokens", str(morale), boxes=tuple(_ranks(morale))),
    ]
    if army.muster:
        seed = "" if army.muster.seed is None else f", seed {army.muster.seed}"
        tally.append(TallyCell("Muster table", str(army.muster.troops), f"troop points{seed}"))
    return {
        "frame": frame(
            RULESET,
            item,
            today,
            tally=tally,
            place=place,
            remark="" if army.english else "not English",
        ),
        "leader_points": _pts(metric["leader_points"]),
        "wards": wards,
        "armour_columns": _armour_columns(),
        "no_rerolls": cat.NO_REROLLS,
    }


def roster(sources: Sequence[Source[Army]], today: dt.date | None = None) -> Document:
    """``roster.pdf``: a page or more per army."""
    day = today or dt.date.today()
    armies = [roster_context(item, day) for item in sources]
    return document(
        sources,
        armies,
        {
            "armies": [item.army.name for item in sources],
            "units": sum(len(ward.units) for a in armies for ward in a["wards"]),
        },
    )


# --- the crib sheet -----------------------------------------------------------------------------


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
    words = crib_words("billhooks")
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

    def inches(value: int | None) -> str:
        return labels["no_bad_going"] if value is None else f'{value}"'

    rows: list[list[str]] = []
    seen: set[str] = set()
    for troop in cat.TROOPS.values():
        who = {cat.COMPANY: labels["companies"], cat.BAND: labels["bands"]}.get(
            troop.kind, troop.name
        )
        if who not in seen:
            seen.add(who)
            rows.append([who, inches(troop.move_good), inches(troop.move_bad)])
    rows.append([labels["pavises"], inches(cat.PAVISE_MOVE), inches(cat.PAVISE_MOVE)])
    # The rules give leaders one rate and say nothing of bad going for them.
    for key, mounted in (("leader_foot", False), ("leader_horse", True)):
        rows.append([labels[key], inches(cat.LEADER_MOVE[mounted]), labels["unstated"]])
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
            rows.append([label, rng.text, _score(rng.hit_on), shots])
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
        "melee_first": _score(MELEE_FIRST_HIT),
        "melee_later": _score(MELEE_LATER_HIT),
        "charge": cat.CHARGE,
        "knight_charges": cat.KNIGHT_CHARGES,
        "pursuit": cat.PURSUIT,
        "no_rerolls": cat.NO_REROLLS,
        "pavise_save": _score(pavised),
        "pierced_save": _score(pierced),
    }


def _crib_tables(labels: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], dict[str, object]]:
    """The crib sheet's look-up tables and prose numbers, all read from the catalogue."""
    save_rows = [
        [a.name, _score(a.save_shooting), _score(a.save_melee)] for a in cat.ARMOUR.values()
    ]
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


def crib_sheet() -> Document:
    """``crib-sheet.pdf``: the rules a player looks up at the table, on two sides of paper, in
    the project's own words."""
    words, tables = crib_content()
    return Document(
        "crib-sheet",
        "crib-sheet.html",
        f"Crib sheet: {TITLE}",
        {
            "title": "Crib sheet",
            "crib": words,
            "tables": tables,
            "ruleset_title": TITLE,
            "version": builder.__version__,
        },
        duplex=True,
    )
