"""Rail movement in Serbia/Galicia (serbia-galicia 5.3, 14.1, 17.1-17.3, 17.5): rates,
capacities by Game-Turn, own-country railroads, the entrain roll, forced detraining, the
optional track limits."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class SerbiaGaliciaRail:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""
