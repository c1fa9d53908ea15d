"""The sheet-based PDFs of the pack: a ruleset's decks and token sheets laid out for the job's
options (paper, card size, bleed, gutter), written into one PDF each with its manifest entry."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from builder.core.printables import Deck, Face, Text, Token, TokenSheet
from builder.export.drawing.backs import back_drawer
from builder.export.drawing.blocks import Photos
from builder.export.drawing.canvas import DrawFn, new_canvas
from builder.export.drawing.faces import face_drawer, face_parts
from builder.export.drawing.tokenart import token_art
from builder.export.job import CARD_MM, PAPER_MM, ExportJob, Written
from builder.export.layout.shared import (
    Geometry,
    Lot,
    Sheet,
    capacity,
    draw_sheets,
    pack,
    series,
)
from builder.export.layout.sheet import (
    EDGE_CLEAR,
    Page,
    Run,
    SheetLayout,
    draw_pages,
    edge_to_edge,
    paginate,
    plan,
)


@dataclass(frozen=True)
class Item:
    """One card or token: the kind label it prints (for the manifest), how to draw it, and
    what it is called (a card's label and first line: Tabletop Simulator shows it)."""

    label: str
    draw: DrawFn
    name: str = ""
    #: Carries on the words of the card before it.
    continues: bool = False


@dataclass(frozen=True)
class Group:
    """Equal cards laid out together, on sheets of their own."""

    name: str
    layout: SheetLayout
    items: Sequence[Item]
    back: DrawFn | None
    caption: str


def card_layout(job: ExportJob, fold: bool = False) -> SheetLayout:
    """The sheet of the job's cards; ``fold`` for a deck with a back when the job folds."""
    return item_layout(job, CARD_MM[job.options.card_size], fold and job.options.fold)


def item_layout(job: ExportJob, size: tuple[float, float], fold: bool = False) -> SheetLayout:
    opts = job.options
    return plan(PAPER_MM[opts.paper], size, opts.bleed, opts.gutter, fold)


def armies_title(job: ExportJob) -> str:
    return " & ".join(a.army.name for a in job.armies)


def _layout_entry(
    job: ExportJob, group: Group, run: Run, pages: Sequence[Page]
) -> dict[str, object]:
    lay = group.layout
    sheets = [len(page.fronts) for page in pages if page.run is run]
    entry: dict[str, object] = {
        "items": group.name,
        "item_mm": list(lay.item),
        "grid": [lay.cols, lay.rows],
        "per_sheet": lay.per_sheet,
        "duplex": group.back is not None and not lay.fold,
        "sheets": sheets,
    }
    if lay.fold:
        entry["fold"] = True
        entry["sheet_mm"] = list(lay.paper)
    entry.update(_margin_cost(job, lay.item, lay.per_sheet, lay.fold))
    return entry


def _margin_cost(
    job: ExportJob, item: tuple[float, float], per_sheet: int, fold: bool = False
) -> dict[str, object]:
    """What the margin (with the crop marks and the ruler in it) costs, if anything."""
    opts = job.options
    without = edge_to_edge(PAPER_MM[opts.paper], item, opts.bleed, opts.gutter, fold)
    if without <= per_sheet:
        return {}
    return {
        "fewer_for_margins": f"{per_sheet} a sheet, not {without}: nothing is printed "
        f"within {EDGE_CLEAR:g} mm of the edge, and the crop marks "
        "and ruler need room"
    }


def write_groups(
    job: ExportJob, path: Path, title: str, groups: Sequence[Group], subject: str
) -> Written:
    """Write every group into one PDF at ``path`` and describe it for the manifest."""
    # A fold sheet may be landscape: the file's pages are its groups' (a deck has one).
    paper = groups[0].layout.paper if groups else PAPER_MM[job.options.paper]
    canvas = new_canvas(
        str(path),
        paper,
        f"{title}: {armies_title(job)}",
        f"{subject} ({job.options.paper}, {job.options.card_size} cards)",
        duplex=any(g.back is not None and not g.layout.fold for g in groups),
        ink_saver=job.options.ink_saver,
    )
    runs = [Run(g.caption, g.layout, [i.draw for i in g.items], g.back) for g in groups]
    pages = paginate(runs)
    count = draw_pages(canvas, pages)
    counts: Counter[str] = Counter()
    for group in groups:
        counts.update(i.label for i in group.items)
    canvas.save()
    layouts = [_layout_entry(job, g, r, pages) for g, r in zip(groups, runs, strict=True)]
    return Written(path.name, count, dict(counts), {"layout": layouts})


def deck_items(
    deck: Deck, card_mm: tuple[float, float], photos: Photos, per_sheet: int | None = None
) -> list[Item]:
    """A deck's cards at ``card_mm`` (a card whose words run on is followed by its
    continuation cards), then, when it has a ``fill``, the blank cards it asks for and (given
    ``per_sheet``) blank ones to the end of the last sheet. Blank cards share one item."""
    parts: dict[Face, tuple[Face, ...]] = {}
    for face in deck.cards:
        if face not in parts:  # a card printed many times is measured once
            parts[face] = face_parts(face, card_mm, deck.dealt)
    items = [_card(part, photos) for face in deck.cards for part in parts[face]]
    if deck.fill is None:
        return items
    blanks = deck.blank_cards
    if per_sheet is not None:
        # The paper is printed anyway: fill the last sheet with blank cards too.
        blanks += (-(len(items) + blanks)) % per_sheet
    return items + [_card(deck.fill, photos)] * blanks


def _card(face: Face, photos: Photos) -> Item:
    first = next((b.text for b in face.blocks if isinstance(b, Text) and b.text), "")
    return Item(
        face.label,
        face_drawer(face, photos),
        f"{face.label}: {first}" if first else face.label,
        face.part is not None and face.part[0] > 1,
    )


def write_deck(job: ExportJob, path: Path, deck: Deck, subject: str) -> Written:
    """A deck's cards, then blank ones to the end of the last sheet when it has a ``fill``;
    each sheet of fronts followed by its backs when it has a back (beside them when the job
    folds)."""
    layout = card_layout(job, fold=deck.back is not None)
    items = deck_items(deck, CARD_MM[job.options.card_size], {}, layout.per_sheet)
    back = back_drawer(deck.back) if deck.back is not None else None
    written = write_groups(
        job, path, deck.title, [Group("cards", layout, items, back, deck.title)], subject
    )
    written.details.update(deck.details)
    continued = sum(1 for i in items if i.continues)
    if continued:
        written.details["continuation_cards"] = continued
    if deck.fill is not None:
        written.details["blank_cards"] = len(items) - len(deck.cards) - continued
    return written


def token_drawer(token: Token) -> DrawFn:
    """How to draw one token (its art from the registry)."""
    art = token_art(token.art)
    return lambda c, cell: art(c, cell, token)


def token_lots(sheets: Sequence[TokenSheet | Deck], card_mm: tuple[float, float]) -> list[Lot]:
    """Every group of the token sheets and every reference deck's cards (at ``card_mm``,
    continuation cards included, without their back), in order, as lots to pack."""
    lots = []
    for sheet in sheets:
        if isinstance(sheet, Deck):
            items = deck_items(sheet, card_mm, {})
            lots.append(Lot(sheet.kind, "cards", sheet.title, card_mm, [i.draw for i in items]))
            continue
        lots += [
            Lot(
                sheet.kind,
                g.name,
                g.caption,
                g.size_mm,
                [token_drawer(t) for t in g.tokens for _ in range(t.count)],
            )
            for g in sheet.groups
        ]
    return lots


def write_tokens(
    job: ExportJob, path: Path, sheets: Sequence[TokenSheet | Deck], subject: str
) -> Written:
    """The token sheets' groups and the reference decks' cards packed together onto shared
    single-sided sheets (:mod:`builder.export.layout.shared`), kind after kind, in one PDF."""
    opts = job.options
    geo = Geometry(PAPER_MM[opts.paper], opts.bleed, opts.gutter)
    card_mm = CARD_MM[opts.card_size]
    lots = [lot for lot in token_lots(sheets, card_mm) if lot.fronts]
    # Nothing to print still gets a sheet (with its ruler), as a deck's empty run does.
    pages = pack(geo, lots) or [Sheet(geo.ruler(False))]
    title = series([s.title for s in sheets])
    canvas = new_canvas(
        str(path),
        geo.paper,
        f"{title}: {armies_title(job)}",
        f"{subject} ({opts.paper})",
        ink_saver=opts.ink_saver,
    )
    count = draw_sheets(canvas, geo, pages)
    canvas.save()
    counts: Counter[str] = Counter()
    continued = 0
    for sheet in sheets:
        if isinstance(sheet, Deck):
            items = deck_items(sheet, card_mm, {})
            counts.update(i.label for i in items)
            continued += sum(1 for i in items if i.continues)
            continue
        for group in sheet.groups:
            counts.update(group.count())
    layouts = []
    for lot in lots:
        cols, rows = capacity(geo, lot.item)
        on = [
            (n, sum(b.count for b in page.blocks if b.lot is lot))
            for n, page in enumerate(pages, 1)
        ]
        layouts.append(
            {
                "kind": lot.kind,
                "items": lot.name,
                "label": lot.label,
                "item_mm": list(lot.item),
                "grid": [cols, rows],
                "per_sheet": cols * rows,
                "duplex": False,
                "sheets": [k for _, k in on if k],
                "pages": [n for n, k in on if k],
                **_margin_cost(job, lot.item, cols * rows),
            }
        )
    details: dict[str, object] = {"kinds": [s.kind for s in sheets], "layout": layouts}
    if continued:
        details["continuation_cards"] = continued
    return Written(path.name, count, dict(counts), details)
