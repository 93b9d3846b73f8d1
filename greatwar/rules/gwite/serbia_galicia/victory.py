"""Victory in Serbia/Galicia (serbia-galicia 25.0): one index, city points each Interphase
while in supply, points per step lost and per Stacking Point eliminated, the levels of
victory."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class SerbiaGaliciaVictory:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""
