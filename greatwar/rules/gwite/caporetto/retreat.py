"""Retreat in Caporetto (caporetto 8.61, 8.62, 8.63, 23.32): ridges, the stack's TCR,
overstacking kept until the next Movement Phase, the Italians' first-turn retreat."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class CaporettoRetreat:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
