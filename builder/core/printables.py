"""What a ruleset prints, as plain data (docs/architecture.md#from-an-army-file-to-a-printed-card).

A ruleset's ``printables(armies, options)`` returns a :class:`Printables`: documents (a
template and its context), decks (card faces built from a few block kinds, a back, blank cards
to fill the sheet) and token sheets (groups of tokens of one size and shape). Every count is
decided there, so a test can count tokens without a PDF; the export engine
(:mod:`builder.export`) only lays these out. Nothing here imports a drawing library.

Colours are hex strings ("#24457a"); art is named from the engine's registry
(:mod:`builder.export.drawing.emblems`, :mod:`builder.export.drawing.tokenart`); sizes of type
are points, lengths millimetres on a poker card (the engine scales them to the card size
printed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Literal, Protocol

from typing_extensions import TypeVar

import builder
from builder.core.base import ArmyRecord
from builder.core.inputs import Input

#: The usual round token's diameter, mm.
TOKEN_MM = 25.0

#: How text is set: the face it uses.
Style = Literal["bold", "italic", "caps", "body", "display"]
#: A colour by role: the card's accent, the ink, gold.
Tint = Literal["accent", "ink", "gold"]


#: A source's army: any system's to the core (the default), a system's own to its printables.
Army_co = TypeVar("Army_co", bound=ArmyRecord, default=ArmyRecord, covariant=True)


class Source(Protocol[Army_co]):
    """One army to print with the file it came from (the export's ``ArmyInput``)."""

    @property
    def army(self) -> Army_co: ...

    @property
    def path(self) -> Path: ...

    @property
    def text(self) -> str: ...

    @property
    def sha256(self) -> str: ...

    @property
    def folder(self) -> str:
        """The real folder of the army's file, which paths in it are relative to."""
        ...


#: How many hex digits of an army file's SHA-256 its roster and its shared list print (64
#: bits: a second file with the same short hash cannot be found by trial).
SHORT_HASH = 16


def short_hash(source: Source) -> str:
    """The army file's short hash ("1a2b3c4d"): the roster's footer and ``billhooks share``."""
    return source.sha256[:SHORT_HASH]


@dataclass(frozen=True)
class PrintOptions(Generic[Army_co]):
    """What a ruleset's printables depend on besides the armies."""

    #: Mustering collections: printed as the kinds the system's draw names
    #: (:attr:`~builder.core.mustering.Mustering.collection_kinds`).
    collections: tuple[Source[Army_co], ...] = ()
    #: The ruleset's input files, read (:attr:`~builder.core.base.Ruleset.inputs`), by
    #: option: the player's own or the shipped one.
    inputs: Mapping[str, Input] = field(default_factory=dict)
    #: The house rules an event turned off (``export --event``): what they drop is not
    #: printed (Billhooks' duel leaves the crib sheet).
    house_rules_off: frozenset[str] = frozenset()


# --- Card faces: a few block kinds, laid out top to bottom -------------------------------------


@dataclass(frozen=True)
class Text:
    """A line or paragraph fitted to a box ``height`` mm high: ``size`` pt, shrinking to
    ``min_size`` (never under 6 pt once scaled), then wrapping up to ``max_lines``."""

    text: str
    style: Style = "body"
    size: float = 9.0
    min_size: float = 7.0
    height: float = 6.0
    max_lines: int | None = None
    tint: Tint = "ink"
    align: Literal["left", "center", "right"] = "center"
    valign: Literal["top", "middle"] = "top"
    #: Space left below it, mm.
    after: float = 0.0
    #: Take the height left between the blocks above and the footer (less ``inset`` all
    #: round but the top).
    fill: bool = False
    inset: float = 0.0
    #: Go on below the whole box, not below the text set in it.
    keep_height: bool = False


@dataclass(frozen=True)
class Stat:
    name: str
    value: str
    note: str = ""
    #: Tick boxes to cross off under the note (a leader's command points to spend).
    boxes: int = 0


@dataclass(frozen=True)
class StatRows:
    """A table of stat rows, shaded every other row: name left, value right, a note under."""

    rows: tuple[Stat, ...]
    row_height: float = 7.0
    #: The notes' type (points on a poker card): a note wraps, so a card with room takes more.
    note_size: float = 6.5


@dataclass(frozen=True)
class Paragraphs:
    """Bulleted paragraphs filling the room left above the footer."""

    texts: tuple[str, ...]
    size: float = 7.5
    min_size: float = 5.5
    #: The size their room is measured at, so a photo never squeezes them smaller.
    legible: float = 6.5
    #: The first paragraph goes on from the card before (no bullet): set by the print engine
    #: on a continuation card.
    continued: bool = False


@dataclass(frozen=True)
class Boxes:
    """A row of tick boxes with a label at the left, at the bottom of the card (under the
    paragraphs)."""

    label: str
    count: int
    size: float = 4.2
    #: The smallest side a box prints at on any card size, mm: a row that cannot hold them
    #: all at this size wraps into rows.
    at_least: float = 0.0
    #: Boxes marked on the track (1-based, with a short label over each: a unit's 25%).
    marks: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class Stars:
    """Marks in a centred row: stars with a box under each to cross off, or plain roundels
    in the accent (tokens a leader claims)."""

    count: int
    shape: Literal["star", "roundel"] = "star"
    after: float = 0.0


@dataclass(frozen=True)
class Emblem:
    """A named drawing centred in ``height`` (a share of the card body), with ``letter`` for
    art that takes one (an illuminated initial)."""

    art: str
    share: float = 0.42
    letter: str = ""


@dataclass(frozen=True)
class Photo:
    """A photo framed in gold, as tall as ``ratio`` of the width or the room left.
    ``origin`` ("army.toml:12: wards[0].units[1].photo") and ``written`` (the path as the file
    gives it) name it in the message when it cannot be printed; it prints only from under
    ``root`` (the real folder of the file naming it) unless the export allows photos
    anywhere."""

    path: str
    origin: str
    written: str
    root: str
    ratio: float = 0.5


@dataclass(frozen=True)
class Rule:
    """An ornamental rule across the card (``plain``: a thin line to write on), drawn
    ``before`` mm below the blocks above it."""

    tint: Tint = "accent"
    before: float = 0.6
    after: float = 2.0
    plain: bool = False


@dataclass(frozen=True)
class Ruled:
    """Ruled lines to write on, down to the bottom of the card, below an optional initial."""

    initial: str = ""
    step: float = 5.5


Block = Text | StatRows | Paragraphs | Boxes | Stars | Emblem | Photo | Rule | Ruled


@dataclass(frozen=True)
class Face:
    """One card's front: a coloured header band with its kind label (and an emblem), the
    blocks, and a footer line."""

    label: str
    accent: str
    blocks: tuple[Block, ...]
    emblem: str | None = None
    footer: str = ""
    #: Set by the print engine when the words run onto continuation cards: this card's
    #: number and how many they are (printed "1/2" in the header band).
    part: tuple[int, int] | None = None


@dataclass(frozen=True)
class Back:
    """The back every card of a deck shares, so a face-down card tells nothing."""

    title: str
    note: str
    accent: str
    emblems: tuple[str, ...] = ()


@dataclass(frozen=True)
class Deck:
    kind: str
    #: The PDF's title ("Play deck") and the ruler's caption.
    title: str
    cards: tuple[Face, ...]
    back: Back | None
    #: A blank card dealt to the end of the last sheet (the paper is printed anyway).
    fill: Face | None = None
    #: Blank cards asked for besides those (the manifest adds the ones filling the sheet).
    blank_cards: int = 0
    #: Extra manifest entries ("events": 9).
    details: Mapping[str, object] = field(default_factory=dict)
    #: Dealt from a shuffled deck during play: a card continuing another's words says to keep
    #: it out of the deal.
    dealt: bool = False
    #: Reference cards, never dealt nor shuffled (leader and magnate cards): a sheet of them
    #: needs no backs, so as PDF they are printed single-sided on the pack's shared sheets,
    #: beside its markers (the back still serves images and Tabletop Simulator).
    reference: bool = False


# --- Tokens ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    """``count`` equal tokens: a named drawing in an accent, a caption, a kind label."""

    art: str
    accent: str
    label: str
    count: int = 1
    caption: str = ""
    #: The art's emblem, where it shows one ("rose-white").
    emblem: str | None = None
    #: For a tracker: its title, a note, and boxes from ``boxes`` down to 0.
    title: str = ""
    note: str = ""
    boxes: int = 0
    #: For a stat label: its numbers, each a labelled cell (a stand's label).
    stats: tuple[Stat, ...] = ()
    #: What a tracker's or stat label's boxes count ("Wounds"), printed over them.
    boxes_label: str = ""
    #: For a four-way marker: the words of its quarters (top, right, bottom, left) and the
    #: changes allowed between them, as (from, to) indexes into ``segments``.
    segments: tuple[str, ...] = ()
    changes: tuple[tuple[int, int], ...] = ()
    #: The bag a Tabletop Simulator export keeps it in, by name: tokens with the same bag
    #: share one (a cup of chits drawn blind, an army's stand labels). Empty: a bag of its own
    #: copies, named for its kind label and caption.
    bag: str = ""


@dataclass(frozen=True)
class TokenGroup:
    """Tokens of one size and shape, laid out together (every single-sided group of a pack
    shares its sheets with the others: :mod:`builder.export.layout.shared`); ``caption`` is
    printed beside its blocks."""

    name: str
    caption: str
    size_mm: tuple[float, float]
    tokens: tuple[Token, ...]
    shape: Literal["round", "rect", "square"] = "round"

    def count(self) -> Counter[str]:
        out: Counter[str] = Counter()
        for token in self.tokens:
            out[token.label] += token.count
        return out


@dataclass(frozen=True)
class TokenSheet:
    kind: str
    title: str
    groups: tuple[TokenGroup, ...]


# --- Documents ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Document:
    """A WeasyPrint document: a template (looked up in ``templates/<ruleset>/`` first, then
    ``templates/``) and the plain context it prints."""

    kind: str
    template: str
    #: The PDF's title.
    title: str
    context: Mapping[str, object]
    #: Printed on both sides of the paper.
    duplex: bool = False
    details: Mapping[str, object] = field(default_factory=dict)
    #: Give the template ``share_codes``: for each army of the job, in order, its share code
    #: (a QR of ``billhooks share``'s list that ``billhooks verify`` checks; the roster's).
    share_codes: bool = False


def without_house_rules(words: Mapping[str, Any], off: frozenset[str]) -> dict[str, Any]:
    """A system's crib words (the crib or its situations) with what each house rule turned off
    drops: the words file's ``[[house_rules.<key>]]`` tables each name a bullet (``text``) and
    what it reads without the rule (``without``; "" drops it), or a whole ``section`` by its
    title."""
    swaps: dict[str, str] = {}
    dropped: set[str] = set()
    for key, entries in words.get("house_rules", {}).items():
        if key in off:
            swaps.update((e["text"], e["without"]) for e in entries if "text" in e)
            dropped.update(e["section"] for e in entries if "section" in e)
    out = {k: v for k, v in words.items() if k != "house_rules"}
    if not swaps and not dropped:
        return out

    def part(found: Mapping[str, Any]) -> dict[str, Any]:
        if "bullets" not in found:
            return dict(found)
        bullets = [swaps.get(b, b) for b in found["bullets"]]
        return {**found, "bullets": [b for b in bullets if b]}

    out["sections"] = [
        {**section, "parts": [part(p) for p in section["parts"]]}
        for section in words["sections"]
        if section.get("title") not in dropped
    ]
    return out


@dataclass(frozen=True)
class Reading:
    """A decision of ours the kit relies on where the rulebook is silent or unclear, in words
    two players can agree before the game: declared once in the system's
    ``templates/<ruleset>/situations.toml`` (``[[readings]]``), printed in the crib's "Our
    readings" box and matched against its docs/rules page's "Our reading" lines by a test."""

    title: str
    text: str


def readings(situations: Mapping[str, Any]) -> tuple[Reading, ...]:
    """The readings a system's situations words declare, in their order."""
    return tuple(Reading(str(r["title"]), str(r["text"])) for r in situations.get("readings", ()))


def crib_document(
    ruleset_title: str,
    words: Mapping[str, Any],
    tables: Mapping[str, object],
    situations: Mapping[str, Any],
) -> Document:
    """``crib-sheet.pdf``, printed on both sides of two sheets from the shared
    ``crib-sheet.html``: the every-turn crib (``crib-sheet.toml`` of its templates folder, its
    ``title`` heading the sheet) with the tables its numbers fill in, then "Situations and
    readings" (``situations.toml``): the rules that come up less often, the terrain, how the
    game ends, the markers, the flow chart and the readings box."""
    return Document(
        "crib-sheet",
        "crib-sheet.html",
        f"Crib sheet: {ruleset_title}",
        {
            "title": words["title"],
            "crib": words,
            "tables": tables,
            "situations": situations,
            "readings": readings(situations),
            "ruleset_title": ruleset_title,
            "version": builder.__version__,
        },
        duplex=True,
    )


Printable = Document | Deck | TokenSheet


@dataclass(frozen=True)
class Printables:
    """Everything a ruleset prints for some armies, in pack order."""

    ruleset: str
    #: The PDFs' subject ("<ruleset title> print pack").
    subject: str
    items: tuple[Printable, ...]

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(item.kind for item in self.items)

    def get(self, kind: str) -> Printable:
        return next(item for item in self.items if item.kind == kind)

    def counts(self, kind: str) -> Counter[str]:
        """How many of each kind label (LEADER, ORDER, ...) ``kind`` prints."""
        item = self.get(kind)
        out: Counter[str] = Counter()
        if isinstance(item, Deck):
            out.update(face.label for face in item.cards)
        elif isinstance(item, TokenSheet):
            for group in item.groups:
                out.update(group.count())
        return out
