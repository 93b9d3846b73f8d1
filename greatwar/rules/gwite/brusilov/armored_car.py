"""The Brusilov Offensive, 24.0 the Russian armored car: withdrawal, stacking, mountains,
breakdown, repair."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class ArmoredCar:
    """The Brusilov Offensive's armored car rules (a part of :class:`BrusilovRules`)."""
