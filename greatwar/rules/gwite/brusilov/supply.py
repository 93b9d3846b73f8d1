"""The Brusilov Offensive, Supply: 19.1 sources and ranges, 19.3 depots' zones of control,
19.4 cavalry living off the land."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class BrusilovSupply:
    """The Brusilov Offensive's supply rules (a part of :class:`BrusilovRules`)."""
