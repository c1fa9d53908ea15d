"""Rulesets by name. Each is imported only when asked for, so the core stays light."""

from __future__ import annotations

from importlib import import_module

from builder.rules.base import Ruleset

#: ruleset name -> module holding a ``RULESET`` object.
RULESETS = {"billhooks": "builder.rules.billhooks"}


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``; KeyError if there is none."""
    module = import_module(RULESETS[name])
    ruleset: Ruleset = module.RULESET
    return ruleset
