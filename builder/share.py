"""The shareable list: what ``billhooks share`` prints, what the roster's QR code holds and what
``billhooks verify`` compares, for any ruleset, from its protocol only.

A :class:`ShareList` is an army's name, ruleset and side, its groups (wards, battles; records in
no group come first under no heading) with each record's title and key numbers and every game
value of it in words (:mod:`builder.listfacts`), its totals, LEGAL or its broken rules, the
hash of the army's game values with a short digest of each line's, and the army file's short
hash. It is written in one of three formats for people (:func:`render`) and, for the QR code,
in the plain format or, when that is too long for a code a phone reads off a page, in a
shorter form without the values (:func:`code_text`). Every form reads back with :func:`parse`
(from a forum post too: :mod:`builder.pasted`), so ``verify`` writes the file's list in the
form of the code it was given and compares like with like, and ``import`` rebuilds the army.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, Literal, TypeVar

from builder import listfacts, pasted
from builder.core import schema
from builder.core.base import ArmyRecord, Line, Metric, Ruleset, number
from builder.core.groups import group_headings
from builder.core.text import printable
from builder.listfacts import RECORD, Format, ListError, Record
from builder.listfacts import VERSION as VERSION
from builder.registry import get_ruleset

if TYPE_CHECKING:
    from builder.core.printables import Source


#: How much of the list a code holds: the plain list, its group headings without their titles
#: and its broken rules counted, the totals alone, or the hash alone.
Form = Literal["plain", "compact", "totals", "hash"]
FORMS: tuple[Form, ...] = ("plain", "compact", "totals", "hash")
#: The hash line's note naming a shortened form ("army.toml #1a2b3c4d (compact)").
FORM_NOTES: dict[Form, str] = {
    "plain": "",
    "compact": " (compact)",
    "totals": " (totals only)",
    "hash": " (hash only)",
}

LEGAL, NOT_LEGAL = "LEGAL", "NOT LEGAL"
TOTALS = "Totals: "
#: The Facts line of the list format :data:`~builder.listfacts.VERSION` ("Facts2: #...");
#: a list of version 1 wrote "Facts: #...", its hash over the wording of its day.
FACTS = f"Facts{VERSION}: "
FACTS_V1 = "Facts: "
#: Hex digits of the army's facts hash (64 bits, as the file's short hash: it cannot be matched
#: by trial).
FACTS_HASH = 16
#: Each line's short digest: three characters of :data:`DIGITS` (18 bits), written one after
#: another, enough to name the record that changed in a code a phone reads.
LINE_DIGEST = 3
DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
ITEM, ERROR = "- ", "! "
SEPARATOR = " · "


T = TypeVar("T")


class NotAShareList(ValueError):
    """Text that is not a list ``share`` wrote (what a phone read off some other code)."""


@dataclass(frozen=True)
class Item:
    """A record as the list shows it: its title and key numbers ("24 figures, 30 pts")."""

    title: str
    numbers: str = ""
    #: The short digest of the record's game values.
    facts: str = ""
    #: The values of the records the line stands for (none in a shortened code).
    records: tuple[Record, ...] = ()

    def line(self) -> str:
        return f"{self.title}: {self.numbers}" if self.numbers else self.title


@dataclass(frozen=True)
class Group:
    """A ward or battle: its label ("Ward 1"), its title (the leader) and its records. The
    first group of a list may have no label: the records in no group."""

    label: str
    title: str
    items: tuple[Item, ...]
    #: The short digest of the group's values and its leader's (nothing for no group).
    facts: str = ""
    #: The values of the group's record and its leader's (none in a shortened code).
    records: tuple[Record, ...] = ()

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
    #: The hash of every record's game facts (FACTS_HASH hex digits), and the short digest
    #: of the army record's own (its side, its agreed points).
    facts_hash: str = ""
    facts: str = ""
    #: The army record's own values (none in a shortened code).
    records: tuple[Record, ...] = ()
    #: The list format the code was written in (1: before the values were in the list).
    version: int = VERSION
    #: The rule system's name (from the army's values; "" in a shortened code).
    ruleset: str = ""
    #: What the army's system calls a group's leader ("magnate"), for verify's words; not
    #: in the code (a list read from one says "leader"), so not compared either.
    leader: str = field(default="leader", compare=False)


# --- Building -----------------------------------------------------------------------------


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


def _sha256(text: str) -> str:
    # Imported here: loading OpenSSL's hashes is a tenth of `check`'s start, which lists
    # groups from this module but hashes nothing.
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _owners(ruleset: Ruleset, army: ArmyRecord, listed: set[str]) -> dict[str, list[str]]:
    """The records each line of the list stands for, by the line's place: a listed record, a
    group (with its leader and whatever else it holds but does not list), a record of the army
    that is neither (a leader of a flat army: it gets a line of its own) and the army ("")."""
    groups = {node.where for node in schema.groups(army, ruleset.schema)}
    owned: dict[str, list[str]] = {}
    for node in schema.walk(army, ruleset.schema):
        owner = node.where
        while (
            owner not in listed
            and owner not in groups
            and schema.parent_of(owner) != ""
            and owner != ""
        ):
            owner = schema.parent_of(owner)
        owned.setdefault(owner, []).append(node.where)
    return owned


def _line_digest(records: Sequence[Record]) -> str:
    """The full digest of a line's records' values, in file order."""
    return _sha256(json.dumps([[r.noun, r.canon] for r in records], ensure_ascii=False))


def _short(digest: str) -> str:
    """A line's short digest: the first 18 bits of its SHA-256 (hex) as LINE_DIGEST
    characters of DIGITS."""
    bits = int(digest[:5], 16) >> 2
    return "".join(DIGITS[(bits >> shift) & 63] for shift in (12, 6, 0))


def army_hash(ruleset: str, army: str, by_group: Sequence[Sequence[str]]) -> str:
    """The Facts hash: the list format's name and version, the rule system, the army line's
    digest and, group by group (no group first), its lines' digests in any order (as verify
    matches records)."""
    canon = [listfacts.FORMAT, VERSION, ruleset, army, *(sorted(g) for g in by_group)]
    return _sha256(json.dumps(canon))[:FACTS_HASH]


def share_list(source: Source) -> ShareList:
    """The list of the army ``source`` holds, from its ruleset's summary, sides, titles and
    schema: linear in the army's records."""
    # Imported here: `check` uses this module's listing alone, not the print side's hash.
    from builder.core.printables import short_hash

    army = source.army
    ruleset = get_ruleset(army.ruleset)
    found = ruleset.summary(army)
    listed = {line.where: line for line in found.lines}
    owned = _owners(ruleset, army, set(listed))
    values = dict(listfacts.records(army, ruleset.schema))
    held = {owner: tuple(values[where] for where in places) for owner, places in owned.items()}
    digests = {owner: _line_digest(records) for owner, records in held.items()}
    headings = group_headings(ruleset, army)
    # Each line's full digest under its group's place ("" for none), in list order.
    by_group: dict[str, list[str]] = {}
    items: dict[str, list[Item]] = {}
    for owner in owned:
        if owner == "":
            continue
        group = schema.group_of(ruleset.schema, owner)
        by_group.setdefault(group, []).append(digests[owner])
        if group == owner:
            continue
        line = listed.get(owner)
        title, numbers = (
            (line.title, numbers_of(line)) if line else (ruleset.title_of(army, owner), "")
        )
        items.setdefault(group, []).append(
            Item(title, numbers, _short(digests[owner]), held[owner])
        )
    groups = [
        Group(label, title, tuple(items.get(where, [])), _short(digests[where]), held[where])
        for where, label, title in headings
    ]
    if items.get(""):
        groups.insert(0, Group("", "", tuple(items[""])))
    side = ruleset.sides.name_of(ruleset.sides.of(army))
    # A finding on a record is told by the record's title; one on a field of the army by its
    # message alone.
    records = {where for places in owned.values() for where in places} - {""}
    errors = tuple(
        f"{ruleset.title_of(army, f.where)}: {f.message}" if f.where in records else f.message
        for f in found.errors
    )
    groups_in_order = ["", *(where for where, _, _ in headings)]
    return ShareList(
        name=army.name,
        about=SEPARATOR.join(part for part in (ruleset.title, side) if part),
        groups=tuple(groups),
        totals=tuple(metric_text(m) for m in found.metrics),
        legal=found.legal,
        errors=errors,
        file=source.path.name,
        digest=short_hash(source),
        error_count=len(errors),
        facts_hash=army_hash(
            ruleset.name, digests[""], [by_group.get(where, []) for where in groups_in_order]
        ),
        facts=_short(digests[""]),
        records=held[""],
        ruleset=ruleset.name,
        leader=leader_noun(ruleset),
    )


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
        (with the form of a shortened code). The name is shown safely: a line break or a terminal's
    escape in a file's name is written as an escape, so the code stays one line and harmless."""
    return f"{printable(share.file)} #{share.digest}{FORM_NOTES[share.form]}"


