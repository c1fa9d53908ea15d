"""What the shieldwall rules print (issue 17 "The print pack"), as plain data for the export
engine: the roster and crib sheet, a label per stand, a card per leader and for the banner,
and the markers. Every count comes from :mod:`.printcounts`, every number from the facts;
the words on labels, cards and markers from ``cards/shieldwall/*.toml``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from builder.core.base import Facts
from builder.core.packing import with_packing_list
from builder.core.printables import (
    TOKEN_MM,
    Back,
    Block,
    Boxes,
    Deck,
    Document,
    Emblem,
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

from . import dice
from . import rules as cat
from .kit import kit
from .model import Army, Leader, Stand
from .printcounts import army_counts
from .roster import roster
from .views import attached, leader_facts

TITLE = "Dark Ages shieldwall"
#: The shieldwall emblem on the cards' backs: a round shield with its boss.
EMBLEM = "boss-shield"
#: A stand label's size, mm (a common sticky label: 63.5 x 44.5).
LABEL_MM = (63.5, 44.5)
#: Accents: the sides are free text, so colours belong to the kinds of thing printed.
STAND = "#6b3a1f"
COMMANDER = "#7a1f1f"
HERO = "#1f4a6b"
BANNER = "#8a6d1a"
MARKERS = {
    "WOUND": "#7a1f1f",
    "LOOSE SHIELDWALL": "#3d5a3a",
    "TIGHT SHIELDWALL": "#26402a",
    "WEDGE": "#4a3a6b",
    "BERSERK": "#8c3b12",
}


def card_words(name: str) -> dict[str, Any]:
    """The parsed ``cards/shieldwall/<name>.toml``."""
    return ruleset_words("shieldwall", name)


def _rows(found: Facts) -> dict[str, str]:
    return {r.label: r.value for r in found.rows}


def crib_sheet() -> Document:
    """``crib-sheet.pdf``: two sides in our own words (templates/shieldwall/crib-sheet.toml)."""
    words = crib_words("shieldwall")
    return crib_document(TITLE, words, {}, situations_words("shieldwall"))


# --- Stand labels ----------------------------------------------------------------------------


def label_stats(stand: Stand) -> tuple[Stat, ...]:
    """A stand's numbers as its label's cells, in the order a player reads them across the
    table: bravery dice and the faces that pass, the hit ladder, melee dice, shooting dice
    with the effective and long range (a dash for a stand with no bows), save, move."""
    names = card_words("cards")["stand"]["rows"]
    shooting = dice.shooting_dice(stand)
    values = (
        f"{dice.bravery_dice(stand)}D {dice.faces(dice.bravery_target(stand.quality))}",
        "-".join(map(str, dice.hit_ladder(stand.quality))),
        f"{dice.melee_dice(stand)}D",
        "\u2013" if shooting is None else f'{shooting}D {cat.EFFECTIVE_RANGE}"/{cat.LONG_RANGE}"',
        dice.faces(dice.save_on(stand.armour)),
        f'{dice.move_dice(stand)}D6"',
    )
    return tuple(Stat(name, value) for name, value in zip(names, values, strict=True))


def label_note(army: Army, stand: Stand) -> str:
    """Under the title: quality and figures, and the leader with the stand, by name."""
    words = card_words("cards")["stand"]
    parts = [words["sub"].format(quality=cat.QUALITIES[stand.quality].name, figures=stand.figures)]
    leader = attached(army, stand)
    if leader is not None:
        parts.append(
            words["led"].format(name=leader.name, role=cat.ROLE_NAMES[leader.role].lower())
        )
    return " · ".join(parts)


def stand_label(army: Army, stand: Stand) -> Token:
    """One stand's label: its name, who leads it, its numbers as a row of labelled cells
    and its wound boxes (the tracker counts down from its figures)."""
    words = card_words("cards")["stand"]
    return Token(
        "stat-label",
        STAND,
        words["label"],
        1,
        army.side,
        title=stand.label,
        note=label_note(army, stand),
        boxes=dice.wounds(stand),
        stats=label_stats(stand),
        boxes_label=words["wounds"],
        bag=words["bag"].format(army=army.name),
    )


def stand_labels(sources: Sequence[Source[Army]]) -> TokenSheet:
    labels = tuple(
        stand_label(s.army, stand)
        for s in sources
        for stand in s.army.stands
        for _ in range(stand.count)
    )
    return TokenSheet(
        "stand-labels",
        "Stand labels",
        (TokenGroup("stand labels", "Stand labels", LABEL_MM, labels, "rect"),),
    )


# --- Leader cards ----------------------------------------------------------------------------


def leader_face(army: Army, index: int) -> Face:
    leader: Leader = army.leaders[index]
    words = card_words("cards")[leader.role]
    found = leader_facts(army, leader)
    got = _rows(found)
    accent = COMMANDER if leader.role == "commander" else HERO
    blocks: tuple[Block, ...] = (
        Text(leader.name, "bold", 14, 9, 12, max_lines=2, valign="middle", keep_height=True),
        Text(
            f"{found.subheading}: {army.name}",
            "caps",
            8,
            6.5,
            6,
            tint="accent",
            max_lines=2,
            after=0.8,
        ),
        Rule(before=0.0, after=1.5),
        StatRows((Stat("Counts as", got["Counts as"]), Stat("Attached to", got["Attached to"]))),
        Paragraphs(tuple(words["lines"])),
        Boxes("Wounds", found.trackers[0].boxes),
    )
    return Face(words["label"], accent, blocks, footer=army.side)


def banner_face(army: Army) -> Face:
    words = card_words("cards")["banner"]
    return Face(
        words["label"],
        BANNER,
        (
            Text(army.name, "bold", 13, 9, 12, max_lines=2, valign="middle", keep_height=True),
            Text(army.side, "caps", 8, 6.5, 6, tint="accent", after=0.8),
            Rule(before=0.0, after=1.5),
            Emblem("raven-banner", share=0.36),
            Paragraphs(tuple(words["lines"])),
        ),
        footer=army.side,
    )


def leader_cards(sources: Sequence[Source[Army]]) -> Deck:
    faces: list[Face] = []
    for source in sources:
        army = source.army
        faces += [leader_face(army, i) for i in range(len(army.leaders))]
        if army.banner:
            faces.append(banner_face(army))
    words = card_words("cards")
    return Deck(
        "leader-cards",
        "Leader cards",
        tuple(faces),
        Back(words["back_title"], words["back_note"], STAND, (EMBLEM,)),
    )


# --- Markers ---------------------------------------------------------------------------------


#: Shieldwall markers are larger: their two-word labels need the width.
WIDE_MM = 38.0


def tokens(sources: Sequence[Source[Army]]) -> TokenSheet:
    """The markers, as many as :func:`printcounts.army_counts` says, army by army."""
    armies = [s.army for s in sources]
    art = {t["label"]: t["art"] for t in card_words("tokens").values()}

    def group(name: str, caption: str, size: float, labels: tuple[str, ...]) -> TokenGroup:
        return TokenGroup(
            name,
            caption,
            (size, size),
            tuple(
                Token(art[label], MARKERS[label], label, army_counts(army)[label], army.side)
                for army in armies
                for label in labels
                if army_counts(army)[label]
            ),
        )

    return TokenSheet(
        "tokens",
        "Markers",
        (
            group("markers", "Markers", TOKEN_MM, ("WOUND", "WEDGE", "BERSERK")),
            group(
                "shieldwalls",
                "Shieldwall markers",
                WIDE_MM,
                ("LOOSE SHIELDWALL", "TIGHT SHIELDWALL"),
            ),
        ),
    )


def printables(sources: Sequence[Source[Army]], options: PrintOptions[Army]) -> Printables:
    """The whole pack, in its order (collections and events are Billhooks' only)."""
    pack = Printables(
        "shieldwall",
        f"{TITLE} print pack",
        (
            roster(sources),
            crib_sheet(),
            stand_labels(sources),
            leader_cards(sources),
            tokens(sources),
        ),
    )
    return with_packing_list(pack, kit(sources), TITLE)
