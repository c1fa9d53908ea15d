"""``billhooks tui ARMY --event EVENT`` (issue 44.4): the builder checks the army against the
event for the session, its findings beside the rules', and writes nothing of it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pilot import SIZE, builder_on, run_async
from textual.widgets import OptionList

from builder.core.event import LIMIT_CODE
from builder.resources import examples_dir


@run_async
async def test_the_builder_shows_an_events_finding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    army = tmp_path / "york.toml"
    shutil.copy(examples_dir() / "york.toml", army)
    before = army.read_bytes()
    event = tmp_path / "event-tight.toml"
    event.write_text(
        'name = "Tight"\nruleset = "billhooks"\npoints = 96\n'
        '[[limits]]\ntroop = "knights"\nmax_units = 0\n',
        encoding="utf-8",
    )
    app = builder_on(["tui", str(army), "--event", str(event)], monkeypatch)
    assert [f.code for f in app.session.summary.findings] == [LIMIT_CODE]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        panel = app.army_screen.query_one("#findings", OptionList)
        shown = [str(panel.get_option_at_index(i).prompt) for i in range(panel.option_count)]
        assert any("troop knights: 1 unit, the event allows at most 0" in s for s in shown)
    # A save writes the army as the player has it: not at the event's size.
    app.session.save(overwrite=True)
    assert army.read_bytes() == before


def test_a_bad_event_file_stops_the_builder_before_it_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from builder.cli import main

    event = tmp_path / "event-bad.toml"
    event.write_text('name = "X"\nruleset = "billhooks"\npoints = 100\nround = 3\n')
    assert main(["tui", str(examples_dir() / "york.toml"), "--event", str(event)]) == 2
    assert f"{event}:4: round: unknown key" in capsys.readouterr().err
