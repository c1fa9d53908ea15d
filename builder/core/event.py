"""An event (a club day, a tournament) as data: its agreed size, its limits, its scoring and its
house rules, read from an event file, and the findings its limits give an army.

What a limit may select and measure is each rule system's own declaration (:class:`EventRules`):
the core walks what the system counts (:class:`Counted`) and never knows what a troop or a
nationality is. Reading the file goes through :mod:`builder.core.validate`, so a bad key is
refused with the file, the line and the key, as in an army file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from builder.core.base import ArmyRecord, Finding, Ruleset, Summary, number
from builder.core.schema import Field
from builder.core.validate import Ctx, check_field, did_you_mean, short, type_name, unknown_keys

#: The finding codes an event adds (docs/reference/findings.md#every-system-an-event).
RULESET_CODE = "event-ruleset"
SIZE_CODE = "event-size"
UNDER_CODE = "event-under-size"
LIMIT_CODE = "event-limit"
CODES = (RULESET_CODE, SIZE_CODE, UNDER_CODE, LIMIT_CODE)

#: The largest size, count or score an event file may name.
MOST = 100_000
#: The most rounds and limits an event file may hold.
ROUNDS_MAX = 20
LIMITS_MAX = 100


@dataclass(frozen=True)
class Selector:
    """What a limit may pick records by (``troop = "knights"``): a tag each counted record
    carries, with the values it may take (none: any text, matched without case)."""

    key: str
    #: How a message names it ("troop", "contingent").
    noun: str
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Measure:
    """A bound a limit may set (``max_points``): the sum of one amount of the records it
    selects, at most (or, ``least``, at least) the number given."""

    key: str
    #: The amount of :class:`Counted` it sums ("points", "units").
    amount: str
    #: How a message names the amount ("troop points").
    noun: str
    least: bool = False

    def count(self, n: float) -> str:
        """``n`` of the amount in words: "1 unit", "2 units" (the nouns are declared plural)."""
        return f"{number(n)} {self.noun[:-1] if n == 1 and self.noun.endswith('s') else self.noun}"


@dataclass(frozen=True)
class HouseRule:
    """A switch an event may turn (``duel = false``); ``default`` is the rules as written."""

    key: str
    title: str
    help: str
    default: bool = True


@dataclass(frozen=True)
class Counted:
    """A record an event's limits count: its place, its tags by selector and its amounts by
    measure (a unit: ``{"units": 1, "points": 24, "figures": 8}``)."""

    where: str
    tags: Mapping[str, str]
    amounts: Mapping[str, float]


def _lines(army: ArmyRecord, summary: Summary) -> tuple[Counted, ...]:
    """What a system that declares nothing else counts: each record line of its summary, by
    its kind, as a unit with its figures and points."""
    return tuple(
        Counted(
            line.where,
            {"troop": line.kind},
            {"units": 1, "figures": line.figures or 0, "points": line.points or 0},
        )
        for line in summary.lines
    )


@dataclass(frozen=True)
class EventRules:
    """What a rule system lets an event agree: the measure of its size, how an army is sized
    and agreed to it, what its limits select and measure, and its house rules."""

    #: The size's unit, plural ("troop points", "figures").
    measure: str
    #: The summary metric that is the army's size in ``measure``.
    size_metric: str
    selectors: tuple[Selector, ...] = (Selector("troop", "troop"),)
    measures: tuple[Measure, ...] = (
        Measure("max_units", "units", "units"),
        Measure("min_units", "units", "units", least=True),
    )
    counted: Callable[[ArmyRecord, Summary], tuple[Counted, ...]] = _lines
    #: The army agreed at the event's size (its own agreed size replaced), for a system whose
    #: armies name one; None: the size is checked here, against ``size_metric``.
    at_size: Callable[[ArmyRecord, int], ArmyRecord] | None = None
    house_rules: tuple[HouseRule, ...] = ()
    #: Whether its leaders have levels an event may score (``per_leader_level_killed``).
    leader_levels: bool = False


#: What a system that declares no event rules of its own lets an event agree: a size in units.
PLAIN = EventRules("units", "unit_count")


def rules_of(ruleset: Ruleset) -> EventRules:
    return ruleset.event or PLAIN


# --- The event file -----------------------------------------------------------------------


@dataclass(frozen=True)
class Limit:
    """One ``[[limits]]`` table: the records it selects (none: the whole army) and its bounds."""

    selector: Selector | None
    value: str
    bounds: tuple[tuple[Measure, int], ...]

    @property
    def title(self) -> str:
        return f"{self.selector.noun} {self.value}" if self.selector else "the army"

    def text(self) -> str:
        """The limit in words: "troop knights: at most 24 troop points"."""
        said = ", ".join(
            f"{'at least' if m.least else 'at most'} {m.count(n)}" for m, n in self.bounds
        )
        return f"{self.title}: {said}"


@dataclass(frozen=True)
class Scoring:
    win: int = 3
    draw: int = 1
    loss: int = 0
    per_leader_level_killed: int = 0

    def line(self) -> str:
        """The scoring as the slips print it."""
        out = f"Win {self.win} · Draw {self.draw} · Loss {self.loss}"
        if self.per_leader_level_killed:
            out += f" · +{self.per_leader_level_killed} a leader level killed"
        return out


@dataclass(frozen=True)
class Event:
    path: str
    name: str
    ruleset: str
    #: The agreed size, in the system's measure.
    points: int
    rounds: int
    limits: tuple[Limit, ...]
    scoring: Scoring
    #: Every house rule the system declares, on or off.
    house_rules: Mapping[str, bool] = field(default_factory=dict)
    measure: str = ""
    #: The rule system's title ("" for the name alone).
    system: str = ""

    def off(self) -> frozenset[str]:
        """The house rules turned off."""
        return frozenset(k for k, on in self.house_rules.items() if not on)


TOP_KEYS = ("name", "ruleset", "points", "rounds", "limits", "scoring", "house_rules")
#: Keys an event file has and an army file never does.
EVENT_ONLY = ("rounds", "limits", "scoring", "house_rules")
SCORING_KEYS = ("win", "draw", "loss", "per_leader_level_killed")


def _whole(ctx: Ctx, key: str, value: Any, low: int = 0, high: int = MOST) -> int:
    return int(check_field(ctx, key, value, Field(key, "int", min=low, max=high)))


def _text(ctx: Ctx, key: str, value: Any, most: int = 80) -> str:
    return str(check_field(ctx, key, value, Field(key, "str", required=True, max_len=most)))


def _table(ctx: Ctx, key: str, value: Any) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise ctx.error(key, f"expected a table, got {type_name(value)}")
    return value


def _limit(ctx: Ctx, where: str, data: Any, rules: EventRules, size: int) -> Limit:
    table = _table(ctx, where, data)
    chosen = [s for s in rules.selectors if s.key in table]
    measures = [m.key for m in rules.measures]
    unknown_keys(ctx, where, table, (*(s.key for s in rules.selectors), *measures))
    if len(chosen) > 1:
        raise ctx.error(
            f"{where}.{chosen[1].key}", f"a limit selects by one key, not {chosen[0].key} too"
        )
    selector = chosen[0] if chosen else None
    value = ""
    if selector is not None:
        key = f"{where}.{selector.key}"
        value = _text(ctx, key, table[selector.key])
        if selector.choices and value not in selector.choices:
            raise ctx.error(
                key,
                f"no {selector.noun} {short(value)}{did_you_mean(value, selector.choices)}; "
                f"expected one of {', '.join(selector.choices)}",
            )
    bounds = tuple(
        (m, _whole(ctx, f"{where}.{m.key}", table[m.key])) for m in rules.measures if m.key in table
    )
    if not bounds:
        raise ctx.error(where, f"a limit needs a bound: one of {', '.join(measures)}")
    _possible(ctx, where, bounds, rules, size)
    return Limit(selector, value, bounds)


def _possible(
    ctx: Ctx, where: str, bounds: tuple[tuple[Measure, int], ...], rules: EventRules, size: int
) -> None:
    """Refuse bounds no army can meet: a least above a most of the same amount, or a least of
    the event's own measure above the event's size."""
    for least, low in bounds:
        if not least.least:
            continue
        for most, high in bounds:
            if not most.least and most.amount == least.amount and low > high:
                raise ctx.error(
                    f"{where}.{least.key}",
                    f"impossible: at least {least.count(low)} but at most {most.count(high)}",
                )
        if least.noun == rules.measure and low > size:
            raise ctx.error(
                f"{where}.{least.key}",
                f"impossible: at least {least.count(low)} in an event of {size}",
            )


def _house_rules(ctx: Ctx, data: Any, rules: EventRules) -> dict[str, bool]:
    table = _table(ctx, "house_rules", data)
    declared = tuple(h.key for h in rules.house_rules)
    if not declared and table:
        key = next(iter(table))
        raise ctx.error(f"house_rules.{key}", "these rules declare no house rules")
    unknown_keys(ctx, "house_rules", table, declared)
    found = {}
    for rule in rules.house_rules:
        value = table.get(rule.key, rule.default)
        if not isinstance(value, bool):
            raise ctx.error(
                f"house_rules.{rule.key}", f"expected true or false, got {type_name(value)}"
            )
        found[rule.key] = value
    return found


def _scoring(ctx: Ctx, data: Any, rules: EventRules) -> Scoring:
    table = _table(ctx, "scoring", data)
    # A level killed scores only in a system whose leaders have levels.
    keys = SCORING_KEYS if rules.leader_levels else SCORING_KEYS[:-1]
    unknown_keys(ctx, "scoring", table, keys)
    values = {k: _whole(ctx, f"scoring.{k}", v, high=1000) for k, v in table.items()}
    scoring = Scoring(**values)
    if scoring.win < scoring.draw or scoring.draw < scoring.loss:
        raise ctx.error("scoring", "impossible: a win must score at least a draw, a draw a loss")
    return scoring


def event_of(ctx: Ctx, data: Mapping[str, Any], ruleset: Ruleset) -> Event:
    """The event a parsed event file holds (its ``ruleset`` already found), or an
    ArmyFileError at the file, line and key that is wrong."""
    unknown_keys(ctx, "", data, TOP_KEYS)
    rules = rules_of(ruleset)
    for key in ("name", "points"):
        if key not in data:
            raise ctx.error("", f"missing required key {key!r}")
    name = _text(ctx, "name", data["name"])
    points = _whole(ctx, "points", data["points"], low=1)
    rounds = _whole(ctx, "rounds", data.get("rounds", 3), low=1, high=ROUNDS_MAX)
    raw = data.get("limits", [])
    if not isinstance(raw, list):
        raise ctx.error("limits", f"expected [[limits]] tables, got {type_name(raw)}")
    if len(raw) > LIMITS_MAX:
        raise ctx.error("limits", f"{len(raw)} limits; at most {LIMITS_MAX}")
    limits = tuple(_limit(ctx, f"limits[{i}]", d, rules, points) for i, d in enumerate(raw))
    return Event(
        ctx.path,
        name,
        ruleset.name,
        points,
        rounds,
        limits,
        _scoring(ctx, data.get("scoring", {}), rules),
        _house_rules(ctx, data.get("house_rules", {}), rules),
        rules.measure,
        ruleset.title,
    )


# --- Findings -----------------------------------------------------------------------------


def _selected(limit: Limit, found: Counted) -> bool:
    if limit.selector is None:
        return True
    return found.tags.get(limit.selector.key, "").casefold() == limit.value.casefold()


def limit_findings(limit: Limit, counted: tuple[Counted, ...]) -> list[Finding]:
    """A ``event-limit`` error for each bound of ``limit`` the counted records break."""
    chosen = [c for c in counted if _selected(limit, c)]
    out = []
    for measure, bound in limit.bounds:
        total = number(sum(c.amounts.get(measure.amount, 0) for c in chosen))
        broken = total < bound if measure.least else total > bound
        if broken:
            word, advice = (
                ("at least", f"add {number(bound - total)}")
                if measure.least
                else ("at most", f"take off {number(total - bound)}")
            )
            out.append(
                Finding(
                    "error",
                    LIMIT_CODE,
                    f"{limit.title}: {measure.count(total)}, the event allows {word} {bound}: "
                    f"{advice}",
                )
            )
    return out


def at_event_size(event: Event, ruleset: Ruleset, army: ArmyRecord) -> ArmyRecord:
    """The army as the event agrees it: at the event's size where the system names one."""
    rules = rules_of(ruleset)
    if rules.at_size is None or army.ruleset != event.ruleset:
        return army
    return rules.at_size(army, event.points)


