"""22.0 Step Replacement for German and Austro-Hungarian units at the start of the Central
Powers Movement Phase (hindenburg 22.11-22.22)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class HindenburgReplacement:
    """22.0 Step Replacement for German and Austro-Hungarian units at the start of the"""