def facts_line(share: ShareList) -> str:
    """The line before the hash line: the army's facts hash, then (in a list that has its
    records) the short digest of each line that stands for records: the army's name, then each
    group's heading and records, in list order."""
    digests = [share.facts] if share.facts else []
    for group in share.groups:
        digests += [group.facts] if group.label else []
        digests += [item.facts for item in group.items]
    head = FACTS if share.version == VERSION else FACTS_V1
    return head + " ".join([f"#{share.facts_hash}", *(["".join(digests)] if digests else [])])


def record_lines(share: ShareList, records: Sequence[Record]) -> list[str]:
    """The value lines of ``records`` (``= unit · Troop: archers · Figures: 12``)."""
    if not records:
        return []
    known = listfacts.tables(get_ruleset(share.ruleset).schema)
    return [listfacts.line(known[r.noun], r) for r in records]


def _escape_markdown(text: str) -> str:
    return re.sub(r"([\\`*_\[\]<>|~#])", r"\\\1", text)


def _escape_bbcode(text: str) -> str:
    # No forum agrees on an escape: a zero-width space after "[" keeps a tag from being read.
    return text.replace("[", "[\u200b")


def _plain_lines(share: ShareList) -> list[str]:
    # Names and titles are shown safely (a terminal acts on nothing in them; the exact
    # values are on the value lines, escaped as JSON).
    lines = [printable(share.name), printable(share.about), *record_lines(share, share.records)]
    for group in share.groups:
        lines.append("")
        if group.label:
            lines.append(printable(group.heading))
            lines += record_lines(share, group.records)
        for item in group.items:
            lines += [ITEM + printable(item.line()), *record_lines(share, item.records)]
    lines.append("")
    if share.totals:
        lines.append(TOTALS + printable(SEPARATOR.join(share.totals)))
    lines.append(_verdict(share))
    lines.extend(ERROR + printable(error) for error in share.errors)
    lines += [facts_line(share), hash_line(share)]
    return lines


