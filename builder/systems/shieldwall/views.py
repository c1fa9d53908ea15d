"""What a shieldwall army adds up to and what each record shows a player: the ruleset's
``summary``, ``title_of`` and ``facts``, built from :mod:`.dice` alone."""

from __future__ import annotations

from builder.core.base import Facts, Line, Metric, Row, Summary, Tracker

from . import dice
from . import rules as cat
from .checks import check_army
from .model import Army, Leader, Stand


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def stand_title(stand: Stand) -> str:
    """ "2 x Hearth-troop (huscarls, 4 figures, mail, axe, mounted)"."""
    times = f"{stand.count} x " if stand.count > 1 else ""
    horse = ", mounted" if stand.mounted else ""
    quality = cat.QUALITIES[stand.quality].name.lower()
    return (
        f"{times}{stand.label} ({quality}, {stand.figures} figure{_s(stand.figures)}, "
        f"{cat.ARMOUR[stand.armour].name}, {cat.WEAPONS[stand.weapon].name}{horse})"
    )


def leader_title(leader: Leader) -> str:
    """ "Sigurd (army commander, single figure)"."""
    body = (
        "single figure, a stand of 3"
        if leader.figures == 1
        else f"his own stand of {leader.figures}"
    )
    return f"{leader.name} ({cat.ROLE_NAMES[leader.role].lower()}, {body})"


def figures(army: Army) -> int:
    """Figures in the stands (leaders are not stands in the file)."""
    return sum(s.figures * s.count for s in army.stands)


def summary(army: Army) -> Summary:
    """Stands (counting ``count``), figures, leaders, banner; a line per stand entry."""
    findings = tuple(check_army(army))
    lines = tuple(
        Line(where, s.quality, stand_title(s), s.figures * s.count)
        for where, s in army.stands_with_paths()
    )
    metrics = (
        Metric("stands", "Stands", army.stand_total),
        Metric("figures", "Figures", figures(army)),
        Metric("leaders", "Leaders", len(army.leaders)),
        Metric("banner", "Banner", int(army.banner), note="yes" if army.banner else "no"),
    )
    return Summary(metrics, lines, findings)


def leader_with(army: Army, leader: Leader) -> str:
    """A leader with the stands he leads, as each stand's own line names him."""
    withs = [s.label for s in army.stands if s.leader == leader.name]
    return leader_title(leader) + (f" with {', '.join(withs)}" if withs else "")


def army_title(army: Army) -> str:
    return f"{army.name} ({army.side})"


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def expectation_rows(stand: Stand) -> tuple[Row, ...]:
    """ "Volley (8 dice)": hits and unsaved hits against each save class."""
    rows = []
    for e in dice.expectations(stand):
        against = ", ".join(f"{name} {dice.shown(e.wounds[key])}" for key, name in cat.SAVE_CLASSES)
        rows.append(
            Row(
                f"Expected, {e.action} ({_dice(e.dice)})",
                f"{dice.shown(e.hits)} hits; unsaved against {against}",
            )
        )
    return tuple(rows)


def attached(army: Army, stand: Stand) -> Leader | None:
    return next((ldr for ldr in army.leaders if ldr.name == stand.leader), None)


def number_rows(stand: Stand) -> list[Row]:
    """A stand's bravery, hits, melee, shooting (bow stands), save, move and wounds."""
    rows = [
        Row(
            "Bravery",
            f"{_dice(dice.bravery_dice(stand))}, pass on "
            f"{dice.faces(dice.bravery_target(stand.quality))}",
        ),
        Row("Hits", dice.ladder_text(stand.quality)),
        Row("Melee", _dice(dice.melee_dice(stand))),
    ]
    shooting = dice.shooting_dice(stand)
    if shooting is not None:
        rows.append(
            Row(
                "Shooting",
                f'{_dice(shooting)}, effective {cat.EFFECTIVE_RANGE}", long {cat.LONG_RANGE}"',
            )
        )
    rows.append(
        Row(
            "Save",
            f"{dice.faces(dice.save_on(stand.armour))} a hit ({cat.ARMOUR[stand.armour].name})",
        )
    )
    rows.append(Row("Move", f'{dice.move_dice(stand)}D6" in the open'))
    rows.append(Row("Wounds", f"{dice.wounds(stand)} remove the stand"))
    return rows


