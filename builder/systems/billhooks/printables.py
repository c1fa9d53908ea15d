"""What Billhooks prints (docs/rules/billhooks.md#cards-and-tokens), as plain data for the export
engine: the roster and crib sheet, the Play, Bonus and Special Events decks, the tokens and the unit
cards.

Every count is decided here (order tokens per side, Disarray and Daunted per unit, Army
Morale per army, an arrow tracker per archer unit); the words on the cards come from
``cards/billhooks/*.toml``, the numbers from the profiles.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from builder.core.packing import with_packing_list
from builder.core.printables import (
    TOKEN_MM,
    Back,
    Block,
    Boxes,
    Deck,
    Emblem,
    Face,
    Paragraphs,
    Photo,
    Printables,
    PrintOptions,
    Rule,
    Ruled,
    Source,
    Stars,
    Stat,
    StatRows,
    Text,
    Token,
    TokenGroup,
    TokenSheet,
)
from builder.core.text import printable
from builder.core.validate import locate
from builder.resources import ruleset_words

from . import RULESET
from . import rules as cat
from .crib import TITLE, crib_sheet
from .events import Event, EventsFile
from .kit import kit
from .model import Army, Unit
from .points import army_morale_tokens, unit_title
from .profile import leader_profile, profile
from .roster import roster
from .shown import UnitShown, leader_shown, unit_shown
from .views import leader_facts, unit_facts, ward_name

#: An arrow tracker is two tokens wide.
TRACKER_MM = (2 * TOKEN_MM, TOKEN_MM)
#: Accents of what belongs to no side.
NEUTRAL = "#5b4a1c"
BONUS = "#35562b"
EVENT = "#4d2c63"
DISARRAY = "#9a6212"
DAUNTED = "#4a4f5c"
#: Initial for an illuminated emblem.
INITIAL = "initial"
#: The special events deck's words (its cards' own come from the events file).
EVENT_LABEL = "SPECIAL EVENT"
EVENT_BACK = ("Special Events", "Drawn through the Special Event bonus card.")


def card_words(name: str) -> dict[str, Any]:
    """The parsed ``cards/billhooks/<name>.toml``: what a card prints besides the army's numbers."""
    return ruleset_words(RULESET.folders, name)


def _accent(side: str | None) -> str:
    found = cat.SIDES.get(side)
    return found.accent if found else NEUTRAL


def _emblem(side: str | None) -> str | None:
    found = cat.SIDES.get(side)
    return found.emblem if found else None


def _back(name: str, accent: str) -> Back:
    words = card_words(name)
    return _both_sides(words["back_title"], words["back_note"], accent)


def _both_sides(title: str, note: str, accent: str) -> Back:
    """Every deck's back carries both roses: the deck serves both sides."""
    return Back(title, note, accent, tuple(s.emblem for s in cat.SIDES.fixed))


# --- The Play Deck ---------------------------------------------------------------------------


def leader_face(army: Army, ward_index: int) -> Face:
    """A leader's card: name, rank, side, class stars with wound boxes, the order tokens he
    claims, his ward; mounted or on foot below."""
    words = card_words("play-deck")["leader"]
    ward = army.wards[ward_index]
    leader = ward.leader
    facts = leader_facts(army, ward_index)
    shown = leader_shown(army, leader)
    side = cat.SIDES.get(army.side)
    units = "; ".join(unit_title(u) for u in ward.units) or "no units"
    rank = leader.rank + (f", {words['c_in_c']}" if leader.c_in_c else "")
    tokens = shown.order_tokens
    how = (words["mounted"] if leader.mounted else words["on_foot"]).format(move=shown.move)
    blocks: tuple[Block, ...] = (
        Text(facts.heading, "bold", 14, 10, 14, valign="middle", after=0.8, keep_height=True),
        Text(rank, "italic", 10, 7, 4.6, max_lines=1, after=0.6),
        Text(
            f"{side.name}: {army.name}" if side else army.name,
            "caps",
            8,
            6.5,
            7,
            tint="accent",
            valign="middle",
            after=1.2,
        ),
        Rule(before=0.0, after=2.2),
        Text(
            f"{leader.class_name} (class {leader.command_class})",
            "caps",
            9.5,
            7,
            4.2,
            max_lines=1,
            after=1.0,
        ),
        Stars(max(shown.wounds, 1), after=1.2),
        Text(words["wounds"], "italic", 7, 6.5, 6.2, after=1.2),
        Text(
            words["orders"].format(tokens=tokens, token_word="token" if tokens == 1 else "tokens"),
            "body",
            8.5,
            6.5,
            7,
            after=0.8,
        ),
        Stars(tokens, "roundel", after=1.5),
        Text(f"{ward_name(ward_index)}: {units}", "body", 8, 7.5, valign="middle", fill=True),
    )
    return Face(
        words["label"],
        _accent(army.side),
        blocks,
        _emblem(army.side),
        footer=f"{how}. {words['command'].format(range=shown.command_range)}",
    )


