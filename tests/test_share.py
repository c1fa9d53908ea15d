"""`billhooks share`: the list in each format for one army of every ruleset (checked by hand
against `check` and the roster), the exit codes, the shortened forms a QR code holds, and the
list agreeing with `check --json` for every example."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sharing import EXAMPLES, big, digest, run

from builder import share, shareread
from builder.cli import main
from builder.commands.share import source
from builder.core import schema
from builder.export.documents.sharecode import fits
from builder.registry import get_ruleset
from builder.resources import examples_dir


def facts_shape(lines: int) -> str:
    """The facts line of a list of ``lines`` lines standing for records (a pattern): the
    army's 64-bit facts hash and 18 bits for each line."""
    return r"Facts2: #[0-9a-f]{16}" + (rf" [A-Za-z0-9_-]{{{3 * lines}}}" if lines else "")


EXPECTED_TEXT = {
    "york.toml": """\
The Duke of Norfolk's Affinity
Never Mind the Billhooks · York
= army · Ruleset: billhooks · Name: The Duke of Norfolk's Affinity · Side: york · Agreed \
points: 100

Ward 1: John Howard, Duke of Norfolk (Duke, C-in-C, Commander, 0 pts)
= ward
= leader · Name: "John Howard, Duke of Norfolk" · Rank: Duke · C-in-C: yes · Command class: 2
- Line of Archers with stakes: 24 figures, 30 pts
= unit · Troop: archers · Formation: line · Stakes: yes
- Company of Veteran Billmen: 12 figures, 15 pts
= unit · Troop: billmen · Quality: veteran

Ward 2: Sir Robert Brackenbury (Knight Banneret, mounted, Commander, 5 pts)
= ward
= leader · Name: Sir Robert Brackenbury · Rank: Knight Banneret · Mounted: yes · Command \
class: 2
- Squadron of Knights: 8 figures, 24 pts
= unit · Troop: knights
- Company of Billmen: 12 figures, 12 pts
= unit · Troop: billmen

Ward 3: Thomas Fenwick (Serjeant, Commander, 5 pts)
= ward
= leader · Name: Thomas Fenwick · Rank: Serjeant · Command class: 2
- Band of Handgunners: 6 figures, 6 pts
= unit · Troop: handgunners · Label: Flemish handgunners · Nationality: Flemish
- Gun and crew: 3 figures, 9 pts
= unit · Troop: artillery · Label: The Duke's serpentine

Totals: Troop points 96 (of 100 agreed) · Leader points 10 · Total 106 · Army Morale tokens 4
LEGAL
{facts:10}
york.toml #{hash}
""",
    "kiss-york.toml": """\
Warwick's affinity
KISS Wars of the Roses · York
= army · Ruleset: kiss · Name: Warwick's affinity · Side: york · Pre-battle: forced march

Ward 1: Richard Neville, Earl of Warwick (level 4, old soldier, C-in-C)
= ward
= magnate · Name: "Richard Neville, Earl of Warwick" · C-in-C: yes · Level: 4 · Puissance: 4 · \
Forwardness: 3 · Ability: old soldier · Traits: impetuous · Stratagems: good timing, feint
- Neville's bowmen (Archers): 12 figures
= unit · Troop: archers · Figures: 12 · Label: Neville's bowmen
- Billmen: 12 figures
= unit · Troop: billmen · Commitment: well-wishers · Figures: 12
- The Earl's household (Men-at-Arms): 8 figures
= unit · Troop: men-at-arms · Figures: 8 · Label: The Earl's household

Ward 2: John Neville, Lord Montagu (level 3, audacious)
= ward
= magnate · Name: "John Neville, Lord Montagu" · Level: 3 · Puissance: 3 · Forwardness: 4 · \
Ability: audacious · Stratagems: energetic, captain's advice, far sighted
- Mounted Knights: 6 figures
= unit · Troop: mounted-knights · Figures: 6
- Archers: 16 figures
= unit · Troop: archers · Commitment: arrayed · Figures: 16

Ward 3: Sir John Conyers (level 2, practiced)
= ward
= magnate · Name: Sir John Conyers · Level: 2 · Puissance: 3 · Forwardness: 3 · Ability: \
practiced · Traits: artifices, merciful · Stratagems: caltrops/pavises
- Burgundian crossbowmen (Crossbows): 10 figures
= unit · Troop: crossbows · Commitment: well-wishers · Figures: 10 · Label: Burgundian \
crossbowmen
- Spears/Pikes: 12 figures
= unit · Troop: spears · Commitment: arrayed · Figures: 12

Totals: Wards 3 · Units 7 · Figures 76 · Starting army morale 4 (of 5) · Chits in the cup 3 (3 \
ward, 0 lethargy, 0 treacherous)
LEGAL
{facts:11}
kiss-york.toml #{hash}
""",
    "feudal-flanders.toml": """\
The Count's muster
Feudal convention rules · Flanders
= army · Ruleset: feudal · Name: The Count's muster · Side: Flanders

Battle 1: Count Baldwin (C-in-C, charisma +1, 2 command points)
= battle
= leader · Name: Count Baldwin · C-in-C: yes · Charisma: 1 · Command points: 2
- Mailed horse (heavy cavalry, B): 12 figures
= unit · Label: Mailed horse · Arm: cavalry · Armour: heavy · Morale grade: B · Figures: 12 · \
Width: 6
- Household knights (armored cavalry, A): 8 figures
= unit · Label: Household knights · Arm: cavalry · Armour: armored · Morale grade: A · \
Figures: 8

Battle 2: Castellan of Ypres (charisma +0, 3 command points)
= battle
= leader · Name: Castellan of Ypres · Charisma: 0 · Command points: 3
- Ghent spearmen (heavy infantry, C): 16 figures
= unit · Label: Ghent spearmen · Arm: infantry · Armour: heavy · Morale grade: C · Figures: 16
- Town crossbows (light infantry, D): 11 figures
= unit · Label: Town crossbows · Arm: infantry · Armour: light · Morale grade: D · Figures: 11 \
· Width: 6 · Missile weapon: crossbow
- Peasant levy (light infantry, F): 20 figures
= unit · Label: Peasant levy · Arm: infantry · Armour: light · Morale grade: F · Figures: 20 · \
Width: 10 · Missile weapon: sling · Missile figures: 4

Totals: Battles 2 · Units 5 · Figures 67 · Leaders 2
LEGAL
{facts:8}
feudal-flanders.toml #{hash}
""",
    # No groups: the leaders (a line each, so verify names one that changed) and the stands
    # come straight after the name, under no heading.
    "shieldwall-norse.toml": """\
Jarl Sigurd's host
Dark Ages shieldwall · Norse
= army · Ruleset: shieldwall · Name: Jarl Sigurd's host · Side: Norse · Banner: yes

- Sigurd (army commander, single figure, a stand of 3) with Hearth-troop
= leader · Name: Sigurd · Role: commander · Figures: 1
- Thorkell the Tall (hero, his own stand of 3)
= leader · Name: Thorkell the Tall · Role: hero · Figures: 3
- Hearth-troop (huscarls, 4 figures, mail, axe): 4 figures
= stand · Label: Hearth-troop · Quality: huscarl · Figures: 4 · Armour: mail · Weapon: axe · \
Count: 1 · Leader: Sigurd
- Hearth-troop (huscarls, 4 figures, mail, axe): 4 figures
= stand · Label: Hearth-troop · Quality: huscarl · Figures: 4 · Armour: mail · Weapon: axe · \
Count: 1
- 2 x Ulfhednar (berserkers, 4 figures, no armour, axe): 8 figures
= stand · Label: Ulfhednar · Quality: berserker · Figures: 4 · Armour: none · Weapon: axe · \
Count: 2
- 3 x Bondi spearmen (warriors, 4 figures, shield, spear): 12 figures
= stand · Label: Bondi spearmen · Quality: warrior · Figures: 4 · Armour: shield · Weapon: \
spear · Count: 3
- Bowmen (warriors, 4 figures, no armour, bow): 4 figures
= stand · Label: Bowmen · Quality: warrior · Figures: 4 · Armour: none · Weapon: bow · Count: 1
- Finnish archers (thralls, 2 figures, no armour, sharpshooter bow): 2 figures
= stand · Label: Finnish archers · Quality: thrall · Figures: 2 · Armour: none · Weapon: \
sharpshooter · Count: 1

Totals: Stands 9 · Figures 34 · Leaders 2 · Banner 1 (yes)
LEGAL
{facts:9}
shieldwall-norse.toml #{hash}
""",
}


