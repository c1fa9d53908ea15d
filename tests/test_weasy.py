"""The WeasyPrint side's safety: the fetcher serves only the package's assets, user text prints
literally and fetches nothing, templates always autoescape, and the core never loads WeasyPrint."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import bh
import jinja2
import pdfread
import pytest
from markupsafe import Markup

from builder import armyfile
from builder.export.documents import weasy
from builder.export.job import ArmyInput, ExportJob, ExportOptions
from builder.export.pipeline.pack import write_kind
from builder.resources import examples_dir, fonts_dir, templates_dir
from builder.systems.billhooks.model import Army, Leader, RearCompany, Unit, Ward

HOSTILE = [
    "<link rel=stylesheet href=file:///etc/passwd>",
    "<b>x</b>",
    '<img src="http://example.invalid/spy.png">',
    "<style>@import url(file:///etc/hostname);</style>",
    '<img src="data:image/png;base64,iVBORw0KGgo=">',
]


def test_fetcher_serves_the_bundled_fonts_and_templates() -> None:
    fetcher = weasy.AssetFetcher()
    font = fonts_dir() / "EBGaramond12-Regular.ttf"
    response = fetcher.fetch(font.resolve().as_uri())
    assert response.read()[:4] == font.read_bytes()[:4]
    assert fetcher.fetch((templates_dir() / "base.css").resolve().as_uri()).read()
    assert fetcher.refused == []


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "http://example.invalid/x.css",
        "https://example.invalid/font.ttf",
        "data:text/css,body{color:red}",
        "data:image/png;base64,iVBORw0KGgo=",
        "ftp://example.invalid/x.png",
        # Inside the package but not an asset type, and a walk out of it.
        (templates_dir() / "billhooks" / "crib-sheet.toml").resolve().as_uri(),
        (templates_dir() / "base.css")
        .resolve()
        .as_uri()
        .replace("base.css", "../../../etc/passwd"),
        "file://otherhost" + str((templates_dir() / "base.css").resolve()),
    ],
)
def test_fetcher_refuses_everything_else(url: str) -> None:
    fetcher = weasy.AssetFetcher()
    with pytest.raises(weasy.AssetRefused):
        fetcher.fetch(url)
    assert fetcher.refused == [url]


def test_fetcher_refuses_a_file_outside_the_package(tmp_path: Path) -> None:
    stray = tmp_path / "stray.ttf"
    stray.write_bytes((fonts_dir() / "Blankenburg.ttf").read_bytes())
    with pytest.raises(weasy.AssetRefused):
        weasy.AssetFetcher().fetch(stray.as_uri())


def test_markup_reaching_weasyprint_fetches_nothing(tmp_path: Path) -> None:
    """Even raw HTML (never produced from user text) cannot make WeasyPrint read a file or
    the network: every such request is refused and the page still renders."""
    fetcher = weasy.AssetFetcher()
    html = "<p>before</p>" + "".join(HOSTILE) + "<p>after</p>"
    document = weasy.render_document(html, "a4", fetcher)
    (tmp_path / "x.pdf").write_bytes(weasy.pdf_bytes(document, "x"))
    assert len(document.pages) == 1
    assert fetcher.refused and set(fetcher.refused) == set(fetcher.requests)
    assert any("passwd" in url for url in fetcher.refused)
    assert any(url.startswith("data:") for url in fetcher.refused)
    assert any(url.startswith("http:") for url in fetcher.refused)


def hostile_army() -> Army:
    archers = Unit("archers", label=HOSTILE[1], nationality=HOSTILE[3])
    block = Unit("archers", formation="combined", rear=RearCompany("billmen"), label=HOSTILE[2])
    return Army(
        "billhooks",
        HOSTILE[0],
        side="york",
        points=100,
        wards=[
            Ward(Leader(HOSTILE[0], rank=HOSTILE[1], c_in_c=True), [archers, block]),
            Ward(Leader(HOSTILE[4], rank="Captain"), [Unit("billmen", label="Tom & Jerry's")]),
        ],
    )


def test_user_text_prints_literally_and_fetches_nothing(tmp_path: Path) -> None:
    army = hostile_army()
    job = ExportJob(
        (ArmyInput(army, tmp_path / "army.toml", armyfile.dumps(army)),), ExportOptions()
    )
    fetcher = weasy.shared_fetcher()
    weasy.stylesheets("a4")  # the bundled fonts load once, with the stylesheet
    before, refused = len(fetcher.requests), len(fetcher.refused)
    path = tmp_path / "roster.pdf"
    write_kind(job, "roster", path)
    # Only the tick-box strips and share codes may load (each once a process, drawn in process),
    # never anything user text names.
    assert all(url.startswith(("ticks:", "qr:")) for url in fetcher.requests[before:])
    assert len(fetcher.refused) == refused
    with pdfread.document(path) as pdf:
        text = "".join(p.extract_text() or "" for p in pdf.pages)
        # The unit column wraps long labels between other columns' lines: read it alone.
        column = ""
        for page in pdf.pages:
            figs = next(w for w in page.extract_words() if w["text"] == "Figs")
            column += page.crop((0, 0, figs["x0"] - 2, page.height)).extract_text() or ""
    bare = re.sub(r"\s+", "", text + column)
    for hostile in HOSTILE:
        assert re.sub(r"\s+", "", hostile) in bare, hostile
    assert "Tom & Jerry's" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["roster.pdf"]


def test_templates_autoescape_whatever_their_name() -> None:
    env = weasy.environment()
    assert env.autoescape is True
    assert env.undefined is jinja2.StrictUndefined
    assert env.from_string("{{ x }}").render(x="<b>") == "&lt;b&gt;"
    with pytest.raises(jinja2.UndefinedError):
        env.from_string("{{ missing }}").render()


def test_both_documents_reuse_one_font_configuration(tmp_path: Path) -> None:
    path = examples_dir() / "york.toml"
    job = ExportJob((ArmyInput(bh.load(path), path, path.read_text(encoding="utf-8")),))
    write_kind(job, "crib-sheet", tmp_path / "crib-sheet.pdf")
    config = weasy.font_config()
    write_kind(job, "roster", tmp_path / "roster.pdf")
    assert weasy.font_config() is config
    assert weasy.stylesheets("a4") is weasy.stylesheets("a4")


def test_documents_module_does_not_load_weasyprint_until_it_writes() -> None:
    probe = (
        "import builder.export.documents.render, sys, json\n"
        "print(json.dumps(sorted(m.split('.')[0] for m in sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert "weasyprint" not in json.loads(out.splitlines()[-1])


def test_export_keeps_both_documents_inside_the_output_folder(tmp_path: Path) -> None:
    """An army called "../../x" exports through the command into --out and nowhere else."""
    from builder.cli import main

    text = (examples_dir() / "york.toml").read_text(encoding="utf-8")
    text = text.replace('name = "The Duke of Norfolk\'s Affinity"', 'name = "../../x"')
    work = tmp_path / "a" / "b"
    work.mkdir(parents=True)
    army = work / "army.toml"
    army.write_text(text, encoding="utf-8")
    out = work / "out"
    assert main(["export", str(army), "--out", str(out), "--only", "roster,crib-sheet"]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "crib-sheet.pdf",
        "manifest.json",
        "roster.pdf",
    ]
    assert sorted(p.name for p in work.iterdir()) == ["army.toml", "out"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a"]
    with pdfread.document(out / "roster.pdf") as pdf:
        assert "../../x" in (pdf.pages[0].extract_text() or "")


BUNDLED_FACES = {
    "EB-Garamond",
    "EB-Garamond-Italic",
    "EB-Garamond-SC",
    "EB-Garamond-Bold",
    "Blankenburg",
}


def embedded_fonts(path: Path) -> set[str]:
    """The base names (subset tag stripped) of every font a PDF's pages use."""
    from pypdf import PdfReader

    names = set()
    for page in PdfReader(path).pages:
        resources: Any = page["/Resources"]
        fonts = resources.get("/Font") or {}
        for ref in fonts.values():
            names.add(str(ref.get_object()["/BaseFont"]).lstrip("/").split("+")[-1])
    return names


