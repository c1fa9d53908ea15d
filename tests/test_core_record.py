"""The core's records compare, hash and show as the dataclasses they replace would
(builder.core.record: the methods written once rather than compiled for each at import)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from builder.core import base, schema
from builder.core.record import Record

RECORDS = [
    cls
    for module in (base, schema)
    for cls in vars(module).values()
    if isinstance(cls, type) and issubclass(cls, Record) and cls is not Record
]


def twin(cls: type) -> Any:
    """``cls`` as plain ``@dataclass(frozen=True)`` makes it: the same fields, the same name."""
    made = dataclasses.make_dataclass(
        cls.__name__, [(f.name, Any) for f in dataclasses.fields(cls)], frozen=True
    )
    made.__qualname__ = cls.__qualname__
    return made


def test_every_record_of_the_core_is_one() -> None:
    assert {base.Finding, base.Summary, base.Facts, schema.Field, schema.Table} <= set(RECORDS)
    for cls in RECORDS:
        params = cls.__dataclass_params__  # type: ignore[attr-defined]
        assert params.frozen and not params.eq and not params.repr, cls


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: cls.__name__)
def test_a_record_compares_hashes_and_shows_as_a_dataclass(cls: type) -> None:
    width = len(dataclasses.fields(cls))
    values = [f"v{i}" for i in range(width)]
    record, same = cls(*values), cls(*values)
    other = cls(*values[:-1], "changed")
    plain, plain_other = twin(cls)(*values), twin(cls)(*values[:-1], "changed")
    assert record == same and hash(record) == hash(same) == hash(plain)
    assert (record == other) is (plain == plain_other) is False
    assert repr(record) == repr(plain)
    assert record != plain  # another class, however alike
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.__setattr__(dataclasses.fields(cls)[0].name, "new")