@pytest.mark.parametrize("name", sorted(EXPECTED_TEXT))
def test_text_for_one_army_of_each_ruleset(capsys: pytest.CaptureFixture[str], name: str) -> None:
    path = examples_dir() / name
    code, out, err = run(capsys, "share", str(path))
    assert (code, err) == (0, "")
    expected = re.escape(EXPECTED_TEXT[name].replace("{hash}", digest(path)))
    expected = re.sub(r"\\\{facts:(\d+)\\\}", lambda m: facts_shape(int(m[1])), expected)
    assert re.fullmatch(expected, out), out


def test_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    path = examples_dir() / "york.toml"
    code, out, _ = run(capsys, "share", str(path), "--format", "markdown")
    assert code == 0
    assert out.splitlines()[:9] == [
        "## The Duke of Norfolk's Affinity",
        "*Never Mind the Billhooks · York*",
        "`= army · Ruleset: billhooks · Name: The Duke of Norfolk's Affinity · Side: york · "
        "Agreed points: 100`",
        "",
        "### Ward 1: John Howard, Duke of Norfolk (Duke, C-in-C, Commander, 0 pts)",
        "`= ward`",
        '`= leader · Name: "John Howard, Duke of Norfolk" · Rank: Duke · C-in-C: yes · '
        "Command class: 2`",
        "- Line of Archers with stakes: 24 figures, 30 pts",
        "`= unit · Troop: archers · Formation: line · Stakes: yes`",
    ]
    assert out.splitlines()[-5:-2] == [
        "**Totals:** Troop points 96 (of 100 agreed) · Leader points 10 · Total 106 · "
        "Army Morale tokens 4",
        "**LEGAL**",
        "",
    ]
    assert re.fullmatch(f"`{facts_shape(10)}`", out.splitlines()[-2])
    assert out.splitlines()[-1] == f"`york.toml #{digest(path)}`"