def test_the_roster_embeds_only_the_bundled_fonts(tmp_path: Path) -> None:
    """CJK, emoji and mathematical characters used to pull system fonts (Noto CJK, DejaVu,
    ...) into the roster; now each character no bundled face has prints as "?"."""
    army = hostile_army()
    army.name = "漢字の軍 🌹⚔️ ∑∫√ Ωmega Жуков"
    army.wards[0].leader.name = "王 ℵ₀ 😀 Ⅻ"
    army.wards[0].units[0].label = "🛡️ 弓兵 ∮"
    job = ExportJob(
        (ArmyInput(army, tmp_path / "army.toml", armyfile.dumps(army)),), ExportOptions()
    )
    write_kind(job, "roster", tmp_path / "roster.pdf")
    assert embedded_fonts(tmp_path / "roster.pdf") <= BUNDLED_FACES
    with pdfread.document(tmp_path / "roster.pdf") as pdf:
        text = "".join(p.extract_text() or "" for p in pdf.pages)
    # Greek and Cyrillic are in EB Garamond and stay; the rest is a visible "?".
    assert "Ωmega" in text and "Жуков" in text
    assert "漢" not in text and "🌹" not in text and "?" in text


def test_markup_values_keep_their_markup_and_lose_uncovered_characters() -> None:
    env = weasy.environment()
    assert env.from_string("{{ x }}").render(x="a漢<b>") == "a?&lt;b&gt;"
    assert env.from_string("{{ x }}").render(x=Markup("<i>漢</i>")) == "<i>?</i>"