def checked(event: Event, ruleset: Ruleset, army: ArmyRecord) -> tuple[ArmyRecord, Summary]:
    """The army as the event agrees it, and its summary with the event's findings added: what
    ``check --event``, the builder and the intake all show."""
    agreed = at_event_size(event, ruleset, army)
    summary = ruleset.summary(agreed)
    extra = tuple(findings(event, ruleset, agreed, summary))
    return agreed, replace(summary, findings=summary.findings + extra)


def findings(event: Event, ruleset: Ruleset, army: ArmyRecord, summary: Summary) -> list[Finding]:
    """What the event adds to ``summary`` (the army's, at the event's size): another system,
    a size over or under the event's, every limit broken."""
    if army.ruleset != event.ruleset:
        return [
            Finding(
                "error",
                RULESET_CODE,
                f"a {ruleset.title} list; the event is for {event.system or event.ruleset}",
            )
        ]
    rules = rules_of(ruleset)
    out: list[Finding] = []
    metric = summary.metric(rules.size_metric)
    size = number(metric.value) if metric else 0
    if rules.at_size is None and size > event.points:
        out.append(
            Finding(
                "error",
                SIZE_CODE,
                f"{size} {rules.measure}, over the event's {event.points}: "
                f"take off {number(size - event.points)}",
            )
        )
    elif size < event.points:
        out.append(
            Finding(
                "warning",
                UNDER_CODE,
                f"{size} {rules.measure}, under the event's {event.points} (allowed)",
            )
        )
    counted = rules.counted(army, summary)
    for limit in event.limits:
        out += limit_findings(limit, counted)
    return out
