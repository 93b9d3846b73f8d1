"""21.1 Breakdown of Russian Corps into Divisions and their recombination (hindenburg
21.11-21.16)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class CorpsBreakdown:
    """21.1 Breakdown of Russian Corps into Divisions and their recombination."""