def stand_facts(army: Army, stand: Stand) -> Facts:
    """Every derived number of one stand, its conditional dice as notes, a wound box a figure."""
    q = cat.QUALITIES[stand.quality]
    rows = [Row("Quality", f"{q.name}: bravery and hits score on {dice.faces(q.score)}")]
    leader = attached(army, stand)
    if stand.leader is not None:
        rows.append(
            Row("Leader", leader_title(leader) if leader else f"{stand.leader} (not listed)")
        )
    rows += number_rows(stand)
    shooting = dice.shooting_dice(stand)
    rows += expectation_rows(stand)
    notes = [
        "Bravery: " + "; ".join(dice.bravery_extras(stand)),
        "Melee: " + "; ".join(dice.melee_extras(stand)),
    ]
    if shooting is not None:
        notes.append(
            "Shooting: " + "; ".join(cat.SHOOTING_EXTRAS) + "; a bravery test to shoot at chargers"
        )
    notes.append("Move: " + "; ".join(dice.move_extras(stand)))
    if stand.quality == "berserker":
        notes.append(
            f"Going berserk: {dice.faces(cat.BERSERK_ON)} with an enemy in sight, "
            "and a roll it must make in melee while not yet berserk; +2 lesser men "
            "charging close by, +1 banner with it or going forward close by, +1 "
            "commander or hero with it or going forward close by"
        )
    times = f"{stand.count} stands · " if stand.count > 1 else ""
    return Facts(
        stand.label,
        f"{times}{q.name} · {stand.figures} figures",
        tuple(rows),
        tuple(notes),
        tuple(
            Tracker("wounds" if stand.count == 1 else f"wounds, stand {n + 1}", dice.wounds(stand))
            for n in range(stand.count)
        ),
    )


def counts_as(leader: Leader) -> str:
    """ "a stand of 3 figures" (a leader on one figure), or "his own stand, 4 figures": the
    words "a stand of 3" only for a leader on one figure
    (docs/rules/shieldwall.md#our-readings)."""
    n = dice.leader_figures(leader)
    return f"a stand of {n} figures" if leader.figures == 1 else f"his own stand, {n} figures"


def fights_as(leader: Leader) -> str:
    """ "huscarls, mail, sword": what he fights as on his own, ", mounted" on a horse."""
    horse = ", mounted" if leader.mounted else ""
    return (
        f"{cat.QUALITIES[leader.quality].name.lower()}, {cat.ARMOUR[leader.armour].name}, "
        f"{cat.WEAPONS[leader.weapon].name}{horse}"
    )


def leader_facts(army: Army, leader: Leader) -> Facts:
    """A leader: his role, what he counts as, the stand he leads, the numbers he fights with
    on his own (attached to no stand, or once his stand is destroyed) and his wound boxes
    (docs/rules/shieldwall.md#our-readings)."""
    led = [s.label for s in army.stands if s.leader == leader.name]
    rows = (
        Row("Role", cat.ROLE_NAMES[leader.role]),
        Row("Counts as", counts_as(leader)),
        Row("Attached to", ", ".join(led) if led else "no stand"),
        Row("Leading", "+1 die to the stand's bravery, melee and shooting"),
        Row(
            "Alone",
            ("if his stand is destroyed, " if led else "") + fights_as(leader),
        ),
        *number_rows(dice.leader_stand(leader)),
    )
    notes = [
        "Attached, he can be targeted apart from his stand only by sharpshooters at "
        "effective range."
    ]
    if leader.role == "commander":
        notes.append(
            "If he dies, every stand takes a bravery test with no modifiers and "
            "leaves the battle if it fails."
        )
    return Facts(
        leader.name,
        cat.ROLE_NAMES[leader.role],
        rows,
        tuple(notes),
        (Tracker("wounds", dice.leader_figures(leader)),),
    )


def army_facts(army: Army) -> Facts:
    totals = summary(army)
    rows = [
        Row("Rules", "Dark Ages shieldwall"),
        Row("Side", army.side),
        Row("Stand entries", str(len(army.stands))),
    ]
    rows += [Row(m.label, m.note or f"{m.value}") for m in totals.metrics]
    return Facts(army.name, rows=tuple(rows))
