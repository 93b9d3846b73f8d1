"""Forced march (caporetto 19.0): a larger allowance for one move, paid for in steps
(19.11-19.22)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class ForcedMarch:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
