"""How ``EBGaramond12-Bold.ttf`` was made (run once by hand; the package never runs it).

Georg Duffner's EB Garamond 12 Bold (0.016, Debian's ``fonts-ebgaramond``) holds little beyond
ASCII: "Robert of Bellême" lost his bold title. The 2017 EB Garamond (Octavio Pardo's, version
1.003, the ``fontpkg-eb-garamond`` wheel's variable font) has every letter, but at weight 700
it sets 7% wider, which would re-wrap every bold line of the cards. So the shipped bold is
Duffner's, every glyph it had kept as it was, with what it lacked taken from Pardo's at 700:

* an accented letter is Pardo's composite rebuilt on Duffner's base letter, its marks moved by
  half the difference of the two bases' widths (an ``œ``'s second letter by the whole);
* a letter or sign with no base in Duffner's (``ł``, ``ß``, ``ŋ``, the curly quotes and dashes)
  is Pardo's outline as it is;
* the figures are Pardo's proportional lining figures (Duffner's bold has only old-style
  ones).

Both fonts are under the SIL Open Font License 1.1 with no Reserved Font Name.

    python cards/fonts/make_bold.py DUFFNER_BOLD.ttf PARDO_VARIABLE.ttf OUT.ttf
"""

from __future__ import annotations

import copy
import sys

from fontTools.ttLib import TTFont
from fontTools.ttLib.tables.ttProgram import Program
from fontTools.varLib import instancer

#: What every bundled face covers: Basic Latin, Latin-1, Latin Extended-A, the Romanian
#: letters with a comma below, and the general punctuation (quotes, dashes, the ellipsis).
COVER = [
    *range(0x20, 0x7F),
    *range(0xA0, 0x180),
    *range(0x218, 0x21C),
    *range(0x2010, 0x2016),
    0x2018,
    0x2019,
    0x201A,
    0x201C,
    0x201D,
    0x201E,
    0x2020,
    0x2021,
    0x2022,
    0x2026,
    0x2030,
    0x2039,
    0x203A,
    0x20AC,
    0x2122,
]
DIGITS = "0123456789"


def make(duffner_path: str, pardo_path: str, out_path: str) -> None:
    base = TTFont(duffner_path, recalcTimestamp=False)  # the same bytes every run
    pardo = instancer.instantiateVariableFont(TTFont(pardo_path), {"wght": 700})
    have = base.getBestCmap()
    theirs = pardo.getBestCmap()
    their_char = {name: cp for cp, name in theirs.items()}
    glyf, hmtx = base["glyf"], base["hmtx"]
    pglyf, phmtx = pardo["glyf"], pardo["hmtx"]
    order = list(base.getGlyphOrder())
    made: dict[str, str] = {}

    def ours(name: str) -> str | None:
        """Duffner's glyph for the character Pardo's ``name`` is, if Duffner's has one."""
        cp = their_char.get(name)
        return have.get(cp) if cp is not None and chr(cp) not in DIGITS else None

    def take(name: str) -> str:
        """Pardo's glyph ``name`` in the new font (under a name of its own), made once."""
        if name in made:
            return made[name]
        new = f"p.{name}"
        made[name] = new
        glyph = copy.deepcopy(pglyf[name])
        advance = phmtx[name][0]
        if glyph.isComposite():
            shift = 0.0  # how far Duffner's bases so far have moved what follows
            last = 0.0  # half the width change of the latest base: where its marks move
            for comp in glyph.components:
                mine = ours(comp.glyphName)
                if mine is not None:
                    change = hmtx[mine][0] - phmtx[comp.glyphName][0]
                    comp.x = round(comp.x + shift)
                    last = shift + change / 2
                    shift += change
                    comp.glyphName = mine
                else:
                    comp.x = round(comp.x + last)
                    comp.glyphName = take(comp.glyphName)
            advance = round(advance + shift)
        # Pardo's hints call his font programs, not Duffner's: the new glyphs go unhinted.
        glyph.program = Program()
        glyph.program.fromBytecode(b"")
        glyf[new] = glyph
        order.append(new)
        hmtx[new] = (advance, 0)
        return new

    wanted = {cp: theirs[cp] for cp in COVER if cp in theirs and cp not in have}
    # Proportional lining figures (his default ones are tabular).
    wanted.update({ord(d): f"{theirs[ord(d)]}.lf" for d in DIGITS})
    mapped = {cp: take(name) for cp, name in wanted.items()}
    base.setGlyphOrder(order)
    for name in order:
        if name in made.values():
            glyph = glyf[name]
            glyph.recalcBounds(glyf)
            hmtx[name] = (hmtx[name][0], getattr(glyph, "xMin", 0))
    for table in base["cmap"].tables:
        if table.isUnicode():
            table.cmap.update(
                {cp: g for cp, g in mapped.items() if cp <= 0xFFFF or table.format == 12}
            )
    for tag in ("hdmx", "LTSH", "VDMX"):  # per-glyph device tables the new glyphs lack
        if tag in base:
            del base[tag]
    unknown = [chr(cp) for cp in COVER if cp not in base.getBestCmap()]
    assert not unknown, f"not covered: {''.join(unknown)}"
    base.save(out_path)


if __name__ == "__main__":
    make(*sys.argv[1:4])
