"""15.0 Modifications to the standard rules' combat: one added to the die for attacks
across Major Rivers (hindenburg 5.4), the TCR 2-3 row for attacks by Austro-Hungarian
and German units together (errata to 8.3)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class HindenburgCombat:
    """15.0 Modifications to the standard rules' combat"""
