"""17.5 Friendly Rail Hexes: set by the last unit through a rail hex, usable from the next
Game-Turn, with the start-of-game rule (hindenburg 17.51-17.54)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class RailControl:
    """17.5 Friendly Rail Hexes"""
