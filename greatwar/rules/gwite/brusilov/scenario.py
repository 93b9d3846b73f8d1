"""The Brusilov Offensive, 26.0 Scenarios: what a Brusilov scenario gives and still lacks;
the variations of 26.3."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class BrusilovScenario:
    """The Brusilov Offensive's scenario rules (a part of :class:`BrusilovRules`)."""