def test_bbcode(capsys: pytest.CaptureFixture[str]) -> None:
    path = examples_dir() / "york.toml"
    code, out, _ = run(capsys, "share", str(path), "--format", "bbcode")
    assert code == 0
    lines = out.splitlines()
    assert lines[:13] == [
        "[size=150][b]The Duke of Norfolk's Affinity[/b][/size]",
        "[i]Never Mind the Billhooks · York[/i]",
        "= army · Ruleset: billhooks · Name: The Duke of Norfolk's Affinity · Side: york · "
        "Agreed points: 100",
        "",
        "[b]Ward 1: John Howard, Duke of Norfolk (Duke, C-in-C, Commander, 0 pts)[/b]",
        "= ward",
        '= leader · Name: "John Howard, Duke of Norfolk" · Rank: Duke · C-in-C: yes · '
        "Command class: 2",
        "[list]",
        "[*]Line of Archers with stakes: 24 figures, 30 pts",
        "= unit · Troop: archers · Formation: line · Stakes: yes",
        "[*]Company of Veteran Billmen: 12 figures, 15 pts",
        "= unit · Troop: billmen · Quality: veteran",
        "[/list]",
    ]
    assert lines.count("[list]") == lines.count("[/list]") == 3
    assert lines[-4:-2] == ["[b]LEGAL[/b]", ""] and re.fullmatch(facts_shape(10), lines[-2])
    assert lines[-1] == f"york.toml #{digest(path)}"


