"""Rail movement in Caporetto (caporetto 5.31-5.34): rates and capacities, friendly lines
by the trench system, entraining for 2 Movement Points, detrained artillery."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class CaporettoRail:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
