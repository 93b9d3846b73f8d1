"""The Brusilov Offensive, 20.0 Reinforcements: entrained arrival at any entry hex, supply
depots by schedule (20.2)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class BrusilovReinforcement:
    """The Brusilov Offensive's reinforcement rules (a part of :class:`BrusilovRules`)."""
