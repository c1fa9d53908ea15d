"""The shareable list: what ``billhooks share`` prints, what the roster's QR code holds and what
``billhooks verify`` compares, for any ruleset, from its protocol only.

A :class:`ShareList` is an army's name, ruleset and side, its groups (wards, battles; records in
no group come first under no heading) with each record's title and key numbers and every game
value of it in words (:mod:`builder.listfacts`), its totals, LEGAL or its broken rules, the
hash of the army's game values with a short digest of each line's, and the army file's short
hash. It is written in one of three formats for people (:func:`render`) and, for the QR code,
in the plain format or, when that is too long for a code a phone reads off a page, in a
shorter form without the values (:func:`code_text`). Every form reads back with
:func:`builder.shareread.parse` (from a forum post too: :mod:`builder.pasted`), so ``verify``
writes the file's list in the form of the code it was given and compares like with like
(:mod:`builder.sharediff`), and ``import`` rebuilds the army.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from builder import listfacts, pasted
from builder.core import schema
from builder.core.base import ArmyRecord, Line, Metric, Ruleset, number
from builder.core.groups import group_headings
from builder.core.text import printable
from builder.listfacts import VERSION as VERSION
from builder.listfacts import Format, Record
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


def leader_noun(ruleset: Ruleset) -> str:
    """What the system calls a group's leader ("leader", "magnate"), for verify."""
    for child in ruleset.schema.children:
        if child.role == "group":
            for sub in child.table.children:
                if sub.role == "leader":
                    return sub.table.noun
    return "leader"


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


def verdict_line(share: ShareList) -> str:
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


def name_line(name: str) -> str:
    """The plain list's first line: the army's name shown safely (a terminal acts on nothing
    in it), in JSON quotes when a paste would change it (a name of ">" or "```" is what a
    forum's quoting or code fence looks like, "## " a Markdown heading) or when it begins with
    a quote itself, so that :func:`builder.shareread.parse` reads back the name it was given.
    Quoted, every character a paste could take is an escape: ASCII only, "[" as \u005b."""
    shown = printable(name)
    if shown.startswith('"') or pasted.clean(shown, False) != shown or pasted.is_markdown(shown):
        return json.dumps(shown).replace("[", "\\u005b")
    return shown


def _plain_lines(share: ShareList) -> list[str]:
    # Names and titles are shown safely (a terminal acts on nothing in them; the exact
    # values are on the value lines, escaped as JSON).
    lines = [name_line(share.name), printable(share.about), *record_lines(share, share.records)]
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
    lines.append(verdict_line(share))
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
    verdict = verdict_line(share)
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


def code_lines(share: ShareList) -> list[str]:
    if share.form == "hash":
        return [facts_line(share), hash_line(share)]
    return [line for line in _plain_lines(share) if line]


def code_text(share: ShareList, fits: Callable[[str], bool]) -> str:
    """What the QR code holds: the plain list without its blank lines, or the first shorter
    form that ``fits`` (a code of a size a phone reads off the page)."""
    for form in FORMS:
        text = "\n".join(code_lines(shortened(share, form)))
        if fits(text) or form == "hash":
            return text
    raise AssertionError("unreachable: the hash alone always fits")
