"""The heavy libraries a light path never loads, and what a fresh interpreter loads after some code
(the import-hygiene tests and the systems' own)."""

from __future__ import annotations

import json
import subprocess
import sys

#: The libraries a light path (the rules, the army file, `check`) never loads; the import
#: contracts in pyproject.toml forbid the same list (test_the_contracts_forbid_every_heavy_library).
HEAVY = (
    "textual",
    "weasyprint",
    "reportlab",
    "PIL",
    "pypdfium2",
    "jinja2",
    "textual_serve",
    "aiohttp",
)


def loaded_after(code: str) -> set[str]:
    probe = code + "\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    return {m.split(".")[0] for m in json.loads(out.splitlines()[-1])}