@pytest.mark.parametrize(("kind", "duplex"), [("roster", False), ("crib-sheet", True)])
def test_documents_ask_for_actual_size_and_duplex(tmp_path: Path, kind: str, duplex: bool) -> None:
    from pypdf import PdfReader

    path = examples_dir() / "york.toml"
    job = ExportJob((ArmyInput(bh.load(path), path, path.read_text(encoding="utf-8")),))
    write_kind(job, kind, tmp_path / "doc.pdf")
    root: Any = PdfReader(tmp_path / "doc.pdf").trailer["/Root"]
    prefs = root["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs.get("/Duplex") == ("/DuplexFlipLongEdge" if duplex else None)


def test_a_document_printed_again_is_laid_out_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same document (the same HTML: every word, every image named by what it draws) is
    the same PDF, laid out once a process; a document whose army changed is laid out again."""
    laid: list[str] = []
    render = weasy.render_document

    def counted(html: str, *args: Any, **kwargs: Any) -> Any:
        laid.append(html)
        return render(html, *args, **kwargs)

    monkeypatch.setattr(weasy, "render_document", counted)
    weasy.document_pdf.cache_clear()
    path = examples_dir() / "york.toml"
    army = bh.load(path)
    job = ExportJob((ArmyInput(army, path, path.read_text(encoding="utf-8")),))
    for n in (1, 2):
        write_kind(job, "roster", tmp_path / f"roster-{n}.pdf")
        write_kind(job, "crib-sheet", tmp_path / f"crib-{n}.pdf")
    assert len(laid) == 2
    assert (tmp_path / "roster-1.pdf").read_bytes() == (tmp_path / "roster-2.pdf").read_bytes()
    assert (tmp_path / "crib-1.pdf").read_bytes() == (tmp_path / "crib-2.pdf").read_bytes()
    army.wards[0].units[0].quality = (
        "veteran" if army.wards[0].units[0].quality != "veteran" else "levy"
    )
    write_kind(ExportJob((ArmyInput(army, path, ""),)), "roster", tmp_path / "changed.pdf")
    assert len(laid) == 3
    assert (tmp_path / "changed.pdf").read_bytes() != (tmp_path / "roster-1.pdf").read_bytes()
