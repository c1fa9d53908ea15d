"""What KISS prints (issue 15 "The print pack"), as plain data for the export engine: the
roster, the crib sheet, a magnate card per magnate, an order marker per unit and the tokens
(ward, lethargy and treacherous chits, shaken markers, an army morale track per army).

Every count comes from :mod:`.printcounts` (the tests read them back from the PDFs); the words
from ``cards/kiss/*.toml`` and ``templates/kiss/crib-sheet.toml``, the numbers from the facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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
from . import rules as cat
from .kit import kit
from .model import Army
from .printcounts import LETHARGY, MORALE_TRACK, ORDERS, SHAKEN, TREACHEROUS, WARD
from .roster import roster
from .views import magnate_facts

TITLE = "KISS Wars of the Roses"
#: Accents of what belongs to no side, and of the chits that slow a ward.
NEUTRAL = "#5b4a1c"
LETHARGIC = "#6b5d3f"
TRAITOR = "#3d2b4f"
SHAKEN_ACCENT = "#4a4f5c"
#: The KISS emblem on the magnate cards' backs: a shield parted red and white, crowned.
EMBLEM = "crowned-shield"
#: A morale track is two tokens wide.
TRACK_MM = (2 * TOKEN_MM, TOKEN_MM)


def card_words(name: str) -> dict[str, Any]:
    """The parsed ``cards/kiss/<name>.toml``."""
    return ruleset_words("kiss", name)


def _accent(army: Army) -> str:
    side = cat.SIDES.get(army.side)
    return side.accent if side else NEUTRAL


def _emblem(army: Army) -> str | None:
    side = cat.SIDES.get(army.side)
    return side.emblem if side else None


# --- The crib sheet --------------------------------------------------------------------------


def crib_content() -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The crib sheet's words, with each part that has columns turned into a named look-up
    table (the shared template prints those with a header row)."""
    words = crib_words("kiss")
    tables: dict[str, dict[str, Any]] = {}
    for si, section in enumerate(words["sections"]):
        for pi, part in enumerate(section["parts"]):
            if "columns" in part:
                name = f"table-{si}-{pi}"
                tables[name] = {"rows": part.pop("rows")}
                part["table"] = name
    return words, tables


def crib_sheet() -> Document:
    words, tables = crib_content()
    return crib_document(TITLE, words, tables, situations_words("kiss"))


# --- Magnate cards ---------------------------------------------------------------------------


def magnate_face(army: Army, ward_index: int) -> Face:
    """A magnate's card: name, ward and scores, his ability, order roll, changes and chits,
    each stratagem and trait with its reminder (the casualty tables are on the roster and the
    crib sheet), two wound boxes."""
    words = card_words("magnate-cards")
    m = army.wards[ward_index].leader
    facts = magnate_facts(army, ward_index)
    rows = {r.label: r.value for r in facts.rows}
    sub = words["sub"].format(
        ward=ward_index + 1,
        level=m.level,
        peer=words["peer"] if d.peer(m) else "",
        puissance=m.puissance,
        forwardness=m.forwardness,
    )
    reminders = [f"{m.ability}: {cat.ABILITIES[m.ability].reminder}"]
    reminders += [f"{s}: {cat.STRATAGEMS[s].reminder}" for s in m.stratagems]
    reminders += [f"{t}: {d.trait_reminder(t)}" for t in m.traits]
    if not m.stratagems and not m.traits:
        reminders.append(words["no_stratagems"] + "; " + words["no_traits"].lower())
    blocks: tuple[Block, ...] = (
        Text(m.name, "bold", 13, 9, 12, valign="middle", after=0.6, keep_height=True),
        Text(sub, "italic", 8, 6.5, 4.4, max_lines=2, after=0.4),
        Text(
            words["c_in_c"] if m.c_in_c else army.name,
            "caps",
            7.5,
            6.5,
            5,
            tint="accent",
            valign="middle",
            after=0.6,
        ),
        Rule(before=0.0, after=1.2),
        StatRows(
            (
                Stat(words["ability"], m.ability),
                Stat(words["orders"], rows["Order roll"]),
                # Captain's advice is among the reminders below.
                Stat(words["changes"], f"{d.order_roll(m).changes} a turn"),
                Stat(words["chits"], rows["Chits in the cup"]),
            ),
            row_height=6.0,
        ),
        Paragraphs(tuple(reminders)),
        Boxes(f"{words['wounds']} ({words['wounds_note']})", cat.WOUNDS_TO_KILL),
    )
    return Face(words["label"], _accent(army), blocks, _emblem(army))


