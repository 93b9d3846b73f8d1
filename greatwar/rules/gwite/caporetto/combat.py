"""Combat in Caporetto (caporetto 8.4, 8.51, 8.75, 12.2): the majority-TCR column, brigade
steps, the Ils ne passeront pas roll, no cavalry limitation."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class CaporettoCombat:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
