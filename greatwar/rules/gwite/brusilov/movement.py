"""The Brusilov Offensive, Movement: 18.1 first-turn Russian movement, 23.52 reduced
Austro-Hungarian units' elimination rolls."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class BrusilovMovement:
    """The Brusilov Offensive's movement rules (a part of :class:`BrusilovRules`)."""
