"""What changed between the list a roster printed and the army as it is now, in words
``billhooks verify`` prints: a unit added, a value changed, a leader gone (:func:`changes`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from builder import listfacts
from builder.core import schema
from builder.listfacts import VERSION, Record
from builder.registry import get_ruleset
from builder.share import (
    Group,
    Item,
    ShareList,
    code_lines,
    compact_title,
    shortened,
    verdict_line,
)
from builder.shareread import parse

T = TypeVar("T")


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
    now = parse("\n".join(code_lines(shortened(current, printed.form))))
    if printed.version != VERSION:
        printed, now = _without_digests(printed), _without_digests(now)
    army = _changed("name", printed.name, now.name) + _changed("ruleset", printed.about, now.about)
    totals = _pairs("total", printed.totals, now.totals)
    totals += _changed("legality", verdict_line(printed), verdict_line(now))
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
