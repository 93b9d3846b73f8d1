"""Victory in Caporetto (caporetto 24.0-24.4): two totals, step losses by nationality,
fortresses destroyed, supplied steps in regions at the end."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class CaporettoVictory:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
