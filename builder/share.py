"""The shareable list: what ``billhooks share`` prints, what the roster's QR code holds and what
``billhooks verify`` compares, for any ruleset, from its protocol only.

A :class:`ShareList` is an army's name, ruleset and side, its groups (wards, battles; records in
no group come first under no heading) with each record's title and key numbers, its totals,
LEGAL or its broken rules, and the army file's short hash. It is written in one of three
formats for people (:func:`render`) and, for the QR code, in the plain format or, when that is
too long for a code a phone reads off a page, in a shorter form (:func:`code_text`). Every form
reads back with :func:`parse`, so ``verify`` writes the file's list in the form of the code it
was given and compares like with like.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from builder.rules import get_ruleset, schema
from builder.rules.base import ArmyRecord, Line, Metric, Ruleset, number
from builder.rules.printables import Source, short_hash

Format = Literal["text", "markdown", "bbcode"]
FORMATS: tuple[Format, ...] = ("text", "markdown", "bbcode")

#: How much of the list a code holds: the plain list, its group headings without their titles
#: and its broken rules counted, the totals alone, or the hash alone.
Form = Literal["plain", "compact", "totals", "hash"]
FORMS: tuple[Form, ...] = ("plain", "compact", "totals", "hash")
#: The hash line's note naming a shortened form ("army.toml #1a2b3c4d (compact)").
FORM_NOTES: dict[Form, str] = {"plain": "", "compact": " (compact)", "totals": " (totals only)",
                               "hash": " (hash only)"}

LEGAL, NOT_LEGAL = "LEGAL", "NOT LEGAL"
TOTALS = "Totals: "
ITEM, ERROR = "- ", "! "
SEPARATOR = " · "


class NotAShareList(ValueError):
    """Text that is not a list ``share`` wrote (what a phone read off some other code)."""


@dataclass(frozen=True)
class Item:
    """A record as the list shows it: its title and key numbers ("24 figures, 30 pts")."""

    title: str
    numbers: str = ""

    def line(self) -> str:
        return f"{self.title}: {self.numbers}" if self.numbers else self.title


@dataclass(frozen=True)
class Group:
    """A ward or battle: its label ("Ward 1"), its title (the leader) and its records. The
    first group of a list may have no label: the records in no group."""

    label: str
    title: str
    items: tuple[Item, ...]

    @property
    def heading(self) -> str:
        return f"{self.label}: {self.title}" if self.title else self.label


@dataclass(frozen=True)
class ShareList:
    name: str
    #: The ruleset's title and the side ("<ruleset title> · <side>").
    about: str
    groups: tuple[Group, ...]
    #: Each metric as "Troop points 96 (of 100 agreed)".
    totals: tuple[str, ...]
    legal: bool
    #: Each broken rule as "<unit title>: message"; in a compact list, only their count.
    errors: tuple[str, ...]
    #: The army file's name and short hash (the roster's footer prints the same).
    file: str
    digest: str
    form: Form = "plain"
    #: The number of broken rules (a compact list keeps it without the messages).
    error_count: int = 0


# --- Building -----------------------------------------------------------------------------


def group_headings(ruleset: Ruleset, army: ArmyRecord) -> list[tuple[str, str, str]]:
    """Each group record (a ward, a battle) in file order: its place, its label ("Ward 1")
    and its title as the ruleset gives it."""
    return [(node.where, f"{node.table.noun.capitalize()} {n + 1}",
             ruleset.title_of(army, node.where))
            for n, node in enumerate(schema.groups(army, ruleset.schema))]


def lines_by_group(ruleset: Ruleset, lines: Iterable[Line]) -> dict[str, list[Line]]:
    """The summary's record lines under the place of their group ("" for none), in one pass
    (``wards[3].units[1]`` is in ``wards[3]``)."""
    found: dict[str, list[Line]] = {}
    for line in lines:
        found.setdefault(schema.group_of(ruleset.schema, line.where), []).append(line)
    return found


def numbers_of(line: Line) -> str:
    """A record's key numbers: "24 figures, 30 pts", "4 figures", or "" for none."""
    parts = []
    if line.figures is not None:
        parts.append(f"{line.figures} figure{'' if line.figures == 1 else 's'}")
    if line.points is not None:
        parts.append(f"{number(line.points)} pts")
    return ", ".join(parts)


