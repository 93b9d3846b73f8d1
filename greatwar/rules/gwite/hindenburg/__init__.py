"""Von Hindenburg in Poland (The Great War in the East, exclusive rules 15.0-23.2).

One module per rules section, each holding a part of :class:`HindenburgRules` (a
subclass of the standard rules that overrides the methods its cases change) and its
own mechanisms; :mod:`.data` is the scenario's ``[special]`` data, :mod:`.gruppen`
the hidden Gruppen's state (18.0)."""

from greatwar.rules.gwite.hindenburg.rules import HindenburgRules

__all__ = ["HindenburgRules"]
