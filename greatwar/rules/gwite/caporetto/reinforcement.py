"""Reinforcements in Caporetto (caporetto 14.12, 14.3, 14.4): entrained arrival, the one
Allied entry hex and blocked entry, the Central Powers' unlettered arrivals."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class CaporettoReinforcement:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