def render(share: ShareList, fmt: Format = "text") -> str:
    """The list for people: plain text, Markdown (headings and a list, for GitHub and Discord)
    or BBCode (``[b]`` and ``[list]``, for forums)."""
    if fmt == "text":
        return "\n".join(_plain_lines(share)) + "\n"
    md = fmt == "markdown"

    def esc(text: str) -> str:
        return (_escape_markdown if md else _escape_bbcode)(printable(text))

    def values(records: Sequence[Record]) -> list[str]:
        # Values as code in Markdown (nothing in them is markup); in BBCode "[" is escaped.
        return [f"`{v}`" if md else esc(v) for v in record_lines(share, records)]

    out = [
        f"## {esc(share.name)}" if md else f"[size=150][b]{esc(share.name)}[/b][/size]",
        f"*{esc(share.about)}*" if md else f"[i]{esc(share.about)}[/i]",
        *values(share.records),
    ]
    for group in share.groups:
        out.append("")
        if group.label:
            out.append(f"### {esc(group.heading)}" if md else f"[b]{esc(group.heading)}[/b]")
            out += values(group.records)
        if not md and group.items:
            out.append("[list]")
        for item in group.items:
            out.append(f"- {esc(item.line())}" if md else f"[*]{esc(item.line())}")
            out += values(item.records)
        if not md and group.items:
            out.append("[/list]")
    out.append("")
    if share.totals:
        out.append(
            ("**Totals:** " if md else "[b]Totals:[/b] ") + esc(SEPARATOR.join(share.totals))
        )
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
    out += [f"`{line}`" if md else esc(line) for line in (facts_line(share), hash_line(share))]
    return "\n".join(out) + "\n"


