"""23.0 Victory Conditions: points for destroyed units and for geographical objectives,
recaptures subtracted (hindenburg 23.11-23.23)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class HindenburgVictory:
    """23.0 Victory Conditions"""
