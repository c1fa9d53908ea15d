"""Places in a record tree and the declared file shape (``builder.core.schema``)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from builder.core import schema
from builder.core.schema import Child, Field, Step, Table


@dataclass
class Item:
    name: str
    size: int = 1
    tags: list[str] = field(default_factory=list)


@dataclass
class Boss:
    name: str


@dataclass
class Group:
    boss: Boss
    items: list[Item] = field(default_factory=list)


@dataclass
class Root:
    name: str
    groups: list[Group] = field(default_factory=list)
    loose: list[Item] = field(default_factory=list)


ITEM = Table(
    "item",
    Item,
    (
        Field("name", "str", required=True),
        Field("size", "int"),
        Field("tags", "list", choices=("a", "b")),
    ),
)
GROUP = Table(
    "group",
    Group,
    children=(
        Child(
            "boss",
            Table("boss", Boss, (Field("name", "str", required=True),)),
            "leader",
            many=False,
            required=True,
        ),
        Child("items", ITEM, "unit"),
    ),
)
ROOT = Table(
    "army",
    Root,
    (Field("name", "str"),),
    (Child("groups", GROUP, "group"), Child("loose", ITEM, "unit")),
)


def tree() -> Root:
    return Root(
        "r", [Group(Boss("b0"), [Item("i00"), Item("i01")]), Group(Boss("b1"))], [Item("l0")]
    )


def test_parse_and_print_places() -> None:
    assert schema.parse("") == ()
    assert schema.parse("groups[1].items[0]") == (Step("groups", 1), Step("items", 0))
    assert schema.parse("groups[0].boss") == (Step("groups", 0), Step("boss"))
    assert schema.place(Step("loose", 2)) == "loose[2]"
    assert schema.join("", "loose", 0) == "loose[0]"
    assert schema.join("groups[1]", "boss") == "groups[1].boss"
    assert schema.parent_of("groups[1].items[3]") == "groups[1]"
    assert schema.parent_of("loose[0]") == ""
    for bad in ("groups[x]", "groups..items", "[0]", "groups[0]items"):
        with pytest.raises(ValueError):
            schema.parse(bad)


@pytest.mark.parametrize(
    ("where", "index"),
    [("wards[3].units[1]", 3), ("wards[2].leader", 2), ("stands[5]", 5), ("banner", 0), ("", 0)],
)
def test_group_index_is_the_first_steps(where: str, index: int) -> None:
    assert schema.group_index(where) == index


def test_get_replace_insert_remove() -> None:
    root = tree()
    assert schema.get(root, "") is root
    assert isinstance(schema.get(root, "groups[0].items[1]"), Item)
    assert schema.get(root, "groups[1].boss") == Boss("b1")
    assert not schema.exists(root, "groups[0].items[2]")
    assert not schema.exists(root, "groups[5]")
    assert not schema.exists(root, "nothing[0]")
    schema.replace(root, "groups[0].items[1]", Item("new"))
    assert root.groups[0].items[1].name == "new"
    schema.replace(root, "groups[1].boss", Boss("b9"))
    assert root.groups[1].boss.name == "b9"
    assert schema.insert(root, "loose[0]", Item("first")) == "loose[0]"
    assert [i.name for i in root.loose] == ["first", "l0"]
    assert schema.append(root, "groups[1]", "items", Item("x")) == "groups[1].items[0]"
    removed = schema.remove(root, "groups[0].items[0]")
    assert removed == Item("i00") and [i.name for i in root.groups[0].items] == ["new"]
    with pytest.raises(KeyError):
        schema.remove(root, "groups[0].items[7]")
    with pytest.raises(KeyError):
        schema.insert(root, "loose[9]", Item("far"))


def test_walk_in_file_order_with_roles() -> None:
    nodes = [(n.where, n.role, n.table.noun) for n in schema.walk(tree(), ROOT)]
    assert nodes == [
        ("", "army", "army"),
        ("groups[0]", "group", "group"),
        ("groups[0].boss", "leader", "boss"),
        ("groups[0].items[0]", "unit", "item"),
        ("groups[0].items[1]", "unit", "item"),
        ("groups[1]", "group", "group"),
        ("groups[1].boss", "leader", "boss"),
        ("loose[0]", "unit", "item"),
    ]
    assert schema.table_at(ROOT, "groups[1].items[0]") is ITEM
    assert schema.table_at(ROOT, "loose[0]") is ITEM


def test_table_defaults_come_from_the_record() -> None:
    assert ITEM.default("size") == 1
    assert ITEM.default("tags") == []
    assert ITEM.keys == ("name", "size", "tags")
    assert GROUP.keys == ("boss", "items")
    assert ITEM.field("size").title == "Size"
    with pytest.raises(KeyError):
        ITEM.default("colour")