def plain_face(label: str, title: str, text: str, accent: str, emblem: str | None) -> Face:
    """A card with a title, a device (a side's rose or an illuminated initial) and what it
    does in a line or two."""
    return Face(
        label,
        accent,
        (
            Text(
                title,
                "display",
                18,
                11,
                13,
                max_lines=2,
                tint="accent",
                valign="middle",
                keep_height=True,
            ),
            Emblem(emblem or INITIAL, letter=title[:1]),
            Rule("gold", before=2.0, after=2.5),
            Text(text, "body", 10, 7.5, valign="middle", fill=True, inset=1.0),
        ),
        emblem,
    )


def play_deck(sources: Sequence[Source[Army]]) -> Deck:
    words = card_words("play-deck")
    cards = [leader_face(s.army, wi) for s in sources for wi in range(len(s.army.wards))]
    for card in words["cards"]:
        side = card.get("side")
        accent = _accent(side) if side else BONUS
        cards += [
            plain_face(card["label"], card["title"], card["text"], accent, _emblem(side))
        ] * card.get("count", 1)
    return Deck("play-deck", "Play deck", tuple(cards), _back("play-deck", NEUTRAL), dealt=True)


def bonus_deck() -> Deck:
    cards = [
        plain_face(c["label"], c["title"], c["text"], BONUS, None)
        for c in card_words("bonus-deck")["cards"]
        for _ in range(c.get("count", 1))
    ]
    return Deck("bonus-deck", "Bonus deck", tuple(cards), _back("bonus-deck", BONUS), dealt=True)


# --- Special events --------------------------------------------------------------------------


def event_face(event: Event | None) -> Face:
    """An event's card; ``None`` is a blank card with lines for a title and an effect."""
    blocks: list[Block] = []
    if event is None or not event.title:
        blocks.append(Rule("ink", before=12.0, after=5.5, plain=True))
        initial = ""
    else:
        blocks.append(
            Text(
                event.title,
                "display",
                16,
                10,
                16,
                max_lines=3,
                tint="accent",
                valign="middle",
                keep_height=True,
                after=1.5,
            )
        )
        initial = event.title.lstrip("\"'¡¿")[:1]
    blocks.append(Rule("gold", before=0.0, after=2.5))
    effect = event.effect if event is not None else ""
    if effect:
        blocks.append(Text(effect, "body", 10, 7.5, valign="middle", fill=True, inset=1.0))
    else:
        blocks.append(Ruled(initial))
    return Face(EVENT_LABEL, EVENT, tuple(blocks))


def special_events(options: PrintOptions[Army]) -> Deck:
    """The special-events deck from the events file the core read (the player's or ours)."""
    read = options.inputs["events"]
    events = read.value
    assert isinstance(events, EventsFile)
    return Deck(
        "special-events",
        "Special events",
        tuple(event_face(e) for e in events.events),
        _both_sides(*EVENT_BACK, EVENT),
        fill=event_face(None),
        blank_cards=events.blank_cards,
        details={"events": len(events.events), "events_file": read.path.name},
        dealt=True,
    )


