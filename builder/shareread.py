"""Reading a list back: :func:`parse` takes what a phone read off a roster's code, ``share``'s
text in any of its formats, or a forum post of one, and gives the :class:`~builder.share.ShareList`
it holds, or :class:`~builder.share.NotAShareList` naming the line that is wrong."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache

from builder import listfacts, pasted
from builder.core import schema
from builder.core.text import printable
from builder.listfacts import RECORD, VERSION, ListError, Record
from builder.registry import get_ruleset
from builder.share import (
    ERROR,
    FACTS_HASH,
    FORM_NOTES,
    ITEM,
    LEGAL,
    LINE_DIGEST,
    NOT_LEGAL,
    SEPARATOR,
    TOTALS,
    Form,
    Group,
    Item,
    NotAShareList,
    ShareList,
)

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
        _name(body[0][1]),
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


def _name(line: str) -> str:
    """The army's name from the list's first line (:func:`builder.share.name_line`)."""
    if line.startswith('"'):
        try:
            name = json.loads(line)
        except ValueError:
            return line
        return name if isinstance(name, str) else line
    return line


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
