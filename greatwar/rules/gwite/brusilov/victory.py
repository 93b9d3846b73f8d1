"""The Brusilov Offensive, 25.0 Victory: control in supply, surrounded eliminations, minus
awards, permanent withholding, levels."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class BrusilovVictory:
    """The Brusilov Offensive's victory rules (a part of :class:`BrusilovRules`)."""