# --- Unit cards ------------------------------------------------------------------------------


def _shooting(shown: UnitShown, words: dict[str, Any]) -> Stat:
    """Its dice and scores (the dice once where every range rolls as many), its ranges, shots
    a turn and the dice at bands or guns."""
    if not shown.shots:
        return Stat(words["shooting"], "-", words["no_shooting"])
    n = shown.shots_per_turn
    shots = words["shots"].format(n=n, s="" if n == 1 else "s")
    if len({shot.dice for shot in shown.shots}) == 1:
        value = f"{shown.shots[0].dice} dice, " + " / ".join(shot.hit for shot in shown.shots)
    else:
        value = " / ".join(f"{shot.dice} dice {shot.hit}" for shot in shown.shots)
    note = " / ".join(shot.reach for shot in shown.shots) + f"; {shots}"
    if shown.shots[0].at_skirmishers:
        note += "; " + words["halved"].format(n=shown.shots[0].at_skirmishers)
    return Stat(words["shooting"], value, note)


def _melee(shown: UnitShown, words: dict[str, Any]) -> Stat:
    """Melee dice round by round; a combined block's second front (its archers in front,
    with their melee save) in the note, short enough for one line on a mini card."""
    m = shown.melee[0]
    if len(shown.melee) > 1:
        other = shown.melee[1]
        note = f"{other.front}: {other.dice}, {other.saves}"
        return Stat(words["melee"], m.dice, note)
    return Stat(words["melee"], m.dice, f"{m.rounds}; {shown.melee_per_figure}")


def _stats(shown: UnitShown, words: dict[str, Any]) -> tuple[Stat, ...]:
    """The table rows (heading, value, note) of a unit's numbers."""
    rows = [
        Stat(words["move"], shown.move, words["move_note"]),
        _shooting(shown, words),
        _melee(shown, words),
    ]
    shot, melee = words["save_columns"]
    for i, save in enumerate(shown.saves):
        who = f"{save.who}: " if len(shown.saves) > 1 else ""
        note = words["pierced"].format(n=save.pierced) if save.pierced else save.armour
        rows.append(
            Stat(
                words["saves"] if i == 0 else "",
                f"{who}{shot} {save.shooting}, {melee} {save.melee}",
                note,
            )
        )
    return tuple(rows)


def _photo(source: Source[Army], where: str, photo: str, collection: bool) -> Photo:
    """A unit's photo, with the file, line and key naming it should it not print (a
    collection's cards were checked when it was read: no line)."""
    root = source.folder
    written = Path(os.path.relpath(photo, root)).as_posix()
    key = "photo" if collection else f"{where}.photo"
    line = None if collection else locate(source.text, key)
    place = printable(str(source.path)) + (f":{line}" if line else "")
    return Photo(photo, f"{place}: {key}", written, root)


def unit_face(army: Army, unit: Unit, photo: Photo | None = None) -> Face:
    """A unit's card: every number a player looks up, arrow boxes on archers, its photo."""
    words = card_words("unit-cards")
    facts = unit_facts(unit)
    shown = unit_shown(unit)
    blocks: list[Block] = []
    if unit.label:
        blocks += [
            Text(unit.label, "bold", 11.5, 8, 6, max_lines=2, valign="middle"),
            Text(facts.heading, "italic", 8.5, 6, 4.2, max_lines=2),
        ]
    else:
        blocks.append(Text(facts.heading, "bold", 11.5, 8, 9.5, max_lines=2, valign="middle"))
    sub = words["sub"].format(figures=shown.figures, points=shown.points, morale=shown.morale)
    blocks.append(
        Text(sub, "caps", 8, 6, 4.4, max_lines=1, tint="accent", valign="middle", after=0.6)
    )
    blocks.append(photo if photo is not None else Rule(before=0.6, after=1.4))
    blocks.append(StatRows(_stats(shown, words), 6.2 if unit.photo else 7.0))
    if shown.arrows:
        blocks.append(Boxes(words["arrows"], shown.arrows))
    blocks.append(Paragraphs(facts.notes))
    return Face(words["label"], _accent(army.side), tuple(blocks), _emblem(army.side))


