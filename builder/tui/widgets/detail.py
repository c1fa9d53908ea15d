"""The detail pane: the numbers for the selected unit, the selected leader, or the army."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from builder.rules.base import ArmySummary, Finding, Ruleset, number
from builder.rules.billhooks.model import Army
from builder.tui.advice import builder_message
from builder.tui.edits import Place
from builder.tui.widgets.colours import Colours, theme_colours


def _pts(value: float | None) -> str:
    return "-" if value is None else f"{number(value)}"


def _grid() -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    return grid


def _findings(findings: list[Finding], colours: Colours) -> list[RenderableType]:
    out: list[RenderableType] = []
    for f in findings:
        colour = colours.error if f.level == "error" else colours.warning
        mark = "✖" if f.level == "error" else "▲"
        out.append(Text.assemble((f"{mark} ", f"bold {colour}"), builder_message(f)))
    return out


def unit_view(ruleset: Ruleset, army: Army, place: Place, summary: ArmySummary,
              colours: Colours) -> RenderableType:
    assert place.ward is not None and place.unit is not None
    unit = army.wards[place.ward].units[place.unit]
    prof: Any = ruleset.profile(unit)
    head = Text(prof.title, "bold")
    sub = Text(f"{unit.troop} · {prof.kind} · {prof.figures} figures · "
               f"{_pts(prof.points)} points", "dim")
    grid = _grid()
    if unit.label:
        grid.add_row("Label", Text(unit.label))
    if unit.nationality:
        grid.add_row("Nationality", Text(unit.nationality))
    grid.add_row("Move", f"{prof.move_text} (good / bad going)")
    if prof.shooting:
        lines = [f"{s.name} {s.range_text}: {s.dice} dice, hit {s.hit_on}+" for s in prof.shooting]
        extra = f"{prof.shots_per_turn} shot{'s' if prof.shots_per_turn != 1 else ''} a turn"
        if prof.arrow_supply:
            extra += f"; {prof.arrow_supply} arrowstorms a game"
        halved = prof.shooting[0].dice_at_skirmishers
        if halved is not None:
            extra += f"; {halved} dice at bands or guns (half)"
        grid.add_row("Shooting", "\n".join(lines) + f"\n{extra}")
    else:
        grid.add_row("Shooting", "none")
    if prof.melee_defending != prof.melee_first_round:
        first = (f"{prof.melee_first_round} dice first round attacking, "
                 f"{prof.melee_defending} defending")
    else:
        first = f"{prof.melee_first_round} dice first round"
    grid.add_row("Melee", f"{first}, {prof.melee_later} later ({prof.melee_per_figure})")
    grid.add_row("Saves", "\n".join(
        f"{s.who}: {s.shooting}+ shooting, {s.melee}+ melee "
        f"({s.armour.split(' (')[0].lower()} armour)"
        + ("" if s.pierced is None else f"; {s.pierced}+ against crossbows and handguns")
        for s in prof.saves))
    grid.add_row("Morale", f"{prof.morale_dice} for a morale crisis test")
    if prof.specials:
        grid.add_row("Special", "\n".join(f"• {s}" for s in prof.specials))
    parts: list[RenderableType] = [head, sub, Text(), grid]
    notes = [f for f in summary.findings if f.where == place.key]
    if notes:
        parts += [Text(), *_findings(notes, colours)]
    return Group(*parts)


def leader_view(ruleset: Ruleset, army: Army, place: Place, summary: ArmySummary,
                colours: Colours) -> RenderableType:
    assert place.ward is not None
    ward = army.wards[place.ward]
    leader = ward.leader
    grid = _grid()
    grid.add_row("Rank", Text(leader.rank))
    grid.add_row("Command class", f"{leader.class_name} ({leader.command_class})")
    grid.add_row("C-in-C", "yes" if leader.c_in_c else "no")
    grid.add_row("Mounted", "yes" if leader.mounted else "no")
    grid.add_row("Leader points", _pts(ruleset.leader_points(army, leader)))
    ward_points = sum(ruleset.unit_points(u) or 0 for u in ward.units)
    grid.add_row("Ward", f"{len(ward.units)} unit{'s' if len(ward.units) != 1 else ''}, "
                         f"{_pts(ward_points)} troop points")
    parts: list[RenderableType] = [Text(leader.name, "bold"), Text(f"Ward {place.ward + 1}",
                                                                   "dim"), Text(), grid]
    keys = {place.key, f"{place.key}.leader"}
    notes = [f for f in summary.findings if f.where in keys]
    if notes:
        parts += [Text(), *_findings(notes, colours)]
    return Group(*parts)


def army_view(ruleset: Ruleset, army: Army, summary: ArmySummary,
              colours: Colours) -> RenderableType:
    grid = _grid()
    grid.add_row("Rules", ruleset.title)
    grid.add_row("Side", army.side.capitalize() if army.side else "not set")
    grid.add_row("English army", "yes: the English restrictions apply" if army.english
                 else "no: the English restrictions are advice")
    if army.muster is not None:
        seed = f", seed {army.muster.seed}" if army.muster.seed is not None else ""
        grid.add_row("Agreed", f"{army.muster.troops} troop points (mustered{seed})")
    else:
        grid.add_row("Agreed", "not set" if army.points is None else
                     f"{army.points} troop points")
    grid.add_row("Wards", str(len(army.wards)))
    grid.add_row("Units", str(len(summary.units)))
    grid.add_row("Troop points", _pts(summary.troop_points))
    grid.add_row("Leader points", _pts(summary.leader_points))
    grid.add_row("Total", _pts(summary.total_points))
    grid.add_row("Army Morale", f"{summary.army_morale_tokens} tokens")
    parts: list[RenderableType] = [Text(army.name, "bold"), Text(), grid]
    notes = [f for f in summary.findings if f.where in ("", "points", "wards")]
    if notes:
        parts += [Text(), *_findings(notes, colours)]
    return Group(*parts)


class DetailPane(VerticalScroll):
    """Scrollable numbers for one place in the army; the screen calls :meth:`show`.
    Focusable (Tab), so a long profile scrolls with the arrow keys at 80x24."""

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(id="detail-body")

    def show(self, ruleset: Ruleset, army: Army, place: Place, summary: ArmySummary) -> None:
        colours = theme_colours(self.app)
        if place.ward is None:
            body = army_view(ruleset, army, summary, colours)
            self.border_title = "Army"
        elif place.unit is None:
            body = leader_view(ruleset, army, place, summary, colours)
            self.border_title = "Leader"
        else:
            body = unit_view(ruleset, army, place, summary, colours)
            self.border_title = "Unit"
        self.query_one("#detail-body", Static).update(body)
