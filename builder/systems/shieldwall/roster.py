"""The shieldwall roster's body as a dense table (:class:`builder.core.roster.Table`): a
heading line per leader (what he counts as, the stand he leads, his wound boxes; a leader
attached to no stand has a row of his own numbers, the stand he fights as), then a row
per stand entry with its numbers under column headings, a line of expected hits a usual action
(a volley, a melee round) and a row of wound boxes per stand. Every number comes from
:mod:`.dice`; the conditional dice every stand may have are listed once, in the legend, and
only a stand's own (its weapon's, going berserk) beside it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from builder.core.base import Tracker
from builder.core.printables import Document, Source
from builder.core.roster import Column, Group, Table, TallyCell, Unit, document, frame

from . import dice
from . import rules as cat
from .model import Army, Leader, Stand
from .views import counts_as, summary

_SAVES = cat.SAVE_CLASSES

COLUMNS = (
    Column("Stand", share=3.2),
    Column("Bravery", "dice, pass on", 1.4),
    Column("Hits", "score, else", 1.9),
    Column("Melee", "dice", 0.8),
    Column("Shoot", "dice", 0.8),
    Column("Save", "a hit", 1.3),
    Column("Move", "in the open", 1.0),
    Column("Wounds", "remove it", 0.9),
    Column("Action", "its usual dice", 1.9, group="expected per action"),
    Column("Hits", share=0.8, group="expected per action"),
    *(
        Column(name, share=0.9 if key == "none" else 0.8, group="unsaved hits against")
        for key, name in _SAVES
    ),
)


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _stand(army: Army, stand: Stand) -> Unit:
    q = cat.QUALITIES[stand.quality]
    shooting = dice.shooting_dice(stand)
    first = (
        f"{_dice(dice.bravery_dice(stand))}, {dice.faces(dice.bravery_target(stand.quality))}",
        dice.ladder_text(stand.quality).replace("; no ", ", no "),
        str(dice.melee_dice(stand)),
        "–" if shooting is None else str(shooting),
        f"{dice.faces(dice.save_on(stand.armour))} ({cat.ARMOUR[stand.armour].name})",
        f'{dice.move_dice(stand)}D6"',
        str(dice.wounds(stand)),
    )
    actions = [
        (
            f"{e.action.split()[0]}, {_dice(e.dice)}",
            dice.shown(e.hits),
            *(dice.shown(e.wounds[key]) for key, _ in _SAVES),
        )
        for e in dice.expectations(stand)
    ]
    blank = ("",) * len(first)
    lines = tuple((*(first if i == 0 else blank), *action) for i, action in enumerate(actions))
    horse = " · mounted" if stand.mounted else ""
    details = [
        f"{stand.count} stands · " * (stand.count > 1) + f"{q.name} · {stand.figures} figures",
        f"{cat.WEAPONS[stand.weapon].name}{horse}",
    ]
    if stand.leader is not None:
        details.append(f"led by {stand.leader}")
    own = [e for e in dice.melee_extras(stand) if e not in cat.MELEE_EXTRAS]
    notes = [f"Melee: {e}" for e in own]
    if stand.quality == "berserker":
        notes.append(
            f"Going berserk: {dice.faces(cat.BERSERK_ON)} with an enemy in sight, "
            "and a roll it must make in melee while not yet berserk; +2 lesser men "
            "charging close by, +1 banner with it or going forward close by, +1 "
            "commander or hero with it or going forward close by"
        )
    trackers = tuple(
        Tracker("wounds" if stand.count == 1 else f"wounds, stand {n + 1}", dice.wounds(stand))
        for n in range(stand.count)
    )
    return Unit(stand.label, tuple(details), lines, tuple(notes), trackers)


def _own_stand(army: Army, leader: Leader) -> Unit:
    """The row of a leader attached to no stand: his numbers as the stand he fights as (his
    wound boxes are on his heading line)."""
    row = _stand(army, dice.leader_stand(leader))
    q = cat.QUALITIES[leader.quality]
    horse = " · mounted" if leader.mounted else ""
    on = "a single figure" if leader.figures == 1 else "his own stand"
    details = (
        f"{q.name} · {dice.leader_figures(leader)} figures, {on}",
        f"{cat.ARMOUR[leader.armour].name} · {cat.WEAPONS[leader.weapon].name}{horse}",
    )
    return Unit("His stand", details, row.lines, row.notes)


def _leader(army: Army, leader: Leader) -> Group:
    led = [s.label for s in army.stands if s.leader == leader.name]
    counts = counts_as(leader)
    tags = ("single figure",) if leader.figures == 1 else ()
    notes = (
        (
            "If he dies, every stand takes a bravery test with no modifiers and leaves the "
            "battle if it fails",
        )
        if leader.role == "commander"
        else ()
    )
    return Group(
        cat.ROLE_NAMES[leader.role],
        leader.name,
        tags,
        (("counts as", counts), ("leads", ", ".join(led) if led else "no stand")),
        notes,
        (Tracker("wounds", dice.leader_figures(leader)),),
        () if led else (_own_stand(army, leader),),
    )


def _extras(name: str, extras: Sequence[str]) -> str:
    return f"{name}: " + "; ".join(extras)


def legend() -> tuple[str, ...]:
    """The conditional dice every stand may have, and what the columns mean."""
    return (
        "Usual dice: the stand's own, with a mounted stand's and an attached leader's (+1 die "
        "to bravery, melee and shooting); the conditional dice below are never added. Expected: "
        "the average hits of a volley or a melee round on the usual dice, and the hits left "
        "after each kind of save.",
        "; ".join(
            [
                _extras("Bravery", cat.BRAVERY_EXTRAS),
                _extras("Melee", cat.MELEE_EXTRAS),
                _extras("Shooting", cat.SHOOTING_EXTRAS) + "; a bravery test to shoot at chargers",
                _extras("Move", cat.MOVE_EXTRAS),
            ]
        )
        + ". Berserk modifiers are for berserkers only, shieldwall ones for stands that form "
        "one (not bows or sharpshooters).",
        f'Bows shoot {cat.EFFECTIVE_RANGE}" effective, {cat.LONG_RANGE}" long. An attached '
        "leader can be targeted apart from his stand only by sharpshooters at effective range.",
    )


def table(army: Army) -> Table:
    groups = [_leader(army, leader) for leader in army.leaders]
    groups.append(Group("Stands", units=tuple(_stand(army, s) for s in army.stands)))
    return Table(COLUMNS, tuple(groups), legend=legend())


def roster(sources: Sequence[Source[Army]], today: dt.date | None = None) -> Document:
    """``roster.pdf``: per army its leaders and stands, in the shared frame."""
    # Imported here: the package imports this module while it makes RULESET.
    from . import RULESET

    day = today or dt.date.today()
    armies = []
    for source in sources:
        army = source.army
        # The banner is yes or no, not a count.
        tally = [TallyCell(m.label, m.note or str(m.value)) for m in summary(army).metrics]
        armies.append({"frame": frame(RULESET, source, day, tally=tally), "table": table(army)})
    return document(sources, armies)
