"""The registry: the built-in systems are the packages in builder/systems/ (the default first),
and only a name that is exactly a system's folder's names it."""

from __future__ import annotations

import pytest

from builder import registry


def test_the_built_in_systems_are_the_folders_the_default_first() -> None:
    assert list(registry.BUILT_IN) == ["billhooks", "feudal", "kiss", "shieldwall"]
    assert registry.names()[: len(registry.BUILT_IN)] == tuple(registry.BUILT_IN)


@pytest.mark.parametrize("name", ["Kiss", "../kiss", "kiss/..", "systems", "__pycache__", ""])
def test_a_name_that_is_not_exactly_a_systems_folder_is_no_system(name: str) -> None:
    assert not registry.known(name)
    with pytest.raises(KeyError):
        registry.get_ruleset(name)
