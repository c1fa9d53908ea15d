"""Rulesets by name. Each is imported only when asked for, so the core stays light.

The built-in systems are the packages under ``builder/systems/`` (a folder is a system: no
list to keep); a ruleset installed as a package of its own adds itself through the
``billhooks.rulesets`` entry-point group (``name = "package.module"``, the module holding a
``RULESET`` object), and tests may :func:`register` one.
"""

from __future__ import annotations

import os
from functools import cache
from importlib import import_module

from builder.core.base import Ruleset

#: The folder whose packages are the systems that ship with billhooks.
_SYSTEMS = os.path.join(os.path.dirname(__file__), "systems")
#: The system used where a player names none (a new army, the catalogue): the first the tool
#: was written for, and the one it is named after.
DEFAULT = "billhooks"
_registered: dict[str, str] = {}


def _built_in() -> dict[str, str]:
    """ruleset name -> module, for each package in ``builder/systems/`` (the default first,
    then by name): a directory listing (a tenth of a millisecond), not an import."""
    found = sorted(
        entry.name
        for entry in os.scandir(_SYSTEMS)
        if entry.name != DEFAULT and os.path.isfile(os.path.join(entry.path, "__init__.py"))
    )
    return {name: f"builder.systems.{name}" for name in [DEFAULT, *found]}


#: ruleset name -> module holding a ``RULESET`` object, for the systems that ship with billhooks.
BUILT_IN = _built_in()


@cache
def _installed() -> dict[str, str]:
    """The rulesets installed as packages of their own. Reading the installed distributions'
    metadata costs a tenth of `check`'s start, so it is read only for a name not built in or
    to list them all."""
    from importlib.metadata import entry_points

    return {ep.name: ep.value for ep in entry_points(group="billhooks.rulesets")}


def modules() -> dict[str, str]:
    """Every ruleset name this program knows, with the module holding it: the built-in ones
    first (an installed one never hides one of them), then the installed and the registered."""
    installed = {k: v for k, v in _installed().items() if k not in BUILT_IN}
    return {**BUILT_IN, **installed, **_registered}


def names() -> tuple[str, ...]:
    return tuple(modules())


def known(name: str) -> bool:
    """Whether a ruleset is called ``name`` (the installed ones read only if it is not built in)."""
    return name in _registered or name in BUILT_IN or name in _installed()


def register(name: str, module: str) -> None:
    """Make the ruleset in ``module`` (a ``RULESET`` object) known as ``name``."""
    _registered[name] = module


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``; KeyError if there is none."""
    known = _registered.get(name) or BUILT_IN.get(name)
    module = import_module(known or modules()[name])
    ruleset: Ruleset = module.RULESET
    return ruleset
