"""A roster's table (:class:`builder.core.roster.Table`) laid out for the page: every run of
text the template prints, wrapped and placed here, so WeasyPrint lays out few boxes and few runs
(its cost is per box and per run, see :mod:`builder.export.documents.spaces`).

A unit is two lines of inline columns: its title column (the
title, then its details), and one run of text holding all its cells, each wrapped to its
column and set at the column's place by fixed-width spaces; then its notes and one tracker line
(:func:`builder.export.documents.ticks.tracker_line`: its labels one run, its boxes one image). The
sizes here are the template's (``templates/roster.html``): keep them in step.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from builder.core.base import Tracker
from builder.core.roster import Frame, Group, Table, Unit, tracker_parts
from builder.export.documents import spaces, ticks
from builder.export.documents.sharecode import CODE_MM, QUIET_MODULES
from builder.export.job import PAPER_MM

#: Every roster page's content box, mm: A4's width less 12 mm each side, and Letter's height
#: less the least top and bottom margins its running header and footer need to stay 5 mm inside
#: the edge. Both papers lay a roster out in the same box, so it breaks into the same pages on
#: both (a roster that fits one A4 page fits one Letter page); each paper's spare room goes to
#: its margins.
BOX = (186.0, 258.4)
MIN_TOP, MIN_BOTTOM = 11.0, 10.0
#: What the share code takes of the header's width, leaving the rest to the column beside it
#: (the frame's "aside": the legend, the army's own lines and trackers): the widest code
#: (version 1: CODE_MM and a quiet zone of four of its 21 modules each side) and its padding.
CODE_ROOM = CODE_MM + 2 * QUIET_MODULES * CODE_MM / 21 + 2.0
#: The faces and sizes (pt) of the table's runs.
REGULAR, ITALIC, CAPS = (
    "EBGaramond12-Regular.ttf",
    "EBGaramond12-Italic.ttf",
    "EBGaramond12-AllSC.ttf",
)
TITLE_PT = 8.8
DETAILS_PT = 6.9
CELLS_PT = 8.0
NOTES_PT = 7.4
TRACK_PT = 7.1
#: Room a cell keeps before the next column, and the padding inside a column's left edge.
CELL_GAP = 1.0
PAD = 0.6
#: A group's value this long or shorter is never broken across lines.
SHORT = 16
NBSP = "\u00a0"
#: The share of a unit's second line its notes take; its trackers have the rest.
NOTES_SHARE = 0.5


def page_margins(paper: str) -> tuple[float, float, float, float]:
    """The margins (top, right, bottom, left, mm) that centre :data:`BOX` on ``paper``
    sideways and split its spare height between the top and the bottom."""
    width, height = PAPER_MM[paper]
    side = (width - BOX[0]) / 2
    spare = (height - BOX[1] - MIN_TOP - MIN_BOTTOM) / 2
    assert side >= 12 and spare >= 0, f"{paper} is too small for the roster's page"
    return MIN_TOP + spare, side, MIN_BOTTOM + spare, side


@dataclass(frozen=True)
class LaidUnit:
    unit: Unit
    #: The title's lines and the details' lines (pre-formatted text).
    title: str
    details: str
    cells: str
    notes: str
    track: ticks.TrackerLine | None


@dataclass(frozen=True)
class LaidGroup:
    group: Group
    #: Its (label, value) pairs, a short value's words held together (no-break spaces) so a
    #: line never breaks inside "chits 1 ward".
    stats: tuple[tuple[str, str], ...]
    #: The group's trackers as (label, strip URL, words after) parts.
    tracks: tuple[tuple[str, str, str], ...]
    units: tuple[LaidUnit, ...]


@dataclass(frozen=True)
class LaidTable:
    table: Table
    #: Each column's width, mm (the title column first).
    widths: tuple[float, ...]
    #: The headings over groups of columns: (words, columns spanned); "" over none.
    spans: tuple[tuple[str, int], ...]
    groups: tuple[LaidGroup, ...]
    preamble_track: ticks.TrackerLine | None
    notes_width: float
    track_width: float


def _wrapped(text: str, width: float, face: str, size: float) -> list[str]:
    return spaces.wrap(text, width * (1 - spaces.SLACK), face, size) if text else [""]


def cells_text(lines: tuple[tuple[str, ...], ...], widths: tuple[float, ...]) -> str:
    """A unit's cells as one run: each line of cells wrapped cell by cell to its column and
    padded to the tallest, each cell set at its column's place."""
    places = [sum(widths[:i]) for i in range(len(widths))]
    out: list[str] = []
    for line in lines:
        wrapped = [
            _wrapped(cell, width - CELL_GAP, REGULAR, CELLS_PT)
            for cell, width in zip(line, widths, strict=False)
        ]
        for row in range(max((len(w) for w in wrapped), default=0)):
            out.append(
                spaces.cells(
                    [(places[i], w[row]) for i, w in enumerate(wrapped) if row < len(w) and w[row]],
                    REGULAR,
                    CELLS_PT,
                )
            )
    return "\n".join(out)


