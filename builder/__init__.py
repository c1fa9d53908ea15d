"""billhooks: army builder, rules checker and print pack for historical wargames."""

__version__ = "0.1.0"
