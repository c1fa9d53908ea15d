"""billhooks: army builder, rules checker and print pack for historical wargames."""

from functools import cache


def __getattr__(name: str) -> str:
    """``builder.__version__``: the version ``pyproject.toml`` gives, as installed, read only
    when something prints it (start-up pays nothing for it)."""
    if name == "__version__":
        return _version()
    raise AttributeError(f"module 'builder' has no attribute {name!r}")


@cache
def _version() -> str:
    from importlib.metadata import version

    return version("billhooks")
