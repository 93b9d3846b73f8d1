"""The Italian monitor (caporetto 17.3): its own movement class on sea and coastal hexes
(17.31), and a unit that neither affects nor is affected by land units (7.26, 6.11,
17.32)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class Monitor:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
