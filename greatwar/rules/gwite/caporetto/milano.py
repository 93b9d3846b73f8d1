"""The Milano strike (caporetto 22.0): the Italian 41st and 42nd Cavalry Divisions arrive
two Game-Turns after the strike is crushed."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class MilanoStrike:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