def metric_text(metric: Metric) -> str:
    """A metric in a few words: "Troop points 96 (of 100 agreed)", "Total 106"."""
    note = f" ({metric.note})" if metric.note else ""
    return f"{metric.label} {number(metric.value)}{note}"


def share_list(source: Source) -> ShareList:
    """The list of the army ``source`` holds, from its ruleset's summary, sides and titles."""
    army = source.army
    ruleset = get_ruleset(army.ruleset)
    found = ruleset.summary(army)
    by_group = lines_by_group(ruleset, found.lines)

    def items(where: str) -> tuple[Item, ...]:
        return tuple(Item(line.title, numbers_of(line)) for line in by_group.get(where, []))

    groups = [Group(label, title, items(where))
              for where, label, title in group_headings(ruleset, army)]
    if by_group.get(""):
        groups.insert(0, Group("", "", items("")))
    side = ruleset.sides.name_of(ruleset.sides.of(army))
    # A finding on a record is told by the record's title; one on a field of the army by its
    # message alone.
    records = {node.where for node in schema.walk(army, ruleset.schema)} - {""}
    errors = tuple(f"{ruleset.title_of(army, f.where)}: {f.message}" if f.where in records
                   else f.message for f in found.errors)
    return ShareList(
        name=army.name, about=SEPARATOR.join(part for part in (ruleset.title, side) if part),
        groups=tuple(groups), totals=tuple(metric_text(m) for m in found.metrics),
        legal=found.legal, errors=errors, file=source.path.name, digest=short_hash(source),
        error_count=len(errors))


# --- Writing --------------------------------------------------------------------------------


def _verdict(share: ShareList) -> str:
    if share.legal:
        return LEGAL
    if share.form == "plain":
        return NOT_LEGAL
    rules = "broken rule" + ("" if share.error_count == 1 else "s")
    return f"{NOT_LEGAL}: {share.error_count} {rules}"


def hash_line(share: ShareList) -> str:
    """The last line: the army file's name and short hash, as the roster's footer prints them
    (with the form of a shortened code)."""
    return f"{share.file} #{share.digest}{FORM_NOTES[share.form]}"


def _escape_markdown(text: str) -> str:
    return re.sub(r"([\\`*_\[\]<>|~#])", r"\\\1", text)


def _escape_bbcode(text: str) -> str:
    # No forum agrees on an escape: a zero-width space after "[" keeps a tag from being read.
    return text.replace("[", "[\u200b")


def _plain_lines(share: ShareList) -> list[str]:
    lines = [share.name, share.about]
    for group in share.groups:
        lines.append("")
        if group.label:
            lines.append(group.heading)
        lines.extend(ITEM + item.line() for item in group.items)
    lines.append("")
    if share.totals:
        lines.append(TOTALS + SEPARATOR.join(share.totals))
    lines.append(_verdict(share))
    lines.extend(ERROR + error for error in share.errors)
    lines.append(hash_line(share))
    return lines


