"""The tick-box strips the documents print (builder.export.documents.ticks): the URLs the fetcher
serves, the images drawn at print resolution, a row of trackers laid out on tab stops."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from builder.export.documents import spaces, ticks, weasy

SC = "EBGaramond12-AllSC.ttf"


def test_a_strip_is_drawn_at_print_size() -> None:
    image = Image.open(io.BytesIO(ticks.png("ticks:6-6") or b""))
    # Twelve boxes of 2.6 mm and a 1 mm gap, 3.6 mm tall, at 25 pixels a millimetre.
    assert image.size == (12 * 65 + 25, 90)
    assert image.info["dpi"] == pytest.approx((ticks.DPI, ticks.DPI), abs=0.5)


@pytest.mark.parametrize(
    "address",
    [
        "ticks:",
        "ticks:0",
        "ticks:6-",
        "ticks:-6",
        "ticks:201",
        "ticks:0.1",
        "ticks:0.1.",
        "ticks:x.1.2",
        "ticks:6/../6",
        "tick:6",
        "ticks:0.0.150,0.60.60",
    ],
)
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
    line = ticks.tracker_line(row, 80.0, SC, 7.1)
    texts = line.text.split("\n")
    words = [
        w
        for text in texts
        for w in "".join(" " if ch in spaces.SPACES else ch for ch in text).split()
    ]
    assert words == ["casualties", "disarray", "daunted", "arrows"]
    placed = ticks.placed_of(line.url)
    assert placed is not None and [runs for _, _, runs in placed] == [(6, 6), (2,), (1,), (6,)]
    # Too wide for one line of 80 mm: the arrows start the second line.
    assert line.lines == 2 and texts[1].startswith("arrows")
    for (ln, left, runs), (label, _) in zip(placed, row, strict=True):
        # Each label ends before its boxes start; the boxes end inside the column.
        text = texts[ln]
        end = spaces.text_mm(text[: text.index(label) + len(label)], SC, 7.1)
        assert end + ticks.LABEL_GAP_MM <= left / 10 + 0.1
        assert left / 10 + ticks.width_mm(runs) <= 80.0
        # The text after the label is spaces reaching past the boxes.
        rest = text[text.index(label) + len(label) :]
        gap = rest[: len(rest) - len(rest.lstrip("".join(spaces.SPACES)))]
        if gap:
            assert end + spaces.text_mm(gap, SC, 7.1) >= left / 10 + ticks.width_mm(runs) - 0.03


def test_spaces_set_cells_at_their_places() -> None:
    face, size = "EBGaramond12-Regular.ttf", 8.0
    line = spaces.cells([(0, "12"), (8.9, "5+"), (17.8, "1.3")], face, size)
    assert line.startswith("12") and "5+" in line
    at = spaces.text_mm(line[: line.index("5+")], face, size)
    assert 8.9 - 0.05 <= at <= 8.9
    assert 17.8 - 0.05 <= spaces.text_mm(line[: line.index("1.3")], face, size) <= 17.8
    # A cell that runs past the next place: the next follows it, a hair space on.
    crowded = spaces.cells([(0, "a long cell"), (1.0, "next")], face, size)
    assert crowded == "a long cell\u200anext"


def test_a_tracker_without_boxes_keeps_its_label_and_marks() -> None:
    line = ticks.tracker_line([("casualties", [6]), ("shatter", [0], "at 4")], 98.0, SC, 7.1)
    placed = ticks.placed_of(line.url)
    assert placed is not None and [runs for _, _, runs in placed] == [(6,)]
    assert line.text.index("casualties") < line.text.index("shatter") < line.text.index("at 4")


REGULAR = "EBGaramond12-Regular.ttf"


def test_wrapped_lines_fit_their_column_and_keep_every_word() -> None:
    text = "goes to Advance or Charge at once if his target feints or costs him 2+ figures"
    lines = spaces.wrap(text, 40.0, REGULAR, 8.4)
    assert len(lines) > 1 and " ".join(lines) == text
    assert all(spaces.text_mm(line, REGULAR, 8.4) <= 40.0 for line in lines)
    # A word wider than the column breaks inside it, every character kept.
    lines = spaces.wrap("W" * 80 + " after", 40.0, REGULAR, 8.4)
    assert "".join(lines[:-1]) + lines[-1].removesuffix(" after") == "W" * 80
    assert all(spaces.text_mm(line, REGULAR, 8.4) <= 40.0 for line in lines)


def test_two_columns_start_each_row_level() -> None:
    rows = [
        ("Morale", "fails on 6 (retinue): shaken; failing again routs it"),
        ("Casualties, handstrokes", "2-8 unhurt"),
        ("Move", '6"'),
    ]
    labels, values = spaces.columns(rows, (24.0, 30.0), (SC, REGULAR), 8.4)
    left, right = labels.split("\n"), values.split("\n")
    assert len(left) == len(right)
    # Row by row: its label's lines and its value's, the shorter padded with empty lines.
    at = 0
    for label, value in rows:
        a = spaces.wrap(label, 24.0 * (1 - spaces.SLACK), SC, 8.4)
        b = spaces.wrap(value, 30.0 * (1 - spaces.SLACK), REGULAR, 8.4)
        height = max(len(a), len(b))
        assert left[at : at + height] == a + [""] * (height - len(a))
        assert right[at : at + height] == b + [""] * (height - len(b))
        at += height
    assert at == len(left) and len(left) > len(rows)  # the morale and the label wrapped
    assert all(spaces.text_mm(line, REGULAR, 8.4) <= 30.0 for line in right)
    assert all(spaces.text_mm(line, SC, 8.4) <= 24.0 for line in left)


def test_paragraphs_are_one_run_of_lines_that_fit() -> None:
    notes = [
        "Bravery: +1 the army banner going forward; +1 in shieldwall; -1 a wound",
        'Move: 2D6" base in a template',
    ]
    text = spaces.paragraphs(notes, 50.0, REGULAR, 7.4)
    assert " ".join(text.split("\n")) == " ".join(notes)
    assert all(spaces.text_mm(line, REGULAR, 7.4) <= 50.0 for line in text.split("\n"))


def test_a_long_row_of_trackers_is_split_before_an_image_passes_its_limit() -> None:
    # A stand entry of 99 stands of 12 wounds: 1,188 boxes, more than one image may draw.
    row = [(f"wounds, stand {n + 1}", [12]) for n in range(99)]
    lines = ticks.tracker_lines(row, 180.0, SC, 7.6)
    assert len(lines) > 1
    drawn = []
    for line in lines:
        placed = ticks.placed_of(line.url)
        assert placed is not None and ticks.png(line.url) is not None
        assert sum(sum(runs) for _, _, runs in placed) <= ticks.MAX_BOXES
        drawn += [runs for _, _, runs in placed]
    assert drawn == [(12,)] * 99