def _track(trackers: tuple[Tracker, ...], width: float) -> ticks.TrackerLine | None:
    parts = [part for t in trackers for part in tracker_parts(t)]
    return ticks.tracker_line(parts, width, CAPS, TRACK_PT) if parts else None


@lru_cache(maxsize=32)
def lay_out(table: Table, width: float) -> LaidTable:
    """``table`` laid out ``width`` mm wide (kept for the next ask: the template asks once for
    its stylesheet and once for its rows)."""
    total = sum(c.share for c in table.columns)
    widths = tuple(width * c.share / total for c in table.columns)
    spans: list[tuple[str, int]] = []
    for column in table.columns:
        if spans and column.group and spans[-1][0] == column.group:
            spans[-1] = (column.group, spans[-1][1] + 1)
        else:
            spans.append((column.group, 1))
    notes_width = width * NOTES_SHARE
    track_width = width - notes_width - PAD
    inner = widths[0] - 2 * PAD

    def unit(u: Unit) -> LaidUnit:
        # Room for the flag a broken rule puts after the title.
        title = "\n".join(_wrapped(u.title, inner - (2 if u.flagged else 0), REGULAR, TITLE_PT))
        details = "\n".join(
            line for d in u.details for line in _wrapped(d, inner, CAPS, DETAILS_PT)
        )
        notes = spaces.paragraphs(
            ["; ".join(u.notes)] if u.notes else [], notes_width - 2 * PAD, ITALIC, NOTES_PT
        )
        return LaidUnit(
            u,
            title,
            details,
            cells_text(u.lines, widths[1:]),
            notes,
            _track(u.trackers, track_width),
        )

    def group(g: Group) -> LaidGroup:
        tracks = tuple(
            (label, ticks.url(runs) if runs else "", words)
            for t in g.trackers
            for label, runs, words in tracker_parts(t)
        )
        stats = tuple(
            (label, value.replace(" ", NBSP) if len(value) <= SHORT else value)
            for label, value in g.stats
        )
        return LaidGroup(g, stats, tracks, tuple(unit(u) for u in g.units))

    return LaidTable(
        table,
        widths,
        tuple(spans),
        tuple(group(g) for g in table.groups),
        _track(table.preamble_trackers, width - CODE_ROOM),
        notes_width,
        track_width,
    )


# --- The frame's running header and footer ----------------------------------------------------

#: The margin boxes' shares of the line (templates/_roster-frame.html) and their faces.
HEAD_SHARES = (0.6, 0.4)
FOOT_SHARES = (0.8, 0.2)
HEAD_FACES = (("Blankenburg.ttf", 11.0), (CAPS, 8.0))
#: The right part's letter spacing (base.css), ems.
SECTION_TRACKING = 0.04
FOOT_FACE = (REGULAR, 7.5)


@dataclass(frozen=True)
class Running:
    """The words of one army's running header and footer, each one line: a long name or side
    is cut at its end, a long file name in its middle (the system and the hash stay whole)."""

    title: str
    section: str
    footer: str


def running(frame: Frame, width: float) -> Running:
    """``frame``'s header and footer lines for a page ``width`` mm wide inside its margins."""
    (title_face, title_pt), (section_face, section_pt) = HEAD_FACES
    title = spaces.shorten(frame.name, width * HEAD_SHARES[0] - 2, title_face, title_pt)
    # The side gives way to the system: a long free-text side is cut, the system stays whole.
    system = f" · {frame.system}"
    system_mm = (
        spaces.text_mm(system, section_face, section_pt)
        + len(system) * SECTION_TRACKING * section_pt * 25.4 / 72
    )
    section = (
        spaces.shorten(
            frame.side_text,
            width * HEAD_SHARES[1] - 1 - system_mm,
            section_face,
            section_pt,
            tracking=SECTION_TRACKING,
        )
        + system
    )
    face, pt = FOOT_FACE
    room = width * FOOT_SHARES[0] - 1 - spaces.text_mm(frame.footer(""), face, pt)
    return Running(
        title, section, frame.footer(spaces.shorten(frame.file, room, face, pt, middle=True))
    )
