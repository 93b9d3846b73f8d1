"""The Brusilov Offensive, 19.2 Massed Artillery Fire: a supply depot burned to double
attackers or (Central Powers only) defenders."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class MassedArtillery:
    """The Brusilov Offensive's massed artillery rules (a part of :class:`BrusilovRules`)."""
