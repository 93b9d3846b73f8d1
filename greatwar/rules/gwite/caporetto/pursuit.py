"""Pursuit (caporetto 20.0): TCR 1 attackers follow a unit that retreats more than one hex,
in place of the advance after combat."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class Pursuit:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
