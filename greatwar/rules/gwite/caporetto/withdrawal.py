"""Withdrawal before combat in Caporetto (caporetto 4.0, 12.1, 23.31): every TCR 1 unit
withdraws as if it were cavalry, but not the Italians on Game-Turn 1."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class CaporettoWithdrawal:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
