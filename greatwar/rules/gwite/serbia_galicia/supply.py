"""Supply in Serbia/Galicia (serbia-galicia 9.0, 9.1): friendly map edges by country,
ranges, Serbians always in supply in Serbia and never across a major river."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class SerbiaGaliciaSupply:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""
