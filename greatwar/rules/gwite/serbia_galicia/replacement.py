"""Step replacement in Serbia/Galicia (serbia-galicia 11.0): the Austro-Hungarians only,
from Game-Turn 8, 8 Stacking Points a turn, six hexes from the Allies."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class SerbiaGaliciaReplacement:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""
