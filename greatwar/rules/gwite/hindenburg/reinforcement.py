"""14.1 Reinforcements as Von Hindenburg changes them: entrained on arrival, counted
against Rail Capacity for the Russians only (hindenburg 14.1)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class HindenburgReinforcement:
    """14.1 Reinforcements as Von Hindenburg changes them"""
