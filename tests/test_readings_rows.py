"""Issue 39 item 4: the roster and cards carry our readings, for each of the four systems.

Every number is worked out here from the rules pages (docs/rules/<system>.md), not copied
from what the code prints, and read back from the PDFs the example armies make.
"""

from __future__ import annotations

import asyncio
import math
import re
import shutil
from collections import Counter
from pathlib import Path

import pdfread
import pytest
from pilot import clear_and_type
from rostercheck import unit_cells, widths
from test_shieldwall_printables import label_cells
from textual.widgets import Checkbox, Select

from builder import armyfile
from builder.cli import main
from builder.core.validate import ArmyFileError
from builder.registry import get_ruleset
from builder.resources import examples_dir
from builder.systems.feudal.model import Army as FeudalArmy
from builder.systems.kiss.model import Army as KissArmy
from builder.systems.shieldwall.model import Army as ShieldwallArmy
from builder.systems.shieldwall.roster import table
from builder.tui.app import BuilderApp
from builder.tui.modals.record import RecordForm
from builder.tui.session import Session
from builder.tui.widgets.army_tree import ArmyTree


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def pdf_text(path: Path) -> str:
    with pdfread.document(path) as pdf:
        return flat(" ".join(page.extract_text() or "" for page in pdf.pages))


def export(tmp_path: Path, example: str, only: str) -> Path:
    out = tmp_path / example
    assert main(["export", str(examples_dir() / example), "--out", str(out), "--only", only]) == 0
    return out


# --- Billhooks: melee dice round by round (docs/rules/billhooks.md#melee) ------------------------

#: Melee dice a figure, from the rules page.
PER_FIGURE = {"billmen": 1.0, "archers": 0.5, "men-at-arms": 1.5, "kern": 1.0}
#: A company is 12 figures in two ranks of 6.
RANK = 6


def dice(count: float) -> int:
    """Halves round up."""
    return math.ceil(count)


def company(troop: str) -> tuple[int, int, int]:
    """Round 1 and 2 with two ranks; round 3 on, both sides in Disarray: the front rank."""
    per = PER_FIGURE[troop]
    return dice(2 * RANK * per), dice(2 * RANK * per), dice(RANK * per)


def test_billhooks_melee_rounds_on_the_roster_and_the_cards(tmp_path: Path) -> None:
    out = export(tmp_path, "lancaster.toml", "roster,unit-cards")
    roster, cards = pdf_text(out / "roster.pdf"), pdf_text(out / "unit-cards.pdf")
    for troop in ("billmen", "men-at-arms", "archers"):
        first, second, third = company(troop)
        assert f"Melee, round 1 then {second}, {third} {first} 4+" in roster, troop
        assert f"{first} / {second} / {third}" in cards, troop
    # The combined block of archers before levy billmen: billmen in front, the archers' first
    # rank as the third in round 1; archers in front (they stood and shot), the billmen's first
    # rank as the third, saving as archers.
    bills, arch = PER_FIGURE["billmen"], PER_FIGURE["archers"]
    billmen_front = (dice(2 * RANK * bills + RANK * arch), dice(2 * RANK * bills), RANK * bills)
    archers_front = (dice(2 * RANK * arch + RANK * bills), dice(2 * RANK * arch), RANK * arch)
    assert billmen_front == (15, 12, 6) and archers_front == (12, 6, 3)  # the issue's own
    b1, b2, b3 = billmen_front
    a1, a2, a3 = (int(n) for n in archers_front)
    assert f"Billmen in front then {b2}, {int(b3)} {b1} 4+" in roster
    assert f"Archers in front then {a2}, {a3} {a1} 4+" in roster
    assert f"{b1} / {b2} / {int(b3)}" in cards
    # Archers save in melee on 5-6 (light armour).
    assert f"Archers in front: {a1} / {a2} / {a3}, save 5+" in cards
    # Bands fight with their one rank every round: a band of 6 kern, 6 dice.
    kern = dice(6 * PER_FIGURE["kern"])
    assert f"Melee, one rank {kern} 4+" in roster
    assert f"{kern} dice, one rank" in cards


# --- KISS: a die a figure; the fallen magnate's ward (docs/rules/kiss.md#our-readings) ----------

