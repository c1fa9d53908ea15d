"""The Billhooks catalogue (``billhooks catalogue``): what *Add* offers, one entry per troop
type, with unit size, points and every option's cost read from the rules data (:mod:`.rules`)."""

from __future__ import annotations

from functools import partial

from builder.core.base import Entry

from . import rules as cat
from .model import RearCompany, Unit
from .options import unit_options
from .points import figures, unit_points
from .points import points_text as _pts


def _options(troop: cat.Troop) -> tuple[str, ...]:
    """The catalogue's option list, read off what the rules allow (``unit_options``), each
    with what it costs, from the rules data, so a hand-written army can be priced."""
    allowed = unit_options(troop.key)
    company = _pts(troop.unit_points)
    opts: list[str] = []
    if allowed.qualities:
        priced = sorted(
            (q for q in allowed.qualities if cat.QUALITY_POINTS[q]),
            key=lambda q: -cat.QUALITY_POINTS[q],
        )
        opts.append(", ".join(f"{q} {cat.QUALITY_POINTS[q]:+g}" for q in priced) + " a company")
    pairs = [f for f in allowed.formations if f in ("line", "block")]
    if pairs:
        n = max(cat.FORMATION_COMPANIES[f] for f in pairs)
        opts.append(f"{' or '.join(pairs)}: {n} companies, {_pts(n * troop.unit_points)}")
    # No troop names here: the builder's catalogue search reads these, and "pike" must find
    # the pikemen only.
    if allowed.rear_troops:
        opts.append(f"combined block (front): {company} + the rear company")
    if troop.key in cat.COMBINED_REAR_TROOPS:
        for front in (k for k in cat.COMPANY_TROOPS if troop.key in unit_options(k).rear_troops):
            ahead = cat.TROOPS[front].unit_points
            opts.append(
                f"combined block (rear): {_pts(ahead)} in front + {company} = "
                f"{_pts(ahead + troop.unit_points)}"
            )
    if allowed.stakes:
        opts.append(f"stakes +{cat.STAKES_POINTS} a company")
    if allowed.pavises:
        opts.append(f"pavises +{cat.PAVISES_POINTS}")
    if allowed.defences:
        wide = ", ".join(
            f"{f} {n}"
            for f, n in cat.FORMATION_FRONTAGE.items()
            if n != 1 and f in allowed.formations
        )
        opts.append(
            f"defences +{cat.DEFENCES_POINTS} a company of frontage"
            + (f" ({wide})" if wide else "")
        )
    if allowed.arms:
        opts.append("arms " + "/".join(allowed.arms) + " (no cost)")
    return tuple(opts)


def _combined() -> list[Entry]:
    """A combined block for each company that may stand behind archers, so the block is found
    from either company (and by "combined"), not only by editing the archers."""
    rows = []
    for front in cat.COMPANY_TROOPS:
        for rear in unit_options(front).rear_troops:
            block = Unit(front, formation="combined", rear=RearCompany(rear))
            rows.append(
                Entry(
                    f"combined-{front}-{rear}",
                    "Combined block",
                    "block",
                    f"{cat.TROOPS[front].name} before {cat.TROOPS[rear].name}, "
                    f"{figures(block)} figures",
                    "units",
                    partial(Unit, front, formation="combined", rear=RearCompany(rear)),
                    unit_points(block),
                    (),
                    figures(block),
                )
            )
    return rows


def entries() -> tuple[Entry, ...]:
    """One entry per troop type (a unit of it with no options) and one per combined block,
    added to a ward's units."""
    rows = []
    for troop in cat.TROOPS.values():
        size = cat.KIND_FIGURES[troop.kind]
        what = "1 gun + 3 crew" if troop.kind == cat.SECTION else f"{size} figures"
        rows.append(
            Entry(
                troop.key,
                troop.name,
                troop.kind,
                what,
                "units",
                partial(Unit, troop.key),
                troop.unit_points,
                _options(troop),
                size,
            )
        )
    return (*rows, *_combined())
