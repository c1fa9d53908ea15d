"""Every name prints in its style (issue 42.6): a name holding each accented letter of the
major European languages, and the punctuation players type, set in every title style of the
cards (ReportLab) and of the documents (WeasyPrint), read back from the PDF letter by letter:
each letter is in the style's own face, and a blackletter line the blackletter cannot set is
set whole in the declared fallback, never letter by letter."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pdfread
import pytest

from builder.cli import main
from builder.export.documents import weasy
from builder.export.drawing import fonts
from builder.export.drawing.blocks import font_for
from builder.export.drawing.canvas import Box, begin_page, end_page, new_canvas
from builder.export.drawing.text import text_in
from builder.resources import examples_dir

#: Each language's letters beyond ASCII (both cases where the case differs), and the
#: punctuation typed or pasted into names: curly quotes, dashes, the ellipsis.
LETTERS = {
    "French": "àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ",
    "German": "äöüßÄÖÜ",
    "Spanish": "áéíóúñÁÉÍÓÚÑ¿¡",
    "Portuguese": "ãõÃÕ",
    "Italian": "ìòÌÒ",
    "Scandinavian": "åøÅØ",
    "Icelandic": "ðþÐÞýÝ",
    "Polish": "ąćęłńśźżĄĆĘŁŃŚŹŻ",
    "Czech and Slovak": "čďěňřšťůžČĎĚŇŘŠŤŮŽĺľĹĽŕŔ",
    "Hungarian": "őűŐŰ",
    "Romanian": "ăĂșțȘȚ",
    "Turkish": "ğışĞİŞ",
    "Croatian": "đĐ",
    "Baltic": "āēīūģķļņĀĒĪŪĢĶĻŅėįųĖĮŲ",
    "Maltese and Welsh": "ċġħĊĠĦŵŷŴŶ",
    "punctuation": "‘’“”–—…«»·",
}
NAME = "Robert of Bellême " + " ".join(LETTERS.values())
#: Latin-1 and Latin Extended-A whole (the bundled faces' promise).
BLOCKS = "".join(chr(c) for c in [*range(0xC0, 0x100), *range(0x100, 0x180)] if c != 0xD7)

#: The card styles (blocks.font_for) and the PostScript name each face embeds under.
CARD_STYLES = {
    "body": "EBGaramond12-Regular",
    "bold": "EBGaramond12-Bold",
    "italic": "EBGaramond12-Italic",
    "caps": "EBGaramond12-AllSC",
}


def card_pdf(texts: list[tuple[str, str]]) -> bytes:
    """Each (style, text) drawn in its own box on one page, as card faces draw a title."""
    out = io.BytesIO()
    c = new_canvas(out, (210, 297), "fonts", "test")
    begin_page(c)
    for i, (style, text) in enumerate(texts):
        text_in(c, text, font_for(style, text), Box(10, 270 - i * 40, 190, 36), 9, 9)
    end_page(c)
    c.save()
    return out.getvalue()


def fonts_of(pdf: bytes) -> list[Counter[str]]:
    """Per line of text (by baseline), how many letters each face set."""
    lines: dict[int, Counter[str]] = {}
    with pdfread.pages(pdf) as pages:
        for ch in pages[0].chars:
            if ch["text"].strip():
                face = str(ch["fontname"]).split("+")[-1]
                lines.setdefault(round(float(ch["top"]) / 40), Counter())[face] += 1
    return [lines[k] for k in sorted(lines)]


@pytest.mark.parametrize("style", CARD_STYLES)
def test_every_card_style_keeps_its_face(style: str) -> None:
    found = fonts_of(card_pdf([(style, NAME)]))
    assert sum(found, Counter()).keys() == {CARD_STYLES[style]}, found


def test_every_face_covers_latin_1_and_extended_a() -> None:
    for face in (fonts.BODY, fonts.BOLD, fonts.ITALIC, fonts.CAPS):
        assert fonts.covers(face, BLOCKS + LETTERS["punctuation"]), face


def test_a_display_line_is_set_whole_in_one_face() -> None:
    # The blackletter sets a Latin-1 name; a name with a letter it lacks goes whole into the
    # fallback, not just that letter.
    found = fonts_of(card_pdf([("display", "Robert of Bellême"), ("display", "Łukasz of Kraków")]))
    assert [set(line) for line in found] == [{"BlankenburgUNZ1A"}, {"EBGaramond12-Bold"}]
    assert fonts.display("Bellême") == fonts.BLACKLETTER
    assert fonts.display("Łukasz") == fonts.BOLD


#: The documents' title styles, as the templates set them (base.css, _roster-frame.html).
DOCUMENT = """
<h1 style="font-family: Blankenburg">{{ plain|display }}</h1>
<h1 style="font-family: Blankenburg">{{ name|display }}</h1>
<p style="font-family: 'EB Garamond'; font-weight: bold">{{ name }}</p>
<p style="font-family: 'EB Garamond'; font-style: italic">{{ name }}</p>
<p style="font-family: 'EB Garamond SC'">{{ name }}</p>
<p style="font-family: 'EB Garamond'">{{ name }}</p>
"""


def test_every_document_style_keeps_its_face() -> None:
    html = weasy.environment().from_string(DOCUMENT).render(plain="Bellême", name=NAME)
    pdf = weasy.pdf_bytes(weasy.render_document(html, "a4"), "fonts")
    faces: list[set[str]] = []
    with pdfread.pages(pdf) as pages:
        line = -1.0
        for ch in pages[0].chars:
            if not ch["text"].strip():
                continue
            if abs(float(ch["top"]) - line) > 4:
                faces.append(set())
                line = float(ch["top"])
            faces[-1].add(str(ch["fontname"]).split("+")[-1])
    # WeasyPrint names the faces by family and style; each line is in one face, and the lines
    # run: the blackletter name, the fallback name and the bold one, italic, small capitals,
    # regular (and the page footer in small capitals).
    assert all(len(f) == 1 for f in faces), faces
    names = [f.pop() for f in faces]
    runs = [n for i, n in enumerate(names) if i == 0 or n != names[i - 1]]
    garamond = ["EB-Garamond-Bold", "EB-Garamond-Italic", "EB-Garamond-SC", "EB-Garamond"]
    assert runs == ["Blankenburg", *garamond, "EB-Garamond-SC"], names


def test_a_roster_sets_an_army_name_whole_in_its_headings(tmp_path: Path) -> None:
    """The army's name in the roster's header and in every page's running header: whole in
    the fallback for a name the blackletter lacks a letter of, in blackletter for another."""
    army = tmp_path / "army.toml"
    text = (examples_dir() / "lancaster.toml").read_text(encoding="utf-8")
    army.write_text(text.replace("The Earl of Oxford's Retinue", "Łukasz of Kraków"), "utf-8")
    york = str(examples_dir() / "york.toml")
    assert main(["export", str(army), york, "--out", str(tmp_path), "--only", "roster"]) == 0
    lines: dict[tuple[int, int], list[tuple[str, str]]] = {}
    with pdfread.pages(tmp_path / "roster.pdf") as pages:
        for page in pages:
            for ch in page.chars:
                face = str(ch["fontname"]).split("+")[-1]
                lines.setdefault((page.page_number, round(float(ch["top"]))), []).append(
                    (ch["text"], face)
                )
    names = {"Łukasz of Kraków": set[str](), "The Duke of Norfolk's Affinity": set[str]()}
    count = dict.fromkeys(names, 0)
    for line in lines.values():
        words = "".join(t for t, _ in line)
        for name, faces in names.items():
            if words.startswith(name.replace(" ", "")) or words.startswith(name):
                count[name] += 1
                faces.update(f for t, f in line[: len(name.replace(" ", ""))])
    # The header and at least one running header each.
    assert all(n >= 2 for n in count.values()), count
    assert names["Łukasz of Kraków"] == {"EB-Garamond-Bold"}
    assert names["The Duke of Norfolk's Affinity"] == {"Blankenburg"}
