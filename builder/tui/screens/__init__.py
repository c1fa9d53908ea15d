"""Full screens: the army being edited (and, when present, Mustering and Print)."""