def test_user_text_is_not_markup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "odd.toml"
    text = (examples_dir() / "york.toml").read_text(encoding="utf-8")
    path.write_text(
        text.replace('"The Duke of Norfolk\'s Affinity"', '"[b]Bold_*Army*[/b]"'), encoding="utf-8"
    )
    _, md, _ = run(capsys, "share", str(path), "--format", "markdown")
    assert md.splitlines()[0] == r"## \[b\]Bold\_\*Army\*\[/b\]"
    _, bb, _ = run(capsys, "share", str(path), "--format", "bbcode")
    assert bb.splitlines()[0] == "[size=150][b][\u200bb]Bold_*Army*[\u200b/b][/b][/size]"


def test_a_broken_army_prints_its_list_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "over.toml"
    text = (examples_dir() / "york.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("points = 100", "points = 80"), encoding="utf-8")
    code, out, err = run(capsys, "share", str(path))
    assert (code, err) == (1, "")
    check = json.loads(_check_json(capsys, path))
    errors = [f for f in check["findings"] if f["level"] == "error"]
    assert errors and [line[2:] for line in out.splitlines() if line.startswith("! ")] == [
        f["message"] for f in errors
    ]
    assert "NOT LEGAL" in out.splitlines() and "LEGAL" not in out.splitlines()
    assert "Troop points 96 (of 80 agreed)" in out
    assert out.endswith(f"over.toml #{digest(path)}\n")


def _check_json(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    main(["check", str(path), "--json"])
    return capsys.readouterr().out


@pytest.mark.parametrize(
    "text,where",
    [
        ('ruleset = "billhooks"\nname = 3\n', "bad.toml:2: name:"),
        ("not toml [", "bad.toml:1"),
    ],
)
def test_unreadable_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, where: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "share", str(path))
    assert (code, out) == (2, "")
    assert where in err and "Traceback" not in err


def test_bad_format_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["share", str(EXAMPLES[0]), "--format", "html"])
    assert exc.value.code == 2
    assert "invalid choice: 'html'" in capsys.readouterr().err


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_list_is_checks_list(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    """Every example: the records, numbers, legality and exit code of `check --json`."""
    code, out, _ = run(capsys, "share", str(path))
    check = json.loads(_check_json(capsys, path))
    found = shareread.parse(out)
    # Besides check's units, a line for each record outside the groups that the summary
    # does not list (a shieldwall leader), so that verify can name it.
    army = source(str(path)).army
    ruleset = get_ruleset(army.ruleset)
    listed = {line.where for line in ruleset.summary(army).lines}
    extra = [
        ruleset.title_of(army, node.where)
        for node in schema.walk(army, ruleset.schema)
        if node.where
        and schema.parent_of(node.where) == ""
        and node.role != "group"
        and node.where not in listed
    ]
    items = [item for group in found.groups for item in group.items]
    assert [i.title for i in items[: len(extra)]] == extra
    items = items[len(extra) :]
    assert [i.title for i in items] == [u["title"] for u in check["units"]]
    for item, u in zip(items, check["units"], strict=True):
        if u["figures"] is not None:
            assert item.numbers.startswith(f"{u['figures']} figure")
        if u["points"] is not None:
            assert item.numbers.endswith(f"{u['points']} pts")
    assert found.legal == check["legal"] and code == (0 if check["legal"] else 1)
    assert found.digest == digest(path) and found.name == check["name"]
    # Every text format is the same list: parse() reads the plain one back whole.
    assert found == share.share_list(source(str(path)))


# --- The forms a code holds ------------------------------------------------------------------


@pytest.mark.parametrize(
    "name,units,form",
    [
        # A list with its values is longer than a code holds at M (issue 40).
        ("feudal-flanders.toml", 0, "compact"),
        ("shieldwall-norse.toml", 0, "compact"),
        ("lancaster.toml", 0, "compact"),
        ("york.toml", 3, "compact"),
        ("york.toml", 60, "totals"),
    ],
)
def test_a_long_list_is_shortened_to_fit(name: str, units: int, form: str) -> None:
    found = big(units, name)
    text = share.code_text(found, fits)
    assert fits(text)
    read = shareread.parse(text)
    assert read.form == form and read == share.shortened(found, read.form)
    assert text.endswith(f"{name} #{found.digest}" + share.FORM_NOTES[read.form])
    # The army's facts hash is in every form; the lines' digests wherever the records are.
    assert read.facts_hash == found.facts_hash
    if form == "compact":
        # Every record is kept, each with its facts digest; the groups lose their leaders'
        # titles.
        assert [g.heading for g in read.groups] == [g.heading.split(":")[0] for g in found.groups]
        assert len(read.groups[0].items) == len(found.groups[0].items)
        assert [i.facts for g in read.groups for i in g.items] == [
            i.facts for g in found.groups for i in g.items
        ]
    if form == "totals":
        assert read.groups == () and read.totals == found.totals and read.legal


def test_the_hash_alone_when_nothing_else_fits() -> None:
    found = big(0)
    text = share.code_text(found, lambda _: False)
    assert text == f"Facts2: #{found.facts_hash}\nyork.toml #{found.digest} (hash only)"
    read = shareread.parse(text)
    assert read.form == "hash" and read.facts_hash == found.facts_hash


F = "Facts: #0123456789abcdef"
H = "x.toml #0123456789abcdef"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello",
        "https://example.com/#1a2b3c4d",
        f"a\nb\nLEGAL\n{F} AAABBB\nx.toml #zzzzzzzz",
        f"name\nabout\n{F} AAA\n{H}",
        f"name\nabout\n- unit\n{F} AAABBB\n{H}",
        f"name\nLEGAL\n! stray\nTotals: late\n{F} AAA\n{H}",
        # No facts line, a facts line of the wrong count, a verdict of another shape, an older
        # code's 8-digit hash.
        f"name\nabout\n- unit\nLEGAL\n{H}",
        f"name\nabout\n- unit\nLEGAL\n{F} AAA\n{H}",
        f"name\nabout\n- unit\nNOT LEGALISH\n{F} AAABBB\n{H}",
        f"name\nabout\n- unit\nNOT LEGAL: {'9' * 4301} broken rules\n{F} AAABBB\n{H}",
        f"name\nabout\n- unit\nLEGAL\n{F} AAABBB\nx.toml #01234567",
        f"{F} AAA\nx.toml #0123456789abcdef (hash only)",
    ],
)
def test_text_that_is_not_a_list(text: str) -> None:
    with pytest.raises(share.NotAShareList):
        shareread.parse(text)


