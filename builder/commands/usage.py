"""What every command shares with the command line: the exit codes and bad usage.

Exit codes (DESIGN.md): 0 done, 1 the army breaks a rule or the draw could not be completed,
2 unreadable input or bad usage, 3 an error of billhooks' own (``verify``: so a crash never
reads as "changed").
"""

from __future__ import annotations

EXIT_OK, EXIT_RULES, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3

#: Where the export's parser keeps a rule system's input-file option (``--<option>`` as
#: ``input_<option>``).
INPUT_DEST = "input_"


class UsageError(Exception):
    """Bad usage found after parsing (exit 2); ``str()`` is the message."""
