"""16.0-16.2 Supply: depots supply their own nationality, rail hexes by national boundary
and control; ranges by nationality (hindenburg 16.1, 16.21-16.23)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class HindenburgSupply:
    """16.0-16.2 Supply"""
