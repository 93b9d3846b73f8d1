"""The sequence of play of Serbia/Galicia (serbia-galicia 4.0): the Allied Player is the
first Player, but on Game-Turn 1 he has no Player-Turn."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class SerbiaGaliciaSequence:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""
