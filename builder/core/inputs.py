"""Files of its own a rule system's pack reads beside the armies (a deck of the player's own
cards, say), declared as data: the core reads them (:func:`builder.armyfile.read_input`), so no
system opens a file itself and every such file gets the army file's checks and messages."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from builder.core.schema import Table
from builder.core.validate import Ctx


@dataclass(frozen=True)
class InputFile:
    """One kind of input file."""

    #: Its name: the export's option (``--<option> FILE``) and its key in the print options.
    option: str
    #: What the file holds, for the option's help and messages.
    noun: str
    #: The file's shape, which the core checks it against and builds into records.
    schema: Table
    #: The records read, made into what the printables use (a ``ctx.error`` for a file that
    #: is well formed but unusable, such as one with nothing to print).
    finish: Callable[[object, Ctx], object]
    #: The file the system ships, read when the player names none.
    shipped: Callable[[], Path]
    #: Most records a child array may hold (checked before any is built): a child key to a
    #: count.
    most: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Input:
    """An input file read: what its system made of it, and the file it came from."""

    value: object
    path: Path
