"""The Brusilov Offensive (The Great War in the East, exclusive rules 15.0-27.2).

One module per rules section, each holding a part of :class:`BrusilovRules` (a
subclass of the standard rules that overrides the methods its cases change) and its
own mechanisms; :mod:`.data` is the scenario's ``[special]`` data."""

from greatwar.rules.gwite.brusilov.rules import BrusilovRules

__all__ = ["BrusilovRules"]
