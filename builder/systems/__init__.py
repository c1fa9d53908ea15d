"""The built-in rule systems, one package each, every one independent of the others. Only
:mod:`builder.registry` imports them (by name, when asked for)."""
