"""Artillery barrage (caporetto 17.0-17.27, 8.14): artillery brigades and the monitor
support attacks and defences with their Barrage Strengths."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class Artillery:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