def compact_title(title: str) -> str:
    """A record's title without the details in brackets at its end ("Hearth-troop (huscarls,
    4 figures, mail, axe)" is "Hearth-troop"): its facts digest still covers them."""
    if not title.endswith(")"):
        return title
    depth = 0
    for at in range(len(title) - 1, 0, -1):
        depth += {")": 1, "(": -1}.get(title[at], 0)
        if depth == 0:
            short = title[: at - 1] if title[at - 1] == " " else ""
            return short if short.strip() else title
    return title


def shortened(share: ShareList, form: Form) -> ShareList:
    """``share`` in a shorter form: compact keeps every record (its title without the details
    in brackets) but drops the groups' titles and the broken rules' messages; totals keeps the
    totals and the verdict; hash the two hashes alone (the army's facts and the file's)."""
    if form == "plain":
        return share
    if form == "compact":
        return replace(
            share,
            form=form,
            errors=(),
            records=(),
            ruleset="",
            groups=tuple(
                replace(
                    g,
                    title="",
                    records=(),
                    items=tuple(
                        replace(i, title=compact_title(i.title), records=()) for i in g.items
                    ),
                )
                for g in share.groups
            ),
        )
    if form == "totals":
        return replace(share, form=form, groups=(), errors=(), facts="", records=(), ruleset="")
    return replace(
        share,
        form=form,
        name="",
        about="",
        groups=(),
        totals=(),
        errors=(),
        facts="",
        records=(),
        ruleset="",
    )


def _code_lines(share: ShareList) -> list[str]:
    if share.form == "hash":
        return [facts_line(share), hash_line(share)]
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
    return [] if old == new else [f"{what}: {old} → {new}"]


def _pairs(kind: str, old: Sequence[str], new: Sequence[str]) -> list[str]:
    """What changed between two lists of lines read in order: each changed line, then the
    lines one has past the other's end."""
    out = [f"{kind}: {a} → {b}" for a, b in zip(old, new, strict=False) if a != b]
    out += [f"{kind} gone: {a}" for a in old[len(new) :]]
    out += [f"{kind} new: {b}" for b in new[len(old) :]]
    return out


#: What a change of a record's game facts alone (its numbers and title the same) adds.
FACTS_ONLY = "(game values not in the list changed)"


def _units(groups: Sequence[Group]) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """Every record's numbers and facts digest under its group's label and its title, in list
    order."""
    found: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for group in groups:
        for item in group.items:
            found.setdefault((group.label, item.title), []).append((item.numbers, item.facts))
    return found


def _unit_changes(old: Sequence[Group], new: Sequence[Group]) -> tuple[list[str], set[str]]:
    """Records added, removed and changed, a record known by its group and its title; the
    records of one title in a group are matched as a multiset of their numbers and facts
    (two identical units, one changed: one changed, not a crash). Also the labels of the
    groups with a record changed."""
    before, after = _units(old), _units(new)
    out: list[str] = []
    touched: set[str] = set()
    for key in dict.fromkeys([*before, *after]):
        was, now = before.get(key, []), after.get(key, [])
        same = Counter(was) & Counter(now)
        was, now = _less(was, same), _less(now, same)
        if was or now:
            touched.add(key[0])
        place = _place(*key)
        for (a, _), (b, _) in zip(was, now, strict=False):
            out.append(
                f"changed: {place}: {a} → {b}"
                if a != b
                else f"changed: {Item(place, a).line()} {FACTS_ONLY}"
            )
        out += [f"removed: {Item(place, a).line()}" for a, _ in was[len(now) :]]
        out += [f"added: {Item(place, b).line()}" for b, _ in now[len(was) :]]
    return out, touched


def _less(items: Sequence[T], taken: Counter[T]) -> list[T]:
    """``items`` in order without ``taken`` (a multiset), in one pass."""
    left = Counter(taken)
    out = []
    for item in items:
        if left[item] > 0:
            left[item] -= 1
        else:
            out.append(item)
    return out


