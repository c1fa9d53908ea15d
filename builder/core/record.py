"""The equality, hash and repr of the core's frozen records, written once.

Under Python 3.11 ``@dataclass`` compiles every method it makes, one at a time, when the module
is imported: a frozen record with ``eq`` and ``repr`` costs six (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``), and the core's records are
loaded by every command. A record declared ``@dataclass(frozen=True, eq=False, repr=False)``
over :class:`Record` gets the same three from here, made once for all of them: equal to a
record of its own class with equal fields, hashed on its fields, shown as dataclass shows it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from typing import Any

#: Each record class's compared field values, as one tuple (attrgetter of one name gives the
#: value alone).
_VALUES: dict[type, Callable[[Any], tuple[object, ...]]] = {}


def _values_of(cls: type) -> Callable[[Any], tuple[object, ...]]:
    names = [f.name for f in dataclasses.fields(cls) if f.compare]
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda record: (one(record),)
    return attrgetter(*names)


class Record:
    """The base of a frozen record: value equality, a hash and a repr over its fields."""

    __slots__ = ()

    def _values(self) -> tuple[object, ...]:
        cls = type(self)
        values = _VALUES.get(cls)
        if values is None:
            values = _VALUES[cls] = _values_of(cls)
        return values(self)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        cls: type = type(self)
        fields = (f for f in dataclasses.fields(cls) if f.repr)
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields)
        return f"{cls.__qualname__}({shown})"