def unit_cards(sources: Sequence[Source[Army]], collections: Sequence[Source[Army]]) -> Deck:
    """A card per unit of every army, then per figure unit a collection's player owns."""
    inputs = [(s, False) for s in sources] + [(s, True) for s in collections]
    cards = tuple(
        unit_face(s.army, unit, _photo(s, where, unit.photo, collection) if unit.photo else None)
        for s, collection in inputs
        for where, unit in s.army.units_with_paths()
    )
    return Deck("unit-cards", "Unit cards", cards, _back("unit-cards", NEUTRAL))


# --- Tokens ----------------------------------------------------------------------------------


def tokens(sources: Sequence[Source[Army]]) -> TokenSheet:
    """Order tokens per side (its leaders' command classes plus spares), Army Morale per army,
    Disarray (the most a unit may hold, per unit), Daunted, an arrow tracker per archer unit."""
    words = card_words("tokens")
    armies = [s.army for s in sources]
    orders: dict[str | None, int] = {}
    for army in armies:
        side = army.side if cat.SIDES.get(army.side) else None
        orders[side] = orders.get(side, cat.ORDER_TOKEN_SPARES) + sum(
            leader_profile(army, leader).order_tokens for leader in army.leaders
        )
    label = words["order"]["label"]
    round_ = [
        Token("badge", _accent(side), label, n, cat.SIDES.name_of(side), _emblem(side))
        for side, n in sorted(orders.items(), key=lambda kv: (kv[0] is None, kv[0] or ""))
    ]
    label = words["army_morale"]["label"]
    round_ += [
        Token("standard", _accent(a.side), label, army_morale_tokens(a), a.name, _emblem(a.side))
        for a in armies
    ]
    units = [(a, u) for a in armies for _, u in a.units_with_paths()]
    dis, dau = words["disarray"], words["daunted"]
    round_.append(
        Token(
            "fallen-pikes",
            DISARRAY,
            dis["label"],
            len(units) * cat.DISARRAY_MAX,
            dis["note"].format(max=cat.DISARRAY_MAX),
            bag=dis["bag"],
        )
    )
    round_.append(
        Token(
            "limp-banner",
            DAUNTED,
            dau["label"],
            sum(profile(u).daunted_tokens for _, u in units),
            dau["note"].format(max=cat.DAUNTED_MAX),
            bag=dau["bag"],
        )
    )
    groups = [
        TokenGroup("tokens", "Tokens", (TOKEN_MM, TOKEN_MM), tuple(t for t in round_ if t.count))
    ]
    arrows = words["arrows"]
    trackers = tuple(
        Token(
            "tracker",
            _accent(a.side),
            arrows["label"],
            1,
            a.name,
            title=u.label or unit_title(u),
            note=arrows["note"],
            boxes=profile(u).arrow_supply or 0,
        )
        for a, u in units
        if profile(u).arrow_supply
    )
    if trackers:
        groups.append(
            TokenGroup("arrow trackers", "Arrow-supply trackers", TRACKER_MM, trackers, "rect")
        )
    return TokenSheet("tokens", "Tokens", tuple(groups))


def printables(sources: Sequence[Source[Army]], options: PrintOptions[Army]) -> Printables:
    """The whole pack, in its order; a collection prints unit cards only."""
    pack = Printables(
        "billhooks",
        "Never Mind the Billhooks print pack",
        (
            roster(sources),
            crib_sheet(options.house_rules_off),
            play_deck(sources),
            bonus_deck(),
            special_events(options),
            tokens(sources),
            unit_cards(sources, options.collections),
        ),
    )
    return with_packing_list(pack, kit(sources), TITLE)