def leader_noun(ruleset: Ruleset) -> str:
    """What the system calls a group's leader ("leader", "magnate"), for verify."""
    for child in ruleset.schema.children:
        if child.role == "group":
            for sub in child.table.children:
                if sub.role == "leader":
                    return sub.table.noun
    return "leader"


def _group_noun(label: str) -> str:
    """The system's word for a group, from its label: "Ward 1" is a ward."""
    word, _, n = label.rpartition(" ")
    return word.lower() if word and n.isdigit() else "group"


def _group_changes(
    old: Sequence[Group], new: Sequence[Group], touched: set[str], leader: str = "leader"
) -> list[str]:
    """The groups' headings read in order, in the system's words (a new leader of the same
    ward: "leader of Ward 1: ..."; a ward gone: "ward gone: ..."), and a group whose heading
    is the same but whose facts (its leader's) are not, unless a record of it is reported
    changed already (a leader's facts count his group's units)."""
    was, now = [g for g in old if g.label], [g for g in new if g.label]
    out = [
        f"{leader} of {a.label}: {a.title} → {b.title}"
        if a.label == b.label
        else f"{_group_noun(a.label)}: {a.heading} → {b.heading}"
        for a, b in zip(was, now, strict=False)
        if a.heading != b.heading
    ]
    out += [f"{_group_noun(a.label)} gone: {a.heading}" for a in was[len(now) :]]
    out += [f"{_group_noun(b.label)} new: {b.heading}" for b in now[len(was) :]]
    out += [
        f"changed: {a.heading} {FACTS_ONLY}"
        for a, b in zip(was, now, strict=False)
        if a.heading == b.heading and a.facts != b.facts and a.label not in touched
    ]
    return out


def _multiset_gone(kind: str, old: Sequence[str], new: Sequence[str]) -> list[str]:
    return [f"{kind}: {e}" for e in _less(old, Counter(new))]


def _diffs(table: schema.Table, was: Record, now: Record) -> list[tuple[schema.Field, str, str]]:
    """Each field whose value differs between two records of ``table``, with both in words."""
    old, new = was.values(), now.values()
    return [
        (f, listfacts.value_words(f, old[f.key]), listfacts.value_words(f, new[f.key]))
        for f in listfacts.shared(table)
        if old[f.key] != new[f.key]
    ]


#: Fields that name a record rather than say what it is: a change of these alone is a rename.
NAMING = frozenset({"name", "label"})


def _record_changes(
    known: dict[str, schema.Table], who: str, was: Sequence[Record], now: Sequence[Record]
) -> list[str] | None:
    """Each changed value of a line's records, in words ("Lord Montagu: Ability audacious →
    old soldier"; a rename alone "renamed: A → B"); None when the lines hold other records."""
    if [r.noun for r in was] != [r.noun for r in now]:
        return None
    found = [d for a, b in zip(was, now, strict=True) for d in _diffs(known[a.noun], a, b)]
    if found and all(f.key in NAMING for f, _, _ in found):
        return [f"renamed: {who}: {field_word(f)} {a} → {b}" for f, a, b in found]
    return [f"changed: {who}: {field_word(f)} {a} → {b}" for f, a, b in found]


def field_word(spec: schema.Field) -> str:
    """A field's title within a sentence ("ability", "C-in-C")."""
    title = spec.title
    return title if title[1:2] in ("-", "") or title[:2].isupper() else title[0].lower() + title[1:]


