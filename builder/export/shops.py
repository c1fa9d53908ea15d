"""Print shops as data: what each one wants of a card file, for ``export --shop``.

The numbers are the shops' help pages as quoted in public code (the shops' sites cannot be
reached from here). MakePlayingCards' 822 x 1122 px poker image: seastan/lotr-lcg-set-generator's
``gimp/prepare_makeplayingcards.py`` clips its 826 x 1126 cards 2 px a side to it, and card
tools' notes quote makeplayingcards.com/faq-photo.aspx (36 px a side cut off at 300 dpi). The
Game Crafter's 1/8 in bleed and safe zone at 300 dpi, and that it turns CMYK images away: its
help articles 33, 39 and 391 as quoted in a card tool's research notes, and the public-domain TGC
layout templates of a card tool (poker 2.5 x 3.5 in, bleed 0.125 in, safe 2.25 x 3.25 in).
DriveThruCards' 1/8 in bleed, PDF/X-1a:2003, CMYK with total ink at most 240% and fonts embedded:
help.drivethrupartners.com "Specifications for Print Cards" as quoted in the same notes.

Sizes in pixels are each shop's whole image (its trim plus its bleed on every side): the
exported image IS that size, and its trim is the shop's, ``bleed_px`` in from every edge.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: The shop a pack is printed for when none is named: the sheets to print at home.
HOME = "home"

#: Debian's Ghostscript brings a CMYK (SWOP) ICC profile: DriveThruCards' files are separated
#: through it and name it as their output intent.
CMYK_PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
CMYK_PACKAGE = "ghostscript"


@dataclass(frozen=True)
class Shop:
    """One print shop's rules for a card file."""

    name: str
    title: str
    #: Where to order (said in the guide and the preflight).
    site: str
    #: The resolution its images are made at (dots per inch).
    dpi: int
    #: Each card size's whole image in pixels (trim plus bleed), by our card size's name.
    card_px: dict[str, tuple[int, int]]
    #: Bleed on every side, in pixels at ``dpi`` (may be half a pixel: 1/8 in at 300 dpi).
    bleed_px: float
    #: How far inside the trim nothing that matters may be, in pixels at ``dpi``.
    safe_px: float
    #: "RGB" (an sRGB PNG) or "CMYK" (a PDF/X file).
    colour: str
    #: "png": a folder of images a deck; "pdf": one PDF/X-1a file a deck.
    file_type: str
    #: The most ink a spot may carry, in per cent of one ink (None: not limited).
    ink_limit: int | None = None
    #: What the player uploads, for the preflight's last lines.
    upload: str = ""

    @property
    def bleed_mm(self) -> float:
        """The bleed in millimetres."""
        return self.bleed_px / self.dpi * 25.4

    def trim_px(self, card_size: str) -> tuple[float, float]:
        """The trim of ``card_size`` in pixels: the whole image less the bleed."""
        w, h = self.card_px[card_size]
        return (w - 2 * self.bleed_px, h - 2 * self.bleed_px)


SHOPS: dict[str, Shop] = {
    "mpc": Shop(
        name="mpc",
        title="MakePlayingCards",
        site="https://www.makeplayingcards.com/",
        dpi=300,
        # 2.5 x 3.5 in, 1.75 x 2.5 in and 2.75 x 4.75 in, each with 0.12 in (36 px) a side.
        card_px={"poker": (822, 1122), "mini": (597, 822), "tarot": (897, 1497)},
        bleed_px=36,
        safe_px=36,
        colour="RGB",
        file_type="png",
        upload="upload each deck folder's front images, and its back.png as the same back "
        "for every card",
    ),
    "tgc": Shop(
        name="tgc",
        title="The Game Crafter",
        site="https://www.thegamecrafter.com/",
        dpi=300,
        card_px={"poker": (825, 1125), "mini": (600, 825), "tarot": (900, 1500)},
        bleed_px=37.5,
        safe_px=37.5,
        colour="RGB",
        file_type="png",
        upload="make a deck of the folder's size, upload its back.png as the deck's back "
        "and its front images as the faces",
    ),
    "dtc": Shop(
        name="dtc",
        title="DriveThruCards",
        site="https://www.drivethrucards.com/",
        dpi=300,
        card_px={"poker": (825, 1125), "mini": (600, 825), "tarot": (900, 1500)},
        bleed_px=37.5,
        safe_px=37.5,
        colour="CMYK",
        file_type="pdf",
        ink_limit=240,
        upload="upload each deck's PDF as the card file of a product of its size",
    ),
}

#: Every shop ``--shop`` takes, the home sheets first.
SHOP_NAMES = (HOME, *SHOPS)


def missing_profile(shop: Shop) -> str:
    """What to install before ``shop``'s CMYK files can be made here ("" when nothing is
    missing): a plain check of a file, so the builder can say it without loading Pillow."""
    if shop.colour != "CMYK" or CMYK_PROFILE.is_file():
        return ""
    return (
        f"--shop {shop.name} separates the cards into CMYK through {CMYK_PROFILE}, which is "
        f"missing: install it with `apt-get install {CMYK_PACKAGE}` (Debian, Ubuntu) and "
        "export again"
    )


def shop_format(shop: Shop) -> str:
    """The pack format (``--format``) a shop's cards are written in."""
    return "png" if shop.file_type == "png" else "pdf"


class ShopConflict(ValueError):
    """A format, resolution or bleed given with a print shop that sets it otherwise."""


@dataclass(frozen=True)
class Settled:
    """A pack's format, resolution and bleed once its shop has had its say."""

    format: str
    #: None when not given (the format's default resolution).
    dpi: int | None
    #: The sheets' bleed (mm): a shop's cards carry the shop's own, its sheets none.
    bleed: float


def settle(shop_name: str, format: str | None, dpi: int | None, bleed: float | None) -> Settled:
    """The format, resolution and bleed of a pack for ``shop_name`` from what the player gave
    (None: not given), as ``export`` and the builder's Print screen both use it: a print shop
    sets them for its cards and refuses another value (:class:`ShopConflict`, saying which to
    leave out); at home they default to PDF sheets with no bleed."""
    shop = SHOPS.get(shop_name)
    if shop is None:
        return Settled(format or "pdf", dpi, bleed if bleed is not None else 0.0)
    for flag, given, fixed in (
        ("--format", format, shop_format(shop)),
        ("--dpi", dpi, shop.dpi),
    ):
        if given is not None and given != fixed:
            raise ShopConflict(
                f"--shop {shop.name} makes {shop.title}'s files at {flag} {fixed}: "
                f"leave out {flag} {given}"
            )
    if bleed is not None:
        raise ShopConflict(
            f"--shop {shop.name} gives every card {shop.title}'s bleed "
            f"({shop.bleed_px:g} px, {shop.bleed_mm:.2f} mm, a side): leave out --bleed"
        )
    # The shop's cards carry its bleed; the token sheets printed at home keep none.
    return Settled(shop_format(shop), shop.dpi, 0.0)
