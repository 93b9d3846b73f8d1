"""Von Hindenburg scenarios: what a scenario gives and what it still lacks (the text breaks
off in 23.2: provisional values are labelled)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class HindenburgScenario:
    """Von Hindenburg scenarios"""
