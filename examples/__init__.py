"""The sample armies and the sample Mustering collection (data files; no code)."""

#: The army the builder opens when given none (the quick start's first line).
SAMPLE = "lancaster.toml"