MORALE_FAILS = {"retinue": "6", "well-wishers": "5+", "arrayed": "4+"}
SHOOTERS = ("archers", "crossbows", "gonne")
HAND = ("archers", "crossbows", "billmen", "men-at-arms", "mounted-knights", "spears")


def test_kiss_dice_and_the_fallen_grade(tmp_path: Path) -> None:
    out = export(tmp_path, "kiss-york.toml", "roster")
    roster = pdf_text(out / "roster.pdf")
    army = armyfile.load(examples_dir() / "kiss-york.toml")
    assert isinstance(army, KissArmy)
    kiss = get_ruleset("kiss")
    for wi, ward in enumerate(army.wards):
        figures: Counter[str] = Counter()
        for unit in ward.units:
            figures[unit.commitment] += unit.figures
        # The dominant grade by figures, a tie to the better (retinue best).
        order = list(MORALE_FAILS)
        grade = max(order, key=lambda g: (figures[g], -order.index(g)))
        for ui, unit in enumerate(ward.units):
            n = unit.figures
            parts = []
            if unit.troop in SHOOTERS:
                parts.append(f"{n} fire, {math.ceil(n / 2)} at chargers")
            if unit.troop in HAND:
                parts.append(f"{n} handstrokes, {2 * n} enfilading")
            assert f"Dice: {'; '.join(parts)}" in roster, unit
            rows = {r.label: r.value for r in kiss.facts(army, f"wards[{wi}].units[{ui}]").rows}
            assert f"if he falls: {MORALE_FAILS[grade]} ({grade})" in rows["Morale"]
            assert rows["Dice"] == "; ".join(parts)
        magnate = {r.label: r.value for r in kiss.facts(army, f"wards[{wi}].leader").rows}
        puissance = ward.leader.puissance
        # The source's pool: his puissance in +1s, spread as he likes.
        assert magnate["I'll not shrink back"].startswith(f"+{puissance} to share among his")
    assert "his puissance is a pool of +1s for his ward's to-hit dice that turn" in roster


# --- Shieldwall: a leader on a stand of his own (docs/rules/shieldwall.md#our-readings) ---------

BRAVERY_ON = {"thrall": 6, "warrior": 5, "huscarl": 4, "berserker": 3}
SAVE_ON = {"none": 6, "helmet": 6, "shield": 5, "mail": 4}


def faces(low: int) -> str:
    return "6" if low == 6 else f"{low}-6"


def test_shieldwall_thorkell_on_his_own(tmp_path: Path) -> None:
    out = export(tmp_path, "shieldwall-norse.toml", "roster,stand-labels,leader-cards")
    # Thorkell the Tall: a hero of 3 figures attached to no stand, with the defaults: a
    # huscarl in mail with a sword, on foot. He is the stand's leader: +1 die to bravery and
    # melee. Hits: 6s, else 5s, else 4s (a huscarl's ladder down to his bravery score).
    quality, armour, figures = "huscarl", "mail", 3
    bravery, melee = 1 + 1, figures + 1
    ladder = ", ".join(
        ["6s"] + [f"no {hi}s: {hi - 1}s" for hi in range(6, BRAVERY_ON[quality], -1)]
    )
    army = armyfile.load(examples_dir() / "shieldwall-norse.toml")
    assert isinstance(army, ShieldwallArmy)
    with pdfread.document(out / "roster.pdf") as pdf:
        # His row, down to the next row's action ("melee, 5 dice" of the Hearth-troop).
        cells = unit_cells(pdf.pages[0], widths(table(army)), "His stand", "melee,")
    assert cells[1:8] == [
        f"{bravery} dice, {faces(BRAVERY_ON[quality])}",
        ladder,
        str(melee),
        "–",
        f"{faces(SAVE_ON[armour])} (mail)",
        '3D6"',
        str(figures),
    ]
    with pdfread.document(out / "tokens.pdf") as pdf:
        labels = [c for page in pdf.pages for c in label_cells(page)]
    thorkell = next(c for c in labels if c["title"] == "Thorkell the Tall")
    assert thorkell["BRAVERY"][0] == f"{bravery}D {faces(BRAVERY_ON[quality])}"
    assert thorkell["MELEE"][0] == f"{melee}D"
    assert thorkell["SAVE"][0] == faces(SAVE_ON[armour])
    assert thorkell["HITS"][0] == "-".join(str(f) for f in range(6, BRAVERY_ON[quality] - 1, -1))
    cards = pdf_text(out / "tokens.pdf")  # leader cards share the marker sheets
    # "a stand of 3 figures" only for the leader on one figure (Sigurd), never for Thorkell.
    assert cards.count("stand of 3 figures") == 1
    assert "a stand of 3 figures" in cards and "his own stand, 3 figures" in cards
    # Both fight alone as 3 huscarl figures in mail with their own die: the same numbers.
    assert cards.count(f"{bravery}D {faces(BRAVERY_ON[quality])}, {melee}D") == 2


