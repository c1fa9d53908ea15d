"""What the Feudal rules print (issue 16 "The print pack"), as plain data for the export
engine: the crib sheet, a card per leader, a card per unit and the markers.

Every count comes from :mod:`printcounts`; the words on the cards from ``cards/feudal/``; the
numbers from the ruleset's facts, so a card and the builder's detail pane never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from builder.core.base import Ruleset
from builder.core.packing import with_packing_list
from builder.core.printables import (
    TOKEN_MM,
    Back,
    Block,
    Boxes,
    Deck,
    Document,
    Face,
    Paragraphs,
    Printables,
    PrintOptions,
    Rule,
    Source,
    Stat,
    StatRows,
    Text,
    Token,
    TokenGroup,
    TokenSheet,
    crib_document,
)
from builder.resources import crib_words, ruleset_words, situations_words

from . import derive as d
from . import printcounts as pc
from . import rules as cat
from .kit import kit
from .model import Army, Leader, Unit
from .roster import roster
from .views import leader_facts, unit_facts

TITLE = "Feudal convention rules"
#: Accents: the rules have no fixed sides, so the pack has its own colours.
LEADER_ACCENT = "#6b2a1a"
UNIT_ACCENT = "#2f4a3a"
MARKER_ACCENTS = {pc.UNSTEADY: "#9a6212", pc.PURSUIT: "#4a4f5c", pc.COMMAND_POINT: "#6b2a1a"}
#: The Feudal emblem on every deck's back: a knight's great helm.
EMBLEM = "great-helm"
#: The casualty boxes' side on a poker card, and the least on any card size, mm.
BOX_MM = 3.6


def card_words(name: str) -> dict[str, Any]:
    """The parsed ``cards/feudal/<name>.toml``."""
    return ruleset_words("feudal", name)


def unit_stats(unit: Unit) -> StatRows:
    """A unit card's rows: short values, the detail in the note under each (the casualties
    are marked on the track of boxes under them)."""
    words = card_words("unit-cards")
    rows = [
        Stat(
            words["formation"],
            f"{'skirmish' if unit.skirmish else d.formation(unit)}, {d.width(unit)} wide",
        ),
        Stat(
            words["move"],
            f'{d.move(unit)}"',
            "" if d.evade_move(unit) is None else f'evading {d.evade_move(unit)}"',
        ),
    ]
    hits = d.to_hit(unit)
    if unit.missile is not None and hits is not None:
        missile = cat.MISSILES[unit.missile]
        rows.append(
            Stat(
                words["shooting"],
                f'{d.dice_text(d.shooting_dice(unit))}, {missile.range}"',
                f"{missile.name}: light {hits[0]}, heavy {hits[1]}, armored {hits[2]}",
            )
        )
    else:
        rows.append(Stat(words["shooting"], "-", words["no_shooting"]))
    rows += [
        Stat(
            words["combat"],
            f"{d.dice_text(d.combat_dice(unit))}, {d.score(cat.COMBAT_HIT)}",
            f"{d.combat_figures(unit)} figures in the front two ranks",
        ),
        # Whether it can be steady rides with morale (its grade is in the heading): a row
        # less, so a mini card holds every note whole.
        Stat(
            words["morale"],
            f"{d.morale_pass(unit)}+",
            f"rout roll {d.signed(d.rout_modifier(unit))}, "
            + words["steady" if d.can_be_steady(unit) else "never_steady"],
        ),
    ]
    return StatRows(tuple(rows), 7.0, note_size=7.0)


def _points_note(army: Army, leader: Leader, words: dict[str, Any]) -> str:
    """What his command points mean: the rule is off, he has none in an army that plays it,
    or cross one off an order."""
    if not army.uses_command_points:
        return str(words["no_points"])
    return str(words["points_note"] if leader.command_points else words["none_of_his_own"])


def leader_face(army: Army, index: int) -> Face:
    """A leader's card: his name and battle, charisma, command radius and the command
    points to cross off."""
    words = card_words("leader-cards")
    facts = leader_facts(army, index)
    leader = army.battles[index].leader
    sub = words["sub"].format(battle=facts.subheading)
    blocks: list[Block] = [
        Text(facts.heading, "bold", 13, 9, 12, max_lines=2, valign="middle", keep_height=True),
        Text(
            sub + (f" · {words['c_in_c']}" if leader.c_in_c else ""),
            "caps",
            8,
            6,
            4.6,
            max_lines=2,
            tint="accent",
            after=0.6,
        ),
        Text(army.name, "italic", 8, 6, 4.2, max_lines=1),
        Rule(before=0.6, after=1.4),
        StatRows(
            (
                Stat(words["charisma"], f"{leader.charisma:+d}", words["charisma_note"]),
                Stat(words["radius"], f"{facts.rows[2].value}", words["radius_note"]),
                # A box a point under his row, to cross off (none when he has none to spend).
                Stat(
                    words["points"],
                    str(leader.command_points or 0) if army.uses_command_points else "-",
                    _points_note(army, leader, words),
                    (leader.command_points or 0) if army.uses_command_points else 0,
                ),
            ),
            7.0,
            note_size=8.0,
        ),
    ]
    return Face(words["label"], LEADER_ACCENT, tuple(blocks), footer=army.side or "")


def _marks(unit: Unit, words: dict[str, Any]) -> tuple[tuple[int, str], ...]:
    """The casualty boxes marked on the track: the 25%, the 50% and the shatter point."""
    cas = d.casualties(unit.figures)
    return tuple(zip((cas.quarter, cas.half, cas.shatter), words["marks"], strict=True))


def unit_face(army: Army, unit: Unit) -> Face:
    """A unit's card: every derived number, and a box a figure to tick off its losses."""
    words = card_words("unit-cards")
    facts = unit_facts(unit)
    blocks: tuple[Block, ...] = (
        Text(facts.heading, "bold", 11.5, 8, 7, max_lines=2, valign="middle"),
        Text(
            facts.subheading.replace(" · ", ", "),
            "caps",
            7.5,
            6,
            4.4,
            max_lines=1,
            tint="accent",
            after=0.4,
        ),
        Text(army.name, "italic", 7.5, 6, 4.0, max_lines=1),
        Rule(before=0.4, after=1.0),
        unit_stats(unit),
        Paragraphs(facts.notes),
        # A box a figure, in rows for a big unit, the 25%, 50% and shatter boxes marked.
        Boxes(words["lost"], unit.figures, BOX_MM, BOX_MM, _marks(unit, words)),
    )
    return Face(words["label"], UNIT_ACCENT, blocks)


