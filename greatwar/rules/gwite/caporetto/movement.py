"""Movement on Caporetto's alpine front: TCR by Movement Allowance (caporetto 2.4), ridge
and river costs by unit type and side (5.4, 18.1, 18.2), stacking (6.0, 6.11), zones of
control of Stosstruppen, trench lines and Alpine units (7.0, 7.1), the Stosstruppen's
allowances (9.21, 23.2)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class CaporettoMovement:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
