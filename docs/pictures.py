"""Re-make the docs' pictures of each rule system's print pack from today's output.

    python docs/pictures.py            # every picture below, into docs/images/
    python docs/pictures.py kiss-tokens roster

Each system's example pair is exported once (A4, poker cards, no bleed), and each picture is a
page of one of its PDFs drawn at a fixed resolution, cut to a box given in millimetres from the
page's top left (or the whole page). The pictures of the builder, the browser and the other
print options are made by hand and are not listed here.
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium

from builder.cli import main as billhooks

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"

#: Each system's two example armies, the pair the docs' pictures show.
PAIRS = {
    "billhooks": ("lancaster", "york"),
    "kiss": ("kiss-lancaster", "kiss-york"),
    "feudal": ("feudal-flanders", "feudal-normandy"),
    "shieldwall": ("shieldwall-norse", "shieldwall-saxon"),
}


@dataclass(frozen=True)
class Picture:
    system: str
    pdf: str
    page: int = 1
    dpi: int = 90
    #: left, top, right, bottom in mm from the page's top left; None is the whole page.
    box: tuple[float, float, float, float] | None = None


PICTURES = {
    "roster": Picture("billhooks", "roster.pdf"),
    "unit-cards": Picture("billhooks", "unit-cards.pdf", box=(8, 14, 202, 106)),
    "bonus-deck": Picture("billhooks", "bonus-deck.pdf", box=(8, 14, 202, 106)),
    "special-events": Picture("billhooks", "special-events.pdf", box=(8, 14, 202, 106)),
    "tokens": Picture("billhooks", "tokens.pdf", box=(8, 8, 202, 84)),
    "arrow-trackers": Picture("billhooks", "tokens.pdf", box=(68, 234, 200, 286)),
    "kiss-roster": Picture("kiss", "roster.pdf"),
    # Reference cards print on the shared sheets, beside the markers (issue 42).
    "kiss-magnate-cards": Picture("kiss", "tokens.pdf", box=(8, 6, 202, 192)),
    "kiss-tokens": Picture("kiss", "tokens.pdf", box=(8, 6, 202, 200)),
    "feudal-roster": Picture("feudal", "roster.pdf"),
    "feudal-unit-cards": Picture("feudal", "unit-cards.pdf", box=(8, 14, 202, 106)),
    "feudal-leader-cards": Picture("feudal", "tokens.pdf", box=(8, 6, 202, 100)),
    "feudal-tokens": Picture("feudal", "tokens.pdf"),
    "shieldwall-roster": Picture("shieldwall", "roster.pdf"),
    "shieldwall-stand-labels": Picture("shieldwall", "tokens.pdf", box=(8, 6, 202, 98)),
    "shieldwall-leader-cards": Picture("shieldwall", "tokens.pdf", page=2, box=(8, 6, 202, 192)),
    "shieldwall-tokens": Picture("shieldwall", "tokens.pdf", page=3, box=(8, 6, 202, 230)),
}


def export(system: str, into: Path) -> Path:
    """The system's example pair's whole pack, in a folder of its own."""
    out = into / system
    armies = [str(ROOT / "examples" / f"{stem}.toml") for stem in PAIRS[system]]
    if billhooks(["export", *armies, "--out", str(out)]) != 0:
        raise SystemExit(f"export of {system}'s examples failed")
    return out


def draw(picture: Picture, pack: Path, name: str) -> Path:
    page = pdfium.PdfDocument(pack / picture.pdf)[picture.page - 1]
    image = page.render(scale=picture.dpi / 72).to_pil()
    if picture.box is not None:
        px = picture.dpi / 25.4
        image = image.crop(tuple(round(v * px) for v in picture.box))
    target = IMAGES / f"{name}.png"
    image.convert("RGB").save(target, optimize=True)
    return target


def run(names: list[str]) -> None:
    unknown = sorted(set(names) - set(PICTURES))
    if unknown:
        raise SystemExit(f"no picture named {', '.join(unknown)}; pictures: " + ", ".join(PICTURES))
    wanted = {name: PICTURES[name] for name in names or PICTURES}
    with tempfile.TemporaryDirectory() as tmp:
        packs = {
            system: export(system, Path(tmp))
            for system in sorted({p.system for p in wanted.values()})
        }
        for name, picture in wanted.items():
            target = draw(picture, packs[picture.system], name)
            print(f"{target.relative_to(ROOT)}")


if __name__ == "__main__":
    run(sys.argv[1:])
