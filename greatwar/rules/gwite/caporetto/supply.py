"""Supply in Caporetto (caporetto 9.12-9.25): ranges, the lagoon link, the supply source,
ridges and the monitor, rail interdiction, attrition exemptions."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class CaporettoSupply:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
