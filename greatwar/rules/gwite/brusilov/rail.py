"""The Brusilov Offensive, Rail: 18.2 restrictions, 18.3 track limits, 23.53 reduced
Austro-Hungarian units entraining."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class BrusilovRail:
    """The Brusilov Offensive's rail rules (a part of :class:`BrusilovRules`)."""