def _item_changes(
    known: dict[str, schema.Table], label: str, old: Sequence[Item], new: Sequence[Item]
) -> list[str]:
    """Records of one group added, removed and changed, each value that changed in words.
    Records alike on both sides are set aside as a multiset; the rest are paired by their
    name (the title without its details), then in order among records of one kind."""
    same = Counter(old) & Counter(new)
    was, now = _less(old, same), _less(new, same)
    out: list[str] = []
    by_name: dict[str, list[Item]] = {}
    for item in now:
        by_name.setdefault(compact_title(item.title), []).append(item)
    pairs: list[tuple[Item, Item]] = []
    left: list[Item] = []
    for item in was:
        queue = by_name.get(compact_title(item.title))
        if queue:
            pairs.append((item, queue.pop(0)))
        else:
            left.append(item)
    unpaired = [i for queue in by_name.values() for i in queue]
    by_kind: dict[tuple[str, ...], list[Item]] = {}
    for item in unpaired:
        by_kind.setdefault(tuple(r.noun for r in item.records), []).append(item)
    gone: list[Item] = []
    for item in left:
        queue = by_kind.get(tuple(r.noun for r in item.records))
        if queue:
            pairs.append((item, queue.pop(0)))
        else:
            gone.append(item)
    for a, b in pairs:
        who = _place(label, compact_title(a.title))
        said = _record_changes(known, who, a.records, b.records)
        if a.records == b.records or not said:
            said = [f"changed: {_place(label, a.line())} → {b.line()}"]
        out += said
    out += [f"removed: {_place(label, i.line())}" for i in gone]
    out += [f"added: {_place(label, i.line())}" for q in by_kind.values() for i in q]
    return out


def _valued_changes(printed: ShareList, now: ShareList, leader: str) -> list[str]:
    """What changed between two lists that carry their records' values: the army's values,
    each group's (its leader's) and each record's, each by name and in words."""
    known = listfacts.tables(get_ruleset(now.ruleset).schema)
    out = _record_changes(known, "the army", printed.records, now.records) or []
    was = {g.label: g for g in printed.groups}
    for group in now.groups:
        before = was.pop(group.label, None)
        if before is None:
            out.append(f"{_group_noun(group.label)} new: {group.heading}")
            out += [f"added: {_place(group.label, i.line())}" for i in group.items]
            continue
        who = f"{leader} of {group.label}: {compact_title(before.title)}"
        said = _record_changes(known, who, before.records, group.records)
        if said is None or (not said and before.heading != group.heading):
            said = [f"{leader} of {group.label}: {before.title} → {group.title}"]
        out += said + _item_changes(known, group.label, before.items, group.items)
    for gone in was.values():
        out.append(f"{_group_noun(gone.label)} gone: {gone.heading}")
    return out


def changes(printed: ShareList, current: ShareList) -> list[str]:
    """What differs between the list a code holds and the file's list now, compared in the
    code's form (a compact code has no group titles, a totals code no records): the name,
    ruleset and side, the groups' headings, the records (by each value that changed, in words,
    when the code carries them; else by each line's short digest), the totals, the verdict.
    The file's list is written in that form and read back, so both sides are read alike (a
    title that ends like numbers, spaces at either end). A code of list format 1 is compared
    for its lines alone: its digests were taken over the wording of its day."""
    now = parse("\n".join(_code_lines(shortened(current, printed.form))))
    if printed.version != VERSION:
        printed, now = _without_digests(printed), _without_digests(now)
    army = _changed("name", printed.name, now.name) + _changed("ruleset", printed.about, now.about)
    totals = _pairs("total", printed.totals, now.totals)
    totals += _changed("legality", _verdict(printed), _verdict(now))
    totals += _multiset_gone("broken rule gone", printed.errors, now.errors)
    totals += _multiset_gone("broken rule new", now.errors, printed.errors)
    if printed.records and now.records:
        return army + _valued_changes(printed, now, current.leader) + totals
    if not army and not totals and printed.facts != now.facts:
        # The army's own facts (its side, its agreed points) changed and no line about the
        # army says so.
        army.append(f"changed: the army {FACTS_ONLY}")
    units, touched = _unit_changes(printed.groups, now.groups)
    out = (
        army + _group_changes(printed.groups, now.groups, touched, current.leader) + units + totals
    )
    if not out and printed.version == VERSION and printed.facts_hash != now.facts_hash:
        # The lines' short digests all agree, the army's hash does not: a change no line
        # names (a short digest matched by chance), or a code shortened to its totals.
        out.append(
            f"changed: the army's game facts (#{printed.facts_hash} printed, #{now.facts_hash} now)"
        )
    return out


def _without_digests(share: ShareList) -> ShareList:
    """``share`` with no line digests (to compare with a code of format 1, which has its own)."""
    return replace(
        share,
        facts="",
        groups=tuple(
            replace(g, facts="", items=tuple(replace(i, facts="") for i in g.items))
            for g in share.groups
        ),
    )