def render(share: ShareList, fmt: Format = "text") -> str:
    """The list for people: plain text, Markdown (headings and a list, for GitHub and Discord)
    or BBCode (``[b]`` and ``[list]``, for forums)."""
    if fmt == "text":
        return "\n".join(_plain_lines(share)) + "\n"
    md = fmt == "markdown"
    esc = _escape_markdown if md else _escape_bbcode
    out = [f"## {esc(share.name)}" if md else f"[size=150][b]{esc(share.name)}[/b][/size]",
           f"*{esc(share.about)}*" if md else f"[i]{esc(share.about)}[/i]"]
    for group in share.groups:
        out.append("")
        if group.label:
            out.append(f"### {esc(group.heading)}" if md else f"[b]{esc(group.heading)}[/b]")
        if not md and group.items:
            out.append("[list]")
        out.extend((f"- {esc(item.line())}" if md else f"[*]{esc(item.line())}")
                   for item in group.items)
        if not md and group.items:
            out.append("[/list]")
    out.append("")
    if share.totals:
        out.append(("**Totals:** " if md else "[b]Totals:[/b] ")
                   + esc(SEPARATOR.join(share.totals)))
    verdict = _verdict(share)
    out.append(f"**{verdict}**" if md else f"[b]{verdict}[/b]")
    if share.errors:
        out.append("")
        if not md:
            out.append("[list]")
        out.extend((f"- {esc(e)}" if md else f"[*]{esc(e)}") for e in share.errors)
        if not md:
            out.append("[/list]")
    out.append("")
    out.append(f"`{hash_line(share)}`" if md else esc(hash_line(share)))
    return "\n".join(out) + "\n"


def shortened(share: ShareList, form: Form) -> ShareList:
    """``share`` in a shorter form: compact keeps every record but drops the groups' titles and
    the broken rules' messages; totals keeps the totals and the verdict; hash the hash alone."""
    if form == "plain":
        return share
    if form == "compact":
        return replace(share, form=form, errors=(),
                       groups=tuple(replace(g, title="") for g in share.groups))
    if form == "totals":
        return replace(share, form=form, groups=(), errors=())
    return replace(share, form=form, name="", about="", groups=(), totals=(), errors=())


def _code_lines(share: ShareList) -> list[str]:
    if share.form == "hash":
        return [hash_line(share)]
    return [line for line in _plain_lines(share) if line]


def code_text(share: ShareList, fits: Callable[[str], bool]) -> str:
    """What the QR code holds: the plain list without its blank lines, or the first shorter
    form that ``fits`` (a code of a size a phone reads off the page)."""
    for form in FORMS:
        text = "\n".join(_code_lines(shortened(share, form)))
        if fits(text) or form == "hash":
            return text
    raise AssertionError("unreachable: the hash alone always fits")


# --- Comparing ------------------------------------------------------------------------------


def _place(label: str, title: str) -> str:
    return f"{label}, {title}" if label else title


def _changed(what: str, old: str, new: str) -> list[str]:
    return [] if old == new else [f"{what}: {old} -> {new}"]


def _pairs(kind: str, old: Sequence[str], new: Sequence[str]) -> list[str]:
    """What changed between two lists of lines read in order: each changed line, then the
    lines one has past the other's end."""
    out = [f"{kind}: {a} -> {b}" for a, b in zip(old, new, strict=False) if a != b]
    out += [f"{kind} gone: {a}" for a in old[len(new):]]
    out += [f"{kind} new: {b}" for b in new[len(old):]]
    return out


def _units(groups: Sequence[Group]) -> dict[tuple[str, str], list[str]]:
    """Every record's numbers under its group's label and its title, in list order."""
    found: dict[tuple[str, str], list[str]] = {}
    for group in groups:
        for item in group.items:
            found.setdefault((group.label, item.title), []).append(item.numbers)
    return found


def _unit_changes(old: Sequence[Group], new: Sequence[Group]) -> list[str]:
    """Records added, removed and changed, a record known by its group and its title (two of
    one title in a group are told apart by their numbers)."""
    before, after = _units(old), _units(new)
    out: list[str] = []
    for key in dict.fromkeys([*before, *after]):
        was, now = list(before.get(key, [])), list(after.get(key, []))
        for numbers in [n for n in was if n in now]:
            was.remove(numbers)
            now.remove(numbers)
        place = _place(*key)
        for a, b in zip(was, now, strict=False):
            out.append(f"changed: {place}: {a} -> {b}")
        out += [f"removed: {Item(place, a).line()}" for a in was[len(now):]]
        out += [f"added: {Item(place, b).line()}" for b in now[len(was):]]
    return out


