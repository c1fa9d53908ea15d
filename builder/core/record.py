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
    """The function giving a record of ``cls`` its compared field values (made once a class)."""
    values = _VALUES.get(cls)
    if values is None:
        names = [f.name for f in dataclasses.fields(cls) if f.compare]
        if len(names) == 1:
            one = attrgetter(names[0])
            values = _VALUES[cls] = lambda record: (one(record),)
        else:
            values = _VALUES[cls] = attrgetter(*names)
    return values


class Record:
    """The base of a frozen record: value equality, a hash and a repr over its fields."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        cls = self.__class__
        if other.__class__ is not cls:
            return NotImplemented
        values = _values_of(cls)
        return values(self) == values(other)

    def __hash__(self) -> int:
        return hash(_values_of(self.__class__)(self))

    def __repr__(self) -> str:
        cls: type = type(self)
        fields = (f for f in dataclasses.fields(cls) if f.repr)
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields)
        return f"{cls.__qualname__}({shown})"
