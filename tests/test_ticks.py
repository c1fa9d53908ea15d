"""The tick-box strips the documents print (builder.export.ticks): the URLs the fetcher serves,
the images drawn at print resolution, a row of trackers laid out on tab stops."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from builder.export import ticks, weasy

SC = "EBGaramond12-AllSC.ttf"


def test_a_strip_is_drawn_at_print_size() -> None:
    image = Image.open(io.BytesIO(ticks.png("ticks:6-6") or b""))
    # Twelve boxes of 2.6 mm and a 1 mm gap, 3.6 mm tall, at 25 pixels a millimetre.
    assert image.size == (12 * 65 + 25, 90)
    assert image.info["dpi"] == pytest.approx((ticks.DPI, ticks.DPI), abs=0.5)


@pytest.mark.parametrize("address", ["ticks:", "ticks:0", "ticks:6-", "ticks:-6", "ticks:201",
                                     "ticks:0.1", "ticks:0.1.", "ticks:x.1.2", "ticks:6/../6",
                                     "tick:6", "ticks:0.0.150,0.60.60"])
def test_the_fetcher_refuses_what_is_no_strip(address: str) -> None:
    assert ticks.png(address) is None
    with pytest.raises(weasy.AssetRefused):
        weasy.AssetFetcher().fetch(address)


def test_the_fetcher_serves_strips_as_png() -> None:
    response = weasy.AssetFetcher().fetch("ticks:0.5.6-6,1.0.2")
    assert response.headers.get_content_type() == "image/png"
    image = Image.open(io.BytesIO(response.read()))
    # The second line's strip sets the height: two lines of 4 mm.
    assert image.size[1] == 2 * 100


def test_a_row_of_trackers_keeps_each_label_clear_of_its_boxes() -> None:
    row = [("casualties", [6, 6]), ("disarray", [2]), ("daunted", [1]), ("arrows", [6])]
    line = ticks.tracker_line(row, 98.0, SC, 7.1)
    labels = line.text.split("\n")
    assert [s.strip("\t\u2002") for part in labels for s in part.split("\t") if s.strip()] == [
        "casualties", "disarray", "daunted", "arrows"]
    placed = ticks.placed_of(line.url)
    assert placed is not None and [runs for _, _, runs in placed] == [(6, 6), (2,), (1,), (6,)]
    # Too wide for one line of 98 mm: the arrows start the second line, at its first stop.
    assert line.lines == 2 and labels[1].startswith("arrows")
    for _, stop, runs in placed:
        assert stop * ticks.STOP_MM + ticks.width_mm(runs) <= 98.0
    # A line's first label starts at its left edge: its boxes start past it, with room.
    for (_, stop, _), label in ((placed[0], "casualties"), (placed[3], "arrows")):
        assert ticks.text_mm(label, SC, 7.1) + ticks.LABEL_GAP_MM <= stop * ticks.STOP_MM


def test_an_empty_tracker_prints_nothing() -> None:
    line = ticks.tracker_line([("casualties", [6]), ("arrows", [0])], 98.0, SC, 7.1)
    assert "arrows" not in line.text and ticks.placed_of(line.url) == ((0, 5, (6,)),)
