"""Every system's draw (issue 43): its sample collection deals legal armies at every seed
tested, alone and in a club draft; the deal meets the size as the system says (exactly, or
at least and no card more); the same seed deals the same army; ``--plan`` counts what a brute
force enumeration finds; loader errors name file, line and key."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from builder import armyfile
from builder.cli import main
from builder.core.base import Ruleset
from builder.core.mustering import FREE_SIDES, Collection, DrawError, Mustering
from builder.core.plan import Question, count, largest
from builder.registry import BUILT_IN, get_ruleset, names
from builder.resources import examples_dir

#: Seeds dealt per system in CI (single armies and club drafts each); benchmarks/
#: bench_draws.py deals thousands.
SEEDS = 150


def _drawing() -> list[str]:
    return [n for n in names() if get_ruleset(n).muster is not None]


def _sample(name: str) -> tuple[Ruleset, Mustering, Collection]:
    ruleset = get_ruleset(name)
    muster = ruleset.muster
    assert muster is not None and muster.sample_collection is not None
    found, collection = armyfile.load_collection(examples_dir() / muster.sample_collection)
    assert found.name == name
    return ruleset, muster, collection


def _sides(ruleset: Ruleset) -> tuple[str, ...]:
    return tuple(s.key for s in ruleset.sides.fixed) or FREE_SIDES


def test_every_built_in_system_has_a_draw_and_a_sample() -> None:
    assert set(_drawing()) >= set(BUILT_IN)


@pytest.mark.parametrize("name", _drawing())
def test_the_sample_deals_legal_armies_at_every_seed(name: str) -> None:
    ruleset, muster, collection = _sample(name)
    size = muster.usual_size
    for seed in range(SEEDS):
        for sides in (_sides(ruleset)[:1], _sides(ruleset)):
            deal = muster.deal(collection, size, None, sides, random.Random(seed), seed, False)
            assert [a.side for a in deal.armies] == list(sides)
            for a in deal.armies:
                errors = [f for f in ruleset.check(a.army) if f.level == "error"]
                assert errors == [], (seed, sides, errors)
                if muster.exact:
                    assert a.troop_points == size
                else:
                    assert a.troop_points >= size


@pytest.mark.parametrize("name", _drawing())
def test_a_club_draft_never_deals_a_card_twice(name: str) -> None:
    ruleset, muster, collection = _sample(name)
    deal = muster.deal(
        collection, muster.usual_size, None, _sides(ruleset), random.Random(7), 7, False
    )
    dealt = [s.card for s in deal.steps if s.kind != "set-aside"]
    assert len(dealt) == len(set(dealt)) and len(deal.armies) == 2


@pytest.mark.parametrize("name", _drawing())
def test_the_same_seed_deals_the_same_army(name: str) -> None:
    ruleset, muster, collection = _sample(name)
    sides = _sides(ruleset)
    one = muster.deal(collection, muster.usual_size, None, sides, random.Random(3), 3, False)
    two = muster.deal(collection, muster.usual_size, None, sides, random.Random(3), 3, False)
    other = muster.deal(collection, muster.usual_size, None, sides, random.Random(4), 4, False)
    assert one.transcript == two.transcript and one.json == two.json
    assert one.transcript != other.transcript


@pytest.mark.parametrize("name", _drawing())
def test_a_collection_too_small_says_why(name: str) -> None:
    ruleset, muster, collection = _sample(name)
    side = _sides(ruleset)[:1]
    with pytest.raises(DrawError) as info:
        muster.deal(collection, 10_000, None, side, random.Random(1), 1, False)
    assert "collection" in str(info.value)


@pytest.mark.parametrize("name", _drawing())
def test_the_command_deals_writes_and_plans(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ruleset, muster, _ = _sample(name)
    sample = str(examples_dir() / str(muster.sample_collection))
    size = str(muster.usual_size)
    out = tmp_path / "army.toml"
    assert main(["muster", sample, "--size", size, "--seed", "5", "--both", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "Shuffled" in said and "leader" in said.lower()
    written = sorted(tmp_path.glob("army-*.toml"))
    assert len(written) == 2
    for path in written:
        army = armyfile.load(path)
        assert [f for f in ruleset.check(army) if f.level == "error"] == []
    assert main(["muster", sample, "--size", size, "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] == 5 and data["target"] == muster.usual_size
    assert main(["muster", sample, "--plan", "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    assert plan["armies"] > 0 and plan["largest"] >= muster.usual_size
    assert main(["muster", sample, "--size", "100000", "--seed", "1"]) == 1
    assert "collection" in capsys.readouterr().err


def _brute(q: Question, size: int) -> int:
    """Every multiset of the entries, tested one by one."""
    found = 0
    for copies in itertools.product(*(range(e.copies + 1) for e in q.entries)):
        total = sum(k * e.size for k, e in zip(copies, q.entries, strict=True))
        used = [e.size for k, e in zip(copies, q.entries, strict=True) if k]
        if q.exact:
            fits = total == size
        else:
            fits = bool(used) and size <= total < size + max(used)
        met = all(
            sum(k * e.needs[j] for k, e in zip(copies, q.entries, strict=True)) >= n.amount(size)
            for j, n in enumerate(q.needs)
        )
        found += fits and met
    return found


@pytest.mark.parametrize("name", _drawing())
def test_the_plan_counts_what_enumeration_finds(name: str) -> None:
    ruleset, muster, collection = _sample(name)
    from builder.core.deal import Shared, question

    if isinstance(muster, Shared):
        q = question(collection, muster.rules, None)  # type: ignore[arg-type]
    else:
        from builder.systems.billhooks.mustering import _question

        q = _question(collection, 3)  # type: ignore[arg-type]
    # A small size keeps the enumeration short; the counting does not depend on it.
    small = muster.usual_size // 4
    trimmed = Question(
        tuple(type(e)(e.title, min(e.copies, 3), e.size, e.needs) for e in q.entries),
        q.needs,
        q.exact,
    )
    assert count(trimmed, small) == _brute(trimmed, small) > 0
    # The largest legal army, found in one pass, is the largest size enumeration finds.
    tiny = Question(
        tuple(type(e)(e.title, min(e.copies, 2), e.size, e.needs) for e in q.entries[:6]),
        q.needs,
        q.exact,
    )
    total = sum(e.copies * e.size for e in tiny.entries)
    found = max((n for n in range(1, total + 1) if _brute(tiny, n)), default=0)
    assert largest(tiny) == found > 0


KISS_BAD = """ruleset = "kiss"
name = "Bad"

