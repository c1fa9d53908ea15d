"""What every command shares with the command line: the exit codes and bad usage.

Exit codes (docs/contracts.md#exit-codes): 0 done, 1 the army breaks a rule or the draw could
not be completed, 2 unreadable input or bad usage, 3 an error of billhooks' own (``verify``: so
a crash never reads as "changed").
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from builder.core.schema import TOML_INT
from builder.limits import too_big

if TYPE_CHECKING:
    from builder.core.base import Ruleset

EXIT_OK, EXIT_RULES, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3

#: Where the export's parser keeps a rule system's input-file option (``--<option>`` as
#: ``input_<option>``).
INPUT_DEST = "input_"


class UsageError(Exception):
    """Bad usage found after parsing (exit 2); ``str()`` is the message."""


def refuse_big(ruleset: Ruleset, path: str | Path, army: object) -> None:
    """UsageError when ``army`` holds more records than an army may print (as ``export``
    refuses it), before any other work is done on it."""
    if big := too_big(ruleset.schema, path, army):
        raise UsageError(f"{big}: split it into smaller armies")


# --- Argument types: a bad value is argparse's usage error (exit 2) -----------------------


def whole(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected zero or more, got {value}")
    return value


def port(text: str) -> int:
    value = whole(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"a port is 0-65535, got {value}")
    return value


def seed(text: str) -> int:
    """A seed, within what an army file can hold (``muster`` writes it there)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    low, high = TOML_INT
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"a seed is {low} to {high}, got {text}")
    return value


def lower(text: str) -> str:
    return text.lower()