# --- Reading --------------------------------------------------------------------------------

#: The hash line; an older billhooks wrote 8 hex digits (told apart to say so).
_HASH_LINE = re.compile(
    r"^(?P<file>.*?) ?#(?P<digest>[0-9a-f]{16}|[0-9a-f]{8})"
    r"(?P<note>(?: \((?:compact|totals only|hash only)\))?)$"
)
_FACTS_LINE = re.compile(
    rf"^Facts(?P<version>[0-9]{{1,3}})?: #(?P<hash>[0-9a-f]{{{FACTS_HASH}}})"
    rf"(?: (?P<lines>(?:[A-Za-z0-9_-]{{{LINE_DIGEST}}})+))?$"
)
_COUNT = re.compile(rf"^{NOT_LEGAL}: ([0-9]{{1,9}}) broken rules?$")
#: The rule system named on an army's value line.
_RULESET = re.compile(r"· Ruleset: ([a-z0-9_-]{1,40})(?: ·|$)")


@dataclass
class _Open:
    """A group or a record line being read, its value lines still to come."""

    label: str
    title: str
    numbers: str = ""
    records: list[Record] = dataclasses.field(default_factory=list)
    items: list[_Open] = dataclasses.field(default_factory=list)


def _bounds(numbered: list[tuple[int, str]]) -> tuple[int, int]:
    """Where the list lies in pasted text: from two lines before its army's values (or the
    first line) to its last hash line; what was said around it is left out."""
    end = next(
        (i for i in range(len(numbered) - 1, -1, -1) if _HASH_LINE.match(numbered[i][1])), None
    )
    if end is None:
        raise NotAShareList("the code does not end with an army file's name and #hash")
    first = next((i for i, (_, line) in enumerate(numbered[:end]) if line.startswith(RECORD)), 2)
    return max(first - 2, 0), end


def parse(text: str) -> ShareList:
    """A list from what a phone read off a roster's code, ``share``'s text in any of its
    formats, or a forum post of one; :class:`NotAShareList` naming the line that is wrong
    and what was expected if it is not one. Linear in the text's length."""
    from builder.core.printables import SHORT_HASH

    numbered = pasted.lines(text)
    start, end = _bounds(numbered)
    lines = numbered[start : end + 1]
    found = _HASH_LINE.match(lines[-1][1])
    assert found is not None
    if len(found["digest"]) != SHORT_HASH:
        raise NotAShareList(
            "the code is from an older billhooks (an 8-digit hash): print "
            "the roster again to verify it"
        )
    form = next(f for f, note in FORM_NOTES.items() if note == found["note"])
    facts = _FACTS_LINE.match(lines[-2][1]) if len(lines) > 1 else None
    if facts is None:
        raise NotAShareList(
            f"line {lines[-1][0]}: expected the line of the army's facts (Facts{VERSION}: "
            "#...) before the hash line"
        )
    version = int(facts["version"] or 1)
    if version > VERSION:
        raise NotAShareList(
            f"line {lines[-2][0]}: the list is of format {version}, newer than this billhooks "
            f"reads ({VERSION}): update billhooks"
        )
    joined = facts["lines"] or ""
    digests = [joined[i : i + LINE_DIGEST] for i in range(0, len(joined), LINE_DIGEST)]
    body = lines[:-2]
    if form == "hash":
        if body or digests:
            raise NotAShareList("a hash-only code holds nothing but its hashes")
        return ShareList(
            "",
            "",
            (),
            (),
            True,
            (),
            found["file"],
            found["digest"],
            form,
            facts_hash=facts["hash"],
            version=version,
        )
    if len(body) < 3:
        raise NotAShareList("the code is too short for a list (name, ruleset, verdict, hash)")
    return _with_digests(_body(body, found, form, facts["hash"], version), digests)


