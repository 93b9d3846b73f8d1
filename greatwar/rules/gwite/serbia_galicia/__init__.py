"""Serbia/Galicia (The Great War in the East, exclusive rules 15.0-26.33): Austria-Hungary
at war on two fronts, on two maps (2.1).

One module per rules section, each holding a part of :class:`SerbiaGaliciaRules` (a
subclass of the standard rules that overrides the methods its cases change) and its own
mechanisms; :mod:`.data` is the scenario's ``[special]`` data."""

from greatwar.rules.gwite.serbia_galicia.rules import SerbiaGaliciaRules

__all__ = ["SerbiaGaliciaRules"]
