"""The Print screen's Shop field (issue 42 on the screen): a shop chosen with the keys sets
and locks the format and bleed, the export writes the shop's files as ``export --shop`` does,
and the screen shows the preflight's verdict, the decks to order and, when DriveThruCards'
CMYK profile is missing, what to install."""

from __future__ import annotations

import dataclasses
import io
import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest
from packs import RULESETS
from PIL import Image
from pilot import SIZE, clear_and_type, plain, run_async
from test_shops import ARMY, smallest_deck
from textual.widgets import Input, Label, Select, SelectionList, Static

from builder.commands.share import source
from builder.core.printables import Deck
from builder.export import shops
from builder.export.images.preflight import PREFLIGHT
from builder.export.job import ExportJob, ExportOptions
from builder.export.pipeline.bundle import pack_zip
from builder.export.pipeline.manifest import MANIFEST, kind_of
from builder.export.pipeline.pack import printables
from builder.export.shops import CMYK_PACKAGE, SHOPS, settle
from builder.resources import examples_dir
from builder.tui.app import BuilderApp
from builder.tui.screens.print import PrintScreen
from builder.tui.screens.printreport import pack_files
from builder.tui.session import Session


def army_of(system: str, tmp_path: Path) -> Path:
    path = tmp_path / ARMY[system]
    shutil.copy(examples_dir() / ARMY[system], path)
    return path


def deck_kind(path: Path) -> str:
    """The army's smallest deck: the one file each test writes, to stay quick."""
    return smallest_deck(ExportJob((source(str(path)),), ExportOptions())).kind


async def choose_shop(pilot: Any, screen: PrintScreen, *moves: str) -> None:
    """Open the Shop list with the keys, make ``moves`` (up, down) and choose."""
    screen.query_one("#print-shop", Select).focus()
    await pilot.press("enter", *moves, "enter")
    await pilot.pause()


async def export_alone(pilot: Any, screen: PrintScreen, file: str, out: Path) -> str:
    """Tick ``file`` alone, export it into ``out`` with the `e` key; the status line after."""
    kinds = screen.query_one("#print-kinds", SelectionList)
    kinds.deselect_all()
    kinds.select(file)
    await clear_and_type(pilot, "#print-out", str(out))
    screen.query_one("#print-kinds").focus()
    await pilot.press("e")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return str(screen.query_one("#print-status", Label).render())


def test_every_system_is_tried() -> None:
    assert set(ARMY) == set(RULESETS)


@pytest.mark.parametrize("system", sorted(ARMY))
def test_the_files_list_follows_the_shop_in_every_system(tmp_path: Path, system: str) -> None:
    """What the Files list offers for each shop (the screen writes what it lists; each
    system's shop files themselves are tests/test_shops.py's)."""
    path = army_of(system, tmp_path)
    job = ExportJob((source(str(path)),))
    every = [i for i in printables(job).items if isinstance(i, Deck)]
    assert every
    for shop, name in (("mpc", "{}"), ("tgc", "{}"), ("dtc", "{}.pdf"), ("home", "{}.pdf")):
        # At home, reference cards (never dealt) print on the shared sheets, not as a deck.
        decks = [d.kind for d in every if shop != "home" or not d.reference]
        options = ExportOptions(format=settle(shop, None, None, None).format, shop=shop)
        listed = [n for n, _, _ in pack_files(ExportJob(job.armies, options))]
        assert [name.format(d) for d in decks] == [n for n in listed if kind_of(n) in decks]
        assert all(n.endswith(".pdf") for n in listed if kind_of(n) not in decks)