def _body(
    body: list[tuple[int, str]], found: re.Match[str], form: Form, facts_hash: str, version: int
) -> ShareList:
    """The list the lines between the name and the Facts line hold."""
    army = _Open("", "")
    groups: list[_Open] = []
    current = army
    totals: tuple[str, ...] = ()
    verdict: str | None = None
    errors: list[str] = []
    schema_of = _schema_reader(body)
    for at, line in body[2:]:
        if line.startswith(RECORD) and verdict is None and not totals:
            current.records.append(_record(schema_of(), at, line))
        elif line.startswith(ITEM) and verdict is None and not totals:
            if not groups:
                groups.append(_Open("", ""))
            title, _, numbers = line[len(ITEM) :].rpartition(": ")
            current = (
                _Open("", title, numbers)
                if title and _is_numbers(numbers)
                else _Open("", line[len(ITEM) :])
            )
            groups[-1].items.append(current)
        elif line.startswith(TOTALS) and verdict is None:
            totals = tuple(line[len(TOTALS) :].split(SEPARATOR))
        elif verdict is None and (line == LEGAL or line == NOT_LEGAL or _COUNT.match(line)):
            verdict = line
        elif line.startswith((ERROR, ITEM)) and verdict is not None:
            # "! rule" in text; Markdown and BBCode list the broken rules as items.
            errors.append(line[len(ERROR) :])
        elif verdict is None and not totals:
            label, _, title = line.partition(": ")
            current = _Open(label, title)
            groups.append(current)
        else:
            raise NotAShareList(
                f"line {at}: expected a line of the list, got {printable(line[:60])!r}"
            )
    if verdict is None:
        raise NotAShareList("the code says neither LEGAL nor NOT LEGAL")
    count = _COUNT.match(verdict)
    return ShareList(
        body[0][1],
        body[1][1],
        tuple(
            Group(
                g.label,
                g.title,
                tuple(Item(i.title, i.numbers, records=tuple(i.records)) for i in g.items),
                records=tuple(g.records),
            )
            for g in groups
        ),
        totals,
        verdict == LEGAL,
        tuple(errors),
        found["file"],
        found["digest"],
        form,
        int(count[1]) if count else len(errors),
        facts_hash,
        records=tuple(army.records),
        version=version,
        ruleset=str(army.records[0].values()["ruleset"]) if army.records else "",
    )


def _schema_reader(body: list[tuple[int, str]]) -> Callable[[], schema.Table]:
    """The schema value lines are read by: the rule system the army's own values name (the
    first value line), asked for only when there is one."""
    first = next(((n, line) for n, line in body if line.startswith(RECORD)), None)

    @cache
    def schema_of() -> schema.Table:
        assert first is not None
        named = _RULESET.search(first[1])
        if named is None:
            raise NotAShareList(
                f"line {first[0]}: expected the army's values, naming its rule system "
                "(= army · Ruleset: ...)"
            )
        try:
            return get_ruleset(named[1]).schema
        except KeyError:
            raise NotAShareList(
                f"line {first[0]}: the list is for a rule system this billhooks does not "
                f"have: {named[1]!r}"
            ) from None

    return schema_of


def _record(table: schema.Table, number: int, line: str) -> Record:
    try:
        return listfacts.read_line(table, line[len(RECORD) :])[1]
    except ListError as exc:
        raise NotAShareList(f"line {number}: {exc}") from None


def _with_digests(share: ShareList, digests: list[str]) -> ShareList:
    """``share`` with the Facts line's digests given to its lines, in the order
    :func:`facts_line` writes them; NotAShareList if there is not one for each (a code
    shortened to its totals has none)."""
    if not digests and share.form == "totals":
        return share
    wanted = 1 + sum(bool(g.label) + len(g.items) for g in share.groups)
    if len(digests) != wanted:
        raise NotAShareList(
            f"the code's facts line has {len(digests)} digests for its {wanted} lines"
        )
    taken = iter(digests)
    army = next(taken)
    groups = []
    for group in share.groups:
        own = next(taken) if group.label else ""
        groups.append(
            replace(
                group,
                facts=own,
                items=tuple(replace(item, facts=next(taken)) for item in group.items),
            )
        )
    return replace(share, facts=army, groups=tuple(groups))


_NUMBERS = re.compile(r"[0-9]+ figures?(, [0-9]+(\.[0-9]+)? pts)?|[0-9]+(\.[0-9]+)? pts")


def _is_numbers(text: str) -> bool:
    """Whether ``text`` is the key numbers :func:`numbers_of` writes."""
    return _NUMBERS.fullmatch(text) is not None