def test_a_list_with_its_facts_line_reads_back() -> None:
    """The shapes above, made right, are lists (so each case above fails for its reason)."""
    read = shareread.parse(f"name\nabout\n- unit\nNOT LEGAL: 2 broken rules\n{F} AAABBB\n{H}")
    assert (read.facts, read.groups[0].items[0].facts, read.error_count) == ("AAA", "BBB", 2)
    assert shareread.parse(f"{F}\nx.toml #0123456789abcdef (hash only)").form == "hash"


def test_a_ruleset_of_the_tests_own(capsys: pytest.CaptureFixture[str]) -> None:
    """The flat test ruleset (no groups, no points, no troop key) shares and verifies through
    the protocol alone."""
    path = Path(__file__).parent / "flat_example.toml"
    code, out, _ = run(capsys, "share", str(path))
    assert code == 0
    lines = out.splitlines()
    # The people are no summary line: each gets a line of the list of its own.
    assert lines[:-2] == [
        "The test band",
        "Flat test rules · Anyone at all",
        "= band · Ruleset: flat · Name: The test band · Side: Anyone at all · Tags: bold, quick",
        "",
        "- Ann (chief)",
        "= person · Name: Ann · Role: chief · Kit: (Blade: yes, Note: a good one)",
        "- Bo (hand)",
        "= person · Name: Bo",
        "- Cart",
        "= thing · Label: Cart · Weight: 3",
        "- Anvil",
        "= thing · Label: Anvil · Weight: 7",
        "",
        "Totals: People 2 · Things 2",
        "LEGAL",
    ]
    assert re.fullmatch(facts_shape(5), lines[-2])
    assert lines[-1] == f"flat_example.toml #{digest(path)}"
    assert run(capsys, "verify", str(path), "--code", out)[0] == 0
