"""The builder's detail pane shows what the ruleset's profile holds (issue 10: morale dice,
a pike block's attacking and defending dice, saves against crossbows, halved dice), driven
with Textual's Pilot."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from armies import ARMIES, army, unit
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from builder import armyfile
from builder.registry import BUILT_IN, get_ruleset, names
from builder.tui import edits
from builder.tui.app import BuilderApp
from builder.tui.session import Session
from builder.tui.widgets.colours import Colours
from builder.tui.widgets.detail import LABEL_WIDTH, DetailPane, FactsView, facts_view, findings_at


def detail_text(app: BuilderApp) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(app.army_screen.query_one("#detail", DetailPane).content)
    return console.export_text()


def test_detail_pane_shows_the_new_profile_fields(tmp_path: Path) -> None:
    path = tmp_path / "army.toml"
    path.write_text(
        armyfile.dumps(
            army(
                [
                    unit("pikemen", formation="block"),
                    unit("men-at-arms", quality="levy"),
                    unit("crossbowmen"),
                ],
                [unit("knights"), unit("billmen")],
            )
        ),
        encoding="utf-8",
    )

    async def go() -> list[str]:
        shown = []
        app = BuilderApp(Session.open(path))
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            for _ in range(3):  # the ward's three units, top to bottom
                shown.append(detail_text(app))
                await pilot.press("down")
                await pilot.pause()
        return shown

    pikes, maa, xbow = asyncio.run(go())
    assert "Block of Pikemen" in pikes
    assert "24 / 18 / 12 / 6 (round 1 attacking / defending, 2, 3 on)" in pikes
    assert "2D6 for a morale crisis test" in pikes
    assert "Company of Levy Men-at-Arms" in maa
    assert "3+ shooting, 3+ melee (heavy armour); 4+ against crossbows and handguns" in maa
    assert "Band of Crossbowmen" in xbow
    assert "3 dice at bands or guns (half)" in xbow
    assert "1D6 for a morale crisis test" in xbow


def rich_grid(view: FactsView) -> Group:
    """What the pane drew before it laid its facts out itself: the same parts through Rich's
    grid, the oracle the pane's own layout is held to."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", max_width=LABEL_WIDTH)
    grid.add_column(ratio=1)
    for label, value in view.rows:
        grid.add_row(label, value)
    parts: list[RenderableType] = [view.heading]
    if view.subheading is not None:
        parts.append(view.subheading)
    parts += [Text(), grid]
    if view.findings:
        parts += [Text(), *view.findings]
    return Group(*parts)


def lines_of(renderable: RenderableType, width: int) -> list[list[tuple[str, str]]]:
    """Each line as drawn: its characters but spaces, each with its style."""
    console = Console(width=width, file=io.StringIO())
    return [
        [
            (ch, str(seg.style) if seg.style else "none")
            for seg in line
            for ch in seg.text
            if not ch.isspace()
        ]
        for line in console.render_lines(renderable, console.options)
    ]


@pytest.mark.parametrize("name", names())
def test_the_facts_are_laid_out_as_a_rich_grid_would(name: str) -> None:
    """Every record of every example of the system, at three widths of the pane."""
    ruleset = get_ruleset(name)
    colours = Colours(error="red", warning="yellow", success="green", accent="blue")
    tried = 0
    for path in [p for p in ARMIES if armyfile.read(p).ruleset.name == name]:
        army = armyfile.load(path)
        summary = ruleset.summary(army)
        for node in edits.nodes(army, ruleset.schema):
            facts = ruleset.facts(army, node.where)
            view = facts_view(facts, findings_at(summary, node.where), colours, ruleset)
            for width in (22, 30, 34, 44, 60):
                assert lines_of(view, width) == lines_of(rich_grid(view), width), (
                    path.name,
                    node.where,
                    width,
                )
                tried += 1
    assert tried > 20, f"{name}: too few records tried"


@pytest.mark.parametrize("name", BUILT_IN)
def test_long_facts_scroll_and_another_record_starts_at_its_top(name: str) -> None:
    """At 80x24 a record's facts outgrow the pane: it scrolls with the arrow keys (Tab
    reaches it), keeps its width (room for the scrollbar is kept), and the next record is
    read from its top."""

    async def run() -> None:
        army = next(armyfile.load(p) for p in ARMIES if armyfile.read(p).ruleset.name == name)
        app = BuilderApp(Session(army, None))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            pane = app.army_screen.query_one("#detail", DetailPane)
            ruleset = get_ruleset(name)
            summary = ruleset.summary(army)
            places = [n.where for n in edits.nodes(army, ruleset.schema)]

            def height(where: str) -> int:
                pane.show(ruleset, army, where, summary)
                return pane.virtual_size.height

            tallest = max(places, key=height)
            app.army_screen.show_army(tallest)
            await pilot.pause()
            rows = pane.scrollable_content_region.height
            lines = pane.virtual_size.height
            assert lines > rows, f"{name}: no record's facts outgrow the pane"
            assert pane.show_vertical_scrollbar
            width = pane.scrollable_content_region.width
            await pilot.press("tab")
            await pilot.pause()
            assert app.focused is pane
            await pilot.press("down", "down")
            await pilot.pause()
            assert pane.scroll_y == 2
            assert pane.render_line(0).text == pane._lines[2].text
            other = next(w for w in places if w != tallest)
            app.army_screen.show_army(other)
            await pilot.pause()
            assert pane.scroll_y == 0 and pane.scrollable_content_region.width == width

    asyncio.run(run())
