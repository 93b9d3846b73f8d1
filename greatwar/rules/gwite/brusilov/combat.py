"""The Brusilov Offensive, Combat: 17.0 the mixed Austro-Hungarian/German attack row, 21.1
HQ defensive shifts, 24.1 the armored car's attack shift, 23.11/23.51 trench benefit."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class BrusilovCombat:
    """The Brusilov Offensive's combat rules (a part of :class:`BrusilovRules`)."""
