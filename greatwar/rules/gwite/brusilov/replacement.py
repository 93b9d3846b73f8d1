"""The Brusilov Offensive, 22.0 Step replacement by table and Game-Turn."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class BrusilovReplacement:
    """The Brusilov Offensive's replacement rules (a part of :class:`BrusilovRules`)."""