def changes(printed: ShareList, current: ShareList) -> list[str]:
    """What differs between the list a code holds and the file's list now, compared in the
    code's form (a compact code has no group titles, a totals code no records): the name,
    ruleset and side, the groups' headings, the records, the totals and the verdict. The file's
    list is written in that form and read back, so both sides are read alike (a title that
    ends like numbers, spaces at either end)."""
    now = parse("\n".join(_code_lines(shortened(current, printed.form))))
    out = _changed("name", printed.name, now.name) + _changed("ruleset", printed.about,
                                                              now.about)
    out += _pairs("group", [g.heading for g in printed.groups if g.label],
                  [g.heading for g in now.groups if g.label])
    out += _unit_changes(printed.groups, now.groups)
    out += _pairs("total", printed.totals, now.totals)
    out += _changed("legality", _verdict(printed), _verdict(now))
    out += [f"broken rule gone: {e}" for e in printed.errors if e not in now.errors]
    out += [f"broken rule new: {e}" for e in now.errors if e not in printed.errors]
    return out


# --- Reading --------------------------------------------------------------------------------

_HASH_LINE = re.compile(r"^(?P<file>.*?) ?#(?P<digest>[0-9a-f]{8})"
                        r"(?P<note>(?: \((?:compact|totals only|hash only)\))?)$")
_COUNT = re.compile(rf"^{NOT_LEGAL}: (\d+) broken rules?$")


def parse(text: str) -> ShareList:
    """A list from what a phone read off a roster's code (or ``share``'s plain text);
    :class:`NotAShareList` if it is not one."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    found = _HASH_LINE.match(lines[-1]) if lines else None
    if found is None:
        raise NotAShareList("the code does not end with an army file's name and #hash")
    form = next(f for f, note in FORM_NOTES.items() if note == found["note"])
    body = lines[:-1]
    if form == "hash":
        if body:
            raise NotAShareList("a hash-only code holds nothing before its hash")
        return ShareList("", "", (), (), True, (), found["file"], found["digest"], form)
    if len(body) < 3:
        raise NotAShareList("the code is too short for a list (name, ruleset, verdict, hash)")
    groups: list[Group] = []
    totals: tuple[str, ...] = ()
    verdict: str | None = None
    errors: list[str] = []
    for line in body[2:]:
        if line.startswith(ITEM) and verdict is None:
            if not groups:
                groups.append(Group("", "", ()))
            title, _, numbers = line[len(ITEM):].rpartition(": ")
            item = (Item(title, numbers) if title and _is_numbers(numbers)
                    else Item(line[len(ITEM):]))
            groups[-1] = replace(groups[-1], items=(*groups[-1].items, item))
        elif line.startswith(TOTALS) and verdict is None:
            totals = tuple(line[len(TOTALS):].split(SEPARATOR))
        elif line == LEGAL or line.startswith(NOT_LEGAL):
            verdict = line
        elif line.startswith(ERROR) and verdict is not None:
            errors.append(line[len(ERROR):])
        elif verdict is None and not totals:
            label, _, title = line.partition(": ")
            groups.append(Group(label, title, ()))
        else:
            raise NotAShareList(f"the code has a line that is not part of a list: {line[:60]!r}")
    if verdict is None:
        raise NotAShareList("the code says neither LEGAL nor NOT LEGAL")
    count = _COUNT.match(verdict)
    legal = verdict == LEGAL
    return ShareList(body[0], body[1], tuple(groups), totals, legal, tuple(errors),
                     found["file"], found["digest"], form,
                     int(count[1]) if count else len(errors))


_NUMBERS = re.compile(r"\d+ figures?(, \d+(\.\d+)? pts)?|\d+(\.\d+)? pts")


def _is_numbers(text: str) -> bool:
    """Whether ``text`` is the key numbers :func:`numbers_of` writes."""
    return _NUMBERS.fullmatch(text) is not None
