"""The core every rule system plugs into: the ruleset protocol and its shared types
(:mod:`.base`), file shapes (:mod:`.schema`) and the reader that checks parsed files against
them (:mod:`.validate`), printables as data (:mod:`.printables`), the roster frame
(:mod:`.roster`) and the packaged ruleset helper (:mod:`.package`). Pure: no disk, no
printing, no screens; a system lives in ``builder.systems.<name>``, found through
:mod:`builder.registry`."""
