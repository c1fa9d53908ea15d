"""``--format tts``: a deck or token sheet for Tabletop Simulator (TTS), as a folder holding its
images and a saved object TTS imports (``<kind>.json``, with ``<kind>.png`` as its thumbnail).

A deck is face sheets of up to 10 x 7 cards (TTS's largest grid; more cards take more sheets;
a small deck a grid of its own size, down to TTS's least, 2 x 2), the last cell of each
holding the deck's back (TTS's "hidden card"), at most 4096 px a side (the card cells are
scaled down to fit), and one back image; the JSON is a ``DeckCustom`` whose cards point at
their sheet and cell (``CardID`` = sheet key * 100 + cell). A token sheet is one image per
distinct token and bags of tiles: a bag of each token's copies, or one shared bag where the
printables name one (a cup chits are drawn from), each bag named for what it holds and whose.

Sizes: everything spawns at its printed size relative to the cards. A TTS card at scale 1 is
about 2.2 units wide, and we print it as a poker card (63.5 mm), so one unit is 63.5 / 2.2 =
28.9 mm (:data:`MM_PER_UNIT`); a card of another size is scaled by its width against poker.
A custom tile at scale 1 is 2 units wide; with ``Stretch`` off it keeps its image's aspect
(TTS would otherwise stretch it square), so a tile's scale is its printed width over 2 units
of 28.9 mm, the same both ways: a 25 mm token 0.433, a 50 x 25 mm tracker 0.866 (and half as
deep), a 63.5 x 44.5 mm stand label 1.1. Round tokens are TTS's circle tiles (``Type`` 2: 0 is
a box, 1 a hex, 3 a rounded box).

Images are referred to by ``file:///`` URLs of where the pack puts them; for a game with others
they are uploaded with TTS's Cloud Manager (docs/print-shops.md).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PIL import Image

from builder.core.printables import Back, Deck, Token, TokenSheet
from builder.export.drawing.backs import back_drawer
from builder.export.images.png import pieces, slug
from builder.export.images.raster import Picture, at_dpi, png_bytes, px, rasterise
from builder.export.job import CARD_MM, ExportJob, Written
from builder.export.layout.decks import token_drawer

#: TTS's largest deck sheet: 10 x 7 cells, the last one the hidden card.
COLS, ROWS = 10, 7
#: The largest texture TTS loads, px a side.
MAX_PX = 4096
#: Cards a sheet holds besides the hidden card.
PER_SHEET = COLS * ROWS - 1
#: A thumbnail's width (TTS shows it in its Saved Objects browser).
THUMB_PX = 256
#: A TTS card at scale 1 is a poker card; other sizes scale from it.
_POKER = CARD_MM["poker"]
#: How wide a card is at scale 1, in TTS units (about 2.2), and so a unit in millimetres.
CARD_UNITS = 2.2
MM_PER_UNIT = _POKER[0] / CARD_UNITS
#: How wide a custom tile is at scale 1, in units.
TILE_UNITS = 2.0
#: TTS's least deck grid, cells a side.
LEAST = 2
#: TTS's tile shapes (``CustomTile.Type``: 0 box, 1 hex, 2 circle, 3 rounded box).
_TILE = {"round": 2, "rect": 0, "square": 0}


def cell_size(trim: tuple[float, float], dpi: int) -> tuple[int, int]:
    """A card's cell on a face sheet in px: its size at ``dpi``, scaled down so that 10 x 7
    cells fit in 4096 x 4096 (a poker card: at most 409 x 573)."""
    w, h = trim
    cell_w = min(px(w, dpi), MAX_PX // COLS)
    cell_h = round(cell_w * h / w)
    if cell_h > MAX_PX // ROWS:
        cell_h = MAX_PX // ROWS
        cell_w = round(cell_h * w / h)
    return cell_w, cell_h


def grid(cards: int) -> tuple[int, int]:
    """The grid (columns, rows) of a face sheet of ``cards`` cards and the hidden card: as
    few rows as 10 columns allow, then as few columns as those rows need, at least 2 x 2."""
    cells = cards + 1
    rows = max(LEAST, math.ceil(cells / COLS))
    return max(LEAST, math.ceil(cells / rows)), rows


def _transform(
    x: float = 0.0, scale: tuple[float, float] = (1.0, 1.0), face_down: bool = True
) -> dict[str, float]:
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": scale[0],
        "scaleY": 1.0,
        "scaleZ": scale[1],
    }


def _url(path: Path) -> str:
    return path.resolve().as_uri()


def _thumbnail(image: Image.Image) -> bytes:
    thumb = image.copy()
    thumb.thumbnail((THUMB_PX, THUMB_PX))
    return png_bytes(thumb)


def _deck_back(deck: Deck) -> Back:
    """The deck's back; a plain one in its first card's colour for a deck printed single-sided
    (TTS shows every card face down as a back)."""
    if deck.back is not None:
        return deck.back
    accent = deck.cards[0].accent if deck.cards else "#5a4632"
    return Back(deck.title, "", accent)


def write_deck_tts(job: ExportJob, folder: Path, deck: Deck, final: Path) -> Written:
    """The deck's face sheets, back image, saved object and thumbnail (see the module)."""
    found = pieces(job, deck)
    trim = CARD_MM[job.options.card_size]
    cell = cell_size(trim, job.options.dpi)
    back_pic = Picture(back_drawer(_deck_back(deck)), trim, 0.0, cell)
    distinct = list({id(p.front): Picture(p.front, trim, 0.0, cell) for p in found}.values())
    drawn = rasterise([back_pic, *distinct], deck.title, job.options.ink_saver)
    back, faces = (
        drawn[0],
        {id(p.draw): image for p, image in zip(distinct, drawn[1:], strict=True)},
    )
    listed: list[dict[str, object]] = []

    def put(name: str, data: bytes, size: tuple[int, int], role: str) -> Path:
        (folder / name).write_bytes(data)
        listed.append({"file": f"{deck.kind}/{name}", "role": role, "px": list(size)})
        return final / name

    back_url = _url(put("back.png", png_bytes(back), back.size, "back"))
    sheets: dict[str, dict[str, object]] = {}
    cards: list[dict[str, Any]] = []
    for key, start in enumerate(range(0, len(found), PER_SHEET), 1):
        chunk = found[start : start + PER_SHEET]
        cols, rows = grid(len(chunk))
        sheet = Image.new("RGB", (cols * cell[0], rows * cell[1]), "white")
        for i, piece in enumerate(chunk):
            sheet.paste(faces[id(piece.front)], ((i % cols) * cell[0], (i // cols) * cell[1]))
        sheet.paste(back, ((cols - 1) * cell[0], (rows - 1) * cell[1]))
        name = f"faces-{key}.png"
        sheets[str(key)] = {
            "FaceURL": _url(put(name, png_bytes(sheet), sheet.size, "faces")),
            "BackURL": back_url,
            "NumWidth": cols,
            "NumHeight": rows,
            "BackIsHidden": True,
            "UniqueBack": False,
            "Type": 0,
        }
        for i, piece in enumerate(chunk):
            cards.append(
                {
                    "Name": "Card",
                    "CardID": key * 100 + i,
                    "Nickname": f"{piece.name} (continued)" if piece.continues else piece.name,
                    "Description": "",
                    "Transform": _transform(scale=_scale(trim)),
                    "CustomDeck": {str(key): sheets[str(key)]},
                }
            )
    if deck.dealt:
        # A deck dealt in play is shuffled: a card continuing another's words is kept out of
        # it, in a pile of its own beside it, as the printed card says to.
        paired = list(zip(cards, found, strict=True))
        shuffled = [c for c, piece in paired if not piece.continues]
        aside = [c for c, piece in paired if piece.continues]
        objects = [
            *_stack(shuffled, deck.title, sheets, trim),
            *_stack(aside, f"{deck.title}: continuation cards", sheets, trim, x=3.0),
        ]
    else:
        objects = _stack(cards, deck.title, sheets, trim)
    _saved_object(folder, deck.kind, objects, _thumbnail(back), listed)
    counts = Counter(piece.label for piece in found)
    return Written(
        deck.kind,
        len(listed),
        dict(counts),
        {"format": "tts", "cell_px": list(cell), "sheets": len(sheets), "images": listed},
    )


def _stack(
    cards: list[dict[str, Any]],
    title: str,
    sheets: dict[str, dict[str, object]],
    trim: tuple[float, float],
    x: float = 0.0,
) -> list[dict[str, Any]]:
    """``cards`` as TTS holds them at ``x``: a deck, a card alone (TTS has no deck of one),
    or nothing."""
    if len(cards) == 1:
        return [{**cards[0], "Transform": _transform(x=x, scale=_scale(trim))}]
    if not cards:
        return []
    used = {key for c in cards for key in c["CustomDeck"]}
    return [
        {
            "Name": "DeckCustom",
            "Transform": _transform(x=x, scale=_scale(trim)),
            "Nickname": title,
            "Description": "",
            "DeckIDs": [c["CardID"] for c in cards],
            "CustomDeck": {k: v for k, v in sheets.items() if k in used},
            "ContainedObjects": cards,
        }
    ]


def _scale(trim: tuple[float, float]) -> tuple[float, float]:
    """A card's scale in TTS (a poker card is 1 x 1)."""
    return (round(trim[0] / _POKER[0], 3), round(trim[1] / _POKER[1], 3))


def _saved_object(
    folder: Path,
    kind: str,
    objects: Sequence[dict[str, Any]],
    thumb: bytes,
    listed: list[dict[str, object]],
) -> None:
    """``<kind>.json`` (the saved object TTS imports) and ``<kind>.png`` (its thumbnail)."""
    # A saved object is a save game with the outer fields left empty.
    data = {
        "SaveName": "",
        "Date": "",
        "VersionNumber": "",
        "GameMode": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "TabStates": {},
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": list(objects),
    }
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    (folder / f"{kind}.json").write_text(text, encoding="utf-8")
    listed.append({"file": f"{kind}/{kind}.json", "role": "saved object"})
    (folder / f"{kind}.png").write_bytes(thumb)
    listed.append({"file": f"{kind}/{kind}.png", "role": "thumbnail"})


def tile_scale(size_mm: tuple[float, float]) -> float:
    """A tile's scale, the same both ways (its image keeps the aspect): its printed width
    against a tile's width at scale 1 (see the module)."""
    return round(size_mm[0] / (TILE_UNITS * MM_PER_UNIT), 4)


def bag_name(token: Token) -> str:
    """The bag a token goes in: the one its printables name, else its kind and caption."""
    return token.bag or (f"{token.label}: {token.caption}" if token.caption else token.label)


def tile_name(token: Token) -> str:
    """A tile's name: its kind, its title (a stand's, a unit's) and its caption."""
    return " · ".join(part for part in (token.label, token.title, token.caption) if part)


def tile_description(token: Token) -> str:
    """A tile's description: its note, then its stats as printed (a stand label's numbers)."""
    return " · ".join(
        part for part in (token.note, *(f"{st.name} {st.value}" for st in token.stats)) if part
    )


def write_tokens_tts(job: ExportJob, folder: Path, sheet: TokenSheet, final: Path) -> Written:
    """One image per distinct token (at the job's dpi) and the bags of tiles, each tile of
    its token's shape at its printed size (see the module)."""
    dpi = job.options.dpi
    found = [(group, token) for group in sheet.groups for token in group.tokens if token.count > 0]
    pictures = [at_dpi(token_drawer(token), group.size_mm, 0.0, dpi) for group, token in found]
    images = rasterise(pictures, sheet.title, job.options.ink_saver)
    width = max(2, len(str(len(found))))
    listed: list[dict[str, object]] = []
    bags: dict[str, list[dict[str, Any]]] = {}
    counts: Counter[str] = Counter()
    for n, ((group, token), pic, image) in enumerate(zip(found, pictures, images, strict=True), 1):
        name = f"{n:0{width}d}-{slug(token.label)}.png"
        (folder / name).write_bytes(png_bytes(image, dpi))
        listed.append(
            {
                "file": f"{sheet.kind}/{name}",
                "role": "token",
                "label": token.label,
                "count": token.count,
                "px": list(pic.size),
                "mm": [round(v, 2) for v in pic.mm],
                "bag": bag_name(token),
            }
        )
        counts[token.label] += token.count
        scale = tile_scale(group.size_mm)
        tile = {
            "Name": "Custom_Tile",
            "Nickname": tile_name(token),
            "Description": tile_description(token),
            "Transform": _transform(scale=(scale, scale), face_down=False),
            "CustomImage": {
                "ImageURL": _url(final / name),
                "ImageSecondaryURL": "",
                "ImageScalar": 1.0,
                "WidthScale": 0.0,
                "CustomTile": {
                    "Type": _TILE[group.shape],
                    "Thickness": 0.1,
                    "Stackable": True,
                    "Stretch": False,
                },
            },
        }
        bags.setdefault(bag_name(token), []).extend([tile] * token.count)
    objects = [
        {
            "Name": "Bag",
            "Nickname": f"{name} (x{len(tiles)})",
            "Description": "",
            "Transform": _transform(x=3.0 * i, face_down=False),
            "ContainedObjects": tiles,
        }
        for i, (name, tiles) in enumerate(bags.items())
    ]
    thumb = _thumbnail(images[0]) if images else png_bytes(Image.new("RGB", (1, 1), "white"))
    _saved_object(folder, sheet.kind, objects, thumb, listed)
    return Written(sheet.kind, len(listed), dict(counts), {"format": "tts", "images": listed})


def write_tts(job: ExportJob, folder: Path, item: Deck | TokenSheet, final: Path) -> Written:
    """Write ``item`` for TTS into ``folder`` (empty), which the pack renames to ``final``."""
    if isinstance(item, Deck):
        return write_deck_tts(job, folder, item, final)
    return write_tokens_tts(job, folder, item, final)
