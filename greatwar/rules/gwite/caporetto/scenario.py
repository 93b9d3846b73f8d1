"""Caporetto scenarios (caporetto 2.3, 4.0, 4.1, 25.0): what a scenario gives and what it
still lacks."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class CaporettoScenario:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
