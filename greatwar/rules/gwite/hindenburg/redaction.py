"""18.12 What each seat may see while Gruppen are hidden: the Russian seat's and a
spectator's views, legal actions, costs, overlays and log (hindenburg 18.12, 18.41)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class Redaction:
    """18.12 What each seat may see while Gruppen are hidden"""