def test_shieldwall_leader_keys_load_and_refuse_bad_values(tmp_path: Path) -> None:
    text = (examples_dir() / "shieldwall-norse.toml").read_text(encoding="utf-8")
    armed = text.replace("figures = 3\n", 'figures = 3\nweapon = "axe"\nmounted = true\n', 1)
    army = armyfile.loads(armed, "norse.toml")
    assert isinstance(army, ShieldwallArmy)
    thorkell = army.leaders[1]
    assert (thorkell.quality, thorkell.armour, thorkell.weapon, thorkell.mounted) == (
        "huscarl",
        "mail",
        "axe",
        True,
    )
    # Mounted: a die more in melee (3 figures, his own die, his horse).
    facts = {r.label: r.value for r in get_ruleset("shieldwall").facts(army, "leaders[1]").rows}
    assert facts["Melee"] == "5 dice"
    bad = text.replace("figures = 3\n", 'figures = 3\nquality = "jarl"\n', 1)
    line = bad.splitlines().index('quality = "jarl"') + 1
    with pytest.raises(ArmyFileError) as caught:
        armyfile.loads(bad, "norse.toml")
    assert (caught.value.line, caught.value.key) == (line, "leaders[1].quality")
    assert str(caught.value).startswith(f"norse.toml:{line}: leaders[1].quality:")
    path = tmp_path / "bad.toml"
    path.write_text(bad, encoding="utf-8")
    assert main(["check", str(path)]) == 2


def test_the_builder_offers_a_leader_s_fighting_keys(tmp_path: Path) -> None:
    path = Path(shutil.copy(examples_dir() / "shieldwall-norse.toml", tmp_path / "norse.toml"))

    async def go() -> None:
        app = BuilderApp(Session.open(path))
        async with app.run_test(size=(100, 40)) as pilot:
            tree = app.army_screen.query_one("#tree", ArmyTree)
            node = tree.find("leaders[1]")
            assert node is not None
            tree.move_cursor(node)
            tree.focus()
            await pilot.pause()
            await pilot.press("e")
            await pilot.pause()
            form = app.screen
            assert isinstance(form, RecordForm)
            shown = {}
            for key in ("quality", "armour", "weapon"):
                select = form.query_one(f"#field-{key}", Select)
                shown[key] = next(str(t) for t, v in select._options if v == select.value)
            assert shown == {"quality": "Huscarls", "armour": "Mail", "weapon": "Sword"}
            assert form.query_one("#field-mounted", Checkbox).value is False
            weapon = form.query_one("#field-weapon", Select)
            weapon.focus()
            # Sword is third of spear, axe, sword: one up is the axe.
            await pilot.press("enter", "up", "enter")
            await pilot.pause()
            await clear_and_type(pilot, "#field-name", "Thorkell the Tall")
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert not app.session.dirty

    asyncio.run(go())
    army = armyfile.load(path)
    assert isinstance(army, ShieldwallArmy)
    assert army.leaders[1].weapon == "axe"
    assert 'weapon = "axe"' in path.read_text(encoding="utf-8")


# --- Feudal: rout hits are losses; overhead fire (docs/rules/feudal.md#our-readings) -------------


def test_feudal_casualty_boxes_count_rout_hits(tmp_path: Path) -> None:
    out = export(tmp_path, "feudal-normandy.toml", "roster")
    roster = pdf_text(out / "roster.pdf")
    army = armyfile.load(examples_dir() / "feudal-normandy.toml")
    assert isinstance(army, FeudalArmy)
    units = sum(len(b.units) for b in army.battles)
    assert roster.count("casualties, rout hits too") == units
    assert "a shot overhead takes -1" in roster