def _back(deck: str, accent: str) -> Back:
    """The back every card of ``deck`` shares: its name under the Feudal emblem."""
    words = card_words(deck)
    return Back(words["back_title"], words["back_note"], accent, (EMBLEM,))


def leader_cards(sources: Sequence[Source[Army]]) -> Deck:
    cards = tuple(leader_face(s.army, i) for s in sources for i in range(len(s.army.battles)))
    return Deck("leader-cards", "Leader cards", cards, _back("leader-cards", LEADER_ACCENT))


def unit_cards(sources: Sequence[Source[Army]]) -> Deck:
    cards = tuple(unit_face(s.army, unit) for s in sources for _, unit in s.army.units_with_paths())
    return Deck("unit-cards", "Unit cards", cards, _back("unit-cards", UNIT_ACCENT))


def tokens(sources: Sequence[Source[Army]]) -> TokenSheet:
    """Two UNSTEADY and one PURSUIT marker a unit, the armies' alike, and a COMMAND POINT
    for each point of every leader, each army's in a Tabletop Simulator bag of its own
    (printcounts decides how many)."""
    words = card_words("tokens")
    armies = [s.army for s in sources]
    counts = pc.counts(armies)
    marks: list[Token] = []
    for t in (t for t in words.values() if isinstance(t, dict) and counts[t["label"]]):
        mark = Token(
            t["art"],
            MARKER_ACCENTS[t["label"]],
            t["label"],
            counts[t["label"]],
            t["note"],
            bag=t["bag"],
        )
        if t["label"] != pc.COMMAND_POINT:
            marks.append(mark)
            continue
        marks += [
            replace(mark, count=n, bag=t["bag"].format(army=army.name))
            for army in armies
            if (n := pc.counts([army])[t["label"]])
        ]
    return TokenSheet(
        "tokens", "Markers", (TokenGroup("markers", "Markers", (TOKEN_MM, TOKEN_MM), tuple(marks)),)
    )


def crib_sheet() -> Document:
    """``crib-sheet.pdf``: two sides in our own words (``templates/feudal/crib-sheet.toml``);
    its tables are written there, so they move from the parts into the template's tables."""
    words = crib_words("feudal")
    tables: dict[str, dict[str, Any]] = {}
    for section in words["sections"]:
        for part in section["parts"]:
            if "table" in part:
                tables[part["table"]] = {"rows": part.pop("rows")}
    return crib_document(TITLE, words, tables, situations_words("feudal"))


def printables(
    ruleset: Ruleset, sources: Sequence[Source[Army]], options: PrintOptions[Army]
) -> Printables:
    """The whole pack, in its order: the roster, the crib sheet, the cards and the markers."""
    pack = Printables(
        "feudal",
        f"{TITLE} print pack",
        (
            roster(ruleset, sources),
            crib_sheet(),
            leader_cards(sources),
            unit_cards(sources),
            tokens(sources),
        ),
    )
    return with_packing_list(pack, kit(sources), TITLE)
