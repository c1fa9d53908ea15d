"""billhooks: army builder, rules checker and print pack for Wars of the Roses wargames."""

__version__ = "0.1.0"
