"""16.3 Special Restrictions on Russian Supply (optional): the depletion of the 4th and 5th
Armies' units on Game-Turns 1-9 (hindenburg 16.31-16.33)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class Depletion:
    """16.3 Special Restrictions on Russian Supply (optional)"""