def magnate_cards(sources: Sequence[Source[Army]]) -> Deck:
    words = card_words("magnate-cards")
    cards = tuple(magnate_face(s.army, wi) for s in sources for wi in range(len(s.army.wards)))
    return Deck(
        "magnate-cards",
        "Magnate cards",
        cards,
        Back(words["back_title"], words["back_note"], NEUTRAL, (EMBLEM,)),
    )


# --- Order markers ---------------------------------------------------------------------------


def order_marker(army: Army, count: int) -> Token:
    """``count`` four-way markers in ``army``'s colours: a quarter per order of the catalogue
    (in its order: top, right, bottom, left) with its word, and the changes each allows."""
    words = card_words("order-markers")
    keys = list(cat.ORDERS)
    changes = tuple((keys.index(o.key), keys.index(to)) for o in cat.ORDERS.values() for to in o.to)
    return Token(
        "four-way",
        _accent(army),
        ORDERS,
        count,
        segments=tuple(words["segments"][k] for k in keys),
        changes=changes,
        bag=words["bag"].format(army=army.name),
    )


def order_markers(sources: Sequence[Source[Army]]) -> TokenSheet:
    """``order-markers.pdf``: an order marker a unit, in its army's colours."""
    words = card_words("order-markers")
    size = float(words["size_mm"])
    markers = tuple(
        order_marker(a, n) for a in (s.army for s in sources) if (n := len(a.units_with_paths()))
    )
    return TokenSheet(
        "order-markers",
        "Order markers",
        (TokenGroup("order markers", "Order markers", (size, size), markers, "square"),),
    )


# --- Tokens ----------------------------------------------------------------------------------


def tokens(sources: Sequence[Source[Army]]) -> TokenSheet:
    """A ward chit a ward, the lethargy and treacherous chits each magnate brings, a shaken
    marker a unit, and a morale track (5 down to 0) per army."""
    words = card_words("tokens")
    round_: list[Token] = []
    armies = [s.army for s in sources]
    for army in armies:
        for wi, ward in enumerate(army.wards):
            m = ward.leader
            c = d.chits(m, army.side)
            round_.append(
                Token(
                    words["ward"]["art"],
                    _accent(army),
                    WARD,
                    c.ward,
                    f"Ward {wi + 1}",
                    _emblem(army),
                    bag=words["ward"]["bag"],
                )
            )
            if c.lethargy:
                round_.append(
                    Token(
                        words["lethargy"]["art"],
                        LETHARGIC,
                        LETHARGY,
                        c.lethargy,
                        m.name,
                        bag=words["lethargy"]["bag"],
                    )
                )
            if c.treacherous:
                round_.append(
                    Token(
                        words["treacherous"]["art"],
                        TRAITOR,
                        TREACHEROUS,
                        c.treacherous,
                        m.name,
                        bag=words["treacherous"]["bag"],
                    )
                )
    units = sum(len(a.units_with_paths()) for a in armies)
    if units:
        round_.append(
            Token(
                "limp-banner",
                SHAKEN_ACCENT,
                SHAKEN,
                units,
                words["shaken"]["caption"],
                bag=words["shaken"]["bag"],
            )
        )
    track = words["morale_track"]
    effects = " · ".join(f"{level}: {effect}" for level, effect in cat.MORALE_MARKS.items())
    tracks = tuple(
        Token(
            "tracker",
            _accent(a),
            MORALE_TRACK,
            1,
            a.name,
            title=track["note"].format(start=d.starting_morale(a)),
            note=effects,
            boxes=cat.MORALE_START,
        )
        for a in armies
    )
    groups = [TokenGroup("chits", "Chits and markers", (TOKEN_MM, TOKEN_MM), tuple(round_))]
    if tracks:
        groups.append(TokenGroup("morale tracks", "Army morale tracks", TRACK_MM, tracks, "rect"))
    return TokenSheet("tokens", "Tokens", tuple(groups))


def printables(sources: Sequence[Source[Army]], options: PrintOptions[Army]) -> Printables:
    """The pack, in its order."""
    pack = Printables(
        "kiss",
        f"{TITLE} print pack",
        (
            roster(sources),
            crib_sheet(),
            magnate_cards(sources),
            order_markers(sources),
            tokens(sources),
        ),
    )
    return with_packing_list(pack, kit(sources), TITLE)
