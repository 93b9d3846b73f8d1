"""The Brusilov Offensive, Command: 21.2 Russian first-turn command, 21.3 depots, 21.4
Central Powers command."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class BrusilovCommand:
    """The Brusilov Offensive's command rules (a part of :class:`BrusilovRules`)."""
