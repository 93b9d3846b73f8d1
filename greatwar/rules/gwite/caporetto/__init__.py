"""Caporetto 1917 (The Great War in the East, exclusive rules 15.0-25.3 and Appendix).

One module per rules section, each holding a part of :class:`CaporettoRules` (a
subclass of the standard rules that overrides the methods its cases change) and its
own mechanisms; :mod:`.data` is the scenario's ``[special]`` data."""

from greatwar.rules.gwite.caporetto.rules import CaporettoRules

__all__ = ["CaporettoRules"]