[[cards]]
troop = "archers"

[[cards]]
troop = "billmen"
count = 0
"""


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (KISS_BAD, "coll.toml:9: cards[1].count: must be 1 or more"),
        (KISS_BAD.replace("count = 0", "colour = 1"), "coll.toml:9: cards[1].colour: unknown key"),
        (
            'ruleset = "feudal"\nname = "B"\n\n[[cards]]\nlabel = "x"\narm = "infantry"\n'
            'armour = "heavy"\ngrade = "D"\nfigures = 12\nskirmish = true\n',
            "coll.toml:4: cards[0]: x skirmishes but is heavy",
        ),
        (
            'ruleset = "kiss"\nname = "B"\n\n[[cards]]\ntroop = "archers"\n\n'
            '[[leader_figures]]\nability = "amateur"\nstratagems = ["feint"]\n',
            "coll.toml:7: leader_figures[0]:",
        ),
        (
            'ruleset = "shieldwall"\nname = "B"\n\n[[cards]]\nlabel = "x"\nquality = "hero"\n'
            'figures = 4\narmour = "mail"\nweapon = "axe"\n',
            "coll.toml:6: cards[0].quality: unknown value",
        ),
    ],
)
def test_loader_errors_name_file_line_and_key(
    body: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "coll.toml"
    path.write_text(body, encoding="utf-8")
    assert main(["muster", str(path), "--size", "10"]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_collection_without_a_core_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "coll.toml"
    path.write_text(
        'ruleset = "kiss"\nname = "Bowmen only"\n\n[[cards]]\ntroop = "archers"\ncount = 20\n',
        encoding="utf-8",
    )
    assert main(["muster", str(path), "--size", "60", "--seed", "1"]) == 1
    assert "the core needs 1 unit of billmen; the collection has 0" in capsys.readouterr().err


def test_free_text_sides_and_leader_rolls(capsys: pytest.CaptureFixture[str]) -> None:
    sample = str(examples_dir() / "feudal-collection.toml")
    assert main(["muster", sample, "--size", "8", "--seed", "2", "--both"]) == 0
    out = capsys.readouterr().out
    assert "Mustering Side A and Side B" in out and "for charisma" in out
    assert main(["muster", sample, "--size", "8", "--seed", "2", "--side", "Normandy"]) == 0
    assert "Mustering Normandy from" in capsys.readouterr().out


def test_kiss_defaults_and_the_highest_level_commands() -> None:
    ruleset, muster, collection = _sample("kiss")
    for seed in range(30):
        deal = muster.deal(collection, 120, 6, ("york",), random.Random(seed), seed, False)
        magnates = [w.leader for w in deal.armies[0].army.wards]  # type: ignore[attr-defined]
        assert len(magnates) == 6 and magnates[0].c_in_c
        assert magnates[0].level == max(m.level for m in magnates)
        unnamed = [m for m in magnates if m.name.startswith("Magnate ")]
        assert all((m.level, m.ability, m.puissance) == (2, "practiced", 3) for m in unnamed)


@pytest.mark.parametrize("name", [n for n in _drawing() if n != "billhooks"])
def test_a_card_photo_must_be_beside_the_collection(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, muster, _ = _sample(name)
    text = (examples_dir() / str(muster.sample_collection)).read_text(encoding="utf-8")
    text = text.replace('photo = "photos/archers.jpg"\n', "")
    club = tmp_path / "club"
    club.mkdir()
    (tmp_path / "secret.jpg").write_bytes(b"\xff\xd8\xff\xe0 not really")
    head = "\n[[cards]]\n"
    first = text.index(head) + len(head)
    for photo, words in (
        ("../secret.jpg", "outside the collection's folder"),
        ("photos/none.jpg", "photos/none.jpg"),
    ):
        path = club / "c.toml"
        path.write_text(text[:first] + f'photo = "{photo}"\n' + text[first:], encoding="utf-8")
        assert main(["muster", str(path), "--size", "5"]) == 2
        err = capsys.readouterr().err
        assert "c.toml:" in err and "cards[0].photo" in err and words in err


def test_options_a_draw_does_not_have_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    sample = str(examples_dir() / "kiss-collection.toml")
    assert main(["muster", sample, "--size", "120", "--keep-proportions"]) == 2
    assert "no proportions to keep" in capsys.readouterr().err
    assert main(["muster", sample, "--plan", "--out", "x.toml"]) == 2
    assert "--plan deals nothing" in capsys.readouterr().err
    assert main(["muster", sample, "--size", "120", "--side", "burgundy"]) == 2
    assert "expected one of york, lancaster" in capsys.readouterr().err


def test_the_plan_says_what_to_add_for_the_next_size(capsys: pytest.CaptureFixture[str]) -> None:
    """Four stands of shieldwall make a 4-stand army only (half must be wall); the fifth
    stand is one more of a table, named."""
    import tempfile

    body = (
        'ruleset = "shieldwall"\nname = "Few"\n\n[[cards]]\nlabel = "Spears"\n'
        'quality = "warrior"\nfigures = 4\narmour = "shield"\nweapon = "spear"\ncount = 2\n\n'
        '[[cards]]\nlabel = "Bows"\nquality = "warrior"\nfigures = 4\narmour = "none"\n'
        'weapon = "bow"\ncount = 2\n'
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "few.toml"
        path.write_text(body, encoding="utf-8")
        assert main(["muster", str(path), "--plan", "--size", "4", "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    assert plan["largest"] == 4 and plan["armies"] == 1 and plan["unused"] == []
    assert plan["next_size"] == 5 and len(plan["additions"]) == 1
    assert plan["additions"][0].startswith("Spears")


@pytest.mark.parametrize("name", _drawing())
def test_mutated_collections_load_deal_and_plan_or_say_why(name: str, tmp_path: Path) -> None:
    """Any collection loads or gives a clean error naming the file; one that loads deals a
    legal army or says why, and plans, at every seed."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from builder.core.validate import ArmyFileError

    ruleset, muster, _ = _sample(name)
    lines = (examples_dir() / str(muster.sample_collection)).read_text("utf-8").splitlines()
    values = ['"x"', "0", "-3", "true", "1e9", "[1]", '""', "99999999", "1", "3"]

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(st.tuples(st.integers(0, len(lines) - 1), st.sampled_from(values)), max_size=4))
    def mutated(changes: list[tuple[int, str]]) -> None:
        text = list(lines)
        for i, value in changes:
            if i >= len(text):
                continue
            if "=" in text[i]:
                text[i] = f"{text[i].split('=')[0]}= {value}"
            else:
                text.pop(i)
        path = tmp_path / "c.toml"
        path.write_text("\n".join(text), encoding="utf-8")
        try:
            found, collection = armyfile.load_collection(path)
        except ArmyFileError as exc:
            assert str(exc).startswith(str(path))
            return
        side = _sides(found)[:1]
        try:
            deal = muster.deal(
                collection, muster.usual_size, None, side, random.Random(1), 1, False
            )
        except DrawError:
            pass
        else:
            assert not [f for f in found.check(deal.armies[0].army) if f.level == "error"]
        muster.plan(collection, muster.usual_size, None)

    mutated()
