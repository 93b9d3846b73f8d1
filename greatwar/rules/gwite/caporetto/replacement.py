"""Step replacement in Caporetto (caporetto 13.0, 25.1): brigades, the distance and the
fortress exception, corps rebuilt one step at a time."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class CaporettoReplacement:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