@run_async
async def test_choosing_a_shop_writes_its_files_and_shows_the_preflight(tmp_path: Path) -> None:
    path = army_of("billhooks", tmp_path)
    kind = deck_kind(path)
    out = tmp_path / "pack"
    mpc = SHOPS["mpc"]
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        screen = app.screen
        assert isinstance(screen, PrintScreen)
        assert not screen.query_one("#print-shop-note-row").display  # home: nothing locked
        await choose_shop(pilot, screen, "down")  # Home -> MakePlayingCards
        fmt = screen.query_one("#print-format", Select)
        bleed = screen.query_one("#print-bleed", Input)
        assert fmt.value == "png" and fmt.disabled
        assert bleed.value == "3.05" and bleed.disabled
        note = str(screen.query_one("#print-shop-note", Label).render())
        assert note.startswith("Decks as sRGB PNGs at 300 dpi, 822 x 1122 px with 36 px")
        # The shop's decks are folders of images; the token sheets stay one PDF.
        listed = screen.query_one("#print-kinds", SelectionList)
        names = [listed.get_option_at_index(i).value for i in range(listed.option_count)]
        assert kind in names and "tokens.pdf" in names
        status = await export_alone(pilot, screen, kind, out)
        assert "Preflight passed" in status and "Decks: " in status
        shown = plain(screen.query_one("#print-files", Static))
        assert "Preflight for MakePlayingCards: PASS" in shown and "FAIL" not in shown
        fronts = sorted((out / kind).glob("*-front.png"))
        assert "Decks to order from MakePlayingCards" in shown
        assert f"{kind}  " in shown and f"  {len(fronts)}  " in shown
        # A second visit finds the shop still chosen and its fields locked.
        await pilot.press("escape", "p")
        screen = app.screen
        assert isinstance(screen, PrintScreen)
        assert screen.query_one("#print-shop", Select).value == "mpc"
        fmt = screen.query_one("#print-format", Select)
        bleed = screen.query_one("#print-bleed", Input)
        assert fmt.value == "png" and fmt.disabled and bleed.disabled
        # Back home, the player's own format and bleed come back, unlocked.
        await choose_shop(pilot, screen, "up")
        assert fmt.value == "pdf" and not fmt.disabled
        assert bleed.value == "0" and not bleed.disabled
        assert app.print_settings.shop == "home" and app.print_settings.bleed == "0"
    assert (out / PREFLIGHT).is_file() and fronts
    for image_path in fronts:
        with Image.open(image_path) as image:
            assert image.size == mpc.card_px["poker"]


@run_async
async def test_a_failed_rule_is_shown_with_what_to_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(shops.SHOPS, "mpc", dataclasses.replace(SHOPS["mpc"], safe_px=120))
    path = army_of("billhooks", tmp_path)
    out = tmp_path / "pack"
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        screen = app.screen
        assert isinstance(screen, PrintScreen)
        await choose_shop(pilot, screen, "down")
        status = await export_alone(pilot, screen, "bonus-deck", out)
        assert "The preflight FAILED for MakePlayingCards" in status
        shown = " ".join(plain(screen.query_one("#print-files", Static)).split())
        assert "Preflight for MakePlayingCards: FAIL (1 rule(s))" in shown
        assert "FAIL bonus-deck safe zone: nearest text or art" in shown
        assert "; to fix: keep every word and frame further from the card's edge" in shown
        assert "Decks to order" in shown and "bonus-deck" in shown
    assert "FAIL  bonus-deck  safe zone:" in (out / PREFLIGHT).read_text(encoding="utf-8")
    # In a browser the pack goes as one zip: the verdict goes with it.
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    with zipfile.ZipFile(io.BytesIO(pack_zip(out, manifest))) as archive:
        assert PREFLIGHT in archive.namelist() and MANIFEST in archive.namelist()


@run_async
async def test_without_the_cmyk_profile_dtc_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shops, "CMYK_PROFILE", tmp_path / "missing.icc")
    path = army_of("billhooks", tmp_path)
    out = tmp_path / "pack"
    app = BuilderApp(Session.open(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        screen = app.screen
        assert isinstance(screen, PrintScreen)
        await choose_shop(pilot, screen, "down", "down", "down")  # DriveThruCards
        install = f"apt-get install {CMYK_PACKAGE}"
        assert install in str(screen.query_one("#print-shop-note", Label).render())
        status = await export_alone(pilot, screen, "bonus-deck.pdf", out)
        assert "The files for DriveThruCards cannot be made yet" in status and install in status
        assert "Export failed" not in status
        assert not screen.query_one("#print-progress").display
        assert not screen.query_one("#print-export").disabled
    assert not out.exists()
