"""The Brusilov Offensive, 23.0 Austro-Hungarian panic on the surprise turn (23.1-23.4)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class Panic:
    """The Brusilov Offensive's panic rules (a part of :class:`BrusilovRules`)."""
