"""Commands of its own a rule system adds to the command line, declared as data.

A system names each command and the module that holds it; the command line lists it beside its own
(``billhooks NAME``), imports that module only to parse or run it, and calls the module's
``arguments(parser)`` and ``run(args) -> int`` (an exit code, docs/contracts.md#exit-codes). A
command does I/O, so its module lives outside the pure system package: the core's
``builder.commands`` for a command over an optional capability of the protocol, an installed
system's own package for one of its own.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    """One command: ``billhooks NAME``."""

    name: str
    #: The line ``billhooks --help`` lists it by.
    summary: str
    #: Its own ``--help``'s paragraph.
    description: str
    #: The module with ``arguments(parser)`` and ``run(args)``.
    module: str
